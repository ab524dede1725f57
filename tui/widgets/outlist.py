"""What is still out: a few lines (the cards out in each suit and in trumps, what each other
player has shown), each wrapped with the rest of it indented."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget

from tui.widgets.line import same_text
from tui.widgets.log import ellipsis, hanging


class OutList(Widget):
    """The lines of :func:`tui.presenter.out_lines`, as tall as they need."""

    DEFAULT_CSS = """
    OutList { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._lines: list[Text] = []

    def show(self, lines: list[Text]) -> None:
        if len(lines) == len(self._lines) and all(
                same_text(a, b) for a, b in zip(lines, self._lines, strict=True)):
            return
        self._lines = list(lines)
        self.refresh(layout=True)

    @property
    def lines(self) -> list[Text]:
        return list(self._lines)

    def _rows(self, width: int) -> list[Text]:
        return [row for line in self._lines
                for row in hanging(line, max(width, 8), self.app.console, ellipsis(self))]

    def get_content_height(self, container, viewport, width: int) -> int:  # type: ignore[override]
        return len(self._rows(width))

    def render(self) -> RenderableType:
        return Text("\n").join(self._rows(self.content_size.width))
