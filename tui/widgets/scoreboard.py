"""The match score of both sides and the target, and the hand so far: under
each side's score its tricks and the points its pile would score now (the same form for both
sides, the points always called so), or, where the sidebar is short of rows (``compact``),
those points beside the score (``+47 pts``) and the tricks in the last line (``hand: 2–5
tricks``)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.widget import Widget

from text.presenter import ScoreTexts
from text.words import pair_names, short_name


class ScoreBoard(Widget):
    """Both sides' match scores (the bottom seat's side first) and the target, and
    each side's hand so far; a click shows that in full (the table's ``so_far``, as w)."""

    # Its height is set with each change of its lines (see _fit_height), its frame around it
    DEFAULT_CSS = """
    ScoreBoard { height: auto; box-sizing: content-box; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shown: ScoreTexts | None = None
        self.compact = False  # the hand so far without lines of its own (see set_compact)

    def set_compact(self, compact: bool) -> None:
        if compact != self.compact:
            self.compact = compact
            self._fit_height()

    @property
    def height_with_lines(self) -> int:
        """The box's height with the hand so far in lines of its own (each line is one row)."""
        if self._shown is None:
            return self.outer_size.height
        return len(self._shown.rows) + 1 + self.own_rows + self.styles.gutter.height

    @property
    def own_rows(self) -> int:
        """The rows the hand so far takes of its own (none when compact)."""
        if self._shown is None:
            return 0
        return sum(1 for forms in self._shown.hand if forms)

    def show(self, score: ScoreTexts) -> None:
        if score != self._shown:
            self._shown = score
            self._fit_height()  # the hand so far may take another row

    def _fit_height(self) -> None:
        """The box as tall as its lines (the same at any width). Set, not left to ``height:
        auto``: Textual keeps a widget's size by its count of layout requests, which a request
        made while another is pending does not raise, so the box kept the height of its form
        before (the hand so far in lines of its own), with blank rows the declarations needed."""
        shown = self._shown
        own = 0 if shown is None or self.compact else sum(1 for forms in shown.hand if forms)
        rows = 1 if shown is None else len(shown.rows) + own + 1
        self.styles.height = rows  # (a layout when it changed)
        self.refresh()

    async def on_click(self, event: events.Click) -> None:
        """A click shows the hand so far in full (as w does)."""
        event.stop()
        await self.app.run_action("so_far", self.screen)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> RenderableType:
        return Text("\n").join(self._lines(self.content_size.width))

    def _lines(self, width: int) -> list[Text]:
        if self._shown is None:
            return [Text()]
        # Each line: the side on the left, the number on the right; names that do not fit are
        # shortened with an ellipsis (a side's name never takes two lines). Under it, the hand
        # so far in a line, in the longest of its forms that fits for every side (the same form
        # for both: "3 tricks · 43 points: Re" never beside "6 tricks · 120 points").
        width = max(width, 12)
        mark = "..." if self.app.has_class("-ascii") else "…"
        lines = []
        shown = self._shown
        pairs = shown.pairs or tuple((side, "") for side, _ in shown.rows)
        hand = shown.hand if shown.hand and not self.compact else tuple(() for _ in shown.rows)
        beside = shown.taken if self.compact else ()
        # compact: the points beside each score, right-aligned in a column of their own
        points = [f"+{p} pts" for _, p in beside]
        plus_w = max((len(p) for p in points), default=0)
        score_w = max(len(score) for _, score in shown.rows)
        depth = same_depth(hand, width - len(INDENT))
        for i, ((side, score), (a, b), forms) in enumerate(
            zip(shown.rows, pairs, hand, strict=True)
        ):
            plus = f"{points[i]:>{plus_w}}  " if points else ""
            score = f"{score:>{score_w}}" if points else score
            room = width - len(score) - len(plus) - 1
            if cell_len(side) > room:
                side = pair_names(a, b, room, mark) if b else short_name(side, room, mark)
            line = Text(side, style="bold")
            line.pad_right(width - line.cell_len - len(score) - len(plus))
            line.append(plus, style="dim")
            line.append(score, style="bold")
            lines.append(line)
            if forms:
                form = forms[min(depth, len(forms) - 1)]
                lines.append(
                    Text(INDENT + fitting((form,), width - len(INDENT), mark), style="dim")
                )
        left, right = "", shown.target
        if beside:  # the tricks of each side, in the order of the lines above
            dash = "-" if mark == "..." else "–"
            left = f"{dash.join(str(t) for t, _ in beside)} tricks"
            if len(left) + len("hand: ") + 1 + len(right) <= width:
                left = "hand: " + left
        foot = Text(left, style="dim")
        foot.pad_right(max(1, width - len(left) - len(right)))
        foot.append(right, style="dim")
        lines.append(foot)
        return lines


INDENT = " "  # the hand so far, under its side's name


def same_depth(hand: tuple[tuple[str, ...], ...], width: int) -> int:
    """Which of the forms (the same for every side that has several) to show: the first at
    which every side's form fits in ``width`` cells, else the last."""
    depth = max(1, *(len(forms) for forms in hand)) - 1
    for i in range(depth):
        if all(cell_len(forms[min(i, len(forms) - 1)]) <= width for forms in hand if forms):
            return i
    return depth


def fitting(forms: tuple[str, ...], width: int, mark: str = "…") -> str:
    """The first of ``forms`` (the same from the longest to the shortest) that fits in
    ``width`` cells; the last one shortened with ``mark`` if none does."""
    for form in forms:
        if cell_len(form) <= width:
            return form
    return short_name(forms[-1], width, mark)
