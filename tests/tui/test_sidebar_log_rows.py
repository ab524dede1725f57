"""The log keeps rows enough to tell a player who just took the keyboard what happened: in
hot-seat at 100x32 it had about two rows under the declarations and what is still out. Now it
keeps five there (four at 80x24, where what is still out is not beside it), and the others give
way first: the declarations to a line a seat, the score box to its short form; only then does
the log give its fifth row (never its fourth). What is still out is in view whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.screens import make_app, play_until, wait_for
from tui.screens.table import TableScreen
from tui.widgets.log import LineList
from tui.widgets.outlist import OutList
from tui.widgets.scoreboard import ScoreBoard
from tui.widgets.sidebar import LOG_FEW, LOG_ROWS


def _check(table: TableScreen, log_rows: int) -> None:
    log = table.query_one("#log").region.height
    declared = sum(1 for d in table.session.match.hand.declarations if d and d.families)
    listed = table.query_one("#declarations", LineList)
    assert listed.region.height >= max(1, declared)  # a line a seat at least
    # the log keeps its rows; its fifth at 100x32 goes only once the score box is in its short
    # form and the declarations a line a seat (early on in hot-seat, what is still out lists
    # many declared cards)
    assert log >= LOG_FEW
    assert log >= log_rows or (
        table.query_one(ScoreBoard).compact and listed.region.height == declared
    ), log
    out = table.query_one(OutList)
    if out.display:  # all of it in view
        assert out.region.height == len(out._rows(out.content_size.width)) > 0
        assert out.region.bottom <= table.query_one("#log").region.y


async def _settled(pilot, table: TableScreen, log_rows: int) -> None:
    def holds() -> bool:
        try:
            _check(table, log_rows)
        except AssertionError:
            return False
        return True

    try:
        await wait_for(pilot, holds, limit=1500)
    except AssertionError:
        pass  # (_check says what is wrong)


@pytest.mark.parametrize(
    ("size", "log_rows"),
    [((100, 32), LOG_ROWS), ((80, 24), LOG_FEW), ((120, 40), LOG_ROWS)],
    ids=["100x32", "80x24", "120x40"],
)
async def test_in_hot_seat_the_log_keeps_its_rows_through_the_hand(
    tmp_path: Path, size: tuple[int, int], log_rows: int
) -> None:
    # Seed 38: Anna declares five combinations, Bruno two, Carla one; what is still out lists
    # the declared cards each other player holds.
    app = make_app(tmp_path, ["human", "easy", "human", "easy"], seed=38)
    async with app.run_test(size=size) as pilot:
        for tricks in (1, 2, 4, 7, 10, 13):
            table = await play_until(pilot, lambda v, n=tricks: len(v.tricks) >= n)
            await pilot.pause()
            await pilot.pause()
            # (the sidebar shares its rows once the score box has its own, a refresh later: on
            # a busy machine two pauses can come before that; 3 s at most)
            await _settled(pilot, table, log_rows)
            assert table.out_shown == (size != (80, 24))
            _check(table, log_rows)
