"""The hard bot's judgement of the cards a player played, for the review of a finished hand.

For each card, the position is rebuilt as the player saw it (his own view, replayed from the
hand's deal), the hard bot searches it with a fixed number of deals of the hidden cards and a
generator seeded from the position, and the card played is compared with the bot's choice: the
expected margin of the hand (the player's side's total minus the other side's) with each, and the
difference, which is what the card cost by the bot's estimate. A card the bot would play itself
costs exactly nothing.

The dealer's discard (*scarto*) is judged the same way: from his view before it, the hard bot's
discard search values the candidates it would weigh (:func:`ai.discard.rank_discards`, and the
discard made) by playouts of the whole hand, and the discard made is compared with the best.

It is an estimate: the bot's own play of the rest of the hand on deals of the cards it cannot
see, never knowledge of the real hands. Deterministic given the budget (no clock involved).
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from ai.discard import rank_discards
from ai.hard import HardBot
from ai.search import Settings, search_discards
from game.actions import DISCARD, PLAY, PLAYS, Action
from game.cards import Card, mask_of
from game.hand import Hand
from game.history import hand_positions
from game.view import PlayerView

DEFAULT_ITERATIONS = 1000  # deals of the hidden cards per judged card (at most)
DISCARD_CANDIDATES = 8  # the discards the hard bot weighs (its own default), besides the one made
DISCARD_CHUNK = 100  # deals searched between two looks at whether the judgement is still wanted


@dataclass(frozen=True, slots=True)
class Decision:
    """A card a player chose: the view he had, and the card."""

    number: int  # the card's place in the hand's play, 0 for the first card led
    view: PlayerView
    played: Card

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def trick(self) -> int:
        """0 for the first trick."""
        return self.number // 4


@dataclass(frozen=True, slots=True)
class Verdict:
    """The bot's judgement of one card."""

    seat: int
    number: int  # as in Decision
    played: Card
    best: Card  # the card the hard bot would play
    loss: float  # what the card played gives up against ``best``: >= 0, 0.0 when it is ``best``
    played_margin: float | None  # the hand margin expected with the card played (None: forced)
    best_margin: float | None  # ... with ``best``
    choices: int  # the legal cards

    @property
    def trick(self) -> int:
        return self.number // 4

    @property
    def forced(self) -> bool:
        """The only legal card: there was nothing to choose."""
        return self.choices == 1


def decisions(hand: Hand, seats: Collection[int], hand_number: int = 0,
              positions: Sequence[Hand] | None = None) -> list[Decision]:
    """Every card played by ``seats`` in the finished ``hand`` (as
    :func:`game.history.replay_hands` gives them), each with the view its player had then;
    ``positions``: the hand's :func:`game.history.hand_positions`, when already at hand."""
    positions = hand_positions(hand) if positions is None else positions
    plays = [m for m in hand.history if m.action.kind == PLAY]
    return [Decision(i, positions[i].view(m.seat, hand_number), m.action.card)
            for i, m in enumerate(plays) if m.seat in seats]


def position_seed(view: PlayerView) -> int:
    """A seed that depends only on the position as the player knew it (stable across runs and
    machines: no Python hash)."""
    facts = (view.seat, view.dealer, view.hand, view.discard, view.scores, view.target,
             tuple(str(m) for m in view.history))  # fmt: skip
    return int.from_bytes(hashlib.sha256(repr(facts).encode()).digest()[:8], "big")


def _search(view: PlayerView, cards: Sequence[Card], iterations: int, seed: int
            ) -> tuple[Card, dict[Card, float]]:
    """The hard bot's choice among ``cards`` and the expected margin of each card it valued."""
    bot = HardBot(iterations=iterations)
    choice = bot.choose(view, [PLAYS[c] for c in cards], random.Random(seed)).card
    stats = bot.last_stats
    if stats is None:  # it did not need to search: the cards play alike
        return choice, {}
    values = {c: stats.mean(i) for i, c in enumerate(stats.cards)}
    return choice, {c: v for c, v in values.items() if math.isfinite(v)}


