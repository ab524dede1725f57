"""The end of a hand at the table: its final table in view a moment, then the scoring sheet;
the match, once over, noted for the start screen and added to the statistics."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from textual.app import App

from game.hand import HandResult
from game.history import hand_rows
from game.match import Match
from game.view import PlayerView
from store.lastmatch import LastMatchNote
from store.stats import FinishedMatch, record_finished_match
from table.session import TableSession
from text.hand_review import ReviewSource
from text.render import Look
from text.statistics import recorded_words
from text.words import side_name
from tui.screens.review import ReviewScreen
from tui.screens.scoring import MENU, NEW, QUIT, HandSummary, Reviewer, scoring_screen
from tui.screens.table_notices import Notices


def next_hand_in(*, watching: bool, paused: bool, delay: float) -> float | None:
    """Seconds until the next hand comes by itself after the sheet: when watching (unless
    paused), time to read the sheet at the pace of the bots; None: when asked for."""
    return max(4.0, 10 * delay) if watching and not paused else None


def reviewer(session: TableSession, look: Look) -> Reviewer | None:
    """The review of the match's finished hands, for a session that holds its match or (at a
    network table) has been sent their records (``review_source``)."""
    match: Match | None = getattr(session, "match", None)
    if match is not None:
        seats = session.seats
        return lambda hand: ReviewScreen(ReviewSource.of(match, seats), hand, look=look)
    recorded = getattr(session, "review_source", None)
    sent: ReviewSource | None = recorded() if recorded is not None else None
    if sent is None:
        return None
    return lambda hand: ReviewScreen(sent, hand, look=look)


class EndTable(Protocol):
    """The table screen as the end of a hand sees it."""

    @property
    def app(self) -> App[Any]: ...
    @property
    def session(self) -> TableSession: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def look(self) -> Look: ...
    @property
    def network(self) -> bool: ...
    @property
    def hot_seat(self) -> bool: ...
    @property
    def watching(self) -> bool: ...
    @property
    def paused(self) -> bool: ...
    @property
    def delay(self) -> float: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def bottom(self) -> int: ...
    @property
    def is_attached(self) -> bool: ...

    thinking: int | None
    final: PlayerView | None

    def setting(self, name: str, default: float) -> float: ...
    def hide_hand(self) -> None: ...
    def redraw(self) -> None: ...
    def later(self, seconds: float, then: Callable[[], object]) -> None: ...
    def advance(self) -> None: ...
    def leave(self, choice: str) -> None: ...


class HandEnd:
    """Shows the end of each hand, and records the match once it is over."""

    def __init__(self, table: EndTable, notices: Notices) -> None:
        self.table, self.notices = table, notices
        self._recorded = False  # the finished match went to the statistics

    def ended(self, result: HandResult) -> None:
        """The hand ended with ``result``: its final table, then (after the last trick was
        seen, unless the hand was called out) the sheet."""
        table, session = self.table, self.table.session
        table.hide_hand()  # the final table and the sheet are shared screens
        table.thinking = None
        table.final = session.last_view(table.viewer, table.bottom)
        table.redraw()
        summary = HandSummary(
            hand_number=len(session.results) - 1,
            result=result,
            sides=(side_name(session.seats, 0), side_name(session.seats, 1)),
            winner=session.winner,
            target=session.target,
            history=hand_rows(session.results),
            names=tuple(table.names),
            hot_seat=table.hot_seat,
            declared=table.final.declarations if table.final is not None else (),
        )
        if session.winner is not None:
            self._record()
        pause = table.setting("trick_pause", 1.0) if result.called_out is None else 0.0
        if pause > 0:  # the last trick stays in view a moment
            table.later(pause, lambda: self._show_sheet(summary))
        else:
            self._show_sheet(summary)

    def _show_sheet(self, summary: HandSummary) -> None:
        table = self.table
        self.notices.withdraw_until_turn()  # "The hand is over." is now plain to see
        if table.is_attached:
            # Watching, the next hand comes by itself (unless paused): time to read the sheet.
            next_in = next_hand_in(watching=table.watching, paused=table.paused, delay=table.delay)
            table.app.push_screen(
                scoring_screen(
                    summary,
                    table.look,
                    network=table.network,
                    next_in=next_in,
                    review=reviewer(table.session, table.look),
                ),
                self.after_sheet,
            )

    def after_sheet(self, choice: str | None) -> None:
        """The sheet closed with ``choice``: the next hand, or the match left."""
        table = self.table
        table.final = None
        table.hide_hand()  # the sheet was a shared screen: hand over again
        if table.session.winner is not None or choice in (NEW, MENU, QUIT):
            table.leave(choice or MENU)
            return
        table.advance()

    def _record(self) -> None:
        """Note how the match ended beside the autosave (the start screen says it next time),
        and add it to the statistics, in a thread (it may wait for another program's lock); a
        message comes back as a notification. Only a session that holds its match records it
        (a table server records its own)."""
        session, app = self.table.session, self.table.app
        match = getattr(session, "match", None)
        directory = getattr(app, "directory", None)
        if match is None or directory is None or self._recorded:
            return
        self._recorded = True
        substitutes = session.substitutes
        seats = [(s.name, substitutes.get(i, s.kind)) for i, s in enumerate(session.seats)]
        finished = FinishedMatch.of(match, seats)
        LastMatchNote(directory).write(finished, match)  # what the start screen says next time

        def record() -> None:
            message = record_finished_match(directory, finished)
            if message:
                said = recorded_words(message)
                app.call_from_thread(app.notify, said, severity="warning", timeout=10)

        app.run_worker(record, thread=True, group="statistics", exit_on_error=False)
