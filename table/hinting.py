"""The front end's door to the hint: what the hard bot would play, and why."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai import hint
from ai.explain import Explanation
from game.actions import Action
from game.view import PlayerView


def suggest(
    view: PlayerView, legal: Sequence[Action], rng: random.Random
) -> tuple[Action, Explanation]:
    """A hint: what the hard bot would play, and why (:func:`ai.hint.suggest`: the review's own
    judgement of the position)."""
    return hint.suggest(view, tuple(legal), rng)
