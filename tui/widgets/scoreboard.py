"""The match score of both sides, the target and the hand number."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.widget import Widget

from tui.presenter import ScoreTexts


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
        # Each line: the text on the left, the number on the right; a side's names that do not
        # fit go on to a second line rather than being cut.
        width = max(self.content_size.width, 12)
        lines = []
        for side, score in self._shown.rows:
            room = width - len(score) - 1
            name = Text(side, style="bold")
            wrapped = name.wrap(self.app.console, room) if name.cell_len > room else [name]
            for i, part in enumerate(wrapped):
                last = i == len(wrapped) - 1
                part.rstrip()
                part.pad_right(width - part.cell_len - (len(score) if last else 0))
                if last:
                    part.append(score, style="bold")
                lines.append(part)
        left, right = self._shown.footer
        foot = Text(left, style="dim")
        foot.pad_right(max(1, width - len(left) - len(right)))
        foot.append(right, style="dim")
        lines.append(foot)
        return Text("\n").join(lines)
