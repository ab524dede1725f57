"""A seat's connection to a table server, kept alive: it joins (or comes back with the seat's
token, shown in the handshake too, so that strangers at the door never push it out), hands every
message of the table to its owner, sends actions, and reconnects after a drop or a restart of
the host. The token of each seat joined is kept in the data directory, so a client started
again (after a crash, a kill, a closed terminal) comes back to its seat."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hashlib
import json
import re
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import aiohttp

from game import wire
from game.files import FileReadError, read_json, write_atomic
from net import protocol as p
from net.spoken import UNREACHABLE, UNREADABLE, closing_words
from net.tls import Secure, parse_fingerprint, shown
from text.language import N_, _

DEFAULT_PORT = 7800
BUSY = N_("the table is busy")  # it has too many connections at once (more than its limits)
BUSY_STATUS = 503  # the HTTP status of a table that takes no connection now
# The kinds of the lines a client says (TableClient.told): joined (or back), out of reach and
# tried again, anything else.
JOINED, RETRYING, OTHER = "joined", "retrying", "other"
PASSWORD_ENV = "TAROCCHINO_TABLE_PASSWORD"  # a table's password, kept out of the process list
# Refusals after which trying again is pointless (the person must change something).
GIVE_UP = {
    p.VERSION,
    p.PASSWORD,
    p.SEAT_TAKEN,
    p.NO_SEAT,
    p.NAME_TAKEN,
    p.MATCH_OVER,
    p.REPLACED,
    p.FLOOD,
    p.TOO_MANY_ERRORS,
    p.TOO_LONG,
    p.HELLO_FIRST,
}
MAX_SEAT_FILES = 64  # the seat files looked at for the table joined last
BROWSER_ENV = "TAROCCHINO_BROWSER"  # the browser a tab's game runs for (`tarocchino web`)
BROWSER_NAME = re.compile(r"[A-Za-z0-9_-]{16,64}")  # a browser's name as `web` gives it
ANSWER_WAIT_S = 3.0  # how long closing waits for the answer to a hello on its way (the token)
_HOST = re.compile(r"[A-Za-z0-9.\-_]{1,253}")

WEB_DRIVER_ENV = "TEXTUAL_DRIVER"  # set by textual-serve for each browser tab


@dataclass(frozen=True, slots=True)
class Address:
    host: str
    port: int

    @classmethod
    def parse(cls, text: str, default_port: int = DEFAULT_PORT) -> Address:
        """``HOST``, ``HOST:PORT``, ``[IPv6]`` or ``[IPv6]:PORT``; ValueError saying why not."""
        text = text.strip()
        port: str | None = None
        if text.startswith("["):
            host, sep, rest = text[1:].partition("]")
            if not sep or (rest and not rest.startswith(":")):
                raise ValueError(
                    _("cannot read the address {text} (use [IPv6]:PORT)").format(
                        text=repr(text[:60])
                    )
                )
            port = rest[1:] if rest else None
            ok = bool(host) and all(c in "0123456789abcdefABCDEF:." for c in host)
        else:
            host, sep, port_text = text.rpartition(":")
            if not sep:
                host, port_text = text, ""
            port = port_text or None
            ok = bool(_HOST.fullmatch(host))
        if not ok:
            raise ValueError(
                _("cannot read the host in {text} (HOST or HOST:PORT)").format(text=repr(text[:60]))
            )
        if port is None:
            return cls(host, default_port)
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError(
                _("the port must be a number from 1 to 65535, not {port}").format(
                    port=repr(port[:20])
                )
            )
        return cls(host, int(port))

    @property
    def url(self) -> str:
        return self.url_for(None)

    def url_for(self, secure: Secure | None) -> str:
        """Where the table's WebSocket is asked for: ``https://`` for a table joined over TLS."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'http' if secure is None else 'https'}://{host}:{self.port}/"

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{host}:{self.port}"


TLS_SCHEME, PLAIN_SCHEME = "wss://", "ws://"  # a table's address as a URL: over TLS, or not


