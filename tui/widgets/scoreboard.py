"""The match score of both sides, the target and the hand number."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.widget import Widget


class ScoreBoard(Widget):
    """Both sides' match scores, the viewer's side first."""

    DEFAULT_CSS = """
    ScoreBoard { height: 5; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: tuple = ()

    def show(
        self,
        sides: tuple[str, str],
        scores: tuple[int, int],
        *,
        target: int,
        hand_number: int,
        first: int = 0,
    ) -> None:
        key = (sides, scores, target, hand_number, first)
        if key != self._shown:
            self._shown = key
            self.refresh()

    def render(self) -> RenderableType:
        if not self._shown:
            return Text()
        sides, scores, target, hand_number, first = self._shown
        table = Table.grid(expand=True)
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        table.add_column(justify="right", no_wrap=True)
        for side in (first, 1 - first):
            table.add_row(Text(sides[side], style="bold"), Text(str(scores[side]), style="bold"))
        table.add_row(Text(f"Hand {hand_number + 1}", style="dim"),
                      Text(f"target {target}", style="dim"))
        return table
