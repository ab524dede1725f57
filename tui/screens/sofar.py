"""The hand so far in full (w, or a click on the score box): what each side has taken, counted
as if the hand ended now (see :func:`tui.presenter.so_far_lines`)."""

from __future__ import annotations

from dataclasses import replace

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Footer, Static

from tui.screens.dialog import TableDialog
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

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.action_close()

    def action_close(self) -> None:
        if self.is_active:
            self.dismiss(None)
