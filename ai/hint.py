"""The hint of the front end: what the hard bot would play here, and why."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from ai import judge
from ai.explain import Explanation, explain
from ai.hard import HardBot
from game.actions import DISCARD, PLAY, Action
from game.view import PlayerView


def suggest(
    view: PlayerView,
    legal: Sequence[Action],
    rng: random.Random | None = None,
    iterations: int | None = None,
) -> tuple[Action, Explanation]:
    """The action the hard bot would choose for ``view.seat`` and why (the text layer says it:
    "wins the trick with the King of Cups for your side").

    A card to play or a discard is the review's own judgement (:func:`ai.judge.advise`: the same
    deals for the same position, ``iterations`` of them, by default the review's), so the hint
    and the review of the hand name the same card; anything else is the hard bot's quick choice
    (``rng``). It sees only ``view``.
    """
    kinds = {a.kind for a in legal}
    if kinds not in ({PLAY}, {DISCARD}):
        return HardBot(budget_s=0.5).hint(view, legal, rng or random.Random())
    advice = judge.advise(view, iterations)
    why = explain(view, advice.action, advice.margin)
    return advice.action, replace(why, likely=advice.likely, alike=advice.alike)
