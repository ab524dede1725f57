"""A seat is told in plain words that the host stopped the table (127.0.0.1, a free port,
bounded in time): "the host stopped the table", once, and why only when there is more to say
("the match is over")."""

from __future__ import annotations

import asyncio

from net.client import TableClient, closing_words
from tests.support.net import LIMIT_S, serve, wait_until


def test_the_words_say_it_once() -> None:
    assert closing_words("the host stopped the table") == "the host stopped the table"
    assert closing_words("") == "the host stopped the table"
    assert closing_words("the match is over") == "the host stopped the table (the match is over)"


async def test_a_seat_hears_that_the_host_stopped_the_table() -> None:
    server, address = await serve(["human", "easy", "easy", "easy"])
    said: list[str] = []
    client = TableClient(
        address, "Anna", lambda message: None, seat=0, on_status=said.append, retry_for_s=0.5
    )
    running = asyncio.ensure_future(client.run())
    try:
        await wait_until(lambda: client.connected, "Anna to join")
        await server.close()
        await wait_until(lambda: any("stopped" in s for s in said), "the word of the host")
    finally:
        await client.close()
        await asyncio.wait_for(running, LIMIT_S)
        await server.close()
    stopped = [s for s in said if "stopped" in s]
    assert stopped == ["the host stopped the table"], said
