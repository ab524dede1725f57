"""The hint of the front end: what the hard bot would play here, and why."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.explain import Explanation
from ai.hard import HardBot
from game.actions import Action
from game.view import PlayerView


def suggest(
    view: PlayerView,
    legal: Sequence[Action],
    rng: random.Random,
    budget_s: float = 0.5,
) -> tuple[Action, Explanation]:
    """The action the hard bot would choose for ``view.seat`` and why (the text layer says it:
    "wins the trick with the King of Cups for your side").

    It sees only ``view``; ``budget_s`` bounds the thinking time (the front end runs it in a
    worker).
    """
    return HardBot(budget_s=budget_s).hint(view, legal, rng)
