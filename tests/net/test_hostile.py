"""Bad and hostile clients: each gets a clear error (and is disconnected when it insists or
cannot be trusted), while the table's state stays as it was and the other seats notice nothing."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Awaitable, Callable

import aiohttp
import pytest

from game import wire
from game.cards import CODES, FIVES, cards_of
from game.match import Match
from net import protocol as p
from net.client import Address
from net.server import TableServer
from tests.support.net import FAST, RawClient, serve


def _seed_dealing_to(seat: int) -> int:
    return next(s for s in range(1, 500) if Match(s).first_dealer == seat)


SEED = _seed_dealing_to(0)  # Anna deals: the table waits for her discard
PASSWORD = "s3cret"
CONFIG = dataclasses.replace(FAST, password=PASSWORD, hello_timeout_s=0.2, max_strikes=8, burst=30)


class Table:
    """A table waiting for Anna (seat 1) to discard; Bruno (seat 2) is the troublemaker."""

    def __init__(
        self, server: TableServer, address: Address, anna: RawClient, bruno: RawClient
    ) -> None:
        self.server, self.address, self.anna, self.bruno = server, address, anna, bruno

    @property
    def ply(self) -> int:
        return len(self.server.session.match.actions)

    def legal(self) -> str:
        return str(self.server.session.match.legal_actions()[0])

    async def newcomer(self) -> RawClient:
        return await RawClient.connect(self.address)

    async def error(self, client: RawClient, code: str) -> dict:
        message = await client.until("error")
        assert message["code"] == code, message
        assert isinstance(message["args"], dict)  # facts: each screen makes the words
        return message


async def _table() -> Table:
    server, address = await serve(["human", "human", "easy", "easy"], seed=SEED, config=CONFIG)
    anna, bruno = await RawClient.connect(address), await RawClient.connect(address)
    await anna.hello("Anna", seat=0, password=PASSWORD)
    await bruno.hello("Bruno", seat=1, password=PASSWORD)
    await anna.until("state", lambda m: m["started"] and bool(m["view"]["legal"]))
    return Table(server, address, anna, bruno)


Case = Callable[[Table], Awaitable[None]]
CASES: dict[str, Case] = {}


def case(function: Case) -> Case:
    CASES[function.__name__] = function
    return function


@case
async def malformed_json(t: Table) -> None:
    texts = ("{not json", "[1, 2]", '{"type": 5}', '"hello"', "NaN", '{"type":"ping","id":1e999}')
    for text in texts:
        await t.bruno.send(text)
        assert (await t.bruno.until("error"))["code"] in (p.BAD_JSON, p.BAD_MESSAGE)
    await t.bruno.send(p.ping(7))
    assert (await t.bruno.until("pong"))["id"] == 7  # still connected, still answered


@case
async def deep_nesting_and_binary(t: Table) -> None:
    await t.bruno.send("[" * 1000 + "]" * 1000)
    await t.error(t.bruno, p.BAD_JSON)
    await t.bruno.ws.send_bytes(b"\xff\xfe garbage")
    await t.error(t.bruno, p.BAD_JSON)


@case
async def unknown_type_and_bad_fields(t: Table) -> None:
    await t.bruno.send({"type": "dance"})
    await t.error(t.bruno, p.UNKNOWN_TYPE)
    await t.bruno.send({"type": "action", "seat": 1})
    await t.error(t.bruno, p.BAD_MESSAGE)
    await t.bruno.send({"type": "action", "seat": 1, "ply": 0, "action": "play KS", "x": 1})
    await t.error(t.bruno, p.BAD_MESSAGE)
    await t.bruno.send({"type": "action", "seat": 9, "ply": -1, "action": "fly away"})
    await t.error(t.bruno, p.BAD_MESSAGE)


@case
async def action_for_another_seat(t: Table) -> None:
    await t.bruno.send(p.act(0, t.ply, wire.action_from_json(t.legal())))
    message = await t.error(t.bruno, p.NOT_YOUR_SEAT)
    assert message["ply"] == t.ply


@case
async def out_of_turn(t: Table) -> None:
    await t.bruno.send({"type": "action", "seat": 1, "ply": t.ply, "action": "play KS"})
    await t.error(t.bruno, p.NOT_YOUR_TURN)


@case
async def stale_and_illegal_actions_of_the_player_to_move(t: Table) -> None:
    """Anna's own mistakes: refused, nothing changes, and she can still play."""
    ply = t.ply
    await t.anna.send({"type": "action", "seat": 0, "ply": ply + 3, "action": t.legal()})
    await t.error(t.anna, p.STALE)
    five = CODES[cards_of(t.server.session.match.view(0).hand & FIVES)[0]]  # a King or Tarocco
    other = str(t.server.session.match.legal_actions()[0]).split()[1]
    await t.anna.send(
        {"type": "action", "seat": 0, "ply": ply, "action": f"discard {five} {other}"}
    )
    message = await t.error(t.anna, p.ILLEGAL)
    assert message["args"] == {"why": "carta_da_5", "card": five}
    await t.anna.send({"type": "action", "seat": 0, "ply": ply, "action": "play KS"})
    await t.error(t.anna, p.ILLEGAL)
    t.anna.messages.clear()  # her own errors were expected; the check below is for the others


@case
async def oversized_message(t: Table) -> None:
    await t.bruno.send({"type": "ping", "id": 1, "pad": "x" * (p.MAX_CLIENT_BYTES + 10)})
    await t.error(t.bruno, p.TOO_LONG)
    assert await t.bruno.closed() == 1009


@case
async def far_too_big_a_frame(t: Table) -> None:
    await t.bruno.send("x" * (1 << 20))
    assert await t.bruno.closed() == 1009


