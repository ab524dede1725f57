"""The statistics page's first line begins in the column of its titles and tables ("People",
"Latest matches"), as on the past matches' page (it began one column further in)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from tests.support.screens import make_app, wait_for
from tui.screens.matches import PastMatchesScreen
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen


async def test_the_first_line_is_in_line_with_the_titles(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    columns = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        for key, kind in (("s", StatisticsScreen), ("p", PastMatchesScreen)):
            await pilot.press(key)
            await wait_for(pilot, lambda kind=kind: isinstance(app.screen, kind))
            message = app.screen.query_one("#matches-message", Static)
            await wait_for(pilot, lambda message=message: message.content_region.width > 0)
            columns[kind] = message.content_region.x
            if kind is StatisticsScreen:
                page = app.screen.query_one("#stats-page")
                assert columns[kind] == page.content_region.x  # where "People" begins
            await pilot.press("q")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    assert columns[StatisticsScreen] == columns[PastMatchesScreen] == 1
