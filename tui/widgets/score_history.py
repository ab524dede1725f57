"""The score history of a match (*segnapunti*): one line a hand with each side's captured
combinations, card points, last trick, declarations and total, and the running score; from the
rows of :mod:`game.history`. A click on a hand's line posts :class:`ScoreHistory.HandClicked`."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from game.history import HandRow
from game.seats import seats_of
from text.language import _, pgettext
from text.render import Look
from text.words import padded_name, pair_names, short_name, shown_name

WIDE = 96  # from this width on, the long headings and the dealer


def headings(wide: bool) -> tuple[str, ...]:
    """The columns' headings of a side, in full (``wide``) or short."""
    if wide:
        return (
            pgettext("score history", "Comb."),
            pgettext("score history", "Cards"),
            pgettext("score history", "Last"),
            pgettext("score history", "Decl."),
            pgettext("score history", "Total"),
        )
    return (
        pgettext("score history", "Comb"),
        pgettext("score history", "Card"),
        pgettext("score history", "Last"),
        pgettext("score history", "Decl"),
        pgettext("score history", "Tot"),
    )


def _cell(value: object, width: int) -> str:
    return str(value).rjust(width)


class ScoreHistory(Widget):
    """Every hand of the match so far; ``current`` (an index) is drawn in bold."""

    DEFAULT_CSS = """
    ScoreHistory { height: auto; }
    """

    class HandClicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index  # 0 for the first hand

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: tuple[HandRow, ...] = ()
        self.sides = ("A", "B")
        self.names: tuple[str, ...] = ()
        self.current: int | None = None
        self.look = Look()

    def show(
        self,
        rows: Sequence[HandRow],
        sides: tuple[str, str],
        names: Sequence[str],
        look: Look,
        current: int | None = None,
    ) -> None:
        self.rows, self.sides, self.names = tuple(rows), sides, tuple(names)
        self.look, self.current = look, current
        if self.is_mounted:
            self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows) + 3

    def render(self) -> RenderableType:
        wide = self.size.width >= WIDE
        heads = headings(wide)
        w = [max(4, cell_len(h)) for h in heads]
        dealer = pgettext("score history", "Dealer")
        dealer_w = min(12, max([6, cell_len(dealer), *(cell_len(n) for n in self.names)]))
        dealer_w = dealer_w if wide else 0
        lead = 4 + (2 + dealer_w if wide else 0)
        side_w = sum(w) + len(w)  # each cell with a space before it
        gap = "  "
        dash = "-" if self.look.ascii else "─"
        title = Text(" " * lead, style="dim")
        for side in (0, 1):
            name = f"{'AB'[side]}: {self._side(side, side_w - 5)} "  # measured in cells
            title.append(
                gap + " " + name + dash * max(0, side_w - 1 - cell_len(name)), style="bold"
            )
        hand = pgettext("score history", "Hand")
        head = Text(hand.rjust(4) + (f"  {dealer:<{dealer_w}}" if wide else ""), style="bold")
        for _side in (0, 1):
            head.append(
                gap + "".join(" " + _cell(h, n) for h, n in zip(heads, w, strict=True)),
                style="bold",
            )
        head.append(gap + " " + pgettext("score history", "Score"), style="bold")
        lines = [title, head]
        for i, row in enumerate(self.rows):
            lines.append(self._line(row, w, wide, dealer_w, gap, i == self.current))
        if not self.rows:
            lines.append(Text("  " + _("no hand finished yet"), style="dim"))
        lines.append(
            Text(
                "  "
                + _(
                    "Comb.: combinations captured · Cards: card points · Last: the last "
                    "trick · Decl.: declarations"
                ),
                style="dim",
            )
            if wide
            else Text(
                "  "
                + _("Comb/Card/Last/Decl: combinations, card points, last trick, declarations"),
                style="dim",
            )
        )
        if self.look.ascii:
            lines[-1] = Text(lines[-1].plain.replace("·", "-"), style="dim")
        return Text("\n").join(lines)

    def _side(self, side: int, room: int) -> str:
        """A side's name in ``room`` cells (its two names shortened, the longer first)."""
        mark = self.look.ellipsis
        if len(self.names) == 4:
            first, second = seats_of(side)
            return pair_names(
                shown_name(self.names[first]), shown_name(self.names[second]), room, mark
            )
        return short_name(self.sides[side], room, mark)

    def _line(
        self, row: HandRow, w: list[int], wide: bool, dealer_w: int, gap: str, bold: bool
    ) -> Text:
        called = row.called_out is not None
        none = "-" if self.look.ascii else "–"
        text = _cell(row.number, 4)
        if wide:
            dealer = shown_name(self.names[row.dealer]) if row.dealer < len(self.names) else "?"
            text += "  " + padded_name(dealer, dealer_w, self.look.ellipsis)
        counted = sum(w[:3]) + 2  # the combinations, card points and last trick cells
        for side, s in enumerate(row.sides):
            text += gap
            if called:  # no card is counted: the calling side says so across those cells
                text += " " + (
                    _("called out")
                    if side == row.called_out
                    else f"{none:>{w[0]}} {none:>{w[1]}} {none:>{w[2]}}"
                ).rjust(counted)
            else:
                text += "".join(
                    " " + _cell(v, n)
                    for v, n in zip(
                        (s.captured_combinations, s.card_points, s.last_trick), w, strict=False
                    )
                )
            text += "".join(
                " " + _cell(v, n) for v, n in zip((s.declarations, s.total), w[3:], strict=True)
            )
        a, b = row.sides
        text += f"{gap} {a.score} {none} {b.score}"
        return Text(text, style="bold reverse" if bold else "")

    def on_click(self, event: events.Click) -> None:
        index = event.y - 2  # the title and the headings come first
        if 0 <= index < len(self.rows):
            self.post_message(self.HandClicked(index))
