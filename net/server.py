"""The table server (``tarocchino host``): the one engine of a match played over the network.

It holds the :class:`~table.session.Session` (the :class:`~game.match.Match` and its seats), sends
each connection only its own seat's view and the public state of the table, and judges every
action with the engine. Seats are of two kinds: the host's own bots (played here), and remote
seats that a connection takes (a person's table, or a bot client). A remote seat whose connection
is gone longer than ``away_timeout_s`` is played by a stand-in bot until its player comes back
with the seat's token; a remote seat that takes longer than ``turn_limit_s`` over one decision
(connected or not) has that decision made by the stand-in. Hostile or broken clients get an
error and, when they insist, are disconnected; the table never changes because of them.

Headless: no Textual here. Autosaves like local play (:class:`~store.save.SaveStore`), the seats'
claims beside it (:class:`~net.claims.ClaimStore`), so a restarted host resumes the table.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import math
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from aiohttp import WSCloseCode, WSMsgType, web

from ai.contain import ask
from ai.driver import decision_rng, decision_seed
from ai.player import Player
from ai.spec import label_of, parse_spec
from game.actions import Action
from game.errors import IllegalActionError, RecordError
from game.files import write_atomic
from game.hand import Hand, HandResult
from game.history import replay_hands
from game.phase import Phase
from game.record import AWAY, LEFT, MAX_BOT_NAME, OUT_OF_TIME, StandIn, stand_ins_from_json
from game.view import PlayerView
from net import protocol as p
from net.addresses import listen_hosts
from net.claims import Claim, ClaimStore, token_hash
from net.guesses import WrongPasswords
from store.save import SaveStore, to_save_json
from store.stats import FinishedMatch
from table.session import HUMAN, Seat, Session

DEFAULT_TURN_LIMIT_S = 120.0  # a remote seat's time for one decision
MIN_TURN_LIMIT_S = 5.0  # a shorter limit than this is no time for a person to decide
CLOSE_POLICY = WSCloseCode.POLICY_VIOLATION  # 1008: a client broke the rules
CLOSE_TOO_BIG = WSCloseCode.MESSAGE_TOO_BIG  # 1009
# Who took an action: the seat's connection, a bot of the host, the stand-in for an absent
# player, the stand-in for a player whose turn limit ran out.
REMOTE, HOST, STAND_IN, TURN_LIMIT = "remote", "host", "stand-in", "turn-limit"
FATAL = {
    p.VERSION,
    p.HELLO_FIRST,
    p.HELLO_TIMEOUT,
    p.PASSWORD,
    p.TOKEN,
    p.SEAT_TAKEN,
    p.NO_SEAT,
    p.NAME_TAKEN,
    p.TOO_LONG,
    p.FLOOD,
    p.TOO_MANY_ERRORS,
    p.REPLACED,
}


@dataclass(frozen=True, slots=True)
class TableConfig:
    """The host's settings and the limits every connection plays under."""

    password: str | None = None  # asked of a newcomer (a returning player shows its token)
    away_timeout_s: float = 60.0  # a remote seat empty this long is played by the stand-in
    stand_in: str = "medium"  # the bot spec that plays an empty seat
    turn_limit_s: float = DEFAULT_TURN_LIMIT_S  # a remote seat's decision not made in this
    # time is made by the stand-in (0: no limit)
    bot_delay_s: float = 0.6  # the host's bots (and stand-ins) wait this long before acting
    trick_pause_s: float = 1.0  # ... and this much more before leading a trick
    hello_timeout_s: float = 10.0  # a connection must say hello within this time
    heartbeat_s: float = 15.0  # a connection that answers no ping for this long is gone
    rate: float = 20.0  # messages a second a connection may send, on average ...
    burst: int = 40  # ... with bursts of this many
    max_strikes: int = 10  # refused messages before a connection is closed
    max_pending: int = 16  # connections that have not said hello yet
    max_queue: int = 500  # messages waiting to be sent to one connection (else it is too slow)

    def __post_init__(self) -> None:
        for name in (
            "away_timeout_s",
            "turn_limit_s",
            "bot_delay_s",
            "trick_pause_s",
            "hello_timeout_s",
            "heartbeat_s",
            "rate",
        ):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
                raise ValueError(f"{name} must be a number of seconds >= 0, not {value!r}")
        if self.turn_limit_s > p.MAX_LIMIT_S:
            raise ValueError(f"turn_limit_s must be at most {p.MAX_LIMIT_S:g} seconds")
        if self.password is not None and not 0 < len(self.password) <= p.MAX_SECRET:
            raise ValueError(f"the password must be 1 to {p.MAX_SECRET} characters")


@dataclass(frozen=True, slots=True)
class HostRequest:
    """How to host the table set up on the start screen."""

    port: int
    bind: str
    password: str | None
    turn_limit_s: float = DEFAULT_TURN_LIMIT_S


def bot_pause(view: PlayerView, delay: float, trick_pause: float) -> float:
    """How long a bot waits before acting, so people can follow: ``delay``, and ``trick_pause``
    more when it leads after a finished trick (the trick stays in view meanwhile)."""
    leads_after_trick = not view.trick and bool(view.tricks)
    return delay + (trick_pause if leads_after_trick else 0.0)


