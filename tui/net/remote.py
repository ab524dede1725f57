"""A seat at a remote table: the :class:`~tui.session.TableSession` of a match played on a table
server, fed by the server's messages (no Textual here, and no engine: every view comes from the
server, every action goes to it). The table screen plays it exactly as it plays a local match.

Every other seat is played elsewhere, so ``bots`` is empty; the listener given to :meth:`listen`
is called when the table moved on (a seat acted, the match started, this seat's own action was
taken or refused), with the hand's result when a hand ended. ``on_change`` (set by whoever holds
the connection) hears of everything else: seats coming and going (:meth:`pop_notices`), refusals
(:meth:`pop_refusal`), the first state after joining.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from ai.player import Player
from game.actions import Action
from game.hand import HandResult
from game.phase import Phase
from game.view import PlayerView
from tui.net import protocol as p
from tui.net.client import TableClient
from tui.presenter import AWAY, CONNECTED, OPEN_SEAT, bot_tag
from tui.session import HUMAN, Seat


class RemoteSession:
    """This screen's seat at a table server (see the module's docstring)."""

    def __init__(self, client_factory: Callable[[Callable[[p.ServerMessage], None]], TableClient],
                 ) -> None:  # fmt: skip
        self.client = client_factory(self.receive)
        self.seat: int | None = None
        self.target = 800
        self.statuses: tuple[p.SeatStatus, ...] = ()
        self.state: p.State | None = None  # the latest state the table sent
        self.pending = False  # an action of this seat is on its way to the table
        self.bots: dict[int, Player] = {}  # no seat is played by a bot at this screen
        self.substitutes: dict[int, str] = {}
        self.refusal: p.Refused | None = None  # the last error the table answered
        self.on_change: Callable[[], None] | None = None
        self._results: list[HandResult] = []
        self._hand_over: p.HandOver | None = None  # a hand ended: told with the next state
        self._last_view: PlayerView | None = None
        self._notices: list[str] = []
        self._listener: Callable[[HandResult | None], None] | None = None
        self._joined = False

    # ----------------------------------------------------------------- the table's messages
    def listen(self, listener: Callable[[HandResult | None], None]) -> None:
        self._listener = listener

    def receive(self, message: p.ServerMessage) -> None:
        """A message of the table (the client calls this on the event loop)."""
        if isinstance(message, p.Welcome):
            self.seat = message.seat
            self.target = message.table.target
            self._results = list(message.table.results)
            if self._joined:
                self._notices.append("Back at the table.")
            self._joined = True
            return  # the state follows at once
        if isinstance(message, p.HandOver):
            self._hand_over = message
            return  # told with the state that follows it
        before = self._moment()
        if isinstance(message, p.State):
            self._presence(message.seats)
            self.statuses, self.state = message.seats, message
            self.pending = False
        elif isinstance(message, p.Refused):
            self.refusal = message
            self.pending = False
        else:
            return
        hand_over, self._hand_over = self._hand_over, None
        if hand_over is not None and hand_over.number == len(self._results):
            self._results.append(hand_over.result)
            self._last_view = hand_over.last_view
        else:
            hand_over = None  # one this seat has already seen (joining again)
        if self.on_change is not None:
            self.on_change()
        if self._listener is not None and self.joined:
            if hand_over is not None:
                self._listener(hand_over.result)
            elif self._moment() != before:
                self._listener(None)

    def _moment(self) -> tuple[int, int, int | None]:
        """What the table screen follows: the move, whose turn it is here, the match's end."""
        return self.ply, self.turn, self.winner

    def _presence(self, seats: tuple[p.SeatStatus, ...]) -> None:
        """Notices of seats taken, left, played by a stand-in, back."""
        before = self.statuses
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

    def pop_refusal(self) -> p.Refused | None:
        refusal, self.refusal = self.refusal, None
        return refusal

    # ----------------------------------------------------------------- the TableSession
    @property
    def joined(self) -> bool:
        return self.state is not None and self.seat is not None

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Each seat's name, and human or the bot playing it (a bot of the host, or a bot client;
        a stand-in for an absent person is told by :attr:`presence`)."""
        return tuple(Seat(s.level if s.player == p.BOT and s.level else HUMAN, s.name)
                     for s in self.statuses)  # fmt: skip

    @property
    def presence(self) -> dict[int, tuple[str, ...]]:
        """Who is at each seat taken over the network (``tui.presenter.Scene.presence``)."""
        out: dict[int, tuple[str, ...]] = {}
        for seat, s in enumerate(self.statuses):
            if seat == self.seat or not s.remote:
                continue
            if s.player == p.OPEN:
                out[seat] = (OPEN_SEAT,)
            elif s.connected:
                out[seat] = (CONNECTED,)
            else:
                out[seat] = (AWAY, bot_tag(s.stand_in)) if s.stand_in else (AWAY,)
        return out

    @property
    def humans(self) -> list[int]:
        return [] if self.seat is None else [self.seat]

    @property
    def turn(self) -> int:
        """The seat to act; -1 before the match starts, after it ends, and while this seat's own
        action is on its way (nothing is asked twice)."""
        state = self.state
        if state is None or state.winner is not None or self.pending or not state.started:
            return -1
        return state.view.turn

    @property
    def phase(self) -> Phase:
        assert self.state is not None
        return Phase.MATCH_OVER if self.state.winner is not None else self.state.view.phase

    @property
    def ply(self) -> int:
        return 0 if self.state is None else self.state.ply

    @property
    def winner(self) -> int | None:
        return None if self.state is None else self.state.winner

    @property
    def results(self) -> Sequence[HandResult]:
        return tuple(self._results)

    def view(self, seat: int) -> PlayerView:
        """This seat's own view (no other exists here); nobody's turn while this seat's action
        is on its way or the match has not started."""
        state = self.state
        assert state is not None and seat == self.seat
        if self.turn != state.view.turn:
            return replace(state.view, turn=-1, legal=())
        return state.view

    def public_view(self, seat: int) -> PlayerView:
        return replace(self.view(self.seat if self.seat is not None else seat), hand=0,
                       discard=None, legal=())  # fmt: skip

    def last_view(self, seat: int | None, bottom: int) -> PlayerView | None:
        """The final table of the hand that just ended, as this seat saw it."""
        view = self._last_view
        if view is None or seat is not None:
            return view
        return replace(view, hand=0, discard=None, legal=())

    def call_out_needs(self, seat: int) -> int | None:
        """What the table's engine says this seat's side still has to declare to call out."""
        state = self.state
        return None if state is None or seat != self.seat else state.call_out_needs

    def bot_rng(self, seat: int) -> random.Random:
        """The generator the table seeded for this seat's decision (a hint may use it)."""
        return random.Random(None if self.state is None else self.state.seed)

    def undo_point(self, seat: int) -> int | None:
        return None  # what the others have seen is never taken back

    def undo(self, seat: int) -> bool:
        return False

    # ----------------------------------------------------------------- acting
    def apply(self, action: Action) -> HandResult | None:
        """Send this seat's action; the table's next state says what became of it (a hand it
        ends is told through the listener, as every hand is)."""
        if self.seat is None or self.turn != self.seat:
            return None
        if self.client.send(p.act(self.seat, self.ply, action)):
            self.pending = True
        else:
            self._notices.append("Not connected to the table: the move was not sent.")
            if self.on_change is not None:
                self.on_change()
        return None
