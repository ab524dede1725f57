"""The monkey (tests/support/monkey_walk.py): seeded random walks of keys, clicks, the wheel and
resizes over every screen the start screen leads to, the game's promises checked after each step.

Three short walks stay in the suite, bounded by their steps: one from a hot-seat match, one from a
match against bots, one from the start screen. A failure prints the seed and the steps, to be
replayed with ``monkey_walk.replay(steps)`` or
``python tests/support/monkey_walk.py --seeds SEED --steps N``; the long run is that command
with many seeds and steps (or MONKEY_SEEDS=0-49 MONKEY_STEPS=2000 with this file)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.support.monkey_walk import _seeds, walk

STEPS = int(os.environ.get("MONKEY_STEPS", "60"))
OPENINGS = {
    "hot-seat": [("setup", "hot-seat", 5, "3")],  # (to 5 points: the match ends with its hand)
    "solo": [("setup", "solo", 5, "2")],
    "start": [],
}
WALKS = [(1, "hot-seat"), (2, "solo"), (3, "start")]
if "MONKEY_SEEDS" in os.environ:
    WALKS = [(seed, "start") for seed in _seeds(os.environ["MONKEY_SEEDS"])]


@pytest.mark.parametrize(("seed", "opening"), WALKS)
async def test_the_monkey_breaks_no_promise(seed: int, opening: str, tmp_path: Path) -> None:
    done = await walk(seed, STEPS, opening=OPENINGS[opening], directory=tmp_path)
    assert done.problem is None, done.report()
    assert len(done.steps) == STEPS
    if opening == "hot-seat":  # (the table, or a dialog over it)
        assert any("(hot-seat)" in name for name in done.screens), done.screens
    elif opening == "solo":
        assert "TableScreen" in done.screens, done.screens
