"""The hand so far in full (w, or a click on the score box): what each side has taken, counted
as if the hand ended now (see :func:`tui.presenter.so_far_lines`)."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.css.scalar import Scalar
from textual.widgets import Footer, Static

from tui.screens.dialog import TableDialog, content_rows, max_height
from tui.screens.help import HELP_KEY

TITLE = "The hand so far"
# what the count leaves out, and why (RULES.md §4, §6, §8)
COUNTED = ("If the hand ended now: the tricks each side has taken (the Matto with its owner's "
           "side, exchanged as at the end). Not counted: the last trick (6), the declarations, "
           "and the discard, which nobody else sees and which goes to a side only at the end.")


class SoFarScreen(TableDialog[None]):
    """Each side's pile so far over the table; w, Escape, q or Enter (or a click) closes it."""

    BINDINGS = [
        Binding("w,escape,q,enter", "close", "Close", priority=True),
        replace(HELP_KEY, show=False),
    ]
    SCROLLS = True  # (its lines, in a scroll under the title: it stays over the felt)

    def __init__(self, heading: str, lines: list[Text]) -> None:
        super().__init__()
        self.heading, self.lines = heading, lines

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="so-far-dialog"):
            yield Static(self.heading, classes="dialog-title")
            with VerticalScroll(id="so-far-scroll"):
                yield Static(Text("\n").join(self.lines), id="so-far-body")
                yield Static(Text(COUNTED, style="dim"), id="so-far-note")
        yield Footer()

    def _rows(self, width: int) -> tuple[int, int]:
        """The box's rows ``width`` columns wide besides the scroll's, and the scroll's lines."""
        room, viewport = self.room(), self.app.size
        box, scroll = self.dialog_box(), self.query_one("#so-far-scroll")
        lines = content_rows(scroll, room, viewport, width - box.styles.gutter.width)
        shown = min(lines, max_height(scroll, room, viewport))
        return content_rows(box, room, viewport, width) - shown, lines

    def fit(self, width: int) -> int:
        """The scroll takes the rows the box has left under the title (a scroll taller than
        those would be cut by the box, its last lines out of reach)."""
        others, lines = self._rows(width)
        rows = max(1, max_height(self.dialog_box(), self.room(), self.app.size) - others)
        scroll = self.query_one("#so-far-scroll")
        if scroll.styles.inline.max_height != Scalar.from_number(rows):
            scroll.styles.max_height = rows
        return others + min(lines, rows)

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.action_close()

    def action_close(self) -> None:
        if self.is_active:
            self.dismiss(None)
