"""Past matches and the statistics say "Enter or a click reviews one": one click anywhere on a
match's row opens its review. (A click on the highlighted row did nothing unless it fell in the
column the table's cursor was in, the number: the first click on "Ended" or a name only moved
that cursor, and a second click was needed.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.screens import FAST, click, make_app, play_to_the_end, press, wait_for
from tui.screens.matches import PastMatchesScreen
from tui.screens.review import ReviewScreen
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen
from tui.widgets.matchtable import MatchTable


async def _two_matches(pilot, app) -> None:
    for _ in range(2):
        await play_to_the_end(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        if _ == 0:
            await press(pilot, "n")  # the same setup again


@pytest.mark.parametrize("key, kind", [("p", PastMatchesScreen), ("s", StatisticsScreen)])
async def test_one_click_on_a_row_reviews_that_match(tmp_path: Path, key, kind) -> None:
    app = make_app(
        tmp_path, ["human", "random", "random", "random"], seed=4, target=100, settings=FAST
    )
    async with app.run_test(size=(100, 32)) as pilot:
        await _two_matches(pilot, app)
        await press(pilot, key)
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, kind) and app.screen.query_one(MatchTable).row_count == 2
            ),
        )
        table = app.screen.query_one(MatchTable)
        assert table.cursor_coordinate == (0, 0)
        rows = [table.coordinate_to_cell_key((r, 0)).row_key.value for r in range(2)]
        # the second row (the first match), on its third column (a name): not where the cursor is
        y = table.header_height + table.ordered_rows[0].height
        x = sum(c.get_render_width(table) for c in table.ordered_columns[:2]) + 2
        await click(pilot, MatchTable, offset=(x, y))
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-caption"))
            ),
            limit=5000,
        )
        assert sum(isinstance(s, ReviewScreen) for s in app.screen_stack) == 1
        assert app.screen.source.title.startswith(f"match {rows[1]}, ")  # the row clicked
