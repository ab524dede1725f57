"""The random player: uniform over the legal cards and discards."""

from __future__ import annotations

from ai.player import Bot


class RandomBot(Bot):
    """Plays any legal card and makes any legal discard with equal probability; declares
    everything, like every bot (the house rule of RULES.md §5)."""

    name = "random"
    gives_signals = False  # uniform over the legal cards: no signal either
