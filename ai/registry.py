"""Bots by name, as the command line and the front end name them."""

from __future__ import annotations

from collections.abc import Callable

from ai.easy import EasyBot
from ai.hard import HardBot
from ai.medium import MediumBot
from ai.oracle import OracleBot
from ai.player import Player
from ai.random_bot import RandomBot

BOTS: dict[str, Callable[..., Player]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}

# Levels for measurement only: the duplicate arena may seat them, nothing a player picks offers
# them. The oracle sees every card (the arena shows it the deal).
MEASUREMENT_BOTS: dict[str, Callable[..., Player]] = {"oracle": OracleBot}

# Levels that think for a time budget unless given ``iterations`` (their play depends on the
# machine's speed).
TIMED_LEVELS = frozenset({"hard"})


def make_bot(name: str, **options: object) -> Player:
    """A new bot of level ``name``; raises ValueError naming the known levels. (A level for
    measurement is built too: only the arena's specs name one.)"""
    factory = BOTS.get(name) or MEASUREMENT_BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown player {name!r} (known: {', '.join(BOTS)})")
    return factory(**options)
