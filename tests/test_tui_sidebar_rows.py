"""The sidebar shares its rows: at 100x32 with what is still out beside the log and three
players' declarations, the declarations were cut ("Carla 23: Cavalli, Dena…", the sidebar 28
columns wide and the declarations given 4 rows whatever the rest took) and the log kept about
two rows. Now the sidebar is wider from 96 columns, the declarations get the rows to be read
whole, and the log keeps at least three."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_tui_narrow import region_text, to_every_declaration
from test_tui_support import make_app, press, settle, wait_for

from tui.screens.table import LOG_ROWS, TableScreen
from tui.widgets.scoreboard import ScoreBoard


def _whole(app, table: TableScreen) -> None:
    listed = table.query_one("#declarations")
    assert listed.virtual_size.height <= listed.region.height  # nothing scrolled away
    shown = " ".join(region_text(app, listed))
    assert "…" not in shown and "..." not in shown, shown
    declared = [d for d in table.session.match.hand.declarations if d and d.families]
    assert len(declared) == 3
    for d in declared:
        assert f"{table.names[d.seat]} {d.points}: " in shown, shown
        for family in d.families:
            assert family in shown, (family, shown)


@pytest.mark.parametrize("size", [(100, 32), (120, 40)], ids=["100x32", "120x40"])
async def test_three_declarations_whole_beside_what_is_out_and_a_log_of_three_rows(
        tmp_path: Path, size: tuple[int, int]) -> None:
    # Seed 38: you hold five combinations (117 points), Bruno two, Carla one.
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=38)
    async with app.run_test(size=size) as pilot:
        table = await to_every_declaration(pilot)
        for _ in range(6):  # the declarations, then five tricks on
            await wait_for(pilot, lambda t=table: t._my_turn() is not None)
            await pilot.pause()
            await pilot.pause()
            assert table.out_shown and table.query_one("#out").display
            _whole(app, table)
            assert table.query_one("#log").region.height >= LOG_ROWS
            board = table.query_one(ScoreBoard)
            assert board.region.bottom <= table.query_one("#declarations").region.y
            await press(pilot, "enter")
            screen = await settle(pilot)
            assert isinstance(screen, TableScreen)
            table = screen
