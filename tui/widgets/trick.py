"""The middle of the table: the cards of a trick, each in front of the seat that played it."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget

from game.cards import Card
from game.seats import seat_after
from text.render import LARGE, SMALL, Look, blank_box, box_lines
from tui.messages import TrickClicked
from tui.widgets.line import clipped

# Relative seat (0 bottom, 1 right, 2 top, 3 left) -> (first row, column offset from the centre),
# and the rows the four cards take, for small and large cards.
_PLACES = {
    SMALL: ({2: (0, 0), 3: (3, -9), 1: (3, 9), 0: (6, 0)}, 9),
    LARGE: ({2: (0, 0), 3: (3, -12), 1: (3, 12), 0: (6, 0)}, 11),
}
# Small cards in a closer diamond (the side cards level with the top and bottom cards' edges), for
# a table of few rows: two rows fewer, and the captions keep theirs.
_CLOSE = ({2: (0, 0), 3: (2, -9), 1: (2, 9), 0: (4, 0)}, 7)
CAPTION_ROWS = 2  # the rows kept for the captions under the cards (more when there is room)


class TrickView(Widget):
    """Draws up to four cards around the centre and two captions under them (a caption too
    long for the width goes on over the rows below); the bottom place is ``bottom``'s. A click
    posts :class:`TrickClicked`."""

    DEFAULT_CSS = """
    TrickView { height: 1fr; width: 1fr; min-height: 9; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: dict[int, Card] = {}
        self.bottom = 0
        self.highlight: int | None = None
        self.captions: tuple[Text, Text] = (Text(), Text())
        self.short: tuple[Text, Text] | None = None
        self.look = Look()

    def show(
        self,
        cards: dict[int, Card],
        *,
        bottom: int,
        look: Look,
        highlight: int | None = None,
        captions: tuple[Text, Text] = (Text(), Text()),
        short: tuple[Text, Text] | None = None,
    ) -> None:
        """``cards`` by seat; ``highlight`` is the seat whose card wins (or is winning);
        ``short``: the captions with long names shortened, for when the others do not fit."""
        self.cards, self.bottom, self.look = dict(cards), bottom, look
        self.highlight, self.captions, self.short = highlight, captions, short
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        self.post_message(TrickClicked())

    def _layout(self) -> tuple[tuple[int, int], dict[int, tuple[int, int]], int, int]:
        """The cards' size, their places, the rows they take, and the row the captions begin
        on (the cards in the middle of the height, the captions under them)."""
        width, height = self.size
        size = LARGE if height >= 13 and width >= 3 * LARGE[0] + 14 else SMALL
        places, card_rows = _PLACES[size]
        if size == SMALL and height < card_rows + CAPTION_ROWS:
            places, card_rows = _CLOSE
        top = max(0, (height - card_rows - CAPTION_ROWS) // 2)
        return size, places, card_rows, top + card_rows

    def caption_row(self) -> int:
        """The row the captions begin on ("Dario led Bastoni"): a side seat's lines end above
        it, so that no line of a seat reads as the caption's end."""
        return self._layout()[3]

    def render(self) -> Text:
        width, height = self.size
        size, places, card_rows, captions_at = self._layout()
        full = size[0]
        width = max(width, 3 * full + 8)
        centre = width // 2 - full // 2
        grid = [[Text(" ")] * width for _ in range(card_rows)]
        for rel, (row, dx) in places.items():
            seat = seat_after(self.bottom, rel)
            card = self.cards.get(seat)
            if card is None:
                lines = blank_box(self.look, size)
            else:
                win = seat == self.highlight
                lines = box_lines(card, self.look, bold_border=win, reverse=win, size=size)
            x = max(0, min(width - full, centre + dx))
            for r, line in enumerate(lines):
                cells = grid[row + r]
                for j in range(full):
                    cells[x + j] = line[j : j + 1]
        rows = [Text("").join(cells) for cells in grid]
        # The cards stay where they are whatever the captions take.
        top = captions_at - card_rows
        room = max(CAPTION_ROWS, height - captions_at)
        rows += self._caption_rows(max(1, self.size.width), room)
        return Text("\n").join([Text()] * top + rows)

    def _caption_rows(self, width: int, room: int) -> list[Text]:
        """The captions centred, each wrapped to ``width``, in ``room`` rows at most (the last
        with an ellipsis if they need more)."""

        def wrapped(captions: tuple[Text, Text]) -> list[Text]:
            rows: list[Text] = []
            for caption in captions:
                rows += _caption_lines(caption, width, self) if caption.plain else [Text()]
            return rows

        rows = wrapped(self.captions)
        if len(rows) > room and self.short is not None:
            rows = wrapped(self.short)
        rows = clipped(rows, room, width, self.look.ellipsis)
        for line in rows:
            line.rstrip()
            line.pad_left(max(0, (width - line.cell_len) // 2))
        return rows


def _caption_lines(caption: Text, width: int, widget: Widget) -> list[Text]:
    """``caption`` in lines of ``width``: too long for one, it is broken after its first colon
    when both halves fit ("Trick 14:" over "Dario led Bastoni", not "Trick 14: Dario led" over
    a lone "Bastoni"), else between words."""
    plain = caption.plain
    cut = plain.find(": ")
    if caption.cell_len > width and cut > 0:
        head, tail = caption[: cut + 1], caption[cut + 2 :]
        if head.cell_len <= width and tail.cell_len <= width:
            return [head, tail]
    return list(caption.wrap(widget.app.console, width))
