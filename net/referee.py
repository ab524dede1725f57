"""The match at a hosted table, driven: whoever is to act is awaited (a connection, under the
turn limit) or asked (a bot of the host, or the stand-in of a person away or out of time, in a
thread), and every action, a connection's or a bot's, is judged by the engine and applied."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from ai.contain import ask
from ai.driver import decision_rng
from ai.player import Player
from ai.spec import label_of, parse_spec
from game.actions import Action
from game.errors import IllegalActionError, SignalRefusedError
from game.hand import HandResult
from game.view import PlayerView
from net import protocol as p
from net.config import TableConfig
from net.refusals import illegal
from net.seating import Seats
from net.turns import TurnLimit
from table.session import Session
from text.language import _
from text.words import bot_level

# Who took an action: the seat's connection, a bot of the host, the stand-in for an absent
# player, the stand-in for a player whose turn limit ran out.
REMOTE, HOST, STAND_IN, TURN_LIMIT = "remote", "host", "stand-in", "turn-limit"


def bot_pause(view: PlayerView, delay: float, trick_pause: float) -> float:
    """How long a bot waits before acting, so people can follow: ``delay``, and ``trick_pause``
    more when it leads after a finished trick (the trick stays in view meanwhile)."""
    leads_after_trick = not view.trick and bool(view.tricks)
    return delay + (trick_pause if leads_after_trick else 0.0)


class Referee:
    """Drives ``session``'s match at the table of ``seats``. ``on_applied(result, seat, by,
    action)`` hears of each action applied (``by``: REMOTE, HOST, STAND_IN or TURN_LIMIT; the
    hand's result when it ended one); ``on_deciding()`` of a stand-in that started deciding for
    a person whose time ran out."""

    def __init__(
        self,
        session: Session,
        config: TableConfig,
        seats: Seats,
        *,
        on_applied: Callable[[HandResult | None, int, str, Action], None],
        on_deciding: Callable[[], None],
        log: Callable[[str], None],
    ) -> None:
        self.session = session
        self.config = config
        self.seats = seats
        self.on_applied = on_applied
        self.on_deciding = on_deciding
        self.log = log
        self.stand_ins: dict[int, Player] = {}  # each seat's stand-in, made when first needed
        self.movers: list[tuple[int, str]] = []  # (seat, REMOTE, HOST, ...) of each action
        self.thinking: tuple[int, int, str] | None = None  # (seat, ply, HOST, STAND_IN or
        # TURN_LIMIT) of the bot's decision in flight
        self.stopped = False  # the table is closing: nobody is asked or awaited any more
        self.turn_limit = TurnLimit(config.turn_limit_s, self._time_up)
        self._task: asyncio.Task[None] | None = None

    # ----------------------------------------------------------------- who acts
    def _player(self, seat: int) -> tuple[Player, str] | None:
        """The bot to act for ``seat`` now (and HOST or STAND_IN), or None when a connection is
        to act."""
        s = self.seats[seat]
        if s.host_bot:
            return self.session.bots[seat], HOST
        if s.stand_in and s.conn is None:
            return self._stand_in(seat), STAND_IN
        return None

    def _stand_in(self, seat: int) -> Player:
        """The stand-in bot of ``seat`` (one per seat, made when first needed)."""
        bot = self.stand_ins.get(seat)
        if bot is None:
            bot = self.stand_ins[seat] = parse_spec(self.config.stand_in, check=False).make()
        return bot

    def _on(self) -> bool:
        """The match is being played: started, not over, the table not closing."""
        return not self.stopped and self.session.match.winner is None and self.seats.started

    def drive(self) -> bool:
        """Whoever is to act: a bot of this table is asked in a thread; a connection is waited
        for (its seat's absence timer and the turn limit run meanwhile). True when a stand-in
        has just started deciding for a person (the seats' ``doing`` changed)."""
        self.keep_turn_limit()
        match = self.session.match
        if not self._on():
            return False
        seat, ply = match.turn, len(match.actions)
        chosen = self._player(seat)
        if chosen is None:
            return False
        bot, by = chosen
        if self.thinking == (seat, ply, by):
            return False
        self._cancel_thinking()
        self.thinking = (seat, ply, by)
        self._task = asyncio.create_task(self._think(bot, seat, ply, by))
        return by == STAND_IN

    def deciding_for(self) -> int | None:
        """The seat whose person a stand-in is making a decision for now, if any."""
        thinking = self.thinking
        if thinking is not None and thinking[2] in (STAND_IN, TURN_LIMIT):
            return thinking[0]
        return None

    def hand_back(self, seat: int) -> None:
        """The person of ``seat`` is back: a stand-in deciding for them because they were away
        stops (a decision of the turn limit stands: the time for it is over)."""
        if self.thinking is not None and self.thinking[0] == seat and self.thinking[2] == STAND_IN:
            self._cancel_thinking()

    # ----------------------------------------------------------------- the turn limit
    def _awaited(self) -> tuple[int, int] | None:
        """(seat, ply) when the match waits for a remote seat's decision, else None."""
        match = self.session.match
        if not self._on():
            return None
        seat = match.turn
        return None if self._player(seat) is not None else (seat, len(match.actions))

    def keep_turn_limit(self) -> None:
        """Keep the turn limit on the decision the match waits for: it starts afresh with each
        decision of a remote seat and stops when a bot of the table acts."""
        self.turn_limit.keep(self._awaited())

    def turn_left(self) -> float | None:
        """Seconds the seat to act has left before the stand-in decides for it; None when no
        limit runs."""
        return self.turn_limit.left()

    def _time_up(self, seat: int, ply: int) -> None:
        """The turn limit ran out: the stand-in makes this one decision for the seat."""
        if self._awaited() != (seat, ply):
            return
        self.log(
            _(
                "{name} (seat {seat}) did not act within {n} s: the {bot} bot decides for them"
            ).format(
                name=self.session.seats[seat].name,
                seat=seat + 1,
                n=f"{self.config.turn_limit_s:g}",
                bot=bot_level(label_of(self.config.stand_in)),
            )
        )
        self._cancel_thinking()
        self.thinking = (seat, ply, TURN_LIMIT)
        self._task = asyncio.create_task(self._think(self._stand_in(seat), seat, ply, TURN_LIMIT))
        self.on_deciding()  # every seat sees the stand-in deciding

    # ----------------------------------------------------------------- acting
    def _cancel_thinking(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self._task, self.thinking = None, None

    async def _think(self, bot: Player, seat: int, ply: int, by: str) -> None:
        match = self.session.match
        view = match.view(seat)
        rng = decision_rng(match.decision_seed, seat, ply)
        started = time.monotonic()
        action, faults = await asyncio.to_thread(ask, bot, view, rng)
        rest = (
            0.0
            if by == TURN_LIMIT
            else bot_pause(view, self.config.bot_delay_s, self.config.trick_pause_s)
        )
        rest -= time.monotonic() - started
        if rest > 0:
            await asyncio.sleep(rest)
        for fault in faults:
            self.log(_("seat {seat}: {fault}").format(seat=seat + 1, fault=fault))
        if len(match.actions) != ply or self.session.match is not match:
            return
        self._task, self.thinking = None, None
        try:
            result = self.session.apply(action)
        except IllegalActionError as exc:  # ask() answers legal actions: never expected
            self.log(
                _("seat {seat}: the bot's action was refused: {why}").format(seat=seat + 1, why=exc)
            )
            return
        self._applied(result, seat, by, action)

    def act(self, seat: int, act: p.Act) -> None:
        """The connection at ``seat`` acts; ProtocolError when the action is refused."""
        match = self.session.match
        if act.seat != seat:
            raise p.ProtocolError(
                p.NOT_YOUR_SEAT,
                f"you play seat {seat + 1}, not seat {act.seat + 1}",
                seat=seat,
                asked=act.seat,
            )
        if match.winner is not None:
            raise p.ProtocolError(p.MATCH_OVER, "the match is over")
        if not self.seats.started:
            raise p.ProtocolError(p.NOT_STARTED, "the match starts when every seat is taken")
        if self.thinking == (seat, act.ply, TURN_LIMIT):
            by = label_of(self.config.stand_in)
            raise p.ProtocolError(
                p.TOO_LATE,
                f"your time for move {act.ply} ran out: the {by} bot is deciding it",
                by=by,
            )
        if match.turn != seat:
            name = self.session.seats[match.turn].name
            raise p.ProtocolError(
                p.NOT_YOUR_TURN,
                f"it is {name}'s turn, not yours",
                turn=match.turn,
                name=name,
            )
        if act.ply != len(match.actions):
            raise p.ProtocolError(
                p.STALE,
                f"that action was for move {act.ply}; the match is at move {len(match.actions)}",
                now=len(match.actions),
            )
        try:
            result = self.session.apply(act.action)
        except SignalRefusedError as exc:  # the code: the player's screen says it in words
            raise p.ProtocolError(p.SIGNAL, str(exc), why=exc.reason) from None
        except IllegalActionError as exc:
            raise p.ProtocolError(p.ILLEGAL, str(exc), **illegal(exc)) from None
        self._applied(result, seat, REMOTE, act.action)

    def _applied(self, result: HandResult | None, seat: int, by: str, action: Action) -> None:
        self.movers.append((seat, by))
        self.on_applied(result, seat, by, action)

    # ----------------------------------------------------------------- stopping
    def halt(self) -> None:
        """The table is closing: nobody is asked or awaited any more (the turn limit stops)."""
        self.stopped = True
        self.keep_turn_limit()

    def close(self) -> None:
        """Stop the decision in flight and close the stand-ins (a bot's process, say)."""
        if self._task is not None:
            self._task.cancel()
        for bot in self.stand_ins.values():
            close = getattr(bot, "close", None)
            if close is not None:
                close()
