"""Lines that wrap between their pieces with a hanging indent: the one wrapper of the game's texts
(the hand review, the play log and what is still out, the printable sheets, the start, scoring
and statistics screens).

A :class:`Hanging` is a lead (a label, a name) and pieces after it (combinations, a hand's suits,
a player's declarations, words). The rows after the first go on under the first piece (or at a
given indent), so the eye finds where the line begins; a row breaks between pieces. A piece too
long for a row of its own breaks between its words, from where the row has got to, and never
leaves one word alone on the last row; a piece that is a :class:`Hanging` itself (a combination:
its name, then its cards) starts a row and goes on under its own first piece, its last row never
one card alone. Nothing is cut: a word longer than a row stands on a row of its own. Rich Text
keeps its styles (words come out of a line as slices of it); plain text is served by
:meth:`Hanging.wrap`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len

if TYPE_CHECKING:  # (plain text needs none of rich's rendering: the statistics import this)
    from rich.console import Console, ConsoleOptions, JustifyMethod, RenderResult
    from rich.text import Text


class _Plain:
    """Plain text with the little of rich's Text the wrapping uses, so that plain text is
    wrapped by the same code without loading rich's rendering."""

    __slots__ = ("plain", "justify")

    def __init__(self, text: str = "") -> None:
        self.plain, self.justify = text, None

    @property
    def cell_len(self) -> int:
        return cell_len(self.plain)

    def copy(self) -> _Plain:
        return _Plain(self.plain)

    def append_text(self, other: _Plain) -> _Plain:
        self.plain += other.plain
        return self

    def rstrip(self) -> None:
        self.plain = self.plain.rstrip()

    def __getitem__(self, where: slice) -> _Plain:
        return _Plain(self.plain[where])

    def __add__(self, other: _Plain) -> _Plain:
        return _Plain(self.plain + other.plain)


ASIDE = r"\([^()\s][^()]*\)[,.;:!?]*"  # words in brackets ("(the Matto: an excuse)")


def _kind(values: Sequence[Any]) -> Any:
    """Rich Text when any of ``values`` is one (or a Hanging of them), else plain text."""
    for value in values:
        if isinstance(value, Hanging):
            if value.kind is not _Plain:
                return value.kind
        elif not isinstance(value, (str, _Plain)):
            from rich.text import Text

            return Text
    return _Plain


@dataclass(slots=True)
class _Part:
    """A piece with the text before it on a row (written unless it begins the row) and, for a
    word of a line, where the word and its gap are in the line (``line[start:end]``)."""

    gap: Any  # Text, or _Plain
    piece: Any  # Text, _Plain or Hanging
    line: Any = None
    start: int = 0
    end: int = 0


class Hanging:
    """``lead`` and then ``pieces`` side by side, ``gap`` apart, in rows of a given width: the
    rows after the first begin ``indent`` cells in (by default under the first piece; when that
    is more than half the row, the lead has its row and the pieces begin at the left edge). See
    the module's notes for how a piece too long for a row goes on."""

    def __init__(
        self,
        lead: Text | str = "",
        pieces: Sequence[Text | str | Hanging] = (),
        gap: str = " ",
        *,
        indent: int | None = None,
        justify: JustifyMethod | None = None,
    ) -> None:
        self.kind = _kind([lead, *pieces])  # Text, or _Plain for plain text
        self.lead = self.kind(lead) if isinstance(lead, str) else lead
        texts = [self.kind(p) if isinstance(p, str) else p for p in pieces]
        self.parts = [_Part(self.kind(gap), p) for p in texts if p.plain]
        self.indent, self.justify = indent, justify
        self.spaces = False  # (a line's words: see words())

    @classmethod
    def words(cls, line: Text | str, indent: int = 0, *, together: str | None = None) -> Hanging:
        """``line`` broken between its words, with the spaces between them (and the ones it
        begins with) as they are, a row that ends inside it with the spaces after its last word
        as far as they fit (as a rich Text wraps); its rows after the first ``indent`` cells in.
        ``together``: a pattern of the words that go on one row when they fit on one (an aside
        in brackets, see :data:`ASIDE`): they start the next row rather than break."""
        text: Any = _Plain(line) if isinstance(line, str) else line  # Text, or _Plain
        wrapped = cls(text.copy()[:0] if text.plain else text.copy(), indent=indent)
        wrapped.spaces = True
        pattern = rf"{together}|\S+" if together else r"\S+"
        ends = [m.end() for m in re.finditer(pattern, text.plain)]
        starts = [0, *ends[:-1]]
        for start, end in zip(starts, ends, strict=True):
            word = text[start:end]
            core = len(word.plain) - len(word.plain.lstrip()) if start else 0
            wrapped.parts.append(_Part(word[:core], word[core:], text, start + core, end))
        return wrapped

    @property
    def plain(self) -> str:
        text: Text | _Plain = self.text()
        return text.plain

    @property
    def cell_len(self) -> int:
        text: Text | _Plain = self.text()
        return text.cell_len

    def text(self) -> Any:
        """Everything on one row (Text, or plain text's stand-in)."""
        return _Row(self.lead.copy(), [_placed(p) for p in self.parts]).text()

    def lines(self, width: int, first: int | None = None) -> list[Text]:
        """The rows as rich Text, each at most ``width`` cells (the first at most ``first``)
        unless a single word is wider."""
        from rich.text import Text

        out = [row.text() for row in self._rows(width, width if first is None else first)]
        out = [Text(line.plain) if isinstance(line, _Plain) else line for line in out]
        for line in out:
            line.justify = self.justify
        return out

    def wrap(self, width: int, first: int | None = None) -> list[str]:
        """The rows as plain text (see :meth:`lines`)."""
        return [row.text().plain for row in self._rows(width, width if first is None else first)]

    def _rows(self, width: int, first: int) -> list[_Row]:
        indent = self.lead.cell_len if self.indent is None else self.indent
        rows = [_Row(self.lead.copy())]
        if indent > width // 2 and self.parts:  # no room beside a long lead: the pieces under it
            rows[0].start.rstrip()
            rows.append(_Row(self.kind()))
            indent = 0

        def blank() -> Any:  # a row that goes on under the first piece begins with it
            return self.kind(" " * indent)

        def room() -> int:
            return (first if len(rows) == 1 else width) - rows[-1].cells

        def put(part: _Part) -> None:
            """On this row when it fits or the row is empty, else on the next."""
            if rows[-1].items and part.gap.cell_len + _whole(part.piece).cell_len > room():
                rows.append(_Row(blank()))
            rows[-1].items.append(_placed(part))

        for part in self.parts:
            piece, whole = part.piece, _whole(part.piece)
            if whole.cell_len + (part.gap.cell_len if rows[-1].items else 0) <= room():
                rows[-1].items.append(_placed(part))
                continue
            if isinstance(piece, Hanging):  # a combination: from a row of its own
                if rows[-1].items:
                    rows.append(_Row(blank()))
                if whole.cell_len <= room():
                    rows[-1].items.append(_placed(part))
                    continue
                row = rows[-1]  # too long for it: on under its own first piece
                below = piece._rows(width - indent, room())
                _no_word_alone(below, width - indent)
                row.start.append_text(below[0].start)
                row.items = below[0].items
                rows += [_Row(blank() + more.start, more.items) for more in below[1:]]
                continue
            words = Hanging.words(piece).parts
            fresh = width - indent if rows[-1].items else room()
            if whole.cell_len <= fresh or len(words) < 2:  # on a row of its own (a word wider
                put(part)  # than a row too, whole)
                continue
            at = len(rows)  # too long for a row: its words from this row on
            words[0].gap = part.gap
            for word in words:
                put(word)
            if part is self.parts[-1] and len(rows) > at:  # (a piece may join its last row)
                _no_word_alone(rows, width)
        last = rows[-1].items
        if self.spaces and len(rows) > 1 and last and " " not in _whole(last[-1].piece).plain:
            _no_word_alone(rows, width)  # a line's last word not alone ("Dario discards two
            # cards" / "face down."), an aside kept whole is no word alone
        for row in rows if self.spaces else ():  # a row ending inside the line keeps its spaces
            row.trail(width)
        return rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)


