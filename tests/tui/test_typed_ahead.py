"""Keys typed ahead on the start screen (queued while the game was busy, or typed fast): a button
press that reaches the screen after a key has already opened another screen does nothing, so
Enter on Start (or Resume) then w opens one match, never a match on top of another."""

from __future__ import annotations

from pathlib import Path

from textual import events

from tests.support.screens import make_app, table_of, wait_for
from tui.screens.confirm import ConfirmScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen

OPENED = (TableScreen, ConfirmScreen)  # what Start, Resume and Watch open


def _type(app, *keys: str) -> None:
    """The keys queued at once, as a terminal hands over what was typed meanwhile."""
    for key in keys:
        app._driver.send_message(events.Key(key, key if len(key) == 1 else None))


async def _typed_ahead(directory: Path, button: str) -> list:
    app = make_app(directory, None, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        app.screen.query_one(f"#{button}").focus()
        await pilot.pause()
        _type(app, "enter", "w")
        await wait_for(pilot, lambda: any(isinstance(s, OPENED) for s in app.screen_stack))
        for _ in range(20):  # (the press of the button, handled after the w)
            await pilot.pause()
        return [s for s in app.screen_stack if isinstance(s, OPENED)]


async def test_enter_on_start_then_w_opens_one_match(tmp_path: Path) -> None:
    opened = await _typed_ahead(tmp_path, "start")
    assert len(opened) == 1, opened  # not a new match asked for over the one just started


async def test_enter_on_resume_then_w_opens_one_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:  # a match saved
        await wait_for(pilot, lambda: table_of(app) is not None)
    opened = await _typed_ahead(tmp_path, "resume")
    assert len(opened) == 1, opened  # not the saved match resumed over the question
