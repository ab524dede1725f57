"""The table's sidebar: the score box, the declarations, the cards still out and the log, and how
they share its rows."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.css.scalar import Scalar
from textual.widgets import Static

from tui.presenter import TableTexts
from tui.widgets.log import LineList, PlayLog, ellipsis, hanging
from tui.widgets.outlist import OutList
from tui.widgets.scoreboard import ScoreBoard

# The fewest rows the log keeps beside the score, the declarations and what is still out.
LOG_ROWS = 3


class Sidebar(Vertical):
    """Beside the felt. What is still out is listed beside the declarations and the log
    (``-counting``: the declarations take fewer rows) or alone in their place
    (``-counting-alone``); see :meth:`fit_out`."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._declared: list[Text] = []  # the declarations as listed (see share)
        self._digest: list[Text] = []
        self._out_title = "Still out"

    def compose(self) -> ComposeResult:
        yield ScoreBoard(id="score")
        yield Static("Declarations", classes="side-title")
        yield LineList(id="declarations", empty="none yet")
        yield Static("Still out", classes="side-title", id="out-title")
        yield OutList(id="out")
        yield Static("Log", classes="side-title", id="log-title")
        yield PlayLog(id="log")

    def show(self, texts: TableTexts) -> None:
        """The sidebar's texts (its rows are shared again by :meth:`share`)."""
        self.query_one(ScoreBoard).show(texts.score)
        self.query_one("#declarations", LineList).show(texts.declarations, texts.digest)
        self._declared, self._digest = texts.declarations, texts.digest
        self.query_one(PlayLog).show(texts.log)
        self.query_one(OutList).show(texts.out)
        if texts.out_title != self._out_title:
            self._out_title = texts.out_title
            self.query_one("#out-title", Static).update(texts.out_title)

    def fit_out(self, wanted: bool, roomy: bool) -> bool:
        """What is still out, when ``wanted`` and there is something to list: beside the
        declarations and the log when ``roomy``, else in their place. True when that changed
        (the rows are to be shared again)."""
        shown = wanted and bool(self.query_one(OutList).lines)
        beside = shown and roomy
        before = (self.has_class("-counting"), self.has_class("-counting-alone"))
        self.set_class(beside, "-counting")
        self.set_class(shown and not beside, "-counting-alone")
        if (beside, shown and not beside) == before:
            return False
        self.query_one("#declarations", LineList).refit()
        return True

    def share(self) -> None:
        """Share the rows: the log keeps LOG_ROWS; the declarations get the rows to be read
        whole (each in a line where the cards do not fit), more up to the stylesheet's most
        where there is room; the hand so far has a line a side under the scores when the rest
        leaves it room, else it goes beside them (the score box's ``compact`` form). What is
        still out, beside, takes the rows it needs."""
        if not self.is_attached:
            return
        try:  # (a refresh may come while the screen is being taken down)
            listed = self.query_one("#declarations", LineList)
            board = self.query_one(ScoreBoard)
        except NoMatches:
            return
        full = board.height_with_lines  # the hand so far in lines of its own
        compact = full - board.own_rows
        # the titles and what is still out (what the declarations and the log share the rest of)
        rest = sum(w.outer_size.height for w in self.children
                   if w.display and w not in (listed, board) and w.id != "log")
        height = self.content_region.height - rest
        if not listed.display:  # (80x24 with o: what is still out alone under the scores)
            board.set_compact(full > height)
            return
        board.set_compact(full + LOG_ROWS + self._declarations_whole(listed) > height)
        room = height - (compact if board.compact else full) - LOG_ROWS
        most = listed.styles.base.max_height
        rows = max(1, min(int(most.value), room) if most is not None else room)
        if listed.styles.inline.max_height != Scalar.from_number(rows):
            listed.styles.inline.max_height = rows
            listed.refit()

    def _declarations_whole(self, listed: LineList) -> int:
        """The fewest rows in which the declarations can be read whole at the list's width:
        a line each (the digest), wrapped, else the full list."""
        width = listed.size.width - 1  # (as the list counts, its scrollbar's column kept)
        lines = self._digest or self._declared
        if width <= 8 or not lines:
            return 1
        console = self.app.console
        return sum(len(hanging(line, width, console, ellipsis(listed))) for line in lines)
