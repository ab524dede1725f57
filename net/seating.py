"""The four seats of a hosted table: which are the host's bots, who took each of the others (its
claim: name, person or bot, the hash of its token), the connection at it now, and since when it
has been away; who may have a seat, and the seats as everybody is told of them."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ai.spec import label_of
from net import protocol as p
from net.claims import Claim, token_hash
from net.connection import Connection
from table.session import HUMAN, Seat, Session


@dataclass
class TableSeat:
    """A seat as the server keeps it."""

    host_bot: bool  # played by a bot of the host (never remote)
    claim: Claim | None = None  # who took the remote seat
    conn: Connection | None = None
    away_since: float | None = None  # monotonic time its connection went (None: never, or back)
    stand_in: bool = False  # the stand-in bot plays it now
    timer: asyncio.TimerHandle | None = None
    left: bool = False  # its person left on purpose (``leave``), and has not come back
    doing: str | None = None  # what its person is doing, as the connection said


class Seats:
    """The seats of ``session``'s table, those in ``claimed`` taken already (a resumed table).
    A remote seat away for ``away_timeout_s`` is handed to ``on_away`` (its stand-in), which
    clears the seat's ``timer``."""

    def __init__(
        self,
        session: Session,
        claimed: list[Claim | None] | None,
        away_timeout_s: float,
        on_away: Callable[[int], None],
        grace_s: float = 0.0,
    ) -> None:
        self.session = session
        self.away_timeout_s = away_timeout_s
        self.grace_s = grace_s  # a seat away no longer than this is shown still there
        self.on_away = on_away
        self._seats = [TableSeat(host_bot=not s.human) for s in session.seats]
        for seat, claim in enumerate(claimed or [None] * 4):
            if claim is not None and not self._seats[seat].host_bot:
                self._seats[seat].claim = claim
        if all(s.host_bot for s in self._seats):
            raise ValueError("a table needs at least one seat for someone to join (human)")

    def __getitem__(self, seat: int) -> TableSeat:
        return self._seats[seat]

    def __iter__(self) -> Iterator[TableSeat]:
        return iter(self._seats)

    @property
    def started(self) -> bool:
        """Every remote seat has been taken once: the match is on."""
        return all(s.host_bot or s.claim is not None for s in self._seats)

    def claims(self) -> list[Claim | None]:
        return [s.claim for s in self._seats]

    def connected(self) -> Iterator[tuple[int, Connection]]:
        """Each seat with a connection at it, and the connection."""
        for seat, s in enumerate(self._seats):
            if s.conn is not None:
                yield seat, s.conn

    def name(self, seat: int) -> str:
        return self.session.seats[seat].name

    # ----------------------------------------------------------------- joining
    def seat_for(self, hello: p.Hello) -> int:
        """The seat ``hello`` may have (a newcomer's password checked already); ProtocolError
        (fatal) when none."""
        if hello.token is not None:
            seat = self.holder(hello.token)
            if seat is not None:
                return seat
            raise p.ProtocolError(
                p.TOKEN,
                "this token holds no seat at this table (the table may have been started again)",
            )
        if self.session.match.winner is not None:
            raise p.ProtocolError(p.MATCH_OVER, "the match at this table is over", newcomer=1)
        taken = {
            p.name_key(self.name(i))
            for i, s in enumerate(self._seats)
            if s.host_bot or s.claim is not None
        }
        if p.name_key(hello.name) in taken:
            raise p.ProtocolError(
                p.NAME_TAKEN,
                f"{hello.name} is already at this table: choose another name",
                name=hello.name,
            )
        if hello.seat is not None:
            s = self._seats[hello.seat]
            if s.host_bot:
                raise p.ProtocolError(
                    p.SEAT_TAKEN,
                    f"seat {hello.seat + 1} is played by the host's bot",
                    seat=hello.seat,
                    by=self.name(hello.seat),
                    why=p.HOST_BOT,
                )
            if s.claim is not None:
                raise p.ProtocolError(
                    p.SEAT_TAKEN,
                    f"seat {hello.seat + 1} is {s.claim.name}'s",
                    seat=hello.seat,
                    by=s.claim.name,
                    why=None,
                )
            return hello.seat
        for seat, s in enumerate(self._seats):
            if not s.host_bot and s.claim is None:
                return seat
        raise p.ProtocolError(p.NO_SEAT, "every seat at this table is taken")

    def holder(self, token: str) -> int | None:
        """The seat whose token ``token`` is (each compared in constant time), None for none."""
        for seat, s in enumerate(self._seats):
            if s.claim is not None and s.claim.opens(token):
                return seat
        return None

    def held_by_newer(self, seat: int, conn: Connection) -> bool:
        """Whether ``seat`` is held by a connection opened after ``conn``: of two connections
        with a seat's token, the one opened last keeps it, whichever hello is read first (a
        returning player's older connection, its hello late, never takes the seat back from
        the newer one)."""
        held = self._seats[seat].conn
        return held is not None and held is not conn and held.opened > conn.opened

    def take(self, seat: int, hello: p.Hello) -> str:
        """The newcomer of ``hello`` takes the free ``seat`` (from :meth:`seat_for`): its claim,
        its name at the table; the seat's new token."""
        token = secrets.token_urlsafe(24)
        self._seats[seat].claim = Claim(hello.name, hello.player, _level(hello), token_hash(token))
        self._name_seat(seat, hello.name)
        return token

    def _name_seat(self, seat: int, name: str) -> None:
        """Give ``seat`` its player's name; an open seat that had that name as a placeholder
        gets another (the four names stay different, as a save needs them)."""
        seats = list(self.session.seats)
        seats[seat] = Seat(HUMAN, name)
        for other, s in enumerate(self._seats):
            if (
                other != seat
                and s.claim is None
                and not s.host_bot
                and (p.name_key(seats[other].name) == p.name_key(name))
            ):
                used = {p.name_key(x.name) for x in seats}
                free = next(
                    n
                    for n in (f"Seat {other + 1}", *(f"Seat {other + 1}.{i}" for i in range(1, 9)))
                    if p.name_key(n) not in used
                )
                seats[other] = Seat(HUMAN, free)
        self.session.seats = tuple(seats)

    # ----------------------------------------------------------------- away and back
    def went_away(self, seat: int, now: float) -> None:
        """The seat's connection went at ``now``: its stand-in comes after the away timeout."""
        s = self._seats[seat]
        s.away_since = now
        if s.timer is not None:
            s.timer.cancel()
        loop = asyncio.get_event_loop()
        s.timer = loop.call_later(self.away_timeout_s, self.on_away, seat)

    def came_back(self, seat: int) -> bool:
        """The seat's player is back; whether a stand-in was playing it."""
        s = self._seats[seat]
        if s.timer is not None:
            s.timer.cancel()
            s.timer = None
        was = s.stand_in
        s.away_since, s.stand_in, s.left = None, False, False
        return was

    def shown_here(self, seat: int, now: float) -> bool:
        """Whether the others are shown ``seat``'s player at the table: connected, or gone for
        less than the grace (a connection that comes straight back, a host restarting) and
        neither left on purpose nor played by the stand-in."""
        s = self._seats[seat]
        if s.conn is not None:
            return True
        return (
            s.away_since is not None
            and now - s.away_since < self.grace_s
            and not s.left
            and not s.stand_in
        )

    def stop_timers(self) -> None:
        for s in self._seats:
            if s.timer is not None:
                s.timer.cancel()

    # ----------------------------------------------------------------- telling the table
    def statuses(self, stand_in: str, deciding: int | None) -> list[p.SeatStatus]:
        """The seats as everybody sees them: ``stand_in`` the stand-in bot's name, ``deciding``
        the seat whose person the stand-in is making a decision for now (None: nobody's)."""
        now = time.monotonic()
        out = []
        for seat, s in enumerate(self._seats):
            name = self.name(seat)
            if s.host_bot:
                kind = self.session.substitutes.get(seat, self.session.seats[seat].kind)
                out.append(p.SeatStatus(name, p.BOT, label_of(kind), True, None, None, False))
            elif s.claim is None:
                out.append(p.SeatStatus(name, p.OPEN, None, False, None, None, True))
            else:
                here = self.shown_here(seat, now)
                doing = s.doing if here else None
                out.append(
                    p.SeatStatus(
                        name,
                        s.claim.player,
                        s.claim.level,
                        here,
                        stand_in if s.stand_in else None,
                        None if here or s.away_since is None else round(now - s.away_since, 1),
                        True,
                        p.STAND_IN_DECIDING if deciding == seat else doing,
                    )
                )
        return out


def _level(hello: p.Hello) -> str | None:
    if hello.player != p.BOT:
        return None
    return label_of(hello.level)[:40] if hello.level else "bot"
