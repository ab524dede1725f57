"""Strangers cannot keep people from joining: sockets that open and never say hello only push
out their own (four waiting from one address) or the longest waiting (sixteen in all), and
whoever says hello gets in; a client that finds the table busy says so and tries again. Before,
seventeen idle sockets filled the sixteen places and everybody else got HTTP 503, which a client
took for "not a Tarocchino table". Served on 127.0.0.1 with a port the OS chooses."""

from __future__ import annotations

import asyncio
import dataclasses

from aiohttp import WSCloseCode, web

from net.client import Address, TableClient
from tests.support.net import FAST, RawClient, serve, wait_until

IDLE = 17  # sockets that never say hello


async def test_idle_sockets_never_keep_a_newcomer_or_a_returning_seat_out() -> None:
    server, address = await serve(["human", "human", "easy", "easy"], seed=3)
    idle: list[RawClient] = []
    try:
        anna = await RawClient.connect(address)
        token = (await anna.hello("Anna", seat=0))["token"]
        await anna.close()
        for _ in range(IDLE):
            idle.append(await RawClient.connect(address))
        bea = await RawClient.connect(address)
        assert (await bea.hello("Bea", seat=1))["seat"] == 1
        anna = await RawClient.connect(address)
        assert (await anna.hello("Anna", token=token))["seat"] == 0
        await wait_until(
            lambda: len(server.doorway._waiting) <= FAST.max_pending_per_address, "room"
        )
        pushed_out = [await client.closed() for client in idle[: IDLE - 4]]
        assert set(pushed_out) == {WSCloseCode.TRY_AGAIN_LATER}
        await bea.close()
        await anna.close()
    finally:
        for client in idle:
            await client.close()
        await server.close()


async def test_the_longest_waiting_goes_when_the_door_is_full() -> None:
    config = dataclasses.replace(FAST, max_pending=3, max_pending_per_address=3)
    server, address = await serve(["human", "human", "easy", "easy"], seed=3, config=config)
    first = await RawClient.connect(address)
    others = [await RawClient.connect(address) for _ in range(3)]
    try:
        assert await first.closed() == WSCloseCode.TRY_AGAIN_LATER
        assert (await others[0].hello("Anna"))["type"] == "welcome"
    finally:
        for client in (first, *others):
            await client.close()
        await server.close()


async def test_a_client_finding_the_table_busy_says_so_and_tries_again() -> None:
    async def busy(request: web.Request) -> web.Response:
        return web.Response(status=503, text="the table is closing\n")

    app = web.Application()
    app.router.add_get("/", busy)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    said: list[str] = []
    client = TableClient(
        Address("127.0.0.1", port), "Anna", lambda m: None, on_status=said.append, retry_for_s=0.3
    )
    try:
        refusal = await asyncio.wait_for(client.run(), 30)
    finally:
        await runner.cleanup()
    assert refusal is not None and refusal.code == "unreachable"
    assert said[0].startswith("the table is busy, trying again in "), said
    assert len(said) > 1 and not any("not a Tarocchino table" in text for text in said), said
