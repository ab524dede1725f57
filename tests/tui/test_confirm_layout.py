"""The discard's yes/no dialog: one blank row between the question and its buttons (the blank
the other dialogs have there), not two, at 80x24 and 120x40."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.containers import Horizontal
from textual.widgets import Static

from tests.support.screens import ask_the_discard, make_app, settle
from tui.screens.table import TableScreen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_one_blank_row_above_the_buttons(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=2)
    async with app.run_test(size=size) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
        await ask_the_discard(pilot, table)
        dialog = app.screen
        question = dialog.query_one(".dialog-body", Static)
        buttons = dialog.query_one(".dialog-buttons", Horizontal)
        text_end = question.content_region.bottom  # the row under the question's last line
        first_button = min(b.region.y for b in buttons.children)
        assert first_button - text_end == 1
        # and nothing below the buttons but the frame
        frame = dialog.query_one("#confirm-dialog")
        assert max(b.region.bottom for b in buttons.children) == frame.content_region.bottom
