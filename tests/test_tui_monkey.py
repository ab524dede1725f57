"""The monkey (tests/monkey_walk.py): seeded random walks of keys, clicks and resizes over every
screen the start screen leads to, the game's promises checked after each step.

A few short walks stay in the suite (bounded by their steps). A failure prints the seed and the
steps, to be replayed with ``monkey_walk.replay(steps)`` or
``python tests/monkey_walk.py --seeds SEED --steps N``; the long run is that command with many
seeds and steps (or MONKEY_SEEDS=0-49 MONKEY_STEPS=2000 with this file)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from monkey_walk import _seeds, walk

SEEDS = _seeds(os.environ.get("MONKEY_SEEDS", "1,2,3"))
STEPS = int(os.environ.get("MONKEY_STEPS", "120"))


@pytest.mark.parametrize("seed", SEEDS)
async def test_the_monkey_breaks_no_promise(seed: int, tmp_path: Path) -> None:
    done = await walk(seed, STEPS, directory=tmp_path)
    assert done.problem is None, done.report()
    assert len(done.steps) == STEPS
