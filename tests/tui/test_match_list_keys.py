"""Past matches and the statistics name Enter in their footers ("⏎ Review"; "Enter Review" with
plain characters) while a match is listed, as every screen names its first key; the footer
said only "q Back  ? Help  Ctrl+Q Quit". With nothing recorded, no Review is offered."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.support.screens import FAST, make_app, play_to_the_end, press, screen_text, wait_for
from tui.screens.matches import PastMatchesScreen
from tui.screens.review import ReviewScreen
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen
from tui.widgets.matchtable import MatchTable


def _footer(app) -> str:
    return screen_text(app).splitlines()[-1]


@pytest.mark.parametrize("key, kind", [("p", PastMatchesScreen), ("s", StatisticsScreen)])
async def test_enter_is_named_and_reviews_the_match(tmp_path: Path, key, kind) -> None:
    settings = replace(FAST, suit_marks="unicode")
    app = make_app(
        tmp_path, ["human", "random", "random", "random"], seed=4, target=100, settings=settings
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_end(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, key)
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, kind) and app.screen.query_one(MatchTable).row_count == 1
            ),
        )
        await pilot.pause()
        assert "⏎ Review" in _footer(app), _footer(app)
        await press(pilot, "enter")
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-caption"))
            ),
            limit=5000,
        )


@pytest.mark.parametrize("kind", [PastMatchesScreen, StatisticsScreen])
async def test_nothing_recorded_no_review_offered(tmp_path: Path, kind) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await app.push_screen(kind(tmp_path))
        await wait_for(
            pilot, lambda: "recorded" in screen_text(app) or "no match" in screen_text(app).lower()
        )
        await pilot.pause()
        assert "Review" not in _footer(app) and "q Back" in _footer(app), _footer(app)


async def test_in_plain_characters(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=4, target=100)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_end(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, "p")
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, PastMatchesScreen)
                and app.screen.query_one(MatchTable).row_count == 1
            ),
        )
        await pilot.pause()
        assert "Enter Review" in _footer(app), _footer(app)
