"""The mouse: a click on an entry of the key bar (the table's, the review's) does what its key
does."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

import ai.judge
from game.scoring import declarable_families
from table.session import parse_seats
from tests.support.screens import make_app, press, resume, save_at_the_last_tricks, settle, wait_for
from tests.tui.test_dialogs import _seed
from tui.screens.help import HelpScreen
from tui.screens.review import ReviewScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.table import TableScreen
from tui.widgets.keybar import KeyBar


async def click_entry(pilot: Pilot, action: str) -> None:
    """Click the entry of the key bar on top that runs ``action``."""
    bar = pilot.app.screen.query_one(KeyBar)
    await wait_for(pilot, lambda: bar._spans)
    start = next(start for start, _, name in bar._spans if name == action)
    await pilot.click(bar, offset=(start + 1, 0))
    await pilot.pause()


async def test_a_click_on_the_key_bar_does_what_the_key_does(tmp_path: Path) -> None:
    app = make_app(
        tmp_path,
        ["human", "random", "random", "random"],
        seed=_seed(lambda m: m.first_dealer == 1 and not declarable_families(m.hand.hands[0])),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        await click_entry(pilot, "help")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is table)
        ply = table.session.ply
        await click_entry(pilot, "play")  # the card under the cursor
        await wait_for(pilot, lambda: table.session.ply > ply)


async def test_a_click_on_back_in_the_review_goes_back_to_the_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai.judge, "DEFAULT_ITERATIONS", 4)  # (the judging is not looked at)
    save_at_the_last_tricks(tmp_path, parse_seats(["random"] * 4), 3)  # (watched from there)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, ScoringScreen), limit=30000)
        sheet = app.screen
        await press(pilot, "r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await click_entry(pilot, "close")
        await wait_for(pilot, lambda: app.screen is sheet)
