"""The table's sidebar: the score box, the declarations, the cards still out and the log, and how
they share its rows."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.css.query import NoMatches
from textual.css.scalar import Scalar
from textual.widgets import Static

from text.language import N_, _, current
from text.presenter import TableTexts
from tui.widgets.log import LineList, PlayLog
from tui.widgets.outlist import OutList
from tui.widgets.scoreboard import ScoreBoard

# The rows the log keeps beside the score, the declarations and what is still out (it is what
# tells a player who just took the keyboard what happened): LOG_ROWS where the table has rows
# enough for what is still out beside it, LOG_FEW where it has not.
LOG_ROWS = 5
LOG_FEW = 4
# A sidebar of fewer rows has the score box in its short form beside what is still out (see
# Sidebar.share).
SHORT_ROWS = 26


DECLARATIONS, LOG = N_("Declarations"), N_("Log")


class Sidebar(Vertical):
    """Beside the felt. What is still out is listed beside the declarations and the log
    (``-counting``: the declarations take fewer rows) or alone in their place
    (``-counting-alone``); see :meth:`fit_out`."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._digest: list[Text] = []  # the declarations, a line a seat (see share)
        self._roomy = True  # rows enough for what is still out beside the log (see fit_out)
        self._out_title = _("Still out")
        self._spoken = current()  # the language of the titles

    def compose(self) -> ComposeResult:
        yield ScoreBoard(id="score")
        yield Static(_(DECLARATIONS), classes="side-title", id="declarations-title")
        yield LineList(id="declarations", empty=N_("none yet"))
        yield Static(_("Still out"), classes="side-title", id="out-title")
        yield OutList(id="out")
        yield Static(_(LOG), classes="side-title", id="log-title")
        yield PlayLog(id="log")

    def show(self, texts: TableTexts) -> None:
        """The sidebar's texts (its rows are shared again by :meth:`share`)."""
        if self._spoken != current():  # another language chosen since they were composed
            self._spoken = current()
            self.query_one("#declarations-title", Static).update(_(DECLARATIONS))
            self.query_one("#log-title", Static).update(_(LOG))
        self.query_one(ScoreBoard).show(texts.score)
        self.query_one("#declarations", LineList).show(
            texts.declarations, texts.digest, texts.declared
        )
        self._digest = texts.digest
        self.query_one(PlayLog).show(texts.log)
        self.query_one(OutList).show(texts.out, texts.out_suits)
        if texts.out_title != self._out_title:
            self._out_title = texts.out_title
            self.query_one("#out-title", Static).update(texts.out_title)

    def fit_out(self, wanted: bool, roomy: bool) -> bool:
        """What is still out, when ``wanted`` and there is something to list: beside the
        declarations and the log when ``roomy``, else in their place. True when that changed
        (the rows are to be shared again)."""
        self._roomy = roomy
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
        """Share the rows: what is still out takes those it needs, and where the rest is short
        each part gives up rows in turn, the least useful first: the declarations their cards,
        the score box its hand so far in lines of its own (``compact``) where that keeps every
        declaration whole, the log its rows beyond LOG_FEW, the declarations their rows to be
        read whole (and the box its lines, when it has not yet), the log its rows down to its
        least, and last the declarations their line a seat (a line for all: names and points).
        The log takes what is left."""
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
        rest = sum(
            w.outer_size.height
            for w in self.children
            if w.display and w not in (listed, board) and w.id != "log"
        )
        height = self.content_region.height - rest
        if not listed.display:  # (what is still out alone under the scores: o on few rows)
            board.set_compact(full > height)
            return
        keep = LOG_ROWS if self._roomy else LOG_FEW
        a_seat = max(1, len(self._digest))  # the declarations, a line each
        whole = max(a_seat, listed.whole_rows())  # ... each read whole, wrapped
        # beside what is still out in a short sidebar the score box keeps its short form through
        # the hand (what is still out takes fewer rows as the hand goes on: the box would change
        # its form between two tricks)
        beside = self.has_class("-counting") and self.content_region.height < SHORT_ROWS
        # (the hand so far beside the scores where that keeps every declaration whole: where
        # even then they would not be, it keeps its lines and the declarations a line each)
        whole_if_compact = full + keep + whole > height >= compact + keep + whole
        board.set_compact(beside or full + keep + a_seat > height or whole_if_compact)
        left = height - (compact if board.compact else full)
        room = left - min(keep, max(LOG_FEW, left - whole))
        if room < a_seat:  # a line a seat before the log's rows beyond its least
            log = self.query_one("#log")
            least = log.styles.min_height
            floor = int(least.value) if least is not None and least.is_cells else LOG_FEW
            room = max(room, min(a_seat, left - floor))
        most = listed.styles.base.max_height
        rows = max(1, min(int(most.value), room) if most is not None else room)
        if listed.styles.inline.max_height != Scalar.from_number(rows):
            listed.styles.inline.max_height = rows
            listed.refit()
