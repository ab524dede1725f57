"""The sidebar shares its rows: at 100x32 with what is still out beside the log and three
players' declarations, the declarations were cut ("Carla 23: Cavalli, Dena…", the sidebar 28
columns wide and the declarations given 4 rows whatever the rest took) and the log kept about
two rows. Now the sidebar is wider from 96 columns and the log keeps LOG_ROWS; the declarations
get the rows to be read whole where there is room (120x40), a line a seat at 100x32."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.screens import make_app, press, settle, wait_for
from tests.tui.test_narrow import region_text, to_every_declaration
from tui.screens.table import LOG_ROWS, TableScreen
from tui.widgets.scoreboard import ScoreBoard
from tui.widgets.sidebar import LOG_FEW


def _whole(app, table: TableScreen, cut: bool = False) -> None:
    """Every declaration in view, whole (``cut``: its families may be cut, a line a seat)."""
    listed = table.query_one("#declarations")
    assert listed.virtual_size.height <= listed.region.height  # nothing scrolled away
    shown = " ".join(region_text(app, listed))
    if cut:
        for d in table.session.match.hand.declarations:
            if d and d.families:
                assert f"{table.names[d.seat]} {d.points}: " in shown, shown
        return
    assert "…" not in shown and "..." not in shown, shown
    declared = [d for d in table.session.match.hand.declarations if d and d.families]
    assert len(declared) == 3
    for d in declared:
        assert f"{table.names[d.seat]} {d.points}: " in shown, shown
        for family in d.families:
            assert family in shown, (family, shown)


@pytest.mark.parametrize("size", [(100, 32), (120, 40)], ids=["100x32", "120x40"])
async def test_three_declarations_whole_beside_what_is_out_and_a_log_of_three_rows(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # Seed 38: you hold five combinations (117 points), Bruno two, Carla one.
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=38)
    async with app.run_test(size=size) as pilot:
        table = await to_every_declaration(pilot)
        for _ in range(6):  # the declarations, then five tricks on
            await wait_for(pilot, lambda t=table: t.my_turn() is not None)
            await pilot.pause()
            await pilot.pause()
            assert table.out_shown and table.query_one("#out").display
            _whole(app, table, cut=size == (100, 32))
            # (at 100x32 early on the log may give its fifth row: test_tui_sidebar_log_rows)
            assert table.query_one("#log").region.height >= (
                LOG_FEW if size == (100, 32) else LOG_ROWS
            )
            board = table.query_one(ScoreBoard)
            assert board.region.bottom <= table.query_one("#declarations").region.y
            await press(pilot, "enter")
            screen = await settle(pilot)
            assert isinstance(screen, TableScreen)
            table = screen
