"""A seat's own token always gets in, whatever strangers do: a client shows its seat's token in
the WebSocket handshake, and the door lets it past the strangers at once, so a flood of
connections that never say hello cannot push it out before its hello arrives (before, a person
coming back over a slow link was pushed out again and again while the flood lasted). A wrong
token is a stranger's, and a hello must bring the token its handshake showed. Served on
127.0.0.1 with ports the OS chooses; the flood is bounded in connections and time."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import time

import aiohttp
from aiohttp import WSCloseCode

from net import protocol as p
from net.client import Address, TableClient
from tests.support.net import FAST, LIMIT_S, RawClient, SlowLink, serve, wait_until

# The door holds 8 strangers, all of them may come from one address: the flood fills it.
CONFIG = dataclasses.replace(FAST, max_pending=8, max_pending_per_address=8)
LAG_S = 1.0  # how late what the returning player sends reaches the table
FLOOD_S = 20.0  # the flood lasts this long at most ...
MAX_STRANGERS = 4000  # ... and opens this many connections at most
OPENERS = 4  # strangers opening connections at once, each holding a few ...
PACE_S = 0.01  # ... and opening the next one this soon (up to 400 a second in all: the door is
# full again many times over while the returning player's hello is on its way)
HELD = 6  # connections each opener holds open (never saying hello) before closing its oldest


async def _flood(address: Address, over: asyncio.Event, opened: list[int]) -> None:
    """Open connections that never say hello, as fast as the door answers, until ``over``."""
    deadline = time.monotonic() + FLOOD_S
    timeout = aiohttp.ClientWSTimeout(ws_close=1.0)

    async def opener(http: aiohttp.ClientSession) -> None:
        held: collections.deque[aiohttp.ClientWebSocketResponse] = collections.deque()
        try:
            while not over.is_set() and opened[0] < MAX_STRANGERS:
                if time.monotonic() > deadline:
                    return
                with contextlib.suppress(aiohttp.ClientError, OSError):
                    held.append(await http.ws_connect(address.url, timeout=timeout))
                    opened[0] += 1
                if len(held) > HELD:
                    await held.popleft().close()
                await asyncio.sleep(PACE_S)
        finally:
            for ws in held:
                await ws.close()

    async with aiohttp.ClientSession() as http:
        await asyncio.gather(*(opener(http) for _ in range(OPENERS)))


async def test_a_returning_player_is_seated_again_during_a_flood_of_strangers() -> None:
    server, address = await serve(["human", "easy", "easy", "easy"], seed=3, config=CONFIG)
    link = SlowLink(address, LAG_S)
    through = await link.start()
    welcomes: list[p.Welcome] = []

    def on_message(message: p.ServerMessage) -> None:
        if isinstance(message, p.Welcome):
            welcomes.append(message)

    anna = TableClient(through, "Anna", on_message, seat=0, retry_for_s=LIMIT_S)
    running = asyncio.ensure_future(anna.run())
    over, opened = asyncio.Event(), [0]
    flood: asyncio.Future[None] | None = None
    try:
        await wait_until(lambda: len(welcomes) == 1 and anna.connected, "Anna seated")
        first = server.seats[0].conn
        assert first is not None
        first_opened = first.opened
        flood = asyncio.ensure_future(_flood(address, over, opened))
        await wait_until(lambda: opened[0] > 2 * CONFIG.max_pending, "the door full")
        link.cut()  # Anna's connection drops; her client comes back with the seat's token
        await wait_until(lambda: server.seats[0].conn is not first, "Anna gone")

        def back() -> bool:
            conn = server.seats[0].conn
            return conn is not None and conn.opened > first_opened and not conn.closed

        def welcomed() -> bool:
            return back() and len(welcomes) == 2 and anna.connected

        await wait_until(lambda: welcomed() or flood.done(), "Anna back, or the flood over")
        during = opened[0]
        assert welcomed() and not flood.done(), f"not seated again during the flood ({during})"
        assert welcomes[1].seat == 0
        assert welcomes[1].token == welcomes[0].token
        assert during > 2 * CONFIG.max_pending  # strangers kept coming all along
        strangers = [c for c in server.doorway._waiting if c.token is None]
        assert len(strangers) <= CONFIG.max_pending
    finally:
        over.set()
        if flood is not None:
            await asyncio.wait_for(flood, LIMIT_S)
        await anna.close()
        await asyncio.wait_for(running, LIMIT_S)
        await link.close()
        await server.close()


async def _token(address: Address) -> str:
    anna = await RawClient.connect(address)
    token = (await anna.hello("Anna", seat=0))["token"]
    await anna.close()
    return str(token)


async def test_a_wrong_token_gets_no_pass_and_a_hello_must_bring_the_one_shown() -> None:
    server, address = await serve(["human", "human", "easy", "easy"], seed=3, config=CONFIG)
    clients: list[RawClient] = []
    try:
        token = await _token(address)
        wrong = await RawClient.connect(address, token=token[::-1])  # a stranger's guess
        right = await RawClient.connect(address, token=token)
        clients += [wrong, right]
        for _ in range(CONFIG.max_pending):  # the door full of strangers after them
            clients.append(await RawClient.connect(address))
        assert await wrong.closed() == WSCloseCode.TRY_AGAIN_LATER  # pushed out as a stranger
        assert (await right.hello("Anna", token=token))["seat"] == 0  # still there: seated
        await right.close()

        # a hello without the token its handshake showed is refused, and closed
        other = await RawClient.connect(address, token=token)
        clients.append(other)
        await other.send(p.hello("Bea", seat=1))
        assert (await other.until("error"))["code"] == p.TOKEN
        assert await other.closed() == WSCloseCode.POLICY_VIOLATION

        # one connection a seat waits with its token: the newer replaces the older
        older = await RawClient.connect(address, token=token)
        newer = await RawClient.connect(address, token=token)
        clients += [older, newer]
        assert (await older.until("error"))["code"] == p.REPLACED
        assert (await newer.hello("Anna", token=token))["seat"] == 0
    finally:
        for client in clients:
            await client.close()
        await server.close()
