"""The scoring sheet names the menu's key as the table, the hand-over and the declarations do:
"q Menu" (its footer said "m Menu" where the table says "q Menu", and q quit once the match was
over). q and Escape go back to the start screen, during the match and once it is over; m, the
sheet's key before, still does; Ctrl+Q quits. Over the network the sheet says "q Leave" as the
table does (127.0.0.1, a free port, bounded in time)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import Button

from net.client import JoinRequest
from table.session import parse_seats
from tests.net.test_screens import play_until
from tests.support.net import serve
from tests.support.screens import FAST, at_the_last_tricks, make_app, press, settle, wait_for
from tui.app import TarocchinoApp
from tui.screens.scoring import ScoringScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen


def _menu_says(app: App) -> str:
    """What the footer says for q (Escape the same binding); m is not named."""
    bindings = app.screen.active_bindings
    assert bindings["escape"].binding.description == bindings["q"].binding.description
    assert bindings["q"].binding.show and not bindings["m"].binding.show
    return bindings["q"].binding.description


async def _last_sheet(tmp_path: Path, pilot) -> ScoringScreen:
    screen = await settle(pilot)  # seed 5, target 10: Dario calls out at once
    assert isinstance(screen, ScoringScreen) and screen.summary.winner == 1
    return screen


async def test_the_last_sheet_says_q_menu_and_q_goes_back_to_the_menu(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=5, target=10)
    async with app.run_test(size=(100, 32)) as pilot:
        sheet = await _last_sheet(tmp_path, pilot)
        assert _menu_says(app) == "Menu"
        labels = [str(b.label) for b in sheet.query(Button)]
        assert "Menu  q" in labels and "Quit  Ctrl+Q" in labels, labels
        assert not any(label.endswith("  m") for label in labels), labels
        await press(pilot, "q")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.is_running  # the menu, not the end of the game


@pytest.mark.parametrize("key", ["m", "escape"])
async def test_the_keys_players_know_still_go_back_to_the_menu(tmp_path: Path, key: str) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=5, target=10)
    async with app.run_test(size=(100, 32)) as pilot:
        await _last_sheet(tmp_path, pilot)
        await press(pilot, key)
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.is_running


async def test_the_sheet_over_the_network_says_q_leave(tmp_path: Path) -> None:
    # (the table's first hand taken up at its last two tricks)
    going_on = at_the_last_tricks(parse_seats(["human", "easy", "easy", "easy"]), 4, 500)
    server, address = await serve(session=going_on)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            app.join_table(JoinRequest(address, "Anna", 0))
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            await play_until(pilot, lambda: isinstance(app.screen, ScoringScreen), most=100)
            await wait_for(pilot, lambda: bool(app.screen.query(Button)))
            assert _menu_says(app) == "Leave"
            labels = [str(b.label) for b in app.screen.query(Button)]
            assert "Leave  q" in labels, labels
    finally:
        await server.close()
