"""The door of a table server: it listens for WebSockets, answers what is not one, holds the
connections that have not said hello yet to a few and a time limit (but lets a seat's own token,
shown in the handshake, past the strangers: one connection a seat), reads every frame under a
rate limit, refuses what the protocol does not allow (closing the connections that insist) and
hands the rest to the table: a hello (past the password, for a newcomer), an action, a ping, a
``doing``, a ``leave``."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import ssl
from collections.abc import Callable
from typing import Protocol

from aiohttp import WSCloseCode, WSMsgType, web

from net import protocol as p
from net.addresses import listen_hosts
from net.config import TableConfig
from net.connection import Bucket, Connection, Saves
from net.frames import MaskedOnly
from net.guesses import PasswordGate
from net.hush import Hush, server_logger
from net.spoken import refusal_words
from text.language import _

CLOSE_POLICY = WSCloseCode.POLICY_VIOLATION  # 1008: a client broke the rules
CLOSE_TOO_BIG = WSCloseCode.MESSAGE_TOO_BIG  # 1009
BUSY, UNMASKED = "busy", "unmasked"  # strangers' refusals that are no protocol error
# The errors that end a connection at once.
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


class Table(Protocol):
    """What the door hands a connection's messages to. Each may raise ProtocolError: the
    message is refused (and the connection closed when the error is fatal)."""

    def seat_of(self, token: str) -> int | None:
        """The seat whose token ``token`` is (compared in constant time), None for none."""

    def hello(self, conn: Connection, hello: p.Hello) -> None:
        """A connection past the door (and the password) asks for a seat."""

    def act(self, conn: Connection, act: p.Act) -> None:
        """The seated ``conn`` acts."""

    def doing(self, conn: Connection, what: str) -> None:
        """The seated ``conn``'s person says what they are doing at the screen."""

    def leave(self, conn: Connection) -> None:
        """The seated ``conn`` leaves on purpose (the door closes it)."""

    def gone(self, conn: Connection) -> None:
        """``conn`` ended (closed, dropped, refused), seated or not."""

    def name(self, seat: int) -> str:
        """The name of the player at ``seat`` (for the host's log)."""


