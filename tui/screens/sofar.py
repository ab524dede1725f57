"""The hand so far in full (w, or a click on the score box): what each side has taken, counted
as if the hand ended now (see :func:`text.presenter.so_far_lines`)."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.css.scalar import Scalar
from textual.widgets import Static

from text.language import N_, _
from tui.screens.dialog import TableDialog, content_rows, max_height
from tui.screens.help import HELP_KEY
from tui.widgets.footer import Footer

TITLE = N_("The hand so far")
# what the count leaves out, and why (RULES.md §4, §6, §8)
COUNTED = N_(
    "If the hand ended now: the tricks each side has taken (the Matto with its owner's "
    "side, exchanged as at the end). Not counted: the last trick (6), the declarations, "
    "and the discard, which nobody else sees and which goes to a side only at the end."
)


class SoFarScreen(TableDialog[None]):
    """Each side's pile so far over the table; w, Escape, q or Enter (or a click) closes it.
    Where its lines do not all fit (a small terminal, late in a hand), j or Down scrolls them,
    as on the scoring sheet, and its footer says so."""

    BINDINGS = [
        Binding("w,escape,q,enter", "close", N_("Close"), priority=True),
        Binding("j,down", "scroll(1)", N_("Scroll")),
        Binding("k,up", "scroll(-1)", show=False),
        Binding("pagedown", "scroll(0, 1)", show=False),
        Binding("pageup", "scroll(0, -1)", show=False),
        replace(HELP_KEY, show=False),
    ]
    SCROLLS = True  # (its lines, in a scroll under the title: it stays over the felt)
    scrolling = False  # its lines do not all fit: they scroll

    def __init__(self, heading: str, lines: list[Text]) -> None:
        super().__init__()
        self.heading, self.lines = heading, lines

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="so-far-dialog"):
            yield Static(self.heading, classes="dialog-title")
            # (not focused: its keys are the dialog's, in the footer after Close)
            with VerticalScroll(id="so-far-scroll", can_focus=False):
                yield Static(Text("\n").join(self.lines), id="so-far-body")
                yield Static(Text(_(COUNTED), style="dim"), id="so-far-note")
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
        if self.scrolling != (lines > rows):
            self.scrolling = lines > rows
            self.refresh_bindings()  # (Scroll in the footer or not)
        return others + min(lines, rows)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.scrolling if action == "scroll" else True

    def action_scroll(self, lines: int, pages: int = 0) -> None:
        scroll = self.query_one("#so-far-scroll", VerticalScroll)
        scroll.scroll_relative(
            y=lines + pages * scroll.scrollable_content_region.height, animate=False
        )

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.action_close()

    def action_close(self) -> None:
        if self.is_active:
            self.dismiss(None)
