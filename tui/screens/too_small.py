"""Shown while the terminal is smaller than the table needs; goes away on resize."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


def big_enough(width: int, height: int) -> bool:
    return width >= MIN_WIDTH and height >= MIN_HEIGHT


class TooSmallScreen(Screen[None]):
    """Says how big the terminal is and how big it must be."""

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(id="too-small-text")

    def on_mount(self) -> None:
        self._update()

    def on_screen_resume(self) -> None:
        self._update()

    def on_resize(self, event: events.Resize) -> None:
        self._update()

    def _update(self) -> None:
        width, height = self.app.size
        if big_enough(width, height) and self.is_current:
            self.dismiss(None)
            return
        self.query_one("#too-small-text", Static).update(
            Text.assemble(
                ("Terminal too small\n\n", "bold"),
                f"This window is {width}×{height}; Tarocchino needs at least "
                f"{MIN_WIDTH}×{MIN_HEIGHT}.\nEnlarge it and the game comes back as it was.\n\n",
                ("Ctrl+Q quits (the match is saved).", "dim"),
                justify="center",
            )
        )
