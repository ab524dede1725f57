"""Terminals larger than 80x24: at 100 columns the scoring sheets keep a space inside their
frames (only 80 columns take it away); at 220x60 the sheets, the help and the review keep widths
a reader's eye can follow (centred), rather than stretching their lines across the screen."""

from __future__ import annotations

from pathlib import Path

import pytest

import ai.judge
from table.session import parse_seats
from tests.support.screens import make_app, press, resume, save_at_the_last_tricks, wait_for
from tui.screens.help import HelpScreen
from tui.screens.review import ReviewScreen
from tui.screens.scoring import ScoringScreen
from tui.widgets.sheet import ScoreSheet

LARGE = (220, 60)


async def test_the_sheet_the_help_and_the_review_on_a_large_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai.judge, "DEFAULT_ITERATIONS", 4)  # (the judging is not looked at)
    save_at_the_last_tricks(tmp_path, parse_seats(["random"] * 4), 3)  # (watched from there)
    app = make_app(tmp_path, None)
    async with app.run_test(size=LARGE) as pilot:
        await resume(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, ScoringScreen), limit=30000)
        sheet = app.screen
        await pilot.pause()
        left, right = sheet.query(ScoreSheet)
        assert left.size.width <= 66 and right.size.width <= 66
        middle = (left.region.x + right.region.right) // 2
        assert abs(middle - LARGE[0] // 2) <= 2  # side by side in the middle
        await press(pilot, "question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        assert app.screen.query_one("#help-text").size.width <= 104
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is sheet)
        await press(pilot, "r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await pilot.pause()
        review = app.screen
        assert review.query_one("#review-left").size.width <= 120
        await press(pilot, "q")


async def test_the_sheets_keep_their_padding_at_100_columns(tmp_path: Path) -> None:
    save_at_the_last_tricks(tmp_path, parse_seats(["random"] * 4), 3)  # (watched from there)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(100, 32)) as pilot:
        await resume(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, ScoringScreen), limit=30000)
        await pilot.pause()
        assert all(s.styles.padding.left == 1 for s in app.screen.query(ScoreSheet))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert all(s.styles.padding.left == 0 for s in app.screen.query(ScoreSheet))
