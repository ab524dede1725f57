"""The front end's door to the bots: the registry when it imports, else the random bot alone (so
the game still starts while a bot level is being written), and the hint."""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence

from ai.player import Player
from game.actions import Action
from game.view import PlayerView

__all__ = ["BOTS", "available_level", "make_bot", "suggest"]

try:
    from ai.registry import BOTS, make_bot
except ImportError:  # pragma: no cover - only while a bot module is missing
    from ai.random_bot import RandomBot

    BOTS = {"random": RandomBot}

    def make_bot(name: str, **options: object) -> Player:
        if name not in BOTS:
            raise ValueError(f"unknown player {name!r} (known: {', '.join(BOTS)})")
        return BOTS[name](**options)


# The level to use when a level is not available (yet): the next weaker one.
_WEAKER = {"hard": "medium", "medium": "easy", "easy": "random"}


def available_level(kind: str) -> str:
    """``kind`` if that bot level is registered, else the nearest weaker level that is."""
    level = kind
    while level not in BOTS and level in _WEAKER:
        level = _WEAKER[level]
    return level if level in BOTS else "random"


def suggest(view: PlayerView, legal: Sequence[Action], rng: random.Random) -> tuple[Action, str]:
    """A hint: ``ai.hint.suggest`` (what the hard bot would play, and why) when it exists, else
    what the strongest available bot would play."""
    try:
        hint = importlib.import_module("ai.hint")
    except ImportError:
        hint = None
    if hint is not None and hasattr(hint, "suggest"):
        action, reason = hint.suggest(view, tuple(legal), rng, budget_s=0.5)
        return action, str(reason)
    level = available_level("hard")
    action = make_bot(level).choose(view, list(legal), rng)
    return action, f"what the {level} bot would play"
