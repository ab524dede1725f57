"""Lists of lines: the play log (appended as the hand goes on) and the declarations."""

from __future__ import annotations

import re
from collections import OrderedDict

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import RichLog, Static

from text.language import _
from text.words import short_name
from text.wrapping import ASIDE, Hanging
from tui.widgets.line import same_text
from tui.widgets.underneath import redraw_above


def _same(a: list[Text], b: list[Text]) -> bool:
    return len(a) == len(b) and all(same_text(x, y) for x, y in zip(a, b, strict=True))


def ellipsis(widget: Widget) -> str:
    """The mark of a shortened word in ``widget``'s app ("..." with plain codes)."""
    return "..." if widget.app.has_class("-ascii") else "…"


INDENT = "  "  # the rest of an entry that wraps, and an entry that belongs to the one above


def fitted(line: Text, width: int, mark: str = "…") -> Text:
    """``line`` with the words that would leave a line nearly empty, or be broken in two,
    shortened with ``mark`` (a long name, in Chinese characters say): a word that does not fit
    in the rest of a line stays there, shortened, when at least half the line is left (so an
    arrow or "For" is never alone on its line: "→ 张伟李娜…"); else it goes on to the next line,
    shortened only if it is wider than a line. Trailing punctuation stays whole. Lines after
    the first begin with the indent, as :func:`hanging` wraps them."""
    plain = line.plain
    if cell_len(plain) <= width:
        return line
    parts: list[Text] = []
    pos = col = 0  # col: the cells taken on the line the wrap has reached
    for word in re.finditer(r"(\S+?)([,.;:!?)]*)(?=\s|$)", plain):
        gap, cells = cell_len(plain[pos : word.start()]), cell_len(word.group())
        piece = line[word.start() : word.end()]
        room = width - col - gap
        if cells <= room:
            col += gap + cells
        elif room >= width // 2 or cells > width - len(INDENT):
            if room < width // 2:  # on a line of its own
                room, col, gap = width - len(INDENT), len(INDENT), 0
            core, trail = word.groups()
            piece.plain = short_name(core, room - cell_len(trail), mark) + trail  # (style kept)
            col += gap + piece.cell_len
        else:
            col = len(INDENT) + cells
        parts += [line[pos : word.start()], piece]
        pos = word.end()
    return Text("").join([*parts, line[pos:]])


def cut(line: Text, width: int, mark: str = "…") -> Text:
    """``line`` in one row of ``width`` cells: whole, or cut and ending with ``mark``."""
    if line.cell_len <= width:
        return line
    short = line.copy()
    short.truncate(max(0, width - cell_len(mark)))
    short.append(mark)
    return short


_WRAPPED: OrderedDict[tuple, list[Text]] = OrderedDict()  # the latest wraps, by line and width
_WRAPPED_KEPT = 1024


def hanging(line: Text, width: int, console: Console, mark: str = "…") -> list[Text]:
    """``line`` wrapped to ``width`` between its words, the lines after the first indented (so
    that the eye finds where each entry begins); a word too wide for a line is shortened with
    ``mark`` (see :func:`fitted`). (``console``: unused, the wrap measures cells itself.)

    The same lines are wrapped again and again as the screen is drawn (the log, what is still
    out, the declarations, at each move): the latest wraps are kept, and copies given."""
    if width <= len(INDENT) + 4:
        return [line]
    key = (
        line.plain,
        line.style,
        tuple(line.spans),
        line.justify,
        line.overflow,
        line.no_wrap,
        line.end,
        line.tab_size,
        width,
        mark,
    )
    try:
        rows = _WRAPPED.get(key)
    except TypeError:  # a style that cannot be a key
        return _wrapped(line, width, mark)
    if rows is None:
        rows = _WRAPPED[key] = _wrapped(line, width, mark)
        if len(_WRAPPED) > _WRAPPED_KEPT:
            _WRAPPED.popitem(last=False)
    else:
        _WRAPPED.move_to_end(key)
    return [row.copy() for row in rows]


