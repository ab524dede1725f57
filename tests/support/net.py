"""Helpers of the network tests: a table served on 127.0.0.1 (a free port from the system), bot
seats and raw clients that say exactly what a test wants, bounded in time and messages."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import pytest

import net.turns
from ai.easy import EasyBot
from ai.spec import parse_spec
from cli.main import main
from game import wire
from net import protocol as p
from net.botclient import RemoteBot
from net.client import Address, TokenStore
from net.config import HostRequest, TableConfig
from net.remote import RemoteSession
from net.server import TableServer
from store.save import SaveStore
from table.session import Session, parse_seats
from tests.support.screens import FAST as FAST_SETTINGS
from tests.support.screens import press, press_for, settle, wait_for
from tui.app import TarocchinoApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.table import TableScreen

FAST = TableConfig(
    bot_delay_s=0, trick_pause_s=0, heartbeat_s=0, rejoin_grace_s=0, state_interval_s=0
)
LIMIT_S = 60  # no test waits longer than this for anything
MAX_FRAMES = 20_000  # a raw client reads at most this many messages


async def serve(
    kinds: list[str] | None = None,
    *,
    seed: int | None = 1,
    target: int = 800,
    config: TableConfig = FAST,
    session: Session | None = None,
    **kwargs: object,
) -> tuple[TableServer, Address]:
    """A table served on 127.0.0.1: a new match of ``kinds`` (or ``session``, a match going on)."""
    if session is None:
        session = Session.new(parse_seats(kinds or ["human"] * 4), seed=seed, target=target)
    server = TableServer(session, config, **kwargs)  # type: ignore[arg-type]
    port = await server.start("127.0.0.1", 0)
    return server, Address("127.0.0.1", port)


def remote_bot(
    address: Address,
    seat: int,
    spec: str,
    tokens: TokenStore | None = None,
    name: str | None = None,
    password: str | None = None,
) -> RemoteBot:
    return RemoteBot(
        address,
        name or f"Bot{seat + 1}",
        parse_spec(spec).make(),
        spec,
        seat=seat,
        password=password,
        tokens=tokens,
        retry_for_s=LIMIT_S,
    )


async def wait_until(condition: Callable[[], bool], what: str, limit: float = LIMIT_S) -> None:
    """Poll ``condition`` every few milliseconds; fail the test after ``limit`` seconds."""
    deadline = time.monotonic() + limit
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.005)


async def run_until(pilot, condition: Callable[[], bool]) -> None:  # noqa: ANN001
    """Let the app of ``pilot`` run until ``condition()`` holds; fail after LIMIT_S seconds."""
    deadline = time.monotonic() + LIMIT_S
    while not condition():
        assert time.monotonic() < deadline, "the condition never held"
        await pilot.pause(0.01)


def simulate_hands(seed: int, players: list[str], target: int, capsys) -> list[dict]:
    """What `tarocchino simulate` prints for the match, one dict a hand."""
    capsys.readouterr()
    argv = [
        "simulate",
        "--seed",
        str(seed),
        "--target",
        str(target),
        "--players",
        ",".join(players),
        "--json",
    ]
    assert main(argv) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def hand_totals(lines: list[dict]) -> list[tuple[int, int]]:
    return [(line["sides"][0]["total"], line["sides"][1]["total"]) for line in lines]


class RawClient:
    """A WebSocket that sends what it is told and keeps every frame it receives (as text)."""

    def __init__(self, http: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.http, self.ws = http, ws
        self.frames: list[str] = []
        self.messages: list[dict] = []

    @classmethod
    async def connect(cls, address: Address, token: str | None = None) -> RawClient:
        """Connected to the table at ``address``; ``token``: shown in the handshake."""
        http = aiohttp.ClientSession()
        headers = p.token_headers(token)
        ws = await http.ws_connect(address.url, max_msg_size=1 << 20, headers=headers)
        return cls(http, ws)

    async def send(self, message: dict | str) -> None:
        await self.ws.send_str(message if isinstance(message, str) else json.dumps(message))

    async def receive(self, limit: float = LIMIT_S) -> dict | None:
        """The next message, or None when the connection is closed."""
        assert len(self.frames) < MAX_FRAMES
        frame = await asyncio.wait_for(self.ws.receive(), limit)
        if frame.type != aiohttp.WSMsgType.TEXT:
            return None
        self.frames.append(frame.data)
        message = json.loads(frame.data)
        self.messages.append(message)
        return message

    async def until(
        self, kind: str, condition: Callable[[dict], bool] = lambda m: True, limit: float = LIMIT_S
    ) -> dict:
        """Read until a message of ``kind`` satisfying ``condition`` comes."""
        deadline = time.monotonic() + limit
        while True:
            message = await self.receive(max(0.01, deadline - time.monotonic()))
            if message is None:
                raise AssertionError(f"closed before a {kind} came: {self.ws.close_code}")
            if message["type"] == kind and condition(message):
                return message

    async def hello(self, name: str, **fields: object) -> dict:
        await self.send(p.hello(name, **fields))  # type: ignore[arg-type]
        return await self.until("welcome")

    async def closed(self, limit: float = LIMIT_S) -> int | None:
        """Read to the end of the connection; its close code."""
        while await self.receive(limit) is not None:
            pass
        return self.ws.close_code

    async def close(self) -> None:
        await self.ws.close()
        await self.http.close()


class QuietClient:
    """The client of a remote session that a test feeds by hand (``receive``): what the session
    sends goes nowhere but ``sent``."""

    def __init__(self, receive: Callable[[object], None]) -> None:
        self.receive = receive
        self.sent: list[dict] = []

    def send(self, message: dict) -> bool:
        self.sent.append(message)
        return True


def fed_session() -> RemoteSession:
    """A remote session with no table behind it: a test gives it the table's messages."""
    return RemoteSession(QuietClient)  # type: ignore[arg-type]


