"""What a table sends stays in proportion to what happens at it: states of one move are told a
seat at most once every ``state_interval_s`` (the newest waiting replaces the one before it),
what a person is doing is told at a person's pace, a connection that comes straight back is
never shown gone, and a restarted host tells nobody more than that the table is back. Before,
every change of what a seat was doing reached every seat at once, and a restart announced
"X left the table." then "X is back." for everyone. Served on 127.0.0.1, ports from the OS."""

from __future__ import annotations

import dataclasses
import time

from net import protocol as p
from net.server import TableServer
from tests.support.net import FAST, RawClient, fed_session, serve, wait_until

SEATS = ["human", "human", "human", "human"]  # two of them taken: the match waits at move 0
SPAM = 30  # changes of what Bea is doing, sent as fast as a client can


async def _spam_doing(bea: RawClient) -> None:
    for n in range(SPAM):
        await bea.send(p.doing(p.REVIEW if n % 2 else p.HELP))
    await bea.send(p.doing(p.SHEET))


def _states(client: RawClient) -> int:
    return sum(1 for m in client.messages if m["type"] == "state")


async def test_states_of_one_move_reach_a_seat_a_few_times_a_second() -> None:
    interval = 0.5
    config = dataclasses.replace(FAST, state_interval_s=interval, doing_rate=1e3, doing_burst=1000)
    server, address = await serve(SEATS, config=config)
    anna, bea = await RawClient.connect(address), await RawClient.connect(address)
    try:
        await anna.hello("Anna", seat=0)
        await bea.hello("Bea", seat=1)
        await anna.until("state", lambda m: m["seats"][1]["connected"])
        before, started = _states(anna), time.monotonic()
        await _spam_doing(bea)
        await anna.until("state", lambda m: m["seats"][1]["doing"] == p.SHEET)
        told = _states(anna) - before
        assert told <= 2 + (time.monotonic() - started) / interval, told
    finally:
        await anna.close()
        await bea.close()
        await server.close()


async def test_what_a_person_does_is_told_at_a_persons_pace() -> None:
    config = dataclasses.replace(FAST, state_interval_s=0, doing_rate=2, doing_burst=4)
    server, address = await serve(SEATS, config=config)
    broadcasts = 0
    broadcast = server._broadcast

    def counted() -> None:
        nonlocal broadcasts
        broadcasts += 1
        broadcast()

    server._broadcast = counted  # type: ignore[method-assign]
    anna, bea = await RawClient.connect(address), await RawClient.connect(address)
    try:
        await anna.hello("Anna", seat=0)
        await bea.hello("Bea", seat=1)
        before, started = broadcasts, time.monotonic()
        await _spam_doing(bea)
        await anna.until("state", lambda m: m["seats"][1]["doing"] == p.SHEET)
        told = broadcasts - before
        assert told <= config.doing_burst + 2 + 2 * (time.monotonic() - started), told
    finally:
        await anna.close()
        await bea.close()
        await server.close()


def _notices(client: RawClient) -> list[str]:
    """What a person at ``client``'s seat is told of the others coming and going."""
    session = fed_session()
    for frame in client.frames:
        session.receive(p.read_server(frame))
    return session.pop_notices()


async def test_a_connection_back_at_once_is_news_to_nobody() -> None:
    config = dataclasses.replace(FAST, rejoin_grace_s=30)
    server, address = await serve(SEATS, config=config)
    anna, bea = await RawClient.connect(address), await RawClient.connect(address)
    try:
        await anna.hello("Anna", seat=0)
        token = (await bea.hello("Bea", seat=1))["token"]
        await anna.until("state", lambda m: m["seats"][1]["connected"])
        await bea.close()
        await wait_until(lambda: server.seats[1].conn is None, "Bea's connection to end")
        bea = await RawClient.connect(address)
        await bea.hello("Bea", token=token)
        await bea.send(p.doing(p.SHEET))
        await anna.until("state", lambda m: m["seats"][1]["doing"] == p.SHEET)
        assert all(
            m["seats"][1]["connected"]
            for m in anna.messages
            if m["type"] == "state" and m["seats"][1]["player"] != p.OPEN
        )
        assert _notices(anna) == ["Bea took seat 2."]
    finally:
        await anna.close()
        await bea.close()
        await server.close()


async def test_a_seat_away_past_the_grace_is_shown_gone() -> None:
    config = dataclasses.replace(FAST, rejoin_grace_s=0.2)
    server, address = await serve(SEATS, config=config)
    anna, bea = await RawClient.connect(address), await RawClient.connect(address)
    try:
        await anna.hello("Anna", seat=0)
        await bea.hello("Bea", seat=1)
        await anna.until("state", lambda m: m["seats"][1]["connected"])
        await bea.close()
        await anna.until(
            "state", lambda m: m["seats"][1]["player"] != p.OPEN and not m["seats"][1]["connected"]
        )
        assert _notices(anna) == ["Bea took seat 2.", "Bea left the table."]
    finally:
        await anna.close()
        await server.close()


async def test_a_restarted_host_tells_nobody_but_that_the_table_is_back() -> None:
    config = dataclasses.replace(FAST, rejoin_grace_s=30)
    server, address = await serve(SEATS, config=config)
    anna, bea = await RawClient.connect(address), await RawClient.connect(address)
    again: TableServer | None = None
    try:
        tokens = [
            (await anna.hello("Anna", seat=0))["token"],
            (await bea.hello("Bea", seat=1))["token"],
        ]
        await anna.until("state", lambda m: m["seats"][1]["connected"])
        await server.close()
        await anna.closed()
        await bea.closed()
        claimed = [s.claim for s in server.seats]
        again = TableServer(server.session, config, claimed=claimed)
        await again.start("127.0.0.1", address.port)
        anna_again, bea_again = await RawClient.connect(address), await RawClient.connect(address)
        await anna_again.hello("Anna", token=tokens[0])
        await bea_again.hello("Bea", token=tokens[1])
        await bea_again.send(p.doing(p.SHEET))
        await anna_again.until("state", lambda m: m["seats"][1]["doing"] == p.SHEET)
        anna_again.frames[:0] = anna.frames  # one person's window, both connections
        assert _notices(anna_again) == ["Bea took seat 2.", "Back at the table."]
        await anna_again.close()
        await bea_again.close()
    finally:
        await anna.close()
        await bea.close()
        await server.close()
        if again is not None:
            await again.close()
