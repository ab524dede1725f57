"""The table protocol has one version: a hello of any other is refused at once, in words that
say the versions of the game differ, and this game's client at a table of another version says
so and gives up (it never tries another version)."""

from __future__ import annotations

import asyncio
import json

import pytest
from aiohttp import web

from net import protocol as p
from net.client import Address, TableClient
from tests.support.net import LIMIT_S, RawClient, serve

TABLE = p.TableInfo(800, 60.0, "medium", (), 120.0)


async def test_a_hello_of_another_version_is_refused_saying_the_versions_differ() -> None:
    server, address = await serve(["human", "easy", "easy", "easy"])
    try:
        for version in (3, 1, 5, "4", None):
            client = await RawClient.connect(address)
            try:
                await client.send({**p.hello("Old"), "protocol": version})
                error = await client.until("error")
                assert error["code"] == p.VERSION and error["ply"] is None
                assert error["args"]["table"] == p.PROTOCOL
                assert await client.closed() == 1008
            finally:
                await client.close()
        assert error["args"] == {"table": 4, "yours": None}
        assert p.read_server(p.encode(error)).message == (  # type: ignore[union-attr]
            "this table speaks protocol 4: the versions of the game differ (join "
            "with the host's version)"
        )
        assert server.seats[0].claim is None  # nobody took a seat
    finally:
        await server.close()


def test_an_older_hello_is_refused_for_its_version_whatever_its_fields() -> None:
    """The version is read first: a hello of another version is refused as such even when its
    fields are not this version's."""
    older = {"type": "hello", "protocol": 3, "name": "Old", "colour": "red"}
    with pytest.raises(p.ProtocolError) as refused:
        p.read_client(json.dumps(older))
    assert refused.value.code == p.VERSION
    assert str(refused.value) == (
        "this table speaks protocol 4, not 3: the versions of the game differ (join with the "
        "host's version)"
    )
    hello = p.read_client(p.encode(p.hello("Anna")))
    assert isinstance(hello, p.Hello) and p.hello("Anna")["protocol"] == p.PROTOCOL


def test_a_welcome_of_another_version_is_not_read() -> None:
    assert p.read_server(p.encode(p.welcome(0, "t", TABLE))) == p.Welcome(0, "t", TABLE)
    for version in (3, 5, True):
        with pytest.raises(p.ProtocolError) as refused:
            p.read_server(p.encode({**p.welcome(0, "t", TABLE), "protocol": version}))
        assert refused.value.code == p.VERSION
        assert "the versions of the game differ" in str(refused.value)


async def _table_of_another_version(answer: dict, hellos: list[dict]) -> tuple[web.AppRunner, int]:
    """A table on 127.0.0.1 that answers each hello with ``answer`` and hangs up."""

    async def table(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        hellos.append(json.loads((await ws.receive()).data))
        await ws.send_str(p.encode(answer))
        await ws.close(code=1008)
        return ws

    app = web.Application()
    app.router.add_get("/", table)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    return runner, site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "answer",
    [
        p.error(p.VERSION, {"table": 5, "yours": 4}),
        {**p.welcome(0, "t", TABLE), "protocol": 5},
    ],
)
async def test_this_game_gives_up_at_a_table_of_another_version(answer: dict) -> None:
    hellos: list[dict] = []
    runner, port = await _table_of_another_version(answer, hellos)
    try:
        told: list[str] = []
        client = TableClient(
            Address("127.0.0.1", port),
            "Anna",
            lambda message: None,
            on_status=told.append,
            retry_for_s=LIMIT_S,
        )
        refused = await asyncio.wait_for(client.run(), LIMIT_S)
    finally:
        await runner.cleanup()
    assert refused is not None and refused.code == p.VERSION
    assert "the versions of the game differ" in refused.message
    assert [h["protocol"] for h in hellos] == [p.PROTOCOL]  # said once, never another version
    assert not any("trying again" in line for line in told)
