"""A fixed-size piece of text that repaints without a new layout of the screen."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget


def same_text(a: Text, b: Text) -> bool:
    return a.plain == b.plain and a.style == b.style and a.spans == b.spans


def _same_or_none(a: Text | None, b: Text | None) -> bool:
    return a is b or (a is not None and b is not None and same_text(a, b))


def clipped(lines: list[Text], rows: int, width: int, mark: str) -> list[Text]:
    """The first ``rows`` of ``lines``, the last ending with ``mark`` (an ellipsis, or "") when some
    were left out."""
    if len(lines) <= rows:
        return lines
    shown = lines[:rows]
    last = shown[-1]
    last.rstrip()
    last.truncate(max(0, width - len(mark)))
    last.append(mark)
    return shown


class TextLine(Widget):
    """Shows one Text in the lines the stylesheet gives it (``height``), so a change only
    repaints it (a Static, or a height that follows the text, would ask for a layout of the
    whole screen each time and move what is under or over it). A text longer than its lines
    ends with an ellipsis (see :meth:`fits`), or, without ``ELLIPSIS``, its last lines are left
    out (for texts whose lines come by importance)."""

    DEFAULT_CSS = """
    TextLine { height: 1; }
    """
    ELLIPSIS = True

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.text = Text()
        self.short: Text | None = None  # the same with long names shortened

    def show(self, text: Text, short: Text | None = None) -> None:
        """Show ``text``, or ``short`` (the same, names shortened) where ``text`` would not
        fit."""
        if same_text(text, self.text) and _same_or_none(short, self.short):
            return
        self.text, self.short = text, short
        self.refresh()

    def wrapped(self, text: Text) -> list[Text]:
        """``text`` in the lines it takes at the line's width (one line before it is laid
        out)."""
        width = self.content_region.width
        if width <= 0 or not self.is_mounted:
            return [text]
        return list(text.wrap(self.app.console, width))

    def fits(self, text: Text) -> bool:
        """``text`` is shown whole in the lines there are (not laid out yet: assumed to)."""
        return len(self.wrapped(text)) <= max(1, self.content_region.height)

    def render(self) -> RenderableType:
        height = self.content_region.height
        text = self.text
        lines = self.wrapped(text)
        if self.short is not None and height > 0 and len(lines) > height:
            text = self.short
            lines = self.wrapped(text)
        if height <= 0 or len(lines) <= height:
            return text
        mark = ("..." if self.app.has_class("-ascii") else "…") if self.ELLIPSIS else ""
        return Text("\n").join(clipped(lines, height, self.content_region.width, mark))
