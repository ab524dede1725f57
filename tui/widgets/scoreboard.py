"""The match score of both sides, the target and the hand number."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget

from tui.presenter import ScoreTexts
from tui.words import pair_names, short_name


class ScoreBoard(Widget):
    """Both sides' match scores (the bottom seat's side first), the hand and the target."""

    DEFAULT_CSS = """
    ScoreBoard { height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: ScoreTexts | None = None

    def show(self, score: ScoreTexts) -> None:
        if score != self._shown:
            self._shown = score
            self.refresh()

    def render(self) -> RenderableType:
        if self._shown is None:
            return Text()
        # Each line: the side on the left, the number on the right; names that do not fit are
        # shortened with an ellipsis (a side never takes two lines: the box keeps its height).
        width = max(self.content_size.width, 12)
        mark = "..." if self.app.has_class("-ascii") else "…"
        lines = []
        pairs = self._shown.pairs or tuple((side, "") for side, _ in self._shown.rows)
        for (side, score), (a, b) in zip(self._shown.rows, pairs, strict=True):
            room = width - len(score) - 1
            if cell_len(side) > room:
                side = pair_names(a, b, room, mark) if b else short_name(side, room, mark)
            line = Text(side, style="bold")
            line.pad_right(width - line.cell_len - len(score))
            line.append(score, style="bold")
            lines.append(line)
        left, right = self._shown.footer
        foot = Text(left, style="dim")
        foot.pad_right(max(1, width - len(left) - len(right)))
        foot.append(right, style="dim")
        lines.append(foot)
        return Text("\n").join(lines)
