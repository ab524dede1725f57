"""The running score of both sides as a line chart in the terminal: braille dots (two by four to a
character cell), or plain characters in ASCII mode; the target as a dashed line."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from text.language import pgettext
from text.render import Look

SIDE_LETTERS = ("A", "B")
_ASCII_MARKS = ("*", "o")
_BRAILLE = 0x2800
_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))  # [row][column] in a cell


def _segment(x0: int, y0: int, x1: int, y1: int) -> list[tuple[int, int]]:
    """The points of a straight line (Bresenham), both ends included."""
    points = []
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    while True:
        points.append((x0, y0))
        if x0 == x1 and y0 == y1:
            return points
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


def polyline(values: Sequence[int], top: int, width: int, height: int) -> set[tuple[int, int]]:
    """The points (x, y; y = 0 at the top) of ``values`` drawn from the left edge to the right
    one on a ``width`` by ``height`` grid whose top row is ``top``."""
    n = max(1, len(values) - 1)
    scale = max(1, top)

    def at(i: int) -> tuple[int, int]:
        x = round(i * (width - 1) / n)
        y = round((1 - min(values[i], scale) / scale) * (height - 1))
        return x, y

    points: set[tuple[int, int]] = set()
    for i in range(len(values) - 1):
        points.update(_segment(*at(i), *at(i + 1)))
    if len(values) == 1:
        points.add(at(0))
    return points


class ScoreChart(Widget):
    """Both sides' match score after each hand (from 0 before the first), and the target."""

    DEFAULT_CSS = """
    ScoreChart { height: 10; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.series: tuple[list[int], list[int]] = ([0], [0])
        self.target = 0
        self.look = Look()

    def show(self, scores: Sequence[tuple[int, int]], target: int, look: Look) -> None:
        """``scores``: the match score after each hand, first to last."""
        self.series = ([0, *(s[0] for s in scores)], [0, *(s[1] for s in scores)])
        self.target, self.look = target, look
        if self.is_mounted:
            self.refresh()

    def render(self) -> RenderableType:
        a, b = self.series
        top = max(self.target, *a, *b, 1)
        margin = len(str(top)) + 1
        width = max(4, self.size.width - margin - 3)  # room for " AB" after the lines
        height = max(3, self.size.height - 1)  # the last line numbers the hands
        if self.look.ascii:
            cells = self._ascii(width, height, top)
        else:
            cells = self._braille(width, height, top)
        target_row = self._row(self.target, height, top) if self.target else -1
        lines = []
        for row in range(height):
            label = ""
            if row == target_row:
                label = str(self.target)
            elif row == 0:
                label = str(top)
            elif row == height - 1:
                label = "0"
            line = Text(label.rjust(margin - 1) + " ", style="dim")
            for col in range(width):
                char, style = cells.get((col, row), ("", None))
                if not char and row == target_row:
                    char, style = ("-" if self.look.ascii else "┄"), Style(dim=True)
                line.append(char or " ", style=style)
            line.append_text(self._end_letters(row, height, top))
            lines.append(line)
        lines.append(self._hand_numbers(margin, width, len(a) - 1))
        return Text("\n", no_wrap=True, overflow="crop").join(lines)

    def _row(self, value: int, height: int, top: int) -> int:
        """The line of the plot where ``value`` is drawn (as :func:`polyline` places it)."""
        dots = 1 if self.look.ascii else 4
        return round((1 - min(value, top) / top) * (dots * height - 1)) // dots

    def _style(self, side: int) -> Style:
        return Style(color=self.look.palette.sides[side] if self.look.color else None, bold=True)

    def _braille(self, width: int, height: int, top: int) -> dict:
        dots: dict[tuple[int, int], list[int]] = {}
        for side, values in enumerate(self.series):
            for x, y in polyline(values, top, 2 * width, 4 * height):
                cell = dots.setdefault((x // 2, y // 4), [0, 0])
                cell[side] |= _DOTS[y % 4][x % 2]
        cells = {}
        for key, (da, db) in dots.items():
            style = self._style(0 if da else 1) if not (da and db) else Style(bold=True)
            cells[key] = (chr(_BRAILLE | da | db), style)
        return cells

    def _ascii(self, width: int, height: int, top: int) -> dict:
        cells: dict[tuple[int, int], tuple[str, Style]] = {}
        for side, values in enumerate(self.series):
            for point in polyline(values, top, width, height):
                if point in cells and cells[point][0] != _ASCII_MARKS[side]:
                    cells[point] = ("#", Style(bold=True))
                else:
                    cells[point] = (_ASCII_MARKS[side], self._style(side))
        return cells

    def _end_letters(self, row: int, height: int, top: int) -> Text:
        """ "A" and "B" beside the end of each line, so they are told apart without colour."""
        text = Text(" ")
        for side, values in enumerate(self.series):
            if self._row(values[-1], height, top) == row:
                text.append(SIDE_LETTERS[side], style=self._style(side))
        return text

    def _hand_numbers(self, margin: int, width: int, hands: int) -> Text:
        """Under the plot: "hand" and the hand numbers where they fall."""
        line = [" "] * width
        n = max(1, hands)
        step = max(1, (hands * 4) // max(1, width))  # at most one number every four columns
        for i in range(0, hands + 1, step):
            x = round(i * (width - 1) / n)
            label = str(i)
            start = min(max(0, x - len(label) // 2), width - len(label))
            if all(c == " " for c in line[max(0, start - 1) : start + len(label) + 1]):
                line[start : start + len(label)] = label
        label = pgettext("chart", "hand")
        return Text(label.rjust(margin - 1) + " " + "".join(line), style="dim")
