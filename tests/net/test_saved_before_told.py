"""A move is on disk before anybody hears of it: `tarocchino host` (a process of its own) dies
on the spot at a point around a move (before its save, after it, as its state has just gone
out), is started again, and the seat that saw the move is never asked for one already shown.
Before, the state went out while the save was still being written: killed then, the host came
back one action short and asked again for the card everybody had seen."""

from __future__ import annotations

import asyncio
import random
import subprocess
from pathlib import Path

import pytest

from ai.easy import EasyBot
from game import wire
from net import crashpoint
from net import protocol as p
from net.client import Address
from tests.support.net import RawClient
from tests.support.processes import LIMIT_S, line, tarocchino

SEATS = "human,easy,easy,easy"
MAX_STATES = 2_000  # states a client reads at most


async def _play(client: RawClient, seat: int) -> int:
    """Play ``seat`` with an easy bot until the connection ends; the last move number shown."""
    bot, shown = EasyBot(), 0
    for _ in range(MAX_STATES):
        message = await client.receive()
        if message is None:
            return shown
        if message["type"] != "state":
            continue
        shown = max(shown, message["ply"])
        assert message["winner"] is None, "the match ended before the host died"
        if message["started"] and message["seed"] is not None and message["winner"] is None:
            view = wire.view_from_json(message["view"])
            action = bot.choose(view, view.legal, random.Random(message["seed"]))
            try:
                await client.send(p.act(seat, message["ply"], action))
            except ConnectionError:  # (the host died as the move went: its end, read next)
                continue
    raise AssertionError("the host never died")


def _port(host: subprocess.Popen[str], seen: list[str]) -> int:
    return int(line(host, r"listening on 127\.0\.0\.1 port (\d+)", seen)[1])


@pytest.mark.parametrize(
    "point",
    [
        f"{crashpoint.BEFORE_SAVE}:9",
        f"{crashpoint.AFTER_SAVE}:9",
        f"{crashpoint.BROADCAST}:9",
        f"{crashpoint.BROADCAST}:14",
        f"{crashpoint.BEFORE_SAVE}:70",  # (about where the first hand ends)
        f"{crashpoint.BROADCAST}:70",
    ],
)
async def test_a_host_killed_around_a_move_never_asks_for_it_again(
    tmp_path: Path, point: str
) -> None:
    new = ["--seats", SEATS, "--seed", "5", "--target", "800"]
    env = {crashpoint.CRASH_ENV: point}
    host = tarocchino(["host", *new, "--bot-delay", "0", "--port", "0"], tmp_path, env)
    again: subprocess.Popen[str] | None = None
    seen: list[str] = []
    try:
        port = await asyncio.to_thread(_port, host, seen)
        address = Address("127.0.0.1", port)
        anna = await RawClient.connect(address)
        token = (await anna.hello("Anna", seat=0))["token"]
        shown = await _play(anna, 0)
        await anna.close()
        assert await asyncio.to_thread(host.wait, LIMIT_S) == crashpoint.CRASH_STATUS
        assert shown > 0
        again = tarocchino(["host", "--port", str(port)], tmp_path)  # (it resumes)
        await asyncio.to_thread(_port, again, seen)
        anna = await RawClient.connect(address)
        await anna.hello("Anna", token=token)
        state = await anna.until("state")
        await anna.close()
        assert state["ply"] >= shown, f"move {state['ply']} again, after {shown} was shown"
    finally:
        for process in (host, again):
            if process is not None and process.poll() is None:
                process.kill()
            if process is not None:
                process.wait()
