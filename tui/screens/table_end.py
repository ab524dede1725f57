"""The end of a hand at the table: its final table in view a moment, then the scoring sheet;
the match, once over, noted for the start screen and added to the statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.hand import HandResult
from game.history import hand_rows
from store.lastmatch import LastMatchNote
from store.stats import FinishedMatch, record_finished_match
from table.session import side_name
from tui.screens.scoring import MENU, NEW, QUIT, HandSummary, scoring_screen

if TYPE_CHECKING:
    from tui.screens.table import TableScreen


class HandEnd:
    """Mixed into :class:`~tui.screens.table.TableScreen`."""

    def _hand_ended(self: TableScreen, result: HandResult) -> None:
        if self.hot_seat:
            self._hide_hand()  # the final table and the sheet are shared screens
        self.thinking = None
        self.final = self.session.last_view(self.viewer, self.bottom)
        self.redraw()
        summary = HandSummary(
            hand_number=len(self.session.results) - 1,
            result=result,
            sides=(side_name(self.session.seats, 0), side_name(self.session.seats, 1)),
            winner=self.session.winner,
            target=self.session.target,
            history=hand_rows(self.session.results),
            names=tuple(self.names),
            hot_seat=self.hot_seat,
            declared=self.final.declarations if self.final is not None else (),
        )
        if self.session.winner is not None:
            self._record_statistics()
        pause = self._setting("trick_pause", 1.0) if result.called_out is None else 0.0
        if pause > 0:  # the last trick stays in view a moment
            self._later(pause, lambda: self._show_sheet(summary))
        else:
            self._show_sheet(summary)

    def _show_sheet(self: TableScreen, summary: HandSummary) -> None:
        self._timer = None
        self._withdraw(self._until_turn)  # "The hand is over." is now plain to see
        if self.is_attached:
            # Watching, the next hand comes by itself (unless paused): time to read the sheet.
            next_in = max(4.0, 10 * self.delay) if self.watching and not self.paused else None
            self.app.push_screen(
                scoring_screen(
                    summary,
                    self.look,
                    network=self.network,
                    next_in=next_in,
                    review=self._reviewer(),
                ),
                self._after_sheet,
            )

    def _record_statistics(self: TableScreen) -> None:
        """Note how the match ended beside the autosave (the start screen says it next time),
        and add it to the statistics, in a thread (it may wait for another program's lock); a
        message comes back as a notification. Only a session that holds its
        match records it (a table server records its own)."""
        match = getattr(self.session, "match", None)
        directory = getattr(self.app, "directory", None)
        if match is None or directory is None or self._recorded:
            return
        self._recorded = True
        substitutes = self.session.substitutes
        seats = [(s.name, substitutes.get(i, s.kind)) for i, s in enumerate(self.session.seats)]
        finished = FinishedMatch.of(match, seats)
        LastMatchNote(directory).write(finished, match)  # what the start screen says next time
        app = self.app

        def record() -> None:
            message = record_finished_match(directory, finished)
            if message:
                app.call_from_thread(app.notify, message, severity="warning", timeout=10)

        app.run_worker(record, thread=True, group="statistics", exit_on_error=False)

    def _after_sheet(self: TableScreen, choice: str | None) -> None:
        self.final = None
        if self.hot_seat:
            self._hide_hand()  # the sheet was a shared screen: hand over again
        if self.session.winner is not None or choice in (NEW, MENU, QUIT):
            self._leave(choice or MENU)
            return
        self.advance()