@case
async def flood(t: Table) -> None:
    for i in range(CONFIG.burst + 20):
        await t.bruno.send(p.ping(i))
    await t.error(t.bruno, p.FLOOD)
    assert await t.bruno.closed() == 1008


@case
async def too_many_errors(t: Table) -> None:
    for _ in range(CONFIG.max_strikes):
        await t.bruno.send({"type": "nonsense"})
    message = await t.bruno.until("error", lambda m: m["code"] == p.TOO_MANY_ERRORS)
    assert message["args"] == {"most": CONFIG.max_strikes}
    assert await t.bruno.closed() == 1008


@case
async def second_hello(t: Table) -> None:
    await t.bruno.send(p.hello("Bruno", seat=1, password=PASSWORD))
    await t.error(t.bruno, p.HELLO_FIRST)
    assert await t.bruno.closed() == 1008


HELLOS = {
    "wrong_token": ({"token": "not-a-token"}, p.TOKEN),
    "wrong_password": ({"password": "guess"}, p.PASSWORD),
    "no_password": ({}, p.PASSWORD),
    "name_taken": ({"password": PASSWORD, "name": "anna"}, p.NAME_TAKEN),
    "name_taken_in_wide_letters": ({"password": PASSWORD, "name": "ＡＮＮＡ"}, p.NAME_TAKEN),
    "name_taken_in_look_alike_letters": ({"password": PASSWORD, "name": "Аnna"}, p.NAME_TAKEN),
    "name_with_an_invisible_character": (
        {"password": PASSWORD, "name": "An\u3164na"},
        p.BAD_MESSAGE,
    ),
    "seat_taken": ({"password": PASSWORD, "seat": 0}, p.SEAT_TAKEN),
    "bot_seat": ({"password": PASSWORD, "seat": 2}, p.SEAT_TAKEN),
    "other_version": ({"password": PASSWORD, "protocol": 99}, p.VERSION),
}


def _hello_case(fields: dict, code: str) -> Case:
    async def attempt(t: Table) -> None:
        client = await t.newcomer()
        message = p.hello(
            str(fields.get("name", "Mallory")),
            **{k: v for k, v in fields.items() if k in ("token", "password", "seat")},
        )
        message.update({k: v for k, v in fields.items() if k == "protocol"})
        await client.send(message)
        await t.error(client, code)
        assert await client.closed() == 1008
        await client.close()

    return attempt


for _name, (_fields, _code) in HELLOS.items():
    CASES[_name] = _hello_case(_fields, _code)


@case
async def terminal_escapes_in_a_bots_level(t: Table) -> None:
    """A bot's level is shown to every seat and printed on the host's terminal: no escapes."""
    for level in ("\x1b]0;owned\x07", "hard\x1b[2J", "medium\n12:00 Anna left seat 1"):
        client = await t.newcomer()
        message = p.hello("Robot", password=PASSWORD, player=p.BOT, level=level)
        await client.send(message)
        assert (await t.error(client, p.BAD_MESSAGE))["args"]["field"] == "level"
        assert await client.closed() == 1008
        await client.close()


@case
async def action_before_hello(t: Table) -> None:
    client = await t.newcomer()
    await client.send(p.act(0, t.ply, wire.action_from_json(t.legal())))
    await t.error(client, p.HELLO_FIRST)
    assert await client.closed() == 1008
    await client.close()


@case
async def silence_instead_of_hello(t: Table) -> None:
    client = await t.newcomer()
    await t.error(client, p.HELLO_TIMEOUT)
    assert await client.closed() == 1008
    await client.close()


@case
async def no_seat_left(t: Table) -> None:
    client = await t.newcomer()
    await client.send(p.hello("Mallory", password=PASSWORD))
    await t.error(client, p.NO_SEAT)
    await client.close()


@case
async def a_web_page_in_a_browser(t: Table) -> None:
    """Any site a browser shows could open a socket to a table on this machine; browsers say
    whose page it is (Origin), and the table refuses them all: its players are its clients."""
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(t.address.url, headers={"Origin": "http://evil.example"})
    assert refused.value.status == 403


@case
async def plain_http(t: Table) -> None:
    async with aiohttp.ClientSession() as http, http.get(t.address.url) as answer:
        assert answer.status == 200 and "tarocchino join" in await answer.text()


@pytest.mark.parametrize("name", list(CASES))
async def test_hostile_input_leaves_the_table_untouched(name: str) -> None:
    t = await _table()
    try:
        await _attack(t, CASES[name])
    finally:
        await t.anna.close()
        await t.bruno.close()
        await t.server.close()


async def _attack(t: Table, attack: Case) -> None:
    match = t.server.session.match
    before = (
        list(match.actions),
        match.view(0),
        match.view(1),
        [str(s) for s in t.server.session.seats],
    )
    anna_seen = len(t.anna.messages)
    await asyncio.wait_for(attack(t), 20)
    await asyncio.sleep(0.02)  # anything the attack set off has had time to happen
    after = (
        list(match.actions),
        match.view(0),
        match.view(1),
        [str(s) for s in t.server.session.seats],
    )
    assert after == before  # the table did not change
    assert t.server.seats[0].conn is not None  # Anna is still at the table ...
    assert not any(m["type"] == "error" for m in t.anna.messages[anna_seen:])  # ... untroubled
    await t.anna.send(p.act(0, t.ply, wire.action_from_json(t.legal())))  # ... and plays on
    await t.anna.until("state", lambda m: m["ply"] == len(before[0]) + 1)
    assert len(match.actions) > len(before[0])


def test_the_cases_cover_the_protocols_errors() -> None:
    codes = {code for _, code in HELLOS.values()}
    text = json.dumps(list(CASES))
    assert len(CASES) >= 20 and {p.TOKEN, p.PASSWORD, p.VERSION} <= codes and "flood" in text