class Doorway:
    """The WebSocket transport of one table (see the module's docstring)."""

    def __init__(
        self,
        config: TableConfig,
        table: Table,
        log: Callable[[str], None],
        saves: Saves | None = None,
    ) -> None:
        self.config = config
        self.table = table
        self.log = log
        self.hush = Hush(log)  # what strangers cause: one line of a kind a minute
        self.saves = saves  # the table's saves: what a connection is told waits for them
        self.gate = PasswordGate(config.password)
        self.connections: set[Connection] = set()
        self._opened = itertools.count(1)  # the number of the next connection
        self.closing = False
        # those yet to say hello, oldest first, each with what ends its wait early (the code:
        # BUSY, pushed out by a stranger; REPLACED, by a newer connection with its seat's token)
        self._waiting: dict[Connection, asyncio.Future[str]] = {}
        self._runner: web.AppRunner | None = None

    async def start(self, host: str, port: int, tls: ssl.SSLContext | None = None) -> int:
        """Listen on ``host:port`` (0: a free port), over TLS (``wss://``) with ``tls``; the port
        listened on."""
        app = web.Application()
        app.router.add_get("/", self._handle)
        self._runner = web.AppRunner(
            app, handle_signals=False, access_log=None, logger=server_logger(self.hush)
        )
        await self._runner.setup()
        try:
            for address in listen_hosts(host):  # (:: is two: IPv4 and IPv6, the same port)
                site = web.TCPSite(self._runner, address, port, ssl_context=tls)
                await site.start()
                server = site._server
                assert isinstance(server, asyncio.Server) and server.sockets
                port = server.sockets[0].getsockname()[1]
        except OSError:  # (the port is taken, the address not this machine's): nothing stays
            await self._runner.cleanup()
            self._runner = None
            raise
        return port

    @property
    def addresses(self) -> list:
        """The addresses listened on (as aiohttp gives them: (host, port, ...))."""
        return [] if self._runner is None else list(self._runner.addresses)

    async def stop(self, reason: str) -> None:
        """Tell every connection why, close them all and stop listening."""
        self.closing = True
        for conn in list(self.connections):
            conn.send(p.closing(reason))
            conn.close(WSCloseCode.GOING_AWAY, reason)
        if self._runner is not None:
            await self._runner.cleanup()

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        peer = request.remote or "?"
        opened = next(self._opened)  # (numbered as they come, before any handshake ends)
        ws = MaskedOnly(
            on_unmasked=lambda: self.hush.say(
                UNMASKED,
                _("a connection from {peer}: disconnected (a frame without a mask)").format(
                    peer=peer
                ),
            ),
            max_msg_size=16 * p.MAX_CLIENT_BYTES,  # past this aiohttp closes with 1009 itself
            heartbeat=self.config.heartbeat_s or None,
            compress=False,
        )
        if not ws.can_prepare(request).ok:
            said = _("A Tarocchino table: join it with `tarocchino join HOST:PORT --name NAME`.")
            return web.Response(text=f"{said}\n")
        if "Origin" in request.headers:  # a web page (browsers always say whose): no player
            said = _("A Tarocchino table is joined with `tarocchino join`, not from a web page.")
            return web.Response(status=403, text=f"{said}\n")
        if self.closing:
            said = _("the table is closing")
            return web.Response(status=503, text=f"{said}\n")
        token = p.header_token(request.headers)  # a seat's own, or a stranger's guess
        if token is not None and self.table.seat_of(token) is None:
            token = None
        await ws.prepare(request)
        bucket = Bucket(self.config.rate, self.config.burst)
        conn = Connection(
            ws,
            peer,
            bucket,
            self.config.max_queue,
            self.saves,
            self.config.state_interval_s,
            opened,
        )
        conn.token = token
        self._make_room(conn)
        self._waiting[conn] = asyncio.get_running_loop().create_future()
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
            self.table.gone(conn)
        return ws

    def _make_room(self, new: Connection) -> None:
        """Room for ``new`` to wait for its hello. A stranger: the longest waiting stranger from
        its address goes when that address has its share, the longest waiting of all when the
        door is full (a stranger holding sockets open only ever pushes out its own, or the
        slowest). A connection with a seat's token waits apart, whatever strangers do: it only
        replaces an older one with that token (one a seat, the newer kept, as at the seat)."""
        if new.token is not None:
            for conn in [c for c in self._waiting if c.token == new.token]:
                self._push_out(conn, p.REPLACED)
            return
        mine = [c for c in self._waiting if c.token is None and c.peer == new.peer]
        if len(mine) >= self.config.max_pending_per_address:
            self._push_out(mine[0], BUSY)
        strangers = [c for c in self._waiting if c.token is None]
        if len(strangers) >= self.config.max_pending:
            self._push_out(strangers[0], BUSY)

    def _push_out(self, conn: Connection, why: str) -> None:
        pushed = self._waiting.pop(conn)
        if not pushed.done():
            pushed.set_result(why)

    async def _serve(self, conn: Connection) -> None:
        pushed = self._waiting[conn]
        receiving = asyncio.ensure_future(conn.ws.receive())
        try:
            await asyncio.wait(
                (receiving, pushed),
                timeout=self.config.hello_timeout_s,
                return_when=asyncio.FIRST_COMPLETED,
            )
        finally:
            self._waiting.pop(conn, None)
            if not receiving.done():
                receiving.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await receiving
        if not receiving.done() or receiving.cancelled():
            if pushed.done() and pushed.result() == p.REPLACED:
                self.refuse(conn, p.REPLACED)
            elif pushed.done():
                self.hush.say(
                    BUSY,
                    _("a connection from {peer}: closed (busy): no hello yet").format(
                        peer=conn.peer
                    ),
                )
                conn.close(WSCloseCode.TRY_AGAIN_LATER, BUSY)
            else:
                self.refuse(conn, p.HELLO_TIMEOUT)
            return
        message = receiving.result()
        if not self._receive(conn, message):
            return
        async for message in conn.ws:
            if conn.closed or not self._receive(conn, message):
                return

    def _receive(self, conn: Connection, message: object) -> bool:
        """Handle one frame; False when the connection is to end."""
        kind = getattr(message, "type", None)
        if kind not in (WSMsgType.TEXT, WSMsgType.BINARY):
            return False  # closed, or an error aiohttp already answered (a frame far too big)
        if not conn.bucket.take():
            self.refuse(conn, p.FLOOD)
            return False
        try:
            parsed = p.read_client(message.data)  # type: ignore[attr-defined]
        except p.ProtocolError as exc:
            return self.refuse(conn, exc.code, facts=exc.facts, detail=str(exc))
        try:
            if conn.seat is None:
                if not isinstance(parsed, p.Hello):
                    raise p.ProtocolError(p.HELLO_FIRST, "say hello first", why=p.HELLO_MISSING)
                if conn.token is not None and not p.same_token(parsed.token, conn.token):
                    raise p.ProtocolError(p.TOKEN, "the hello's token is not the handshake's")
                if parsed.token is None:  # a newcomer (a returning player shows its token)
                    self.gate.admit(parsed.password, conn.peer, parsed.name)
                self.table.hello(conn, parsed)
            elif isinstance(parsed, p.Hello):
                raise p.ProtocolError(p.HELLO_FIRST, "hello was said already", why=p.HELLO_AGAIN)
            elif isinstance(parsed, p.Act):
                self.table.act(conn, parsed)
                conn.bucket.refund()
            elif isinstance(parsed, p.Ping):
                conn.send(p.pong(parsed.id))
            elif isinstance(parsed, p.Doing):
                self.table.doing(conn, parsed.what)
            else:
                self.table.leave(conn)
                return False
        except p.ProtocolError as exc:
            ply = parsed.ply if isinstance(parsed, p.Act) else None
            return self.refuse(conn, exc.code, ply, exc.facts, str(exc))
        return not conn.closed

    def refuse(
        self,
        conn: Connection,
        code: str,
        ply: int | None = None,
        facts: dict[str, p.Arg] | None = None,
        detail: str = "",
    ) -> bool:
        """Answer an error (its code and ``facts``; the host's log says it in words, with the
        ``detail`` of a message that could not be read); close the connection when the error is
        fatal or it has erred too often. False when closed."""
        conn.send(p.error(code, facts, ply))
        who = self._who(conn)
        words = refusal_words(code, facts or {}, ply)
        if detail and code in (p.BAD_JSON, p.BAD_MESSAGE, p.UNKNOWN_TYPE):
            words = f"{words} ({detail})"
        if code not in FATAL and conn.seat is not None:  # before hello every error closes
            conn.strikes += code != p.TOO_LATE  # a person a moment late is no offender
            if conn.strikes < self.config.max_strikes:
                self.log(_("{who}: refused ({code}): {why}").format(who=who, code=code, why=words))
                return True
            code, facts = p.TOO_MANY_ERRORS, {"most": self.config.max_strikes}
            conn.send(p.error(code, facts))
            words = refusal_words(code, facts)
        said = _("{who}: disconnected ({code}): {why}").format(who=who, code=code, why=words)
        if conn.seat is None:  # a stranger: one line a minute of each kind
            self.hush.say(code, said)
        else:
            self.log(said)
        conn.close(CLOSE_TOO_BIG if code == p.TOO_LONG else CLOSE_POLICY, code)
        return False

    def _who(self, conn: Connection) -> str:
        if conn.seat is None:
            return _("a connection from {peer}").format(peer=conn.peer)
        return _("{name} (seat {seat})").format(name=self.table.name(conn.seat), seat=conn.seat + 1)