def _whole(piece: Any) -> Any:
    return piece.text() if isinstance(piece, Hanging) else piece


def _placed(part: _Part) -> _Part:
    """The part as a row holds it: its piece in one row."""
    if isinstance(part.piece, Hanging):
        return _Part(part.gap, part.piece.text())
    return part


class _Row:
    """A row being filled: what it begins with (the lead, a blank indent) and its parts."""

    def __init__(self, start: Any, items: list[_Part] | None = None) -> None:
        self.start, self.items = start, items or []
        self.tail = 0  # the spaces after its last word in its line, when it ends inside one

    def trail(self, width: int) -> None:
        """The spaces that follow the row's last word in its line, as many as fit in ``width``
        (as a rich Text wraps: they keep the line's styles)."""
        last = self.items[-1] if self.items else None
        if last is not None and last.line is not None:
            after = last.line.plain[last.end :]
            spaces = len(after) - len(after.lstrip())
            self.tail = max(0, min(spaces, width - self.cells))

    @property
    def cells(self) -> int:
        text: Text | _Plain = self.text()
        return text.cell_len

    def text(self) -> Any:
        """The row: words that follow each other in a line written as the slice of the line
        they make, its styles as they were (a style over a word and its space stays one)."""
        runs: list[Any] = []
        i = 0
        while i < len(self.items):
            part, j = self.items[i], i + 1
            while part.line is not None and j < len(self.items) and self.items[j].line is part.line:
                j += 1
            if i:
                runs.append(part.gap)
            last = self.items[j - 1]
            tail = self.tail if j == len(self.items) else 0
            runs.append(
                part.line[part.start : last.end + tail]
                if part.line is not None
                else _whole(part.piece)
            )
            i = j
        if not self.start.plain and len(runs) == 1:
            return runs[0].copy()
        out = self.start.copy()
        for run in runs:
            out.append_text(run)
        return out


def _no_word_alone(rows: list[_Row], width: int) -> None:
    """A piece's words never leave one alone on their last row: the word before joins it when
    the row before keeps two or more and they fit."""
    if len(rows) < 2 or len(rows[-1].items) != 1 or len(rows[-2].items) <= 2:
        return
    moved = _Row(rows[-1].start, [rows[-2].items[-1], *rows[-1].items])
    if moved.cells <= width:
        rows[-2].items.pop()
        rows[-1] = moved


class Pairs(Hanging):
    """Pieces of text set side by side ``separator`` apart (two spaces), wrapped between pieces
    only, every row from the left edge."""

    def __init__(
        self,
        pieces: Sequence[Text | Hanging],
        separator: str = "  ",
        *,
        justify: JustifyMethod | None = None,
    ) -> None:
        super().__init__("", pieces, separator, indent=0, justify=justify)