class _Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.level = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True

    def refund(self) -> None:
        """Give back the token of a message that was an accepted action: those come one a turn
        at most, so the game's own pace limits them (a fast bot is no flood)."""
        self.level = min(self.burst, self.level + 1)


class _Connection:
    """One WebSocket: its seat once it has joined, its outgoing queue and its strikes."""

    def __init__(self, ws: web.WebSocketResponse, peer: str, config: TableConfig) -> None:
        self.ws = ws
        self.peer = peer
        self.seat: int | None = None
        self.version = 1  # the protocol version it speaks (said in its hello)
        self.bucket = _Bucket(config.rate, config.burst)
        self.strikes = 0
        self.outbox: asyncio.Queue[tuple[str, int, str] | None] = asyncio.Queue()
        self.max_queue = config.max_queue
        self.closed = False

    def send(self, message: dict) -> None:
        """Queue a message (never blocks); a client too slow to read them is dropped."""
        if self.closed:
            return
        if self.outbox.qsize() >= self.max_queue:
            self.close(WSCloseCode.TRY_AGAIN_LATER, "too slow to read the table's messages")
            return
        self.outbox.put_nowait(("send", 0, p.encode(message)))

    def close(self, code: int = WSCloseCode.OK, reason: str = "") -> None:
        """Close after the messages already queued (an error explaining why, say)."""
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(("close", int(code), reason[:120]))

    async def write(self) -> None:
        """Send the queue in order, until closed."""
        while True:
            item = await self.outbox.get()
            if item is None:
                return
            what, code, text = item
            try:
                if what == "send":
                    await self.ws.send_str(text)
                else:
                    await self.ws.close(code=code, message=text.encode())
                    return
            except (ConnectionError, RuntimeError):
                return


@dataclass
class _SeatState:
    """A seat as the server keeps it."""

    host_bot: bool  # played by a bot of the host (never remote)
    claim: Claim | None = None  # who took the remote seat
    conn: _Connection | None = None
    away_since: float | None = None  # monotonic time its connection went (None: never, or back)
    stand_in: bool = False  # the stand-in bot plays it now
    timer: asyncio.TimerHandle | None = None
    left: bool = False  # its person left on purpose (``leave``), and has not come back
    doing: str | None = None  # what its person is doing, as the connection said (v4)


