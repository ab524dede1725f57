"""Leaving the table (the sheet's m, the hand-over's or the declarations' q) when its callback
runs after the terminal became too small: Textual's dismiss pops the screen on top, which is then
the too-small screen, not the table (found by the monkey, seed 1013). The screen under the
too-small screen is the one that goes, and the too-small screen stays on top."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.screen import Screen

from tests.support.screens import _flush, make_app, resize, table_of, wait_for
from tui.app import TarocchinoApp
from tui.screens.declare import DeclareScreen
from tui.screens.scoring import MENU
from tui.screens.start import StartScreen
from tui.screens.too_small import TooSmallScreen


async def _menu_when_too_small(app: TarocchinoApp, pilot: Pilot, screen: Screen) -> None:
    """Shrink the terminal under ``screen`` (a dialog over the table), then let ``screen`` answer
    MENU, as its key does a moment late: the table and ``screen`` go, the too-small page stays on
    top, and the start screen is there when the terminal is big enough again."""
    await resize(pilot, 30, 8)
    await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
    screen.dismiss(MENU)
    for _ in range(20):
        await _flush(pilot)
    assert isinstance(app.screen, TooSmallScreen), app.screen_stack
    assert table_of(app) is None and screen not in app.screen_stack, app.screen_stack
    await resize(pilot, 80, 24)
    await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    assert len(app.screen_stack) == 2, app.screen_stack  # (Textual's default screen, start)


async def test_leaving_the_table_under_the_too_small_screen_keeps_it_on_top(tmp_path: Path) -> None:
    """The declarations' q handled after the terminal shrank: the dialog's callback leaves the
    table, then the dialog goes; both were under the too-small screen."""
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
        await _menu_when_too_small(app, pilot, app.screen)


async def test_the_sheets_menu_under_the_too_small_screen_leaves_the_table(tmp_path: Path) -> None:
    """The sheet's m handled after the terminal shrank: the sheet's callback leaves the table
    and then the sheet goes (two screens under the too-small screen)."""
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
        app.screen.dismiss(())  # nothing declared: the table is on top
        table = table_of(app)
        await wait_for(pilot, lambda: app.screen is table)
        sheet: Screen[str] = Screen()  # stands for the scoring sheet over the table
        app.push_screen(sheet, table.hand_end.after_sheet)
        await wait_for(pilot, lambda: app.screen is sheet)
        await _menu_when_too_small(app, pilot, sheet)


async def test_a_dialog_answered_as_the_terminal_shrinks_leaves_the_too_small_page_up(
    tmp_path: Path, monkeypatch
) -> None:
    """The declarations' n handled just after a shrink to 30x8 (found by the monkey, seed 117):
    the size is checked in the app's own queue, not after the refresh of the screen on top,
    whose waiting calls go with it when it leaves first. Here the dialog's waiting calls are
    never run, as when it leaves before its refresh."""
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
        dialog = app.screen
        monkeypatch.setattr(dialog, "_invoke_later", lambda callback, sender: None)
        await resize(pilot, 30, 8)
        dialog.dismiss(())  # nothing declared
        await wait_for(pilot, lambda: dialog not in app.screen_stack)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert isinstance(app.screen_stack[-2], type(table_of(app))), app.screen_stack
