"""A seat at a remote table, as the table screen sees it: the session of a match played on a
table server, fed by the server's messages (no Textual here, and no engine: every view comes from
the server, every action goes to it).

It offers the screen what the in-process :class:`~tui.session.Session` offers (seats, views, the
finished hands, ``apply``), with no bots (every other seat is played elsewhere), and calls the
listener given to :meth:`listen` whenever the table changed: a move, a finished hand (see
:meth:`pop_hand_over`), a seat coming or going (see :meth:`pop_notices`), an error.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace

from ai.player import Player
from game.actions import Action
from game.hand import Hand, HandResult
from game.phase import Phase
from game.view import PlayerView
from tui.net import protocol as p
from tui.net.client import TableClient
from tui.session import HUMAN, Seat


@dataclass(frozen=True, slots=True)
class _Rules:
    target: int


class RemoteMatch:
    """The facts of the match the screen asks for, from the latest state (read-only)."""

    def __init__(self, session: RemoteSession) -> None:
        self._session = session

    @property
    def _view(self) -> PlayerView:
        view = self._session.state_view
        assert view is not None
        return view

    @property
    def winner(self) -> int | None:
        return self._session.winner

    @property
    def turn(self) -> int:
        """The seat to act; -1 while this seat's own action is on its way, before the match
        starts and after it ends."""
        session = self._session
        if session.winner is not None or session.pending or not session.started:
            return -1
        return self._view.turn

    @property
    def phase(self) -> Phase:
        return Phase.MATCH_OVER if self._session.winner is not None else self._view.phase

    @property
    def hand_number(self) -> int:
        return self._view.hand_number

    @property
    def results(self) -> list[HandResult]:
        return self._session.results

    @property
    def scores(self) -> list[int]:
        """The match score now (after the last finished hand)."""
        results = self._session.results
        if results and len(results) > self._view.hand_number:
            return list(results[-1].scores_after)
        return list(self._view.scores)

    @property
    def rules(self) -> _Rules:
        return _Rules(self._session.target)

    @property
    def actions(self) -> range:
        """As many entries as actions taken in the match (the screen only counts them)."""
        return range(self._session.ply)


class RemoteSession:
    """This screen's seat at a table server (see the module's docstring)."""

    def __init__(self, client_factory: Callable[[Callable[[p.ServerMessage], None]], TableClient],
                 ) -> None:  # fmt: skip
        self.client = client_factory(self.receive)
        self.seat: int | None = None
        self.target = 800
        self.results: list[HandResult] = []
        self.statuses: tuple[p.SeatStatus, ...] = ()
        self.state_view: PlayerView | None = None
        self.ply = 0
        self.started = False
        self.winner: int | None = None
        self.seed: int | None = None
        self.pending = False  # an action of this seat is on its way to the table
        self.bots: dict[int, Player] = {}  # no seat is played by a bot at this screen
        self.substitutes: dict[int, str] = {}
        self.last_hand: Hand | None = None  # the engine's hand is the server's: never here
        self.match = RemoteMatch(self)
        self.refusal: p.Refused | None = None  # the last error the table answered
        self._hand_overs: deque[p.HandOver] = deque()
        self._last_view: PlayerView | None = None
        self._notices: list[str] = []
        self._listener: Callable[[], None] | None = None
        self._joined = False

    # ----------------------------------------------------------------- the table's messages
    def listen(self, listener: Callable[[], None]) -> None:
        self._listener = listener

    def receive(self, message: p.ServerMessage) -> None:
        """A message of the table (the client calls this on the event loop)."""
        if isinstance(message, p.Welcome):
            self.seat = message.seat
            self.target = message.table.target
            self.results = list(message.table.results)
            if self._joined:
                self._notices.append("Back at the table.")
            self._joined = True
            self.pending = False
            return  # the state follows at once
        if isinstance(message, p.HandOver):
            self._hand_overs.append(message)
            if message.number == len(self.results):
                self.results.append(message.result)
            return  # shown with the state that follows it
        if isinstance(message, p.State):
            self._presence(message.seats)
            self.statuses = message.seats
            self.state_view = message.view
            self.ply, self.started = message.ply, message.started
            self.winner, self.seed = message.winner, message.seed
            self.pending = False
        elif isinstance(message, p.Refused):
            self.refusal = message
            self.pending = False
        else:
            return
        if self._listener is not None:
            self._listener()

    def _presence(self, seats: tuple[p.SeatStatus, ...]) -> None:
        """Notices of seats taken, left, played by a stand-in, back; of the seats still open."""
        before = self.statuses
        open_seats = [str(i + 1) for i, s in enumerate(seats) if s.player == p.OPEN]
        if open_seats and (len(before) != 4 or sum(s.player == p.OPEN for s in before)
                           != len(open_seats)):  # fmt: skip
            which = ", ".join(open_seats[:-1]) + " and " * (len(open_seats) > 1) + open_seats[-1]
            self._notices.append(f"Waiting for players: seat{'s' * (len(open_seats) > 1)} "
                                 f"{which} open. The match starts when every seat is taken.")
        if len(before) != 4:
            return
        for seat, (old, new) in enumerate(zip(before, seats, strict=True)):
            if seat == self.seat:
                continue
            name = new.name
            if old.player == p.OPEN and new.player != p.OPEN:
                self._notices.append(f"{name} took seat {seat + 1}.")
            elif old.connected and not new.connected and new.remote:
                self._notices.append(f"{name} left the table.")
            elif not old.connected and new.connected and new.remote:
                self._notices.append(f"{name} is back.")
            if new.stand_in and not old.stand_in:
                self._notices.append(f"The {new.stand_in} bot plays for {name} until they return.")

    def pop_notices(self) -> list[str]:
        out, self._notices = self._notices, []
        return out

    def pop_hand_over(self) -> HandResult | None:
        """The next finished hand to show (its final table becomes :meth:`last_view`)."""
        if not self._hand_overs:
            return None
        message = self._hand_overs.popleft()
        self._last_view = message.last_view
        return message.result

    def pop_refusal(self) -> p.Refused | None:
        refusal, self.refusal = self.refusal, None
        return refusal

    # ----------------------------------------------------------------- what the screen reads
    @property
    def joined(self) -> bool:
        return self.state_view is not None and self.seat is not None

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Each seat's name, and human or the bot playing it (a stand-in for an absent person)."""
        out = []
        for status in self.statuses:
            if status.player == p.BOT and status.level:
                kind = status.level
            elif status.stand_in:
                kind = status.stand_in
            else:
                kind = HUMAN
            out.append(Seat(kind, status.name))
        return tuple(out)

    @property
    def humans(self) -> list[int]:
        return [] if self.seat is None else [self.seat]

    @property
    def hot_seat(self) -> bool:
        return False

    def is_human(self, seat: int) -> bool:
        return seat == self.seat

    def status_tags(self, seat: int) -> list[str]:
        """What the others should know of a seat: open, away, replaced by a bot."""
        if not self.statuses:
            return []
        status = self.statuses[seat]
        if status.player == p.OPEN:
            return ["open seat"]
        if status.remote and not status.connected:
            return ["away"]
        return []

    def view(self, seat: int) -> PlayerView:
        """This seat's own view (no other exists here); nobody's turn while an action of this
        seat is on its way."""
        view = self.state_view
        assert view is not None and seat == self.seat
        if self.pending or not self.started:
            return replace(view, turn=-1, legal=())
        return view

    def public_view(self, seat: int) -> PlayerView:
        view = self.state_view
        assert view is not None
        return replace(view, hand=0, discard=None, legal=())

    def last_view(self, seat: int | None, bottom: int) -> PlayerView | None:
        return self._last_view

    def bot_rng(self, seat: int) -> random.Random:
        return random.Random(self.seed)

    def undo_point(self, seat: int) -> int | None:
        return None  # what the others have seen is never taken back

    def undo(self, seat: int) -> bool:
        return False

    # ----------------------------------------------------------------- acting
    def apply(self, action: Action) -> HandResult | None:
        """Send this seat's action; the table's next state says what became of it."""
        if self.seat is None or self.pending:
            return None
        if self.client.send(p.act(self.seat, self.ply, action)):
            self.pending = True
        else:
            self._notices.append("Not connected to the table: the move was not sent.")
        return None
