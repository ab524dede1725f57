"""Two connections with one seat's token (a returning player's client, and an older connection
of it whose hello comes late): the one opened last keeps the seat, whichever hello the table
reads first. Served on 127.0.0.1 with a port the OS chooses, bounded in time."""

from __future__ import annotations

from aiohttp import WSCloseCode

from net import protocol as p
from tests.support.net import RawClient, serve


async def _token(address: object) -> str:
    anna = await RawClient.connect(address)  # type: ignore[arg-type]
    token = (await anna.hello("Anna", seat=0))["token"]
    await anna.close()
    return str(token)


async def test_the_newer_connection_keeps_the_seat_whichever_hello_comes_first() -> None:
    server, address = await serve(["human", "human", "easy", "easy"], seed=3)
    clients: list[RawClient] = []
    try:
        token = await _token(address)
        for newer_first in (True, False):
            older = await RawClient.connect(address)
            newer = await RawClient.connect(address)
            clients += [older, newer]
            first, second = (newer, older) if newer_first else (older, newer)
            assert (await first.hello("Anna", token=token))["seat"] == 0
            await second.send(p.hello("Anna", token=token))
            loser = await older.until("error")
            assert loser["code"] == p.REPLACED and loser["args"] == {}
            closed = await older.closed()
            assert closed == WSCloseCode.POLICY_VIOLATION or not newer_first  # (seated: ended)
            if not newer_first:
                await newer.until("welcome")
            held = server.seats[0].conn
            assert held is not None and not held.closed
            await newer.send(p.ping(7))  # the newer one is the seat's, and still answered
            assert (await newer.until("pong"))["id"] == 7
            await newer.close()
    finally:
        for client in clients:
            await client.close()
        await server.close()
