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
        if not same_text(text, self.text):
            self.text = text
            height = self.styles.height
            self.refresh(layout=height is not None and height.is_auto)  # may take more lines

    def render(self) -> RenderableType:
        return self.text
