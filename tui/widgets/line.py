"""A fixed-size piece of text that repaints without a new layout of the screen."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget


def same_text(a: Text, b: Text) -> bool:
    return a.plain == b.plain and a.style == b.style and a.spans == b.spans


class TextLine(Widget):
    """Shows one Text. Its size comes from the stylesheet, so a change only repaints it (a
    Static would ask for a layout of the whole screen each time)."""

    DEFAULT_CSS = """
    TextLine { height: 1; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.text = Text()

    def show(self, text: Text) -> None:
        if same_text(text, self.text):
            return
        before, self.text = self.text, text
        height = self.styles.height
        # A new layout only when the text takes another number of lines: a layout comes a frame
        # or more after the repaint of the other widgets, and the line would lag behind them.
        auto = height is not None and height.is_auto
        self.refresh(layout=auto and self._lines(text) != self._lines(before))

    def _lines(self, text: Text) -> int:
        """How many lines ``text`` takes at the line's width."""
        width = self.content_region.width
        if width <= 0 or not self.is_mounted:
            return -1  # not laid out yet: ask for a layout
        return len(text.wrap(self.app.console, width))

    def render(self) -> RenderableType:
        return self.text
