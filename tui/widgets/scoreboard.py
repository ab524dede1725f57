"""The match score of both sides, the target and the hand number."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from tui.presenter import ScoreTexts


class ScoreBoard(Widget):
    """Both sides' match scores (the bottom seat's side first), the hand and the target."""

    DEFAULT_CSS = """
    ScoreBoard { height: 5; }
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
        table = Table.grid(expand=True)
        table.add_column(ratio=1, no_wrap=True, overflow="fold")
        table.add_column(justify="right", no_wrap=True)
        for side, score in self._shown.rows:
            table.add_row(Text(side, style="bold"), Text(score, style="bold"))
        left, right = self._shown.footer
        table.add_row(Text(left, style="dim"), Text(right, style="dim"))
        return table
