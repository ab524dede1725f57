"""Recorded matches in a table, the latest first; Enter or a click on one posts
:class:`MatchTable.Chosen` with its number in the statistics."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.message import Message
from textual.widgets import DataTable

from tui.commands.stats import MATCH_HEADER, MATCH_LEFT, match_row
from tui.stats import MatchSummary


class MatchTable(DataTable):
    """One row a recorded match (number, when it ended, the sides, the score, the winner)."""

    DEFAULT_CSS = """
    MatchTable { height: auto; max-height: 100%; }
    """

    class Chosen(Message):
        def __init__(self, match_id: int) -> None:
            super().__init__()
            self.match_id = match_id

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)

    def show(self, matches: Sequence[MatchSummary]) -> None:
        self.clear(columns=True)
        for i, title in enumerate(MATCH_HEADER):
            self.add_column(title if i in MATCH_LEFT else Text(title, justify="right"))
        for m in matches:
            cells = [cell if i in MATCH_LEFT else Text(cell, justify="right")
                     for i, cell in enumerate(match_row(m))]
            self.add_row(*cells, key=str(m.id))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key.value is not None:
            self.post_message(self.Chosen(int(event.row_key.value)))