class TableServer:
    """One table: a session, its seats and connections. ``start`` serves it on a port;
    ``finished`` is set when the match is over and everybody has left (or ``close`` was called).
    """

    def __init__(
        self,
        session: Session,
        config: TableConfig | None = None,
        *,
        store: SaveStore | None = None,
        claims: ClaimStore | None = None,
        claimed: list[Claim | None] | None = None,
        on_match_over: Callable[[Session], None] | None = None,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.session = session
        self.config = config or TableConfig()
        parse_spec(self.config.stand_in)  # SpecError now rather than mid-match
        self.store = store
        self.claims = claims
        self.on_match_over = on_match_over
        self.log = log or (lambda text: None)
        self._saver = _Saver(store, self.log)
        self.seats = [_SeatState(host_bot=not s.human) for s in session.seats]
        for seat, claim in enumerate(claimed or [None] * 4):
            if claim is not None and not self.seats[seat].host_bot:
                self.seats[seat].claim = claim
        if not any(not s.host_bot for s in self.seats):
            raise ValueError("a table needs at least one seat for someone to join (human)")
        self.stand_ins: dict[int, Player] = {}
        self.connections: set[_Connection] = set()
        self.results: list[HandResult] = list(session.match.results)
        self.hands: dict[int, Hand] = {}  # the finished hands by number (their records)
        try:
            self.hands = dict(enumerate(replay_hands(session.match)))
        except ValueError as exc:  # a saved match that does not replay: no review of it
            self.log(f"the finished hands cannot be replayed for their review: {exc}")
        self.finished = asyncio.Event()
        self.wrong_passwords = WrongPasswords()  # (a password is not guessed at network speed)
        self.messages_sent = 0
        self.movers: list[tuple[int, str]] = []  # (seat, REMOTE, HOST or STAND_IN) of each action
        # hand number -> index of the action in the hand (the discard 0) -> the stand-in and why:
        # the decisions a stand-in made for a person away, gone or out of time (the review's
        # "(bot)")
        self.stand_in_moves: dict[int, dict[int, StandIn]] = {}
        if claims is not None and any(c is not None for c in claimed or ()):  # resumed
            self.stand_in_moves = self._resumed_stand_ins(claims)
        self._thinking: tuple[int, int, str] | None = None  # (seat, ply, HOST, STAND_IN or
        # TURN_LIMIT) of the bot's decision in flight
        self._turn: tuple[int, int, float] | None = None  # (seat, ply, deadline) of the turn limit
        self._turn_timer: asyncio.TimerHandle | None = None
        self._task: asyncio.Task[None] | None = None
        self._runner: web.AppRunner | None = None
        self._pending = 0
        self._closing = False
        self._lingering = ""  # who the finished table still waits for, as last logged
        now = time.monotonic()
        for seat, s in enumerate(self.seats):  # a resumed table: everybody is away until back
            if s.claim is not None:
                self._went_away(seat, now)

    def _resumed_stand_ins(self, claims: ClaimStore) -> dict[int, dict[int, StandIn]]:
        """The stand-ins' decisions kept beside a resumed table (those the match has: the
        autosave may be a move behind); none when they cannot be read."""
        match = self.session.match
        per_hand = [
            len(self.hands[n].history) for n in range(len(match.results)) if n in self.hands
        ]
        if len(per_hand) != len(match.results):
            return {}  # the finished hands did not replay (logged above)
        if match.winner is None:
            per_hand.append(len(match.hand.history))
        try:
            return stand_ins_from_json(claims.read_stand_ins(), per_hand, beyond=True)
        except RecordError as exc:
            self.log(f"the stand-ins' moves of the saved table cannot be read: {exc}")
            return {}

    # ----------------------------------------------------------------- serving
    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``host:port`` (0: a free port); the port listened on."""
        app = web.Application()
        app.router.add_get("/", self._handle)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        try:
            for address in listen_hosts(host):  # (:: is two: IPv4 and IPv6, the same port)
                site = web.TCPSite(self._runner, address, port)
                await site.start()
                server = site._server
                assert server is not None and server.sockets
                port = server.sockets[0].getsockname()[1]
        except OSError:  # (the port is taken, the address not this machine's): nothing stays
            await self._runner.cleanup()
            self._runner = None
            raise
        self._drive()
        return port

    async def close(self, reason: str = "the host stopped the table") -> None:
        """Tell everybody, close every connection and stop listening."""
        self._closing = True
        self._limit_turn()
        for s in self.seats:
            if s.timer is not None:
                s.timer.cancel()
        for conn in list(self.connections):
            conn.send(p.closing(reason))
            conn.close(WSCloseCode.GOING_AWAY, "the host stopped")
        if self._runner is not None:
            await self._runner.cleanup()
        if self._task is not None:
            self._task.cancel()
        for bot in self.stand_ins.values():
            close = getattr(bot, "close", None)
            if close is not None:
                close()
        await asyncio.to_thread(self._saver.flush)
        self.finished.set()

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(
            max_msg_size=16 * p.MAX_CLIENT_BYTES,  # past this aiohttp closes with 1009 itself
            heartbeat=self.config.heartbeat_s or None,
            compress=False,
        )
        if not ws.can_prepare(request).ok:
            return web.Response(
                text="A Tarocchino table: join it with `tarocchino join HOST:PORT --name NAME`.\n"
            )
        if "Origin" in request.headers:  # a web page (browsers always say whose): no player
            return web.Response(
                status=403,
                text="A Tarocchino table is joined with `tarocchino join`, not from a web page.\n",
            )
        if self._pending >= self.config.max_pending or self._closing:
            return web.Response(status=503, text="too many connections waiting\n")
        await ws.prepare(request)
        conn = _Connection(ws, request.remote or "?", self.config)
        self.connections.add(conn)
        writer = asyncio.create_task(conn.write())
        try:
            await self._serve(conn)
        finally:
            self.connections.discard(conn)
            conn.close()
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(writer, 5)
            if not ws.closed:
                await ws.close()
            self._left(conn)
        return ws

    async def _serve(self, conn: _Connection) -> None:
        self._pending += 1
        try:
            message = await asyncio.wait_for(conn.ws.receive(), self.config.hello_timeout_s)
        except TimeoutError:
            self._refuse(conn, p.HELLO_TIMEOUT, "say hello first (no hello came in time)")
            return
        finally:
            self._pending -= 1
        if not self._receive(conn, message):
            return
        async for message in conn.ws:
            if conn.closed or not self._receive(conn, message):
                return

    def _receive(self, conn: _Connection, message: object) -> bool:
        """Handle one frame; False when the connection is to end."""
        kind = getattr(message, "type", None)
        if kind not in (WSMsgType.TEXT, WSMsgType.BINARY):
            return False  # closed, or an error aiohttp already answered (a frame far too big)
        if not conn.bucket.take():
            self._refuse(conn, p.FLOOD, "too many messages too fast: goodbye")
            return False
        try:
            parsed = p.read_client(message.data)  # type: ignore[attr-defined]
        except p.ProtocolError as exc:
            return self._refuse(conn, exc.code, str(exc))
        try:
            if conn.seat is None:
                if not isinstance(parsed, p.Hello):
                    raise p.ProtocolError(p.HELLO_FIRST, "say hello first")
                self._hello(conn, parsed)
            elif isinstance(parsed, p.Hello):
                raise p.ProtocolError(p.HELLO_FIRST, "hello was said already")
            elif isinstance(parsed, p.Act):
                self._act(conn, parsed)
                conn.bucket.refund()
            elif isinstance(parsed, p.Ping):
                conn.send(p.pong(parsed.id))
            elif isinstance(parsed, p.Doing):
                self._doing(conn, parsed.what)
            else:
                self._leave(conn)
                return False
        except p.ProtocolError as exc:
            ply = parsed.ply if isinstance(parsed, p.Act) else None
            return self._refuse(conn, exc.code, str(exc), ply)
        return not conn.closed

    def _refuse(self, conn: _Connection, code: str, text: str, ply: int | None = None) -> bool:
        """Answer an error; close the connection when the error is fatal or it has erred too
        often. False when closed."""
        said = p.STALE if code == p.TOO_LATE and conn.version < 2 else code  # v1 knows no
        conn.send(p.error(said, text, ply))  # too_late
        self.messages_sent += 1
        who = self._who(conn)
        if code not in FATAL and conn.seat is not None:  # before hello every error closes
            conn.strikes += code != p.TOO_LATE  # a person a moment late is no offender
            if conn.strikes < self.config.max_strikes:
                self.log(f"{who}: refused ({code}): {text}")
                return True
            code, text = p.TOO_MANY_ERRORS, "too many refused messages: goodbye"
            conn.send(p.error(code, text))
        self.log(f"{who}: disconnected ({code}): {text}")
        conn.close(CLOSE_TOO_BIG if code == p.TOO_LONG else CLOSE_POLICY, text)
        return False

    def _who(self, conn: _Connection) -> str:
        if conn.seat is None:
            return f"a connection from {conn.peer}"
        return f"{self.session.seats[conn.seat].name} (seat {conn.seat + 1})"

    # ----------------------------------------------------------------- joining and leaving
    @property
    def started(self) -> bool:
        """Every remote seat has been taken once: the match is on."""
        return all(s.host_bot or s.claim is not None for s in self.seats)

    def _hello(self, conn: _Connection, hello: p.Hello) -> None:
        seat = self._seat_for(hello, conn.peer)
        s = self.seats[seat]
        if hello.token is None:  # a newcomer (_seat_for found the seat free)
            token = secrets.token_urlsafe(24)
            s.claim = Claim(hello.name, hello.player, _level(hello), token_hash(token))
            self._name_seat(seat, hello.name)
            self._save_claims()
            self._save()
            bot = f" (bot: {s.claim.level})" if s.claim.level else ""
            self.log(f"{hello.name} took seat {seat + 1}{bot}")
        else:
            token = hello.token
            assert s.claim is not None
            self.log(f"{s.claim.name} is back at seat {seat + 1}")
        if s.conn is not None:
            old = s.conn
            old.seat = None
            self._refuse(old, p.REPLACED, "your seat was joined from another connection")
        conn.seat, conn.version = seat, hello.protocol
        s.conn, s.doing = conn, None  # (a client of version 4 says it next)
        self._came_back(seat)
        conn.send(
            p.welcome(
                seat,
                token,
                p.TableInfo(
                    self.session.match.rules.target,
                    self.config.away_timeout_s,
                    label_of(self.config.stand_in),
                    tuple(self.results),
                    self.config.turn_limit_s,
                ),
                conn.version,
            )
        )
        self.messages_sent += 1
        for number in sorted(self.hands):
            self._send_record(conn, number)
        self._broadcast()
        self._tell_stood_in_so_far(conn)
        if self._drive():
            self._broadcast()  # every seat sees the stand-in deciding

    def _name_seat(self, seat: int, name: str) -> None:
        """Give ``seat`` its player's name; an open seat that had that name as a placeholder
        gets another (the four names stay different, as a save needs them)."""
        seats = list(self.session.seats)
        seats[seat] = Seat(HUMAN, name)
        for other, s in enumerate(self.seats):
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

    def _seat_for(self, hello: p.Hello, peer: str) -> int:
        """The seat ``hello`` (from the address ``peer``) may have; ProtocolError (fatal) when
        none."""
        if hello.token is not None:
            for seat, s in enumerate(self.seats):
                if s.claim is not None and s.claim.opens(hello.token):
                    return seat
            raise p.ProtocolError(
                p.TOKEN,
                "this token holds no seat at this table (the table may have been started again)",
            )
        password = self.config.password
        wait = self.wrong_passwords.wait_s(peer) if password is not None else 0.0
        if wait > 0:
            raise p.ProtocolError(
                p.PASSWORD,
                f"too many wrong passwords from {peer}: try again in {math.ceil(wait)} s",
            )
        if password is not None and not (
            hello.password is not None
            and secrets.compare_digest(
                hello.password.encode("utf-8", "surrogatepass"), password.encode()
            )
        ):
            if hello.password:
                self.wrong_passwords.wrong(peer)
            raise p.ProtocolError(
                p.PASSWORD,
                "wrong password" if hello.password else "this table needs a password (--password)",
            )
        if self.session.match.winner is not None:
            raise p.ProtocolError(p.MATCH_OVER, "the match at this table is over")
        taken = {
            p.name_key(self.session.seats[i].name)
            for i, s in enumerate(self.seats)
            if s.host_bot or s.claim is not None
        }
        if p.name_key(hello.name) in taken:
            raise p.ProtocolError(
                p.NAME_TAKEN, f"{hello.name} is already at this table: choose another name"
            )
        if hello.seat is not None:
            s = self.seats[hello.seat]
            if s.host_bot:
                raise p.ProtocolError(
                    p.SEAT_TAKEN, f"seat {hello.seat + 1} is played by the host's bot"
                )
            if s.claim is not None:
                raise p.ProtocolError(p.SEAT_TAKEN, f"seat {hello.seat + 1} is {s.claim.name}'s")
            return hello.seat
        for seat, s in enumerate(self.seats):
            if not s.host_bot and s.claim is None:
                return seat
        raise p.ProtocolError(p.NO_SEAT, "every seat at this table is taken")

    def _doing(self, conn: _Connection, what: str) -> None:
        """The person says what they are doing at their screen (v4): everybody is told."""
        seat = conn.seat
        assert seat is not None
        if conn.version < 4:
            raise p.ProtocolError(p.UNKNOWN_TYPE, "doing is a message of protocol version 4")
        s = self.seats[seat]
        if s.doing == what:
            return
        s.doing = what
        if self.session.match.winner is not None:
            self._log_lingering()
        self._broadcast()

    def _log_lingering(self) -> None:
        """Once the match is over: who the table still waits for before it closes."""
        words = {
            p.MATCH_OVER: "on the final sheet",
            p.REVIEW: "reviewing a hand",
            p.SHEET_HELP: "reading the help",
        }
        still = [
            f"{self.session.seats[i].name} ({words.get(s.doing or '', 'connected')})"
            for i, s in enumerate(self.seats)
            if s.conn is not None
        ]
        said = f"the table closes when everybody has left: still there {', '.join(still)}"
        if still and said != self._lingering:
            self.log(said)
            self._lingering = said

    def _left(self, conn: _Connection) -> None:
        """A connection ended (closed, dropped, refused)."""
        seat = conn.seat
        conn.seat = None
        if seat is None or self.seats[seat].conn is not conn:
            self._check_finished()
            return
        self.seats[seat].conn = self.seats[seat].doing = None
        if not self._closing:
            self.log(f"{self.session.seats[seat].name} left seat {seat + 1}")
            self._went_away(seat, time.monotonic())
            self._broadcast()
            if self.session.match.winner is not None:
                self._log_lingering()
        self._check_finished()

    def _leave(self, conn: _Connection) -> None:
        """Leaving on purpose: the stand-in takes the seat at once."""
        seat = conn.seat
        if seat is None:
            return
        s = self.seats[seat]
        s.conn = s.doing = None
        s.left = True
        conn.seat = None
        conn.close(WSCloseCode.OK, "goodbye")
        self.log(f"{self.session.seats[seat].name} left seat {seat + 1} for now")
        self._went_away(seat, time.monotonic())
        self._take_over(seat)

    def _went_away(self, seat: int, now: float) -> None:
        s = self.seats[seat]
        s.away_since = now
        if s.timer is not None:
            s.timer.cancel()
        loop = asyncio.get_event_loop()
        s.timer = loop.call_later(self.config.away_timeout_s, self._take_over, seat)

    def _came_back(self, seat: int) -> None:
        """The seat's player is back: the stand-in hands the seat back at once."""
        s = self.seats[seat]
        if s.timer is not None:
            s.timer.cancel()
            s.timer = None
        if s.stand_in:
            self.log(f"the stand-in hands seat {seat + 1} back")
        s.away_since, s.stand_in, s.left = None, False, False
        if (
            self._thinking is not None
            and self._thinking[0] == seat
            and (self._thinking[2] == STAND_IN)
        ):  # a decision of the turn limit stands: the time for it is over
            self._cancel_thinking()

    def _take_over(self, seat: int) -> None:
        s = self.seats[seat]
        s.timer = None
        if s.conn is not None or s.stand_in or self._closing:
            return
        s.stand_in = True
        self.log(
            f"the {label_of(self.config.stand_in)} bot plays seat {seat + 1} "
            f"({self.session.seats[seat].name} is away)"
        )
        self._drive()
        self._broadcast()

    # ----------------------------------------------------------------- playing
    def _act(self, conn: _Connection, act: p.Act) -> None:
        seat = conn.seat
        assert seat is not None
        match = self.session.match
        if act.seat != seat:
            raise p.ProtocolError(
                p.NOT_YOUR_SEAT, f"you play seat {seat + 1}, not seat {act.seat + 1}"
            )
        if match.winner is not None:
            raise p.ProtocolError(p.MATCH_OVER, "the match is over")
        if not self.started:
            raise p.ProtocolError(p.NOT_STARTED, "the match starts when every seat is taken")
        timed_out = (
            self._thinking is not None
            and self._thinking[:2] == (seat, act.ply)
            and (self._thinking[2] == TURN_LIMIT)
        )
        if timed_out:
            raise p.ProtocolError(
                p.TOO_LATE,
                f"your time for move {act.ply} ran out: the "
                f"{label_of(self.config.stand_in)} bot is "
                "deciding it",
            )
        if match.turn != seat:
            raise p.ProtocolError(
                p.NOT_YOUR_TURN, f"it is {self.session.seats[match.turn].name}'s turn, not yours"
            )
        if act.ply != len(match.actions):
            raise p.ProtocolError(
                p.STALE,
                f"that action was for move {act.ply}; the match is at move {len(match.actions)}",
            )
        try:
            result = self.session.apply(act.action)
        except IllegalActionError as exc:
            raise p.ProtocolError(p.ILLEGAL, str(exc)) from None
        self._applied(result, seat, REMOTE, act.action)

    def _applied(self, result: HandResult | None, seat: int, by: str, action: Action) -> None:
        """After an action: save, tell everybody, go on."""
        self.movers.append((seat, by))
        if by in (STAND_IN, TURN_LIMIT):
            hand = self.session.last_hand if result is not None else self.session.match.hand
            assert hand is not None
            marks = self.stand_in_moves.setdefault(len(self.results), {})
            why = OUT_OF_TIME if by == TURN_LIMIT else LEFT if self.seats[seat].left else AWAY
            marks[len(hand.history) - 1] = StandIn(
                label_of(self.config.stand_in)[:MAX_BOT_NAME], why
            )
            self._save_claims()  # kept with the seats, for the review after a restart
        self._save()
        if by == TURN_LIMIT:
            self._tell_timed_out(seat, action)
        elif by == STAND_IN:
            self._tell_stood_in(seat)
        if result is not None:
            self.results.append(result)
            number = len(self.results) - 1
            hand = self.session.last_hand
            assert hand is not None
            self.hands[number] = hand
            names = [
                f"{self.session.seats[i].name} & {self.session.seats[i + 2].name}" for i in (0, 1)
            ]
            after = result.scores_after
            self.log(
                f"hand {number + 1}: {names[0]} {result.sides[0].total}, {names[1]} "
                f"{result.sides[1].total} · score {after[0]} to {after[1]}"
            )
            for seat, s in enumerate(self.seats):
                if s.conn is not None:
                    s.conn.send(p.hand_over(number, result, hand.view(seat, number)))
                    self.messages_sent += 1
                    self._send_record(s.conn, number)
        over = self.session.match.winner is not None
        if not over:
            self._drive()  # first: the state says whether a stand-in is deciding now
        self._broadcast()
        if over:
            self._match_over()

    def _match_over(self) -> None:
        side = self.session.match.winner
        names = f"{self.session.seats[side].name} & {self.session.seats[side + 2].name}"
        scores = self.session.match.scores
        self.log(f"the match is over: {names} win, {scores[0]} to {scores[1]}")
        for s in self.seats:
            if s.timer is not None:
                s.timer.cancel()
        if self.claims is not None:
            with contextlib.suppress(OSError):
                self.claims.clear()
        if self.on_match_over is not None:
            self.on_match_over(self.session)
        self._log_lingering()
        self._check_finished()

    def _check_finished(self) -> None:
        if self.session.match.winner is not None and not any(
            s.conn is not None for s in self.seats
        ):
            self.finished.set()

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

    def _drive(self) -> bool:
        """Whoever is to act: a bot of this table is asked in a thread; a connection is waited
        for (its seat's absence timer and the turn limit run meanwhile). True when a stand-in
        has just started deciding for a person (the seats' ``doing`` changed)."""
        self._limit_turn()
        match = self.session.match
        if self._closing or match.winner is not None or not self.started:
            return False
        seat, ply = match.turn, len(match.actions)
        chosen = self._player(seat)
        if chosen is None:
            return False
        bot, by = chosen
        if self._thinking == (seat, ply, by):
            return False
        self._cancel_thinking()
        self._thinking = (seat, ply, by)
        self._task = asyncio.create_task(self._think(bot, seat, ply, by))
        return by == STAND_IN

    def _awaited(self) -> tuple[int, int] | None:
        """(seat, ply) when the match waits for a remote seat's decision, else None."""
        match = self.session.match
        if self._closing or match.winner is not None or not self.started:
            return None
        seat = match.turn
        return None if self._player(seat) is not None else (seat, len(match.actions))

    def _limit_turn(self) -> None:
        """Keep the turn limit on the decision the match waits for: it starts afresh with each
        decision of a remote seat and stops when a bot of the table acts."""
        limit = self.config.turn_limit_s
        awaited = self._awaited() if limit > 0 else None
        if self._turn is not None and awaited == self._turn[:2]:
            return
        if self._turn_timer is not None:
            self._turn_timer.cancel()
        self._turn = self._turn_timer = None
        if awaited is not None:
            self._turn = (*awaited, time.monotonic() + limit)
            loop = asyncio.get_event_loop()
            self._turn_timer = loop.call_later(limit, self._time_up, *awaited)

    def turn_left(self) -> float | None:
        """Seconds the seat to act has left before the stand-in decides for it; None when no
        limit runs."""
        if self._turn is None:
            return None
        return round(max(0.0, self._turn[2] - time.monotonic()), 1)

    def _time_up(self, seat: int, ply: int) -> None:
        """The turn limit ran out: the stand-in makes this one decision for the seat."""
        self._turn_timer = None
        if self._awaited() != (seat, ply):
            return
        self.log(
            f"{self.session.seats[seat].name} (seat {seat + 1}) did not act within "
            f"{self.config.turn_limit_s:g} s: the {label_of(self.config.stand_in)} bot "
            "decides for them"
        )
        self._cancel_thinking()
        self._thinking = (seat, ply, TURN_LIMIT)
        self._task = asyncio.create_task(self._think(self._stand_in(seat), seat, ply, TURN_LIMIT))
        self._broadcast()  # every seat sees the stand-in deciding

    def _cancel_thinking(self) -> None:
        if self._task is not None:
            self._task.cancel()
        self._task, self._thinking = None, None

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
            self.log(f"seat {seat + 1}: {fault}")
        if len(match.actions) != ply or self.session.match is not match:
            return
        self._task, self._thinking = None, None
        try:
            result = self.session.apply(action)
        except IllegalActionError as exc:  # ask() answers legal actions: never expected
            self.log(f"seat {seat + 1}: the bot's action was refused: {exc}")
            return
        self._applied(result, seat, by, action)

    # ----------------------------------------------------------------- telling the table
    def statuses(self) -> list[p.SeatStatus]:
        now = time.monotonic()
        out = []
        for seat, s in enumerate(self.seats):
            name = self.session.seats[seat].name
            stand_in = label_of(self.config.stand_in) if s.stand_in else None
            away = None if s.away_since is None else round(now - s.away_since, 1)
            if s.host_bot:
                kind = self.session.substitutes.get(seat, self.session.seats[seat].kind)
                out.append(p.SeatStatus(name, p.BOT, label_of(kind), True, None, None, False))
            elif s.claim is None:
                out.append(p.SeatStatus(name, p.OPEN, None, False, None, None, True))
            else:
                out.append(
                    p.SeatStatus(
                        name,
                        s.claim.player,
                        s.claim.level,
                        s.conn is not None,
                        stand_in,
                        away,
                        True,
                        self._doing_of(seat),
                    )
                )
        return out

    def _doing_of(self, seat: int) -> str | None:
        """What ``seat``'s person is doing, as everybody is told: the stand-in deciding for them
        now, else what their connection said (None: not connected, or not said)."""
        thinking = self._thinking
        if thinking is not None and thinking[0] == seat and thinking[2] in (STAND_IN, TURN_LIMIT):
            return p.STAND_IN_DECIDING
        s = self.seats[seat]
        return s.doing if s.conn is not None else None

    def finished_match(self) -> FinishedMatch:
        """The match as the statistics keep it (its end is the hook ``on_match_over``): who
        played each seat (a person, a bot of the host, a remote bot) and, in its record, the
        decisions a stand-in made for a person (for the review of the match later on)."""
        seats = []
        for seat, status in enumerate(self.statuses()):
            kind = (
                self.session.seats[seat].kind
                if not status.remote
                else (HUMAN if status.player == p.PERSON else label_of(status.level or "bot"))
            )
            seats.append((status.name, kind))
        return FinishedMatch.of(
            self.session.match, seats, source="network", stand_ins=self.stand_in_moves
        )

    def _broadcast(self) -> None:
        """Each connected seat gets its own state: its view, the seats, the seed of its decision
        when it is to act, the time left to the seat to act (version 2)."""
        self._limit_turn()
        match = self.session.match
        ply = len(match.actions)
        seats = self.statuses()
        started = self.started
        left = self.turn_left()
        for seat, s in enumerate(self.seats):
            if s.conn is None:
                continue
            view = match.view(seat)
            seed = None
            if view.legal and started and match.winner is None:
                seed = decision_seed(match.decision_seed, seat, ply)
            s.conn.send(
                p.state(
                    ply,
                    view,
                    seats,
                    started=started,
                    winner=match.winner,
                    seed=seed,
                    call_out_needs=self.session.call_out_needs(seat),
                    turn_left_s=left,
                    version=s.conn.version,
                )
            )
            self.messages_sent += 1

    def _send_record(self, conn: _Connection, number: int) -> None:
        """The record of finished hand ``number``, for its review (version 2 connections; in
        version 3 with the decisions a stand-in made in it)."""
        hand = self.hands.get(number)
        if conn.version < 2 or hand is None or hand.phase != Phase.OVER:
            return
        conn.send(
            p.hand_record(
                number,
                hand.dealer,
                hand.dealt,
                [m.action for m in hand.history],
                self.stand_in_moves.get(number),
                conn.version,
            )
        )
        self.messages_sent += 1

    def _tell_timed_out(self, seat: int, action: Action) -> None:
        """Everybody hears that the stand-in decided for ``seat``; the action itself only goes
        to the seat (a discard is nobody else's business)."""
        name, by = self.session.seats[seat].name, label_of(self.config.stand_in)
        self.log(f"the {by} bot decided {action} for {name} (seat {seat + 1}): time ran out")
        ply = len(self.session.match.actions) - 1
        for other, s in enumerate(self.seats):
            if s.conn is not None and s.conn.version >= 2:
                s.conn.send(p.timed_out(seat, ply, action if other == seat else None, by))
                self.messages_sent += 1

    def _tell_stood_in(self, seat: int) -> None:
        """Every seat of version 3 hears that the stand-in decided for ``seat`` (its person
        away), to mark it in the log; the decision itself is in the next state."""
        ply, by = len(self.session.match.actions) - 1, label_of(self.config.stand_in)
        for s in self.seats:
            if s.conn is not None and s.conn.version >= 3:
                s.conn.send(p.stood_in(seat, ply, by))
                self.messages_sent += 1

    def _tell_stood_in_so_far(self, conn: _Connection) -> None:
        """A connection of version 3 that joins mid-hand hears of the decisions of the hand so
        far that a stand-in made, to mark them in its log as those who saw them made did."""
        match = self.session.match
        marks = self.stand_in_moves.get(len(self.results), {})
        if conn.version < 3 or not marks or match.winner is not None:
            return
        history = match.hand.history
        first = len(match.actions) - len(history)  # the ply of the hand's first action
        for index, mark in sorted(marks.items()):
            if index < len(history):
                conn.send(p.stood_in(history[index].seat, first + index, mark.by))
                self.messages_sent += 1

    # ----------------------------------------------------------------- files
    def _save(self) -> None:
        if self.store is not None:
            self._saver.save(self.session)

    def _save_claims(self) -> None:
        if self.claims is None:
            return
        try:
            self.claims.write([s.claim for s in self.seats], self.stand_in_moves)
        except OSError as exc:
            self.log(f"could not save the seats: {exc}")


def _level(hello: p.Hello) -> str | None:
    if hello.player != p.BOT:
        return None
    return label_of(hello.level)[:40] if hello.level else "bot"


class _Saver:
    """Writes the autosave off the event loop, in order: the session is put in words on the loop
    (so the file is the table as it was at that move), written by one thread; when moves come
    faster than the disk, only the latest is written."""

    def __init__(self, store: SaveStore | None, log: Callable[[str], None]) -> None:
        self.store, self.log = store, log
        self._lock = threading.Lock()
        self._idle = threading.Event()
        self._idle.set()
        self._latest: tuple[str | None] | None = None  # (text,) to write, (None,) to clear

    def save(self, session: Session) -> None:
        over = session.match.winner is not None
        text = None if over else json.dumps(to_save_json(session), indent=1) + "\n"
        with self._lock:
            start = self._idle.is_set()
            self._latest = (text,)
            self._idle.clear()
        if start:
            threading.Thread(target=self._run, name="autosave", daemon=True).start()

    def _run(self) -> None:
        while True:
            with self._lock:
                latest, self._latest = self._latest, None
                if latest is None:
                    self._idle.set()
                    return
            assert self.store is not None
            try:
                if latest[0] is None:
                    self.store.clear()
                else:
                    write_atomic(self.store.path, latest[0])
            except OSError as exc:
                self.log(f"could not save the table: {exc}")

    def flush(self, timeout: float = 10.0) -> None:
        """Wait for the last save to be on disk."""
        self._idle.wait(timeout)


def give_way(store: SaveStore | None, claims: ClaimStore) -> str | None:
    """A new table listens: the table saved before (in ``store``; None: it stays) is kept as a
    backup and the seats of the last table are forgotten (done only now, so a table that cannot
    start changes nothing). What was kept, in a sentence, or None."""
    kept = store.keep_as_backup() if store is not None else None
    claims.clear()
    return kept


def seeded_warning(seed: int) -> str:
    """What the host is told of a table dealt from a seed: a seat's program finds a small seed
    from its own cards (trying seeds until one deals them), and with it every hand."""
    return (
        f"This table deals from seed {seed}: a player's program can work out every hand "
        "from it. Leave the seed out (random) for a table where each sees only their own "
        "cards."
    )


def listen_problem(exc: OSError, host: str, port: int) -> str:
    """Why the table cannot listen on ``host:port``, in words a host can act on."""
    if exc.errno == errno.EADDRINUSE:
        return (
            f"port {port} is already in use on {host} (another table or program): choose "
            "another port"
        )
    if exc.errno == errno.EADDRNOTAVAIL or _no_address_bound(exc):
        return f"{host} is not an address of this machine"
    if exc.errno == errno.EACCES:
        return f"port {port} is reserved on this machine: choose one above 1023"
    return f"cannot listen on {host} port {port}: {exc.strerror or exc}"


def _no_address_bound(exc: OSError) -> bool:
    """Python 3.13's asyncio skips an address it cannot assign (EADDRNOTAVAIL, taken for a
    family not enabled) and, when none is left, raises this error, without an errno."""
    return exc.errno is None and str(exc).startswith("could not bind on any address")


def table_directory(data: Path) -> Path:
    """Where a hosted table keeps its autosave and seats: apart from the local game's."""
    return Path(data) / "table"