def table_at(address: str, pinned: str = "") -> tuple[Address, Secure | None]:
    """Where a table is and how it is checked, as the join dialog takes it: ``HOST:PORT``, or
    ``wss://HOST:PORT`` for a table over TLS whose certificate this system trusts (``join
    --tls``), and ``pinned``, a fingerprint as the host printed it, for one whose certificate is
    that one (``join --fingerprint``; TLS then without ``wss://``); ValueError saying why
    not."""
    text = address.strip()
    secure = None
    if text.lower().startswith(TLS_SCHEME):
        text, secure = text[len(TLS_SCHEME) :], Secure()
    elif text.lower().startswith(PLAIN_SCHEME):
        text = text[len(PLAIN_SCHEME) :]
    found = Address.parse(text.rstrip("/"))
    if pinned.strip():
        secure = Secure(parse_fingerprint(pinned))
    return found, secure


@dataclass(frozen=True, slots=True)
class JoinRequest:
    """Where and how to join: what ``tarocchino join`` and the join dialog both give."""

    address: Address
    name: str
    seat: int | None = None  # 0-3, or None: the first free seat
    password: str | None = None
    retry_for_s: float = 600.0  # how long a table not reached yet is tried (`join --retry-for`)
    secure: Secure | None = None  # joined over TLS (`join --tls`, `--fingerprint`), or not


class TokenStore:
    """The tokens of the seats joined from this data directory, one small file per table and
    name (several people on one machine each keep theirs). A browser tab's game keeps its
    browser's apart (``browser``, see :func:`browser_of`): a seat taken in one browser is never
    offered to another that joins under the same name."""

    def __init__(self, directory: Path, browser: str | None = None) -> None:
        self.directory = Path(directory) / "seats"
        if browser is not None:
            digest = hashlib.sha256(browser.encode()).hexdigest()[:32]
            self.directory = self.directory / f"browser-{digest}"

    def _path(self, address: Address, name: str) -> Path:
        key = f"{address.host.lower()}:{address.port}:{name.casefold()}"
        return self.directory / (hashlib.sha256(key.encode()).hexdigest()[:32] + ".json")

    def get(self, address: Address, name: str) -> str | None:
        try:
            data = read_json(self._path(address, name), 4096)
        except (FileReadError, OSError):
            return None
        token = data.get("token") if isinstance(data, dict) else None
        return token if isinstance(token, str) and 0 < len(token) <= p.MAX_SECRET else None

    def put(self, address: Address, name: str, token: str, seat: int) -> None:
        data = {"table": str(address), "name": name, "seat": seat, "token": token}
        with contextlib.suppress(OSError):
            write_atomic(self._path(address, name), json.dumps(data) + "\n")

    def latest(self) -> tuple[str, str] | None:
        """The table (``host:port``) and name of the seat joined last from here, if any."""
        try:
            files = sorted(self.directory.glob("*.json"), key=lambda f: f.stat().st_mtime)
        except OSError:
            return None
        for path in reversed(files[-MAX_SEAT_FILES:]):
            try:
                data = read_json(path, 4096)
                if not isinstance(data, dict):
                    continue
                table, name = data["table"], p.check_name(data["name"])
                Address.parse(table)
            except (FileReadError, OSError, TypeError, KeyError, ValueError, p.ProtocolError):
                continue
            return table, name
        return None

    def forget(self, address: Address, name: str) -> None:
        with contextlib.suppress(OSError):
            self._path(address, name).unlink(missing_ok=True)


def browser_of(environ: Mapping[str, str]) -> str | None:
    """The browser whose tab this game runs in, as `tarocchino web` told it (None in a
    terminal); a tab that came without one gets an identity of its own, so that its seats are
    its alone."""
    if not environ.get(WEB_DRIVER_ENV):
        return None
    given = environ.get(BROWSER_ENV, "")
    return given if BROWSER_NAME.fullmatch(given) else secrets.token_urlsafe(16)


