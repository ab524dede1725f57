"""The hard bot: PIMC over deals shaped like real ones; 0.25 s a move unless budget_s or iterations.

Each card decision deals the hidden cards many times consistently with everything public
(:mod:`ai.inference`: cards played, voids, declared cards, the discard's limits, the
assumption that everybody declared all he held) and with how the dealer discarded: the two
hidden discarded cards are those the discard heuristic picks from the dealer's seventeen
(``dealer_discards``), so the dealer's hand has the voids and the missing scartini a real
discard leaves. On each deal it values every legal card by finishing the hand with the rules of
thumb (:mod:`ai.policy`, a little noise) and plays the best average. The value is the true
end of the hand: combinations built in each side's pile, card points, last trick, the discard,
the Matto exchange, and the declarations (made, and expected from the players still to
declare), so the mean of the chosen card is the margin the hint announces. Candidates clearly
behind are dropped early; cards that play alike (pips with nothing between them, the Mori) are
searched once.

The discard is searched the same way among the best pairs of the heuristic of
:mod:`ai.discard` (what each pair breaks, secures, voids), adding what the kept cards declare.
It declares everything.

Options (keywords of ``make_bot("hard", ...)``):

* ``budget_s`` (default 0.25, or no limit when ``iterations`` is given): seconds per decision
  (a longer budget measured no stronger: docs/bot-research.md);
* ``iterations`` (default None): deals of the hidden cards per decision; alone, it makes the bot
  fully deterministic given its generator;
* ``eps`` (default 0.1): the share of random cards in the playouts;
* ``solver_tricks`` (default 0: off): solve the last tricks exactly by alpha-beta
  (:mod:`ai.solver`) on each deal; measured to lose points (it plays as if every card were seen);
* ``discard_candidates`` (default 8): discards searched;
* ``trust_declarations`` (default True): assume the others declared all they held;
* ``mismatch`` (default 1.0: off): how much less likely a deal is for each card the others
  played that the rules of thumb would not have played with it (0.5 halves it);
* ``dealer_discards`` (default True): deal the hidden discard as the dealer most likely made it;
* ``prune_sigmas`` (default 2.0): drop a candidate this many standard errors behind the best;
* ``signals`` (default True): give partners' signals (:mod:`ai.signalling`) when the match
  allows them (it reads the others' signals either way);
* ``playout`` (default ``rules``): how the playouts finish the hand, by the rules of thumb or
  by the ``learned`` policy of :mod:`ai.learned`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ai.discard import rank_discards
from ai.explain import Explanation, explain
from ai.inference import Knowledge
from ai.learned import shipped_model
from ai.player import MAX_BUDGET_S, MAX_SAMPLES, Bot, check_option
from ai.search import Deals, Settings, Stats, distinct_cards, search_cards, search_discards
from game.actions import DISCARD, PLAY, PLAYS, Action
from game.cards import mask_of
from game.view import PlayerView

DEFAULT_BUDGET_S = 0.25
TIME_MARGIN = 0.93  # stop sampling at this share of the budget: the last deal still runs
PLAYOUTS = ("rules", "learned")  # how the playouts finish the hand


class HardBot(Bot):
    """The strongest level; see the module docstring for its options."""

    name = "hard"

    def __init__(
        self,
        *,
        budget_s: float | None = None,
        iterations: int | None = None,
        eps: float = 0.1,
        solver_tricks: int = 0,
        discard_candidates: int = 8,
        trust_declarations: bool = True,
        mismatch: float = 1.0,
        dealer_discards: bool = True,
        prune_sigmas: float = 2.0,
        signals: bool = True,
        playout: str = "rules",
    ) -> None:
        if playout not in PLAYOUTS:
            raise ValueError(f"playout must be one of {', '.join(PLAYOUTS)}, not {playout!r}")
        check_option("budget_s", budget_s, 0.001, MAX_BUDGET_S)
        check_option("iterations", iterations, 1, MAX_SAMPLES, whole=True)
        check_option("eps", eps, 0.0, 1.0)
        check_option("solver_tricks", solver_tricks, 0, 15, whole=True)
        check_option("discard_candidates", discard_candidates, 1, whole=True)
        check_option("mismatch", mismatch, 0.001, 1.0)
        check_option("prune_sigmas", prune_sigmas, 0.0)
        if budget_s is None and iterations is None:
            budget_s = DEFAULT_BUDGET_S
        self.settings = Settings(
            samples=iterations,
            budget_s=None if budget_s is None else budget_s * TIME_MARGIN,
            eps=eps,
            mismatch=mismatch,
            solver_tricks=solver_tricks,
            trust_declarations=trust_declarations,
            prune_sigmas=prune_sigmas,
            min_samples=8,
            model=shipped_model() if playout == "learned" else None,
        )
        self.discard_candidates = discard_candidates
        self.gives_signals = signals
        self.dealer_discards = dealer_discards
        self.last_stats: Stats | None = None

    # ------------------------------------------------------------------ decisions
    def choose_discard(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        ranked = rank_discards(view.hand, legal)[: self.discard_candidates]
        pairs = [mask_of(a.cards) for a in ranked]
        stats = search_discards(view, pairs, rng, self.settings, self.knowledge(view, False))
        self.last_stats = stats
        return ranked[stats.best()]

    def choose_card(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        cards = distinct_cards([a.card for a in legal], view.hand, view.played)
        if len(cards) == 1:
            return PLAYS[cards[0]]
        knowledge = self.knowledge(view, self.settings.trust_declarations)
        stats = search_cards(view, cards, rng, self.settings, knowledge)
        self.last_stats = stats
        return PLAYS[cards[stats.best()]]

    def knowledge(self, view: PlayerView, trust_declarations: bool) -> Deals:
        """Where the search's deals of the hidden cards come from: what ``view`` allows."""
        return Knowledge(view, trust_declarations, self.dealer_discards)

    def hint(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random
    ) -> tuple[Action, Explanation]:
        """The action it would take and why, with the expected margin when it searched."""
        action, margin = self.advise(view, legal, rng)
        return action, explain(view, action, margin)

    def advise(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random
    ) -> tuple[Action, float | None]:
        """The action it would take and the margin it expects for its side at the end of the
        hand (points declared and expected to be declared included), None when it did not
        search (one legal action, or a declaration)."""
        self.last_stats = None
        action = legal[0] if len(legal) == 1 else self.choose(view, legal, rng)
        stats = self.last_stats
        if stats is None or action.kind not in (PLAY, DISCARD):
            return action, None
        return action, stats.mean(stats.best())
