"""What is still out: a few lines (the cards out in each suit and in trumps, what each other
player has shown), each wrapped with the rest of it indented; two suits share a row where they
fit in it."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from tui.widgets.line import same_text
from tui.widgets.log import ellipsis, hanging

GAP = 3  # the spaces between two suits in a row


class OutList(Widget):
    """The lines of :func:`text.presenter.out_lines`, as tall as they need."""

    DEFAULT_CSS = """
    OutList { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._lines: list[Text] = []
        self._suits = 0  # the first lines, a suit's cards each

    def show(self, lines: list[Text], suits: int = 0) -> None:
        """``suits``: how many of the first lines list a suit's cards (two of them share a row
        where they fit in it)."""
        if (
            suits == self._suits
            and len(lines) == len(self._lines)
            and all(same_text(a, b) for a, b in zip(lines, self._lines, strict=True))
        ):
            return
        self._lines, self._suits = list(lines), suits
        self.refresh(layout=True)

    @property
    def lines(self) -> list[Text]:
        return list(self._lines)

    def _rows(self, width: int) -> list[Text]:
        width = max(width, 8)
        return [
            row
            for line in self._packed(width)
            for row in hanging(line, width, self.app.console, ellipsis(self))
        ]

    def _packed(self, width: int) -> list[Text]:
        """The lines, the suits two to a row in two columns (``♠ Q J 10   ♣ N 7`` over ``♥ A
        ♦ K 9``) where every pair fits in a row, else a suit a row."""
        suits, rest = self._lines[: self._suits], self._lines[self._suits :]
        left, right = suits[0::2], suits[1::2]
        if not right:
            return suits + rest
        column = max(line.cell_len for line in left) + GAP
        if column + max(line.cell_len for line in right) > width:
            return suits + rest
        packed = []
        for i, first in enumerate(left):
            line = first.copy()
            if i < len(right):
                line.pad_right(column - line.cell_len)
                line.append_text(right[i])
            packed.append(line)
        return packed + rest

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._rows(width))

    def render(self) -> RenderableType:
        return Text("\n").join(self._rows(self.content_size.width))