def judge(decision: Decision, iterations: int = DEFAULT_ITERATIONS,
          seed: int | None = None) -> Verdict:
    """The hard bot's judgement of ``decision`` with ``iterations`` deals of the hidden cards and
    a generator seeded with ``seed`` (by default from the position)."""
    view, played = decision.view, decision.played
    legal = [a.card for a in view.legal if a.kind == PLAY]
    if played not in legal:
        raise ValueError("the card played is not one of the player's legal cards")
    if len(legal) == 1:
        return Verdict(view.seat, decision.number, played, played, 0.0, None, None, 1)
    seed = position_seed(view) if seed is None else seed
    best, values = _search(view, legal, iterations, seed)
    if played == best:
        margin = values.get(best)
        return Verdict(view.seat, decision.number, played, best, 0.0, margin, margin, len(legal))
    if played not in values or best not in values:
        # The search set the card aside as playing exactly like another: the two head to head.
        _, values = _search(view, [best, played], iterations, seed)
    if played not in values or best not in values:  # they play alike
        margin = values.get(best)
        return Verdict(view.seat, decision.number, played, best, 0.0, margin, margin, len(legal))
    loss = max(0.0, values[best] - values[played])
    return Verdict(view.seat, decision.number, played, best, loss, values[played], values[best],
                   len(legal))


def costliest(verdicts: Sequence[Verdict], limit: int = 3, at_least: float = 1.0
              ) -> list[Verdict]:
    """The choices that cost most (``at_least`` points or more), the costliest first (the earlier
    card among equals)."""
    costly = [v for v in verdicts if v.loss >= at_least]
    return sorted(costly, key=lambda v: (-v.loss, v.number))[:limit]


@dataclass(frozen=True, slots=True)
class DiscardDecision:
    """The dealer's discard (*scarto*): his view before it, and the two cards he put away."""

    view: PlayerView
    made: Action

    @property
    def seat(self) -> int:
        return self.view.seat


@dataclass(frozen=True, slots=True)
class DiscardVerdict:
    """The bot's judgement of a discard (margins: the hand's expected margin for the dealer's
    side, declarations included)."""

    seat: int
    made: tuple[Card, ...]
    best: tuple[Card, ...]  # the discard the bot values most
    loss: float  # >= 0; 0.0 when ``made`` is ``best``
    made_margin: float
    best_margin: float
    candidates: int  # the discards compared


def discard_decision(hand: Hand, hand_number: int = 0) -> DiscardDecision:
    """The discard of the finished ``hand`` (as :func:`game.history.replay_hands` gives it)."""
    start = Hand(hand.dealer, list(hand.dealt), hand.scores, hand.target)
    made = hand.history[0].action
    if made.kind != DISCARD:
        raise ValueError("the hand's first action is not the discard")
    return DiscardDecision(start.view(hand.dealer, hand_number), made)


def judge_discard(decision: DiscardDecision, iterations: int = DEFAULT_ITERATIONS,
                  seed: int | None = None, cancelled: Callable[[], bool] | None = None,
                  ) -> DiscardVerdict | None:  # fmt: skip
    """The hard bot's judgement of the discard with ``iterations`` deals of the hidden cards
    (searched a chunk at a time, the same deals whatever the chunks: None as soon as
    ``cancelled()`` says the judgement is no longer wanted)."""
    view, made = decision.view, decision.made
    if made not in view.legal:
        raise ValueError("the discard made is not one of the dealer's legal discards")
    candidates = rank_discards(view.hand, view.legal)[:DISCARD_CANDIDATES]
    if made not in candidates:
        candidates.append(made)
    pairs = [mask_of(a.cards) for a in candidates]
    rng = random.Random(position_seed(view) if seed is None else seed)
    totals, counts = [0.0] * len(pairs), [0] * len(pairs)
    done = 0
    while done < iterations and len(pairs) > 1:
        if cancelled is not None and cancelled():
            return None
        n = min(DISCARD_CHUNK, iterations - done)
        stats = search_discards(view, pairs, rng, Settings(samples=n, prune_sigmas=0.0))
        for i, values in enumerate(stats.values):
            totals[i] += sum(values)
            counts[i] += len(values)
        done += n
    means = [t / max(1, c) for t, c in zip(totals, counts, strict=True)]
    best = max(range(len(pairs)), key=lambda i: (means[i], -i))  # the first among equals
    i = candidates.index(made)
    return DiscardVerdict(view.seat, made.cards, candidates[best].cards,
                          max(0.0, means[best] - means[i]), means[i], means[best],
                          len(candidates))  # fmt: skip
