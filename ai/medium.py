"""The medium bot: Monte Carlo over deals of the hidden cards, finished by rule-of-thumb playouts.

For every card it may play it deals the unseen cards consistently with what it has seen
(:mod:`ai.inference`), plays the card, lets the rules of thumb of :mod:`ai.policy` (with a good
share of random cards) finish the hand, and keeps the card with the best average margin. The
discard is the heuristic of :mod:`ai.discard`; it declares everything.

Options (keywords of ``make_bot("medium", ...)``):

* ``samples`` (default 20): deals of the hidden cards per decision;
* ``budget_s`` (default None): a time limit per decision in seconds, on top of ``samples``;
* ``iterations``: the same as ``samples`` (the arena's ``--iterations``);
* ``eps`` (default 0.25): the share of random cards in the playouts.

With no time limit the bot is deterministic given its generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.discard import rank_discards
from ai.player import MAX_BUDGET_S, MAX_SAMPLES, Bot, check_option
from ai.search import Settings, Stats, search_cards
from game.actions import PLAYS, Action
from game.view import PlayerView


class MediumBot(Bot):
    """PIMC with cheap playouts, a fixed number of deals per decision."""

    name = "medium"

    def __init__(
        self,
        *,
        samples: int = 20,
        budget_s: float | None = None,
        iterations: int | None = None,
        eps: float = 0.25,
    ) -> None:
        check_option("samples", samples, 1, MAX_SAMPLES, whole=True)
        check_option("budget_s", budget_s, 0.001, MAX_BUDGET_S)
        check_option("iterations", iterations, 1, MAX_SAMPLES, whole=True)
        check_option("eps", eps, 0.0, 1.0)
        self.settings = Settings(
            samples=iterations if iterations is not None else samples,
            budget_s=budget_s,
            eps=eps,
            trust_declarations=False,
            min_samples=4,
        )
        self.last_stats: Stats | None = None

    def choose_discard(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        return rank_discards(view.hand, legal)[0]

    def choose_card(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        cards = [a.card for a in legal]
        stats = search_cards(view, cards, rng, self.settings)
        self.last_stats = stats
        return PLAYS[cards[stats.best()]]
