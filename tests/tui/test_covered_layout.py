"""The table under a dialog is laid out anew when what it shows changes size: Textual lays out
the top screen only, so the table under the declarations dialog kept the layout it had before.
Resumed at the declarations (100x32), the score box took its short form (two lines and the
target) but kept the rows of its long one: two blank rows above the declarations, which the
dialog then showed through; a bot's declaration made as the dialog came could be left blank."""

from __future__ import annotations

from pathlib import Path

import pytest

from table.session import parse_seats
from tests.support.screens import make_app, resume, save_at_a_turn, screen_text, wait_for
from tui.screens.declare import DeclareScreen
from tui.widgets.log import LineList
from tui.widgets.scoreboard import ScoreBoard

SEATS = parse_seats(["human", "easy", "easy", "easy"])


@pytest.mark.parametrize("size", [(100, 32), (80, 24), (120, 40)])
async def test_resumed_at_the_declarations_the_table_under_them_is_laid_out(
    tmp_path: Path, size
) -> None:
    # seed 5: Dario declares three sequences before the person's first turn
    save_at_a_turn(tmp_path, SEATS, 5, lambda view: view.phase == "declare")
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        await resume(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
        table = app.screen_stack[-2]
        board = table.query_one(ScoreBoard)
        listed = table.query_one("#declarations", LineList)

        title = table.query(".side-title").first()

        def laid_out() -> bool:  # the box as tall as its lines, the declarations right under
            lines = len(board._lines(board.content_size.width))
            under = board.region.bottom + board.styles.margin.bottom
            return board.region.height == lines + board.styles.gutter.height and (
                title.region.y == under and listed.region.y == under + 1
            )

        await wait_for(pilot, laid_out)
        rows = screen_text(app).splitlines()
        side = [row[title.region.x :].rstrip() for row in rows]
        assert side[title.region.y].strip() == "Declarations"
        assert "Dario" in side[title.region.y + 1] and "60" in side[title.region.y + 1], "\n".join(
            side
        )
