"""The random player: uniform over the legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.player import Bot
from game.actions import Action
from game.view import PlayerView


class RandomBot(Bot):
    """Plays any legal action with equal probability, declarations included."""

    name = "random"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[int(rng.random() * len(legal))]