# What a row break would cut in two where the row after can hold it whole: an aside in brackets
# ("(the Matto: an excuse)"), a side's two names and the points it made ("Bruno & Dario +410")
TOGETHER = rf"{ASIDE}|\S+ & \S+(?: \+\d+,?)?"


def _wrapped(line: Text, width: int, mark: str) -> list[Text]:
    """See :func:`hanging`: an aside in brackets ("(the Matto: an excuse)") or a side's names
    with its points ("Bruno & Dario +410") begins a row rather than break, when it fits in one."""
    return Hanging.words(fitted(line, width, mark), len(INDENT), together=TOGETHER).lines(width)


class PlayLog(RichLog, can_focus=False):
    """The log: given the whole list of lines each time, it writes only the new ones. Scrolled
    to the newest, it never starts with the rest of a wrapped entry: when the rows in view would
    begin inside one, blank rows after the newest entry bring the next entry's start to the top.
    """

    DEFAULT_CSS = """
    PlayLog { height: 1fr; scrollbar-size-vertical: 1; background: transparent; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, auto_scroll=True, min_width=8)
        self._lines: list[Text] = []
        self._starts: list[int] = []  # the row where each entry written begins
        self._pad = 0  # blank rows written after the newest entry

    def show(self, lines: list[Text]) -> None:
        old = self._lines
        if len(self._starts) == len(old) and _same(lines[: len(old)], old):
            new = lines[len(old) :]
            if new:
                self._unpad()
            for line in new:
                self._write(line)
        else:
            self.clear()
            self._starts, self._pad = [], 0
            for line in lines:
                self._write(line)
        self._lines = list(lines)
        self._align()

    def _write(self, line: Text) -> None:
        if self._size_known:  # (before, RichLog keeps the writes for later: see on_resize)
            self._starts.append(len(self.lines))
            # wrapped here, with the scrollbar's column kept free
            line = Text("\n").join(
                hanging(line, self.size.width - 1, self.app.console, ellipsis(self))
            )
        self.write(line)

    def _unpad(self) -> None:
        """Take away the blank rows written after the newest entry (see :meth:`_align`): the
        entries written stay as they are, wrapped once."""
        if not self._pad:
            return
        del self.lines[len(self.lines) - self._pad :]
        self._pad = 0
        self._line_cache.clear()  # (its rows are kept by their number)
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        self.refresh()

    def _align(self) -> None:
        height = self.scrollable_content_region.height
        top = len(self.lines) - height  # the first row in view, scrolled to the end
        if not self._size_known or height <= 0 or top <= 0 or top in self._starts:
            return
        later = [start for start in self._starts if start > top]
        if later:  # (else the newest entry alone is taller than the log: its end shows)
            self._pad = later[0] - top
            for _ in range(self._pad):
                self.write(Text())

    def on_resize(self, event: events.Resize) -> None:
        # After RichLog's own handler, which learns the width the first time.
        self.call_after_refresh(self._rewrite)

    def _rewrite(self) -> None:
        self.clear()  # (and what RichLog kept for later and wrote on learning the width)
        self._starts, self._pad = [], 0
        lines, self._lines = self._lines, []
        self.show(lines)
        redraw_above(self)  # (under a dialog, which shows it through)


class LineList(VerticalScroll, can_focus=False):
    """A short list of lines that changes rarely (the declarations). A line that starts with
    two spaces is indented, and so is the rest of it when it wraps.

    It may be given a shorter form of the same list too (the ``digest``, a line per entry): that
    form is shown when the full one would not fit in the list's ``max-height`` at its width, so
    everything can be read without scrolling; a digest line that wraps goes on indented. Where
    even a row per entry would not fit, the ``packed`` form (every entry in a line, wrapped)."""

    DEFAULT_CSS = """
    LineList { height: auto; scrollbar-size-vertical: 1; }
    LineList > Static { width: 1fr; }
    LineList > Static.-indented { padding-left: 2; }
    """
    INDENT = INDENT

    def __init__(self, *, id: str | None = None, empty: str = "") -> None:
        super().__init__(id=id)
        self.empty = empty  # (marked with N_: said in the language spoken when drawn)
        self._empty_shown = ""
        self._lines: list[Text] = []
        self._digest: list[Text] = []
        self._packed = Text()
        self._shown: tuple[list[Text], int] | None = None  # the rows drawn, at this width

    def compose(self) -> ComposeResult:
        yield Static(Text(_(self.empty) if self.empty else "", style="dim"))

    def show(
        self, lines: list[Text], digest: list[Text] | None = None, packed: Text | None = None
    ) -> None:
        digest, packed = digest or [], packed or Text()
        if (
            _same(lines, self._lines)
            and _same(digest, self._digest)
            and same_text(packed, self._packed)
        ):
            return
        self._lines, self._digest, self._packed = list(lines), list(digest), packed
        self._draw()

    def on_resize(self, event: events.Resize) -> None:
        self._draw()

    def refit(self) -> None:
        """Draw again after its ``max-height`` changed (the screen's layout changed)."""
        self.call_after_refresh(self._draw)

    def _room(self) -> tuple[int, int | None]:
        """The width of a line and the most rows the list may take (None: no limit, or not
        laid out yet)."""
        width = self.size.width - 1  # its scrollbar may be in the way while it changes
        limit = self.styles.max_height
        rows = int(limit.value) if limit is not None and limit.is_cells else None
        return width, (rows if width > 1 else None)

    def _rows(self, lines: list[Text], width: int) -> int:
        console = self.app.console
        indent = len(self.INDENT)
        return sum(
            len(line[indent:].wrap(console, width - indent))
            if line.plain.startswith(self.INDENT)
            else len(line.wrap(console, width))
            for line in lines
        )

    def form(self) -> list[Text]:
        """The lines to show: the full list when it fits (or nothing shorter was given), else
        the digest with its wrapped lines indented, else (still too tall: long names and many
        families) the digest a row per line, each cut with an ellipsis where it must be, else
        (fewer rows than lines) the packed form wrapped, if it fits."""
        width, rows = self._room()
        if rows is None or not self._digest or self._rows(self._lines, width) <= rows:
            return self._lines
        wrapped = self._wrapped(width)
        if len(wrapped) <= rows:
            return wrapped
        mark = ellipsis(self)
        if len(self._digest) > rows and self._packed.plain:
            packed = hanging(self._packed, width, self.app.console, mark)
            if len(packed) <= rows:
                return packed
        return [cut(line, width, mark) for line in self._digest]

    def _wrapped(self, width: int) -> list[Text]:
        """The digest with its wrapped lines indented, every word of it shown."""
        mark = ellipsis(self)
        return [
            row for line in self._digest for row in hanging(line, width, self.app.console, mark)
        ]

    def whole_rows(self) -> int:
        """The fewest rows that show every entry whole at the list's width: the digest's, each
        wrapped where it must be (a row an entry when the list is not laid out yet)."""
        width, _rows = self._room()
        if width <= 1:
            return len(self._digest)
        return len(self._wrapped(width))

    def _draw(self) -> None:
        lines = self.form()
        shown = (lines, self.size.width)
        empty = _(self.empty) if self.empty else ""
        if (
            self._shown is not None
            and self._shown[1] == shown[1]
            and _same(self._shown[0], lines)
            and (lines or empty == self._empty_shown)
        ):
            return
        self._shown, self._empty_shown = shown, empty
        rows = [
            Static(line[len(self.INDENT) :], classes="-indented")
            if line.plain.startswith(self.INDENT)
            else Static(line)
            for line in lines
        ]
        self.remove_children()
        self.mount_all(rows or [Static(Text(empty, style="dim"))])
