"""The statistics screen says "Left and Right scroll" under Latest matches only when that table
is wider than the screen (it fits at 80 and 120 columns: no such words there)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.support.screens import make_app, screen_text, wait_for
from tests.tui.test_local_time import _recorded
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen
from tui.widgets.matchtable import MatchTable

SCROLL = "Left and Right scroll"


async def _statistics(pilot) -> tuple[str, MatchTable]:
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    await pilot.press("s")
    await wait_for(
        pilot,
        lambda: (
            isinstance(app.screen, StatisticsScreen)
            and any(t.row_count for t in app.screen.query(MatchTable))
        ),
    )
    await pilot.pause()
    await pilot.pause()
    return screen_text(app), app.screen.query_one(MatchTable)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_scroll_words_when_the_table_fits(tmp_path: Path, size: tuple[int, int]) -> None:
    _recorded(tmp_path, datetime.now(UTC) - timedelta(minutes=5))
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        text, table = await _statistics(pilot)
        assert table.max_scroll_x == 0
        assert "Latest matches" in text and "Enter or a click reviews one" in text
        assert SCROLL not in text


async def test_the_scroll_words_when_the_table_is_wider(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the table given more columns than the screen has: it is drawn wider than the screen
    monkeypatch.setattr("tui.widgets.matchtable.MARGIN", -100)
    _recorded(tmp_path, datetime.now(UTC) - timedelta(minutes=5))
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        text, table = await _statistics(pilot)
        await wait_for(pilot, lambda: SCROLL in screen_text(app))
        assert table.max_scroll_x > 0