async def raw_easy_seat(client: RawClient, seat: int) -> None:
    """An easy bot playing through raw messages to the end of the match."""
    bot = EasyBot()
    while (message := await client.receive()) is not None:
        if message["type"] != "state":
            continue
        if message["winner"] is not None:
            return
        if message["started"] and message["seed"] is not None:
            view = wire.view_from_json(message["view"])
            action = bot.choose(view, view.legal, random.Random(message["seed"]))
            await client.send(p.act(seat, message["ply"], action))


def save_a_table(directory: Path) -> None:
    """A table saved in ``directory`` (two people, two easy bots, seed 3), as a host leaves it."""
    SaveStore(directory).write(Session.new(parse_seats(["human", "easy", "human", "easy"]), seed=3))


async def host_on_a_busy_port(data: Path, busy_port: int) -> TarocchinoApp:
    """Host a table from the start screen (data directory ``data``) on a port another program
    listens on; the app, closed once it said it cannot host."""
    app = TarocchinoApp(settings=FAST_SETTINGS, directory=data, persist=False)
    async with app.run_test(size=(100, 32)) as pilot:
        seats = parse_seats(["human", "easy", "human", "easy"])
        await app.network.host(seats, None, 800, HostRequest(busy_port, "127.0.0.1", None, 0))
        await wait_for(
            pilot, lambda: any("Cannot host" in str(n.message) for n in app._notifications)
        )
    return app


async def play_on_until(pilot, condition, most: int = 200) -> None:  # noqa: ANN001
    """Anna plays her turns (and answers her dialogs) until ``condition()`` holds."""
    for _ in range(most):
        if condition():
            return
        screen = await settle(pilot)
        if condition():
            return
        if isinstance(screen, ScoringScreen | DeclareScreen | ConfirmScreen):
            await press(pilot, "enter")
        elif isinstance(screen, TableScreen):
            await press_for(pilot, screen)
    raise AssertionError("the condition never held")


