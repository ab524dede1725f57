"""The easy bot: the rules of thumb a beginner is taught, no look-ahead.

It keeps Kings and Tarocchi for the combinations, discards the scartini that break nothing, declares
everything, takes the tricks that hold carte di valore when it can keep them, gives points to the
partner's winning trick and otherwise throws its cheapest card (see :mod:`ai.policy`).

Options: none (``make_bot("easy")``). It never uses its generator: its choices are a function of
the view alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai import policy
from ai.discard import rank_discards
from ai.player import Bot
from game.actions import PLAYS, Action
from game.view import PlayerView


class EasyBot(Bot):
    """Plays by the rules of thumb of :mod:`ai.policy`."""

    name = "easy"

    def choose_discard(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return rank_discards(view.hand, legal)[0]

    def choose_card(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        return PLAYS[policy.choose(view.hand, view.trick, view.unseen)]
