"""A table of four bot clients plays a match while strangers knock at the same door: sockets that
open and never say hello, floods of messages, storms of connections opened and dropped, wrong
passwords under ever new names. The match ends as `tarocchino simulate` ends it with the same
seed, and no honest client is refused. Served on 127.0.0.1 with a port from the OS; every
stranger is bounded in count and stops when the match is over."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
from collections.abc import Awaitable, Callable

import aiohttp

from net import protocol as p
from net.client import Address, TokenStore
from tests.support.net import (
    FAST,
    LIMIT_S,
    hand_totals,
    remote_bot,
    serve,
    simulate_hands,
)

SEED, TARGET = 4, 800
PLAYERS = ["easy", "easy", "easy", "easy"]
PASSWORD = "the right one"
MAX_IDLE = 40  # sockets held open without a hello
ROUNDS = 150  # each stranger's attempts at most


async def _connect(
    http: aiohttp.ClientSession, address: Address
) -> aiohttp.ClientWebSocketResponse:
    return await http.ws_connect(address.url, max_msg_size=1 << 20)


async def _idle(http: aiohttp.ClientSession, address: Address, over: asyncio.Event) -> int:
    held = []
    for _ in range(MAX_IDLE):
        if over.is_set():
            break
        held.append(await _connect(http, address))
        await asyncio.sleep(0.01)
    for ws in held:
        await ws.close()
    return len(held)


async def _flood(http: aiohttp.ClientSession, address: Address, over: asyncio.Event) -> int:
    sent = 0
    for _ in range(ROUNDS // 10):
        if over.is_set():
            break
        ws = await _connect(http, address)
        with contextlib.suppress(ConnectionError, RuntimeError, aiohttp.ClientError):
            for n in range(50):
                await ws.send_str(json.dumps(p.ping(n)) if n % 2 else "{not json")
                sent += 1
        await ws.close()
    return sent


async def _storm(http: aiohttp.ClientSession, address: Address, over: asyncio.Event) -> int:
    count = 0
    for _ in range(ROUNDS):
        if over.is_set():
            break
        ws = await _connect(http, address)
        await ws.close()
        count += 1
    return count


async def _guesses(http: aiohttp.ClientSession, address: Address, over: asyncio.Event) -> int:
    count = 0
    for n in range(ROUNDS // 3):
        if over.is_set():
            break
        ws = await _connect(http, address)
        await ws.send_str(json.dumps(p.hello(f"Guess{n % 7}", password=f"guess {n}")))
        answer = await ws.receive(LIMIT_S)
        assert answer.type != aiohttp.WSMsgType.TEXT or '"welcome"' not in answer.data
        await ws.close()
        count += 1
    return count


STRANGERS: list[Callable[[aiohttp.ClientSession, Address, asyncio.Event], Awaitable[int]]] = [
    _idle,
    _flood,
    _storm,
    _guesses,
]


async def test_a_match_plays_on_while_strangers_knock(tmp_path, capsys) -> None:
    expected = simulate_hands(SEED, PLAYERS, TARGET, capsys)
    config = dataclasses.replace(FAST, password=PASSWORD, hello_timeout_s=2.0)
    said: list[str] = []
    server, address = await serve(seed=SEED, target=TARGET, config=config, log=said.append)
    tokens = TokenStore(tmp_path)
    bots = [
        remote_bot(address, seat, spec, tokens, password=PASSWORD)
        for seat, spec in enumerate(PLAYERS)
    ]
    over = asyncio.Event()
    async with aiohttp.ClientSession() as http:
        strangers = [asyncio.ensure_future(knock(http, address, over)) for knock in STRANGERS]
        try:
            refusals = await asyncio.wait_for(
                asyncio.gather(*(bot.run() for bot in bots)), LIMIT_S * 3
            )
        finally:
            over.set()
            done = await asyncio.gather(*strangers, return_exceptions=True)
            await server.close()
    assert refusals == [None] * 4  # no honest client was refused
    assert all(isinstance(n, int) and n > 0 for n in done), done  # every stranger knocked
    results = [(r.sides[0].total, r.sides[1].total) for r in server.hands.results]
    assert results == hand_totals(expected)
    assert list(server.session.match.scores) == expected[-1]["score"]
    assert all(by == "remote" for _, by in server.referee.movers)  # no stand-in was needed
    assert len(said) < 60, said  # the console: a line of each kind of stranger a minute
