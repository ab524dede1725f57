"""Recorded matches in a table, the latest first; Enter or a click on one posts
:class:`MatchTable.Chosen` with its number in the statistics."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.coordinate import Coordinate
from textual.message import Message
from textual.widgets import DataTable

from game.seats import seats_of
from store.stats import MatchSummary
from text.language import _, pgettext
from text.statistics import MATCH_HEADER, MATCH_LEFT, match_row
from text.words import short_name, shown_name


# Where the whole table does not fit (80 columns): shorter headings and dates, the winner said as
# the side's letter (the hands left out), and a side's two names on two lines when they do not
# fit on one (each shortened to the column if need be).
def narrow_header() -> tuple[str, ...]:
    """The headings of the narrow table, in the language spoken now."""
    return (
        pgettext("match list", "No."),
        pgettext("match list", "Ended"),
        pgettext("match list", "Side A"),
        pgettext("match list", "Score"),
        pgettext("match list", "Side B"),
        pgettext("match list", "Won"),
    )


NARROW_LEFT = (1, 2, 4, 5)
MARGIN = 4  # the screen's columns the table does not get (margins, its scrollbar)


class MatchTable(DataTable):
    """One row a recorded match (number, when it ended, the sides, the score, the winner)."""

    DEFAULT_CSS = """
    MatchTable { height: auto; max-height: 100%; }
    """

    class Chosen(Message):
        def __init__(self, match_id: int) -> None:
            super().__init__()
            self.match_id = match_id

    class Resized(Message):
        """Laid out at a new size (what it has to scroll may have changed with it)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self.matches: tuple[MatchSummary, ...] = ()
        self._width = 0  # the screen width it was drawn for

    def show(self, matches: Sequence[MatchSummary]) -> None:
        self.matches = tuple(matches)
        self._width = self.screen.size.width if self.is_attached else 0
        room = self._width - MARGIN
        header: tuple[str, ...] = MATCH_HEADER
        left: tuple[int, ...] = MATCH_LEFT
        ascii = self.is_attached and self.screen.app.has_class("-ascii")
        rows = [match_row(m, "-" if ascii else "–") for m in matches]
        if self._width and _width_of(header, rows) > room:
            header, left = narrow_header(), NARROW_LEFT
            rows = narrow_rows(matches, room, ascii)
        row = self.cursor_row
        self.clear(columns=True)
        for i, title in enumerate(header):
            self.add_column(title if i in left else Text(title, justify="right"))
        for m, cells in zip(matches, rows, strict=True):
            self.add_row(
                *[
                    cell if i in left else Text(cell, justify="right")
                    for i, cell in enumerate(cells)
                ],
                key=str(m.id),
                height=1 + max(cell.count("\n") for cell in cells),
            )
        if rows:
            self.move_cursor(row=min(row, len(rows) - 1))

    def on_resize(self, event: events.Resize) -> None:
        if self.matches and self.screen.size.width != self._width:
            self.show(self.matches)
        self.post_message(self.Resized())

    async def _on_click(self, event: events.Click) -> None:
        """One click on a match's row reviews it, wherever on the row (the screens say "a
        click reviews one"): the cursor is put on the cell clicked first, so that the table
        takes the click for one on its highlighted cell (it took a click on another column
        of the highlighted row, or on another row, for a move of its cursor only)."""
        meta = event.style.meta
        row, column = meta.get("row"), meta.get("column")
        if isinstance(row, int) and isinstance(column, int) and row >= 0 and column >= 0:
            self.cursor_coordinate = Coordinate(row, column)
        await super()._on_click(event)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key.value is not None:
            self.post_message(self.Chosen(int(event.row_key.value)))


def _width_of(header: Sequence[str], rows: Sequence[Sequence[str]]) -> int:
    """The columns the table takes: each column's widest cell and a space either side."""
    return sum(max(cell_len(r[i]) for r in [header, *rows]) + 2 for i in range(len(header)))


def narrow_rows(matches: Sequence[MatchSummary], room: int, ascii: bool) -> list[list[str]]:
    """The columns of :func:`narrow_header` for ``room`` columns."""
    mark = "..." if ascii else "…"
    rows = []
    for m in matches:
        number, ended, _side_a, score, _side_b, _hands, _winner = match_row(
            m, "-" if ascii else "–"
        )
        won = "-" if m.winner not in (0, 1) else "AB"[m.winner]
        called = " " + _("called out") if m.called_out else ""
        rows.append([number, ended[5:], "", score, "", won + called])
    header = narrow_header()
    fixed = _width_of(header, rows) - cell_len(header[2]) - cell_len(header[4])
    side = max(9, (room - fixed) // 2)

    def pair(a: str, b: str) -> str:
        if cell_len(a) + cell_len(b) + 3 <= side:
            return f"{a} & {b}"
        return f"{short_name(a, side - 2, mark)} &\n{short_name(b, side, mark)}"

    for m, row in zip(matches, rows, strict=True):
        names = [shown_name(s.name) for s in m.players] + ["?"] * (4 - len(m.players))
        a, b = ([names[seat] for seat in seats_of(side)] for side in (0, 1))
        row[2], row[4] = pair(*a), pair(*b)
    return rows
