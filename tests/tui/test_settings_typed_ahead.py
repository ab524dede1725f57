"""Keys typed ahead in Settings: the first press answers, a key typed just after it does nothing.
Enter on Save then Escape cancelled (the Save button's press came after the Escape); Enter on
Cancel then Ctrl+S saved. Nothing typed with it reaches the screen under the dialog (an Escape
at the table would leave the match)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events

from store.settings import Settings
from tests.support.screens import make_app, play_until, wait_for
from tui.screens.settings import SettingsScreen
from tui.screens.start import StartScreen

FIRST_WINS = [
    ("save", "escape"),
    ("save", "ctrl+s"),
    ("save", "enter"),
    ("cancel", "ctrl+s"),
    ("cancel", "escape"),
]


def _type(app, *keys: str) -> None:
    """The keys queued at once, as a terminal hands over what was typed meanwhile."""
    for key in keys:
        app._driver.send_message(events.Key(key, key if len(key) == 1 else None))


async def _typed_ahead(pilot, button: str, then: str) -> list:
    """What Settings answered (each time it did) to Enter on ``button`` and ``then`` typed."""
    app = pilot.app
    answers: list = []
    app.push_screen(SettingsScreen(app.settings), answers.append)
    await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
    app.screen.query_one(f"#{button}").focus()
    await pilot.pause()
    _type(app, "enter", then)
    await wait_for(pilot, lambda: not isinstance(app.screen, SettingsScreen))
    for _ in range(20):  # (the press of the button, handled after the other key)
        await pilot.pause()
    return answers


def _first(button: str, answers: list) -> None:
    assert len(answers) == 1, answers
    assert isinstance(answers[0], Settings) if button == "save" else answers[0] is None, answers


@pytest.mark.parametrize("button, then", FIRST_WINS)
async def test_at_the_table(tmp_path: Path, button: str, then: str) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await play_until(pilot, lambda view: view.phase == "play")
        _first(button, await _typed_ahead(pilot, button, then))
        assert app.screen is table, app.screen_stack  # the table is still there, on top


@pytest.mark.parametrize("button, then", FIRST_WINS)
async def test_over_the_start_screen(tmp_path: Path, button: str, then: str) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        _first(button, await _typed_ahead(pilot, button, then))
        assert isinstance(app.screen, StartScreen), app.screen_stack
