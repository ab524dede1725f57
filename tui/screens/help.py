"""Rules summary, house rules, card codes and keys: ``tui/help.md``, read as package data."""

from __future__ import annotations

from importlib import resources

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown

HELP_RESOURCE = "help.md"  # in the tui package, installed with it


def help_text() -> str:
    """The help in Markdown (from the installed package, wherever it is)."""
    try:
        return resources.files("tui").joinpath(HELP_RESOURCE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return "# Tarocchino\n\nThe help (tui/help.md) is missing from this installation."


class HelpScreen(Screen[None]):
    """Scrollable help; Escape, q or ? goes back."""

    BINDINGS = [
        Binding("escape,q,question_mark,f1", "close", "Back"),
        Binding("j", "scroll(1)", show=False),
        Binding("k", "scroll(-1)", show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-scroll"):
            yield Markdown(help_text(), id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