class TableClient:
    """One seat's connection, reconnecting until :meth:`close` (or a refusal that settles it).

    ``on_message`` receives every message of the table (welcome, state, hand_over, error, pong,
    closing) on the event loop; ``on_status`` a line in words whenever the connection changes
    ("connected", "the connection was lost: trying again in 2 s", …), and :attr:`told` what
    kind of line it is (:data:`JOINED`, :data:`RETRYING` or :data:`OTHER`).
    """

    def __init__(
        self,
        address: Address,
        name: str,
        on_message: Callable[[p.ServerMessage], None],
        *,
        seat: int | None = None,
        password: str | None = None,
        player: str = p.PERSON,
        level: str | None = None,
        tokens: TokenStore | None = None,
        token: str | None = None,
        on_status: Callable[[str], None] | None = None,
        retry_for_s: float = 600.0,
        heartbeat_s: float = 15.0,
        secure: Secure | None = None,
    ) -> None:
        self.address = address
        self.name = p.check_name(name)
        self.on_message = on_message
        self.on_status = on_status or (lambda text: None)
        self.seat = seat
        self.password = password
        self.player = player
        self.level = level
        self.tokens = tokens
        self.token = (
            token
            if token is not None
            else (tokens.get(address, self.name) if tokens is not None else None)
        )
        self._stored = token is None and self.token is not None
        self.retry_for_s = retry_for_s
        self.heartbeat_s = heartbeat_s
        self.secure = secure
        self.connected = False
        self.told = OTHER  # the kind of the last line said through on_status
        self.refusal: p.Refused | None = None  # the refusal that ended the client, if one did
        self._ws: aiohttp.ClientWebSocketResponse | None = None
        self._closing = False
        self._answered = asyncio.Event()  # clear while a hello awaits its answer
        self._answered.set()

    # ----------------------------------------------------------------- running
    async def run(self) -> p.Refused | None:
        """Connect and keep connected until closed; the refusal that ended it, if any."""
        timeout = aiohttp.ClientTimeout(total=None, connect=10, sock_connect=10)
        async with aiohttp.ClientSession(timeout=timeout) as http:
            lost_at: float | None = None
            delay = 0.2
            joined = False  # (once seated, whatever answers is tried again: the host restarts)
            problem: str | None  # why the last connection failed (None: it had joined)
            while not self._closing:
                try:
                    ws = await http.ws_connect(
                        self.address.url_for(self.secure),
                        max_msg_size=wire.MAX_MESSAGE_BYTES,
                        heartbeat=self.heartbeat_s or None,
                        compress=0,
                        ssl=True if self.secure is None else self.secure.check(),
                        headers=p.token_headers(self.token),  # (strangers never push it out)
                    )
                except (aiohttp.ClientError, OSError, TimeoutError) as exc:
                    problem = _reason(exc, self.address)
                    if _not_trusted(exc) or (not joined and _not_a_table(exc)):  # no use waiting
                        self._tell(problem)
                        self.refusal = p.Refused(UNREACHABLE, {"text": problem}, None)
                        break
                else:
                    if self._closing:  # closed while connecting: no hello, no seat taken
                        await ws.close()
                        break
                    problem = await self._session(ws)
                    if self.refusal is not None or self._closing:
                        break
                    if problem is None:
                        joined = True
                        lost_at, delay = None, 0.2  # it had joined: retry from the start
                        continue
                now = time.monotonic()
                lost_at = lost_at or now
                if now - lost_at > self.retry_for_s:
                    self._tell(_("{problem}; giving up").format(problem=problem))
                    self.refusal = p.Refused(UNREACHABLE, {"text": problem}, None)
                    break
                if problem == _(BUSY):
                    said = _("{problem}, trying again in {n} s")
                else:
                    said = _("{problem}: trying again in {n} s")
                self._tell(said.format(problem=problem, n=f"{delay:g}"), RETRYING)
                await asyncio.sleep(delay)
                delay = min(5.0, delay * 2)
        self.connected = False
        return self.refusal

    async def _session(self, ws: aiohttp.ClientWebSocketResponse) -> str | None:
        """One connection, from hello to its end. None when it had joined and then dropped (or
        was told to try again), else why it could not join."""
        self._ws = ws
        joined = False
        self._answered.clear()
        try:
            await ws.send_str(
                p.encode(
                    p.hello(
                        self.name,
                        seat=self.seat,
                        token=self.token,
                        password=self.password,
                        player=self.player,
                        level=self.level,
                    )
                )
            )
            async for frame in ws:
                if frame.type != aiohttp.WSMsgType.TEXT:
                    break
                try:
                    message = p.read_server(frame.data)
                except p.ProtocolError as exc:
                    said = _("the table sent a message this game cannot read: {why}")
                    self.refusal = (
                        p.Refused(exc.code, exc.facts, None)
                        if exc.code == p.VERSION
                        else p.Refused(UNREADABLE, {"text": said.format(why=exc)}, None)
                    )
                    self._tell(self.refusal.message)
                    return self.refusal.message
                if isinstance(message, p.Welcome):
                    joined = self._welcomed(message)
                    self._answered.set()
                elif isinstance(message, p.Refused) and self._refused(message):
                    return None if self.refusal is None else message.message
                elif isinstance(message, p.Closing):
                    self._tell(closing_words(message.reason))
                self.on_message(message)
        except (aiohttp.ClientError, OSError, ConnectionError) as exc:
            return _("the connection was lost ({why})").format(why=_reason(exc, self.address))
        finally:
            self._answered.set()
            self._ws = None
            self.connected = False
            with contextlib.suppress(Exception):
                await ws.close()
        if self._closing:
            return None
        return None if joined else _closed_reason(ws)

    def _welcomed(self, message: p.Welcome) -> bool:
        self.seat, self.token, self.connected = message.seat, message.token, True
        self._stored = True
        if self.tokens is not None:
            self.tokens.put(self.address, self.name, message.token, message.seat)
        said = _("connected to {address}, seat {seat}")
        self._tell(said.format(address=self.address, seat=message.seat + 1), JOINED)
        return True

    def _refused(self, message: p.Refused) -> bool:
        """Whether this refusal ends the connection (and sets ``refusal`` if it ends the
        client)."""
        if message.code == p.TOKEN and self._stored:  # a stale token: join as a newcomer
            self.token, self._stored = None, False
            if self.tokens is not None:
                self.tokens.forget(self.address, self.name)
            self._tell(_("the table does not know this seat any more: joining again"))
            return True
        if message.code in GIVE_UP or message.code == p.TOKEN:
            self.refusal = message  # said once, by whoever runs the client (run() returns it)
            self.on_message(message)
            return True
        return False

    def _tell(self, text: str, kind: str = "") -> None:
        """Say ``text`` through on_status, a line of ``kind`` (OTHER unless said)."""
        self.told = kind or OTHER
        self.on_status(text)

    # ----------------------------------------------------------------- talking
    def send(self, message: dict) -> bool:
        """Send now if connected (False if not: the action is lost, the next state says what is
        expected)."""
        ws = self._ws
        if ws is None or ws.closed or not self.connected:
            return False
        task = asyncio.ensure_future(ws.send_str(p.encode(message)))
        task.add_done_callback(_quiet)
        return True

    async def close(self, leave: bool = False) -> None:
        """Stop (``leave``: tell the table first, so a bot takes the seat at once). A hello on
        its way is answered first: a seat the table has just given is kept with its token, so
        the person can come back to it."""
        self._closing = True
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._answered.wait(), ANSWER_WAIT_S)
        ws = self._ws
        if ws is not None and not ws.closed:
            with contextlib.suppress(Exception):
                if leave:
                    await ws.send_str(p.encode(p.leave()))
                await ws.close()


