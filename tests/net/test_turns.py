"""The turn limit (net/turns.py), without a socket: it runs on the decision awaited, starts
afresh with another, stops when none is awaited, and says when the time is up."""

from __future__ import annotations

import asyncio

from net.turns import TurnLimit


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def test_the_limit_runs_on_the_decision_awaited() -> None:
    clock, up = Clock(), []
    limit = TurnLimit(30.0, lambda seat, ply: up.append((seat, ply)), clock)
    assert limit.left() is None
    limit.keep((2, 7))
    clock.now += 10
    limit.keep((2, 7))  # the same decision: the time runs on
    assert limit.left() == 20.0
    limit.keep((3, 8))  # the next one: afresh
    assert limit.left() == 30.0
    clock.now += 45
    assert limit.left() == 0.0  # (never below)
    limit.keep(None)  # a bot of the table acts: no limit
    assert limit.left() is None and up == []


async def test_the_time_up_is_said_once() -> None:
    up: list[tuple[int, int]] = []
    limit = TurnLimit(0.02, lambda seat, ply: up.append((seat, ply)))
    limit.keep((1, 4))
    await asyncio.sleep(0.1)
    assert up == [(1, 4)] and limit.left() == 0.0
    limit.keep((1, 5))
    limit.keep(None)  # stopped before its time
    await asyncio.sleep(0.1)
    assert up == [(1, 4)]


def test_no_limit_runs_when_it_is_zero() -> None:
    limit = TurnLimit(0.0, lambda seat, ply: None)
    limit.keep((0, 0))
    assert limit.left() is None
