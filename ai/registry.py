"""Bots by name, as the command line and the front end name them."""

from __future__ import annotations

from collections.abc import Callable

from ai.easy import EasyBot
from ai.hard import HardBot
from ai.medium import MediumBot
from ai.player import Player
from ai.random_bot import RandomBot

BOTS: dict[str, Callable[..., Player]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}

# Levels that think for a time budget unless given ``iterations`` (their play depends on the
# machine's speed).
TIMED_LEVELS = frozenset({"hard"})


def make_bot(name: str, **options: object) -> Player:
    """A new bot of level ``name``; raises ValueError naming the known levels."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown player {name!r} (known: {', '.join(BOTS)})") from None
    return factory(**options)