class TableClock:
    """The clock of the table servers of a test, which the test turns: a turn limit set long
    never runs out by itself; ``run_out`` runs out the one running now (its timer fired at
    once), ``advance`` turns forward the clock the servers read the time left on (what a
    seat's state says is left) and the windows that read theirs on ``now``. No test waits for
    a limit in real time."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.ahead = 0.0
        monkeypatch.setattr(net.turns, "time", SimpleNamespace(monotonic=self.now))

    def now(self) -> float:
        """The time on this clock (a remote session reads its countdown on it too, so that
        what the table says is left and what the window counts agree)."""
        return time.monotonic() + self.ahead

    def advance(self, seconds: float) -> None:
        self.ahead += seconds

    @staticmethod
    def awaits(server: TableServer, seat: int) -> bool:
        """Whether the turn limit of ``seat``'s decision runs now (not run out yet)."""
        limit = server.referee.turn_limit
        return limit._turn is not None and limit._turn[0] == seat and limit._timer is not None

    def run_out(self, server: TableServer) -> None:
        """The turn limit of the decision the table waits for runs out now."""
        limit = server.referee.turn_limit
        timer, turn = limit._timer, limit._turn
        assert timer is not None and turn is not None, "no turn limit runs"
        timer.cancel()
        limit._up(turn[0], turn[1])


class SlowLink:
    """A TCP relay on 127.0.0.1 in front of ``table``: what a client sends reaches the table
    ``lag`` seconds later (a slow network: a hello arrives late), what the table sends comes
    at once; :meth:`cut` drops every link at once (the client's connection is lost)."""

    def __init__(self, table: Address, lag: float) -> None:
        self.table, self.lag = table, lag
        self.links: set[asyncio.StreamWriter] = set()
        self._relaying: set[asyncio.Task] = set()
        self._server: asyncio.Server | None = None

    async def start(self) -> Address:
        """Listen (a free port from the system); the address a client joins through."""
        self._server = await asyncio.start_server(self._link, "127.0.0.1", 0)
        return Address("127.0.0.1", self._server.sockets[0].getsockname()[1])

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._relaying.add(task)
        try:
            await self._relay(reader, writer)
        finally:
            self._relaying.discard(task)

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            far_reader, far_writer = await asyncio.open_connection(self.table.host, self.table.port)
        except OSError:
            writer.close()
            return
        self.links |= {writer, far_writer}
        if self._server is None or not self._server.is_serving():  # (closed meanwhile)
            self.cut()
        try:
            await asyncio.gather(
                self._pump(reader, far_writer, self.lag), self._pump(far_reader, writer, 0)
            )
        finally:
            for end in (writer, far_writer):
                self.links.discard(end)
                end.close()

    @staticmethod
    async def _pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, lag: float) -> None:
        loop = asyncio.get_running_loop()
        chunks: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue()

        async def deliver() -> None:
            while (item := await chunks.get())[1]:
                await asyncio.sleep(max(0.0, item[0] + lag - loop.time()))
                writer.write(item[1])
                await writer.drain()
            writer.close()

        delivering = asyncio.ensure_future(deliver())
        try:
            while chunk := await reader.read(65536):
                chunks.put_nowait((loop.time(), chunk))
        except OSError:
            pass
        finally:
            chunks.put_nowait((loop.time(), b""))
            with contextlib.suppress(OSError):
                await delivering

    def cut(self) -> None:
        """Drop every link (both ends, at once)."""
        for end in list(self.links):
            end.transport.abort()

    async def close(self) -> None:
        """Stop listening, drop every link and wait for its relay to end."""
        if self._server is not None:
            self._server.close()
        self.cut()
        if self._relaying:
            await asyncio.wait(self._relaying, timeout=LIMIT_S)
        if self._server is not None:
            await self._server.wait_closed()
