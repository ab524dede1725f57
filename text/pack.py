"""The whole pack of 62 cards drawn as the table draws them: a row for each suit in its own
order, the trumps from the Angelo down and the Matto, each row named, highest card first.

A Rich renderable laid out for the width it is given: where two suits fit side by side their
names go above the cards, else beside them."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text

from game.cards import LONG_SUITS, MAT, SUIT_MASK, SUIT_NAMES, TRUMP, Card, sorted_for_display
from text.language import _, pgettext
from text.render import SMALL, Look, box_lines, mark

PLACE = "<!-- the pack -->"  # where a page of the help shows the pack (a line of its own)

CARD_WIDTH, CARD_HEIGHT = SMALL
GAP = 3  # columns between two groups side by side
_SUITS = range(4)

Block = list[Text]  # lines of one width


def _cards(cards: list[Card], look: Look) -> Block:
    """Cards boxed side by side, as the hand draws them where it is short of room."""
    boxes = [box_lines(c, look) for c in cards]
    return [Text("").join(box[row] for box in boxes) for row in range(CARD_HEIGHT)]


def _width(block: Block) -> int:
    return max((line.cell_len for line in block), default=0)


def _beside(left: Block, right: Block, gap: int = GAP) -> Block:
    """Two blocks side by side, the left one padded to its width, top lines level."""
    width = _width(left)
    height = max(len(left), len(right))
    lines = []
    for row in range(height):
        line = left[row].copy() if row < len(left) else Text("")
        if row < len(right):
            line.pad_right(width - line.cell_len + gap)
            line.append_text(right[row])
        lines.append(line)
    return lines


def _labels(lines: list[str], width: int | None = None) -> Block:
    """A group's name (its first line bold) and what it is, each line padded to ``width``."""
    block = [Text(line, style="bold" if i == 0 else "dim") for i, line in enumerate(lines)]
    if width is not None:
        for line in block:
            line.pad_right(width - line.cell_len)
    return block


class Pack:
    """The 62 cards in ``look``, named in the language spoken when drawn."""

    def __init__(self, look: Look) -> None:
        self.look = look

    def groups(self) -> list[tuple[list[str], list[Card]]]:
        """Each row's name and words, and its cards: the four suits, the trumps, the Matto."""
        groups = []
        for suit in _SUITS:
            kind = _("long suit") if suit in LONG_SUITS else _("round suit")
            name = f"{SUIT_NAMES[suit]} {mark(suit, self.look)}"
            groups.append(([name, kind], sorted_for_display(SUIT_MASK[suit])))
        groups.append(([_("Trumps"), _("high to low")], sorted_for_display(SUIT_MASK[TRUMP])))
        groups.append((["Matto", pgettext("the Matto", "no trump")], [MAT]))
        return groups

    def lines(self, width: int) -> list[Text]:
        """The pack drawn within ``width`` columns (a suit's ten cards and its name are never
        broken: in fewer columns than they take, the lines are longer)."""
        groups = self.groups()
        if 2 * 10 * CARD_WIDTH + GAP <= width:  # two suits side by side: names above
            return self._flow(
                [self._named(words, c) + _cards(c, self.look) for words, c in groups], width
            )
        label = max(cell_len(word) for words, _row in groups for word in words) + 1
        per_row = max(1, (width - label) // CARD_WIDTH)
        lines: list[Text] = []
        *rows, (matto_words, matto) = groups
        for words, cards in rows:
            for start in range(0, len(cards), per_row):
                names = _labels(words if start == 0 else [""], label)
                lines += _beside(names, _cards(cards[start : start + per_row], self.look), 0)
        matto_block = _beside(_labels(matto_words), _cards(matto, self.look), 1)
        last = lines[-CARD_HEIGHT:]
        if _width(last) + GAP + _width(matto_block) <= width:
            lines[-CARD_HEIGHT:] = _beside(last, matto_block)
        else:
            lines += _beside(_labels(matto_words, label), _cards(matto, self.look), 0)
        return lines

    def _named(self, words: list[str], cards: list[Card]) -> Block:
        """A group's name and what it is on one line ("Spade ♠ · long suit"); over a single
        card, its name alone."""
        if len(cards) == 1:
            return _labels(words[:1])
        return [Text.assemble((words[0], "bold"), (f" {self.look.dot} {words[1]}", "dim"))]

    @staticmethod
    def _flow(blocks: list[Block], width: int) -> list[Text]:
        """Blocks left to right, a new row when the next does not fit (a narrow block, the
        Matto's, closer); a blank line between rows."""
        lines: list[Text] = []
        row: Block = []
        for block in blocks:
            gap = GAP if _width(block) > CARD_WIDTH else 2
            if row and _width(row) + gap + _width(block) <= width:
                row = _beside(row, block, gap)
                continue
            if row:
                lines += [*row, Text("")]
            row = block
        return lines + row

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            line.no_wrap = True
            yield line