def _quiet(task: asyncio.Future) -> None:
    if not task.cancelled():
        task.exception()  # a send on a connection that just dropped: the reconnect says it


def _reason(exc: BaseException, address: Address) -> str:
    """Why the table could not be reached, in words a player can act on."""
    if isinstance(exc, aiohttp.ServerFingerprintMismatch):
        return _(
            "the table at {address} shows a certificate whose fingerprint is {got}, not the "
            "{expected} given: not joined (ask the host for the fingerprint it prints)"
        ).format(address=address, got=shown(exc.got), expected=shown(exc.expected))
    if isinstance(exc, aiohttp.ClientConnectorCertificateError):
        why = getattr(exc.certificate_error, "verify_message", None) or exc.certificate_error
        return _(
            "the table at {address} shows a certificate this machine does not trust ({why}): "
            "not joined (for a self-signed one, join with --fingerprint as the host printed it)"
        ).format(address=address, why=why)
    if isinstance(exc, aiohttp.ClientConnectorSSLError):
        return _(
            "no secure connection with the table at {address} (is it hosted with --cert "
            "and --key? Without, join without --tls or --fingerprint)"
        ).format(address=address)
    if isinstance(exc, aiohttp.ClientConnectorDNSError):
        return _("cannot reach the table: no machine called {host} is known here").format(
            host=repr(address.host)
        )
    if isinstance(exc, aiohttp.ClientConnectorError):
        number = exc.os_error.errno
        if number == errno.ECONNREFUSED:
            why = _("nothing answers there (is the table running, and on that port?)")
        elif number in (errno.EHOSTUNREACH, errno.ENETUNREACH):
            why = _("that machine cannot be reached from here")
        elif number == errno.ETIMEDOUT:
            why = _("that machine did not answer")
        else:
            why = exc.os_error.strerror or str(exc.os_error)
        return _("cannot reach the table at {address}: {why}").format(address=address, why=why)
    if isinstance(exc, aiohttp.WSServerHandshakeError) and exc.status == BUSY_STATUS:
        return _(BUSY)
    if isinstance(exc, aiohttp.WSServerHandshakeError):
        if exc.status == 200:
            what = _(
                "{address} is not a Tarocchino table: it answered with a web page (is the "
                "port right?)"
            )
        else:
            what = _(
                "{address} is not a Tarocchino table: it answered with HTTP status "
                "{status} (is the port right?)"
            )
        return what.format(address=address, status=exc.status)
    if isinstance(exc, aiohttp.ClientResponseError):  # an answer that is not HTTP at all
        return _("{address} is not a Tarocchino table: what answers there is no web server").format(
            address=address
        )
    if isinstance(exc, aiohttp.ServerDisconnectedError):
        return _(
            "{address} closed the connection without answering (is it a Tarocchino table? "
            "One hosted over TLS is joined with --fingerprint or --tls)"
        ).format(address=address)
    if isinstance(exc, TimeoutError):
        return _("the table at {address} did not answer in time").format(address=address)
    said = " ".join(str(exc).split())  # one line, whatever the library said
    return said[:200] or type(exc).__name__


def _not_trusted(exc: BaseException) -> bool:
    """Whether the table's certificate is not the one expected (trying again changes nothing,
    and joining anyway would give the password and the cards to whoever answers)."""
    return isinstance(
        exc, aiohttp.ServerFingerprintMismatch | aiohttp.ClientConnectorCertificateError
    )


def _not_a_table(exc: BaseException) -> bool:
    """Whether something other than a table answered (a web server, another program, a table
    without TLS to a client that asks for it)."""
    if isinstance(exc, aiohttp.WSServerHandshakeError) and exc.status == BUSY_STATUS:
        return False  # a table with too many connections at once, for now
    return isinstance(exc, aiohttp.ClientResponseError | aiohttp.ClientConnectorSSLError)


def _closed_reason(ws: aiohttp.ClientWebSocketResponse) -> str:
    code = ws.close_code
    if code == aiohttp.WSCloseCode.TRY_AGAIN_LATER:
        return _(BUSY)
    if code:
        return _("the table closed the connection (code {code})").format(code=code)
    return _("the connection ended")
