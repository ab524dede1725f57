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

What a card cost is measured head to head: once the search has named its card, that card and the
card played are both played out on the same fresh deals (none dropped early, so neither is judged
on a handful of deals, and the deals that chose the bot's card do not also price it), and the
verdict carries the margin of error of that difference (``noise``: two standard errors of the
mean paired difference). A difference within it is one the search cannot tell from chance: the
review says so rather than call the card a loss.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from ai.discard import rank_discards
from ai.explain import explain_card
from ai.hard import HardBot
from ai.search import Settings, Stats, distinct_cards, search_discards
from game.actions import DISCARD, PLAY, PLAYS, Action
from game.cards import SUIT, Card, mask_of
from game.hand import Hand
from game.history import hand_positions
from game.view import PlayerView

DEFAULT_ITERATIONS = 1000  # deals of the hidden cards per judged card (at most)
# The share of the deals' outcomes left out below and above the likely range of the margin said
# with the hint: the middle two thirds of them. The playouts vary less than real hands do: over
# 40 hands of hard bots the real margin fell in this range 53% to 60% of the time (from the
# first trick to the thirteenth), in the middle half only 33% to 47%.
LIKELY_TAIL = 1 / 6
DISCARD_CANDIDATES = 8  # the discards the hard bot weighs (its own default), besides the one made
DISCARD_CHUNK = 100  # deals searched between two looks at whether the judgement is still wanted
NOISE_SIGMAS = 2.0  # a difference within this many standard errors is not told from chance


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
    noise: float = 0.0  # the margin of error of ``loss`` (two standard errors), 0.0 when none
    deals: int = 0  # the deals ``loss`` was measured on (head to head), 0 when not measured

    @property
    def trick(self) -> int:
        return self.number // 4

    @property
    def forced(self) -> bool:
        """The only legal card: there was nothing to choose."""
        return self.choices == 1

    @property
    def clear(self) -> bool:
        """The card cost a point or more, beyond what the search can tell from chance."""
        return self.played != self.best and round(self.loss) >= 1 and self.loss > self.noise


def decisions(
    hand: Hand,
    seats: Collection[int],
    hand_number: int = 0,
    positions: Sequence[Hand] | None = None,
) -> list[Decision]:
    """Every card played by ``seats`` in the finished ``hand`` (as
    :func:`game.history.replay_hands` gives them), each with the view its player had then;
    ``positions``: the hand's :func:`game.history.hand_positions`, when already at hand."""
    positions = hand_positions(hand) if positions is None else positions
    plays = [m for m in hand.history if m.action.kind == PLAY]
    return [
        Decision(i, positions[i].view(m.seat, hand_number), m.action.card)
        for i, m in enumerate(plays)
        if m.seat in seats
    ]


def position_seed(view: PlayerView) -> int:
    """A seed that depends only on the position as the player knew it (stable across runs and
    machines: no Python hash)."""
    facts = (
        view.seat,
        view.dealer,
        view.hand,
        view.discard,
        view.scores,
        view.target,
        tuple(str(m) for m in view.history),
    )
    return int.from_bytes(hashlib.sha256(repr(facts).encode()).digest()[:8], "big")


def _searched(
    view: PlayerView, cards: Sequence[Card], iterations: int, seed: int
) -> tuple[Card, Stats | None]:
    """The hard bot's choice among ``cards`` and the figures of its search (None when the cards
    play alike and it did not search)."""
    bot = HardBot(iterations=iterations)
    choice = bot.choose(view, [PLAYS[c] for c in cards], random.Random(seed)).card
    return choice, bot.last_stats


def _search(
    view: PlayerView, cards: Sequence[Card], iterations: int, seed: int
) -> tuple[Card, dict[Card, float]]:
    """The hard bot's choice among ``cards`` and the expected margin of each card it valued."""
    choice, stats = _searched(view, cards, iterations, seed)
    if stats is None:  # it did not need to search: the cards play alike
        return choice, {}
    values = {c: stats.mean(i) for i, c in enumerate(stats.cards)}
    return choice, {c: v for c, v in values.items() if math.isfinite(v)}


@dataclass(frozen=True, slots=True)
class Advice:
    """What the hard bot would do in a position, as the hint, the coach and the review all
    judge it (the same search, the same deals): the action, the margin the hand should end with
    (None when nothing was searched), the likely range of that margin (the middle two thirds of
    the deals' outcomes, :data:`LIKELY_TAIL`), and the other legal cards it cannot tell from its
    own (alike, or of its suit, for the same reason, and within the search's margin of error)."""

    action: Action
    margin: float | None = None
    likely: tuple[float, float] | None = None
    alike: tuple[Card, ...] = ()


def advise(view: PlayerView, iterations: int | None = None, seed: int | None = None) -> Advice:
    """The hard bot's choice for ``view`` (a card to play, or the dealer's discard), searched
    with ``iterations`` deals (by default the review's) and a generator seeded from the position,
    so that the hint, the coach and the review name the same card for the same position."""
    iterations = DEFAULT_ITERATIONS if iterations is None else iterations
    seed = position_seed(view) if seed is None else seed
    legal = view.legal
    if legal and legal[0].kind == DISCARD:
        return _advise_discard(view, iterations, seed)
    cards = [a.card for a in legal if a.kind == PLAY]
    if len(cards) != len(legal) or not cards:
        return Advice(legal[0])  # (a declaration: nothing to search)
    if len(cards) == 1:
        return Advice(PLAYS[cards[0]])
    best, stats = _searched(view, cards, iterations, seed)
    alike = [c for c in cards if c != best and _play_alike(view, best, c)]
    if stats is None:
        return Advice(PLAYS[best], alike=tuple(alike))
    i = stats.cards.index(best)
    reason = explain_card(view, best).code
    for j, c in enumerate(stats.cards):
        if j == i or c in alike or not stats.values[j]:
            continue
        if SUIT[c] != SUIT[best] or explain_card(view, c).code != reason:
            continue  # another plan (another suit, or another reason), however close its figure
        mean, se = paired(stats.values[i], stats.values[j], stats.weights)
        if mean < 0.5 or mean <= NOISE_SIGMAS * se:
            alike.append(c)
    return Advice(
        PLAYS[best],
        stats.mean(i),
        likely_range(stats.values[i], stats.weights),
        tuple(alike),
    )


def _play_alike(view: PlayerView, a: Card, b: Card) -> bool:
    """``a`` and ``b`` play exactly alike whatever the hidden cards (the search tries one)."""
    return len(distinct_cards([a, b], view.hand, view.played)) == 1


def likely_range(values: Sequence[float], weights: Sequence[float]) -> tuple[float, float]:
    """The middle two thirds of ``values`` (weighted by the first ``weights``, or all alike):
    where the hand ends on two deals searched in three."""
    n = len(values)
    w = list(weights[:n]) if len(weights) >= n and sum(weights[:n]) > 0 else [1.0] * n
    ranked = sorted(zip(values, w, strict=True))
    total = sum(w)

    def quantile(share: float) -> float:
        seen = 0.0
        for value, weight in ranked:
            seen += weight
            if seen >= share * total:
                return value
        return ranked[-1][0]

    return quantile(LIKELY_TAIL), quantile(1 - LIKELY_TAIL)


def _advise_discard(view: PlayerView, iterations: int, seed: int) -> Advice:
    """The discard the review would value most among the hard bot's candidates."""
    candidates = rank_discards(view.hand, view.legal)[:DISCARD_CANDIDATES]
    if len(candidates) < 2:
        return Advice(candidates[0] if candidates else view.legal[0])
    values = discard_values(view, candidates, iterations, seed) or []
    means = [sum(v) / max(1, len(v)) for v in values]
    best = max(range(len(candidates)), key=lambda i: (means[i], -i))
    return Advice(candidates[best], means[best], likely_range(values[best], []))


def paired(
    first: Sequence[float], second: Sequence[float], weights: Sequence[float]
) -> tuple[float, float]:
    """The (weighted) mean of ``first - second`` deal by deal and its standard error."""
    n = min(len(first), len(second))
    w = list(weights[:n]) if len(weights) >= n and sum(weights[:n]) > 0 else [1.0] * n
    total = sum(w)
    if n == 0 or total <= 0:
        return 0.0, math.inf
    diffs = [a - b for a, b in zip(first[:n], second[:n], strict=True)]
    mean = sum(x * d for x, d in zip(w, diffs, strict=True)) / total
    n_eff = total * total / sum(x * x for x in w)
    if n_eff < 2:
        return mean, math.inf
    var = sum(x * (d - mean) ** 2 for x, d in zip(w, diffs, strict=True)) / total
    return mean, math.sqrt(var * n_eff / (n_eff - 1) / n_eff)


def duel(
    view: PlayerView, best: Card, played: Card, iterations: int, seed: int
) -> tuple[float, float, float, int] | None:
    """``best`` and ``played`` played out on the same ``iterations`` deals (none dropped): the
    margin expected with each, the standard error of their difference, and the deals; None when
    they play alike."""
    bot = HardBot(iterations=iterations, prune_sigmas=0.0)
    bot.choose(view, [PLAYS[best], PLAYS[played]], random.Random(seed))
    stats = bot.last_stats
    if stats is None or best not in stats.cards or played not in stats.cards:
        return None
    i, j = stats.cards.index(best), stats.cards.index(played)
    _, se = paired(stats.values[i], stats.values[j], stats.weights)
    return stats.mean(i), stats.mean(j), se, stats.n(i)


def judge(
    decision: Decision, iterations: int = DEFAULT_ITERATIONS, seed: int | None = None
) -> Verdict:
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
    # The two head to head on fresh deals: the search's own figures compare a card dropped
    # after a few deals with one kept for all of them, on the deals that chose it.
    measured = duel(view, best, played, iterations, (seed + 1) % 2**64)
    if measured is None:  # they play alike
        margin = values.get(best)
        return Verdict(view.seat, decision.number, played, best, 0.0, margin, margin, len(legal))
    best_margin, played_margin, se, deals = measured
    loss = max(0.0, best_margin - played_margin)
    return Verdict(
        view.seat,
        decision.number,
        played,
        best,
        loss,
        played_margin,
        best_margin,
        len(legal),
        NOISE_SIGMAS * se,
        deals,
    )


def costliest(verdicts: Sequence[Verdict], limit: int = 3, at_least: float = 1.0) -> list[Verdict]:
    """The choices that cost most (``at_least`` points or more, and more than their margin of
    error), the costliest first (the earlier card among equals)."""
    costly = [v for v in verdicts if v.loss >= at_least and v.loss > v.noise]
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
    noise: float = 0.0  # the margin of error of ``loss`` (two standard errors), 0.0 when none

    @property
    def clear(self) -> bool:
        """The discard cost a point or more, beyond what the search can tell from chance."""
        return self.made != self.best and round(self.loss) >= 1 and self.loss > self.noise


def discard_decision(hand: Hand, hand_number: int = 0) -> DiscardDecision:
    """The discard of the finished ``hand`` (as :func:`game.history.replay_hands` gives it)."""
    start = hand.redealt()
    made = hand.history[0].action
    if made.kind != DISCARD:
        raise ValueError("the hand's first action is not the discard")
    return DiscardDecision(start.view(hand.dealer, hand_number), made)


def judge_discard(
    decision: DiscardDecision,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> DiscardVerdict | None:
    """The hard bot's judgement of the discard with ``iterations`` deals of the hidden cards
    (searched a chunk at a time, the same deals whatever the chunks: None as soon as
    ``cancelled()`` says the judgement is no longer wanted)."""
    view, made = decision.view, decision.made
    if made not in view.legal:
        raise ValueError("the discard made is not one of the dealer's legal discards")
    candidates = rank_discards(view.hand, view.legal)[:DISCARD_CANDIDATES]
    if made not in candidates:
        candidates.append(made)
    seed = position_seed(view) if seed is None else seed
    values = discard_values(view, candidates, iterations, seed, cancelled)
    if values is None:
        return None
    means = [sum(v) / max(1, len(v)) for v in values]
    best = max(range(len(candidates)), key=lambda i: (means[i], -i))  # the first among equals
    i = candidates.index(made)
    # every candidate was played out on every deal: the two compared deal by deal
    _, se = paired(values[best], values[i], []) if i != best else (0.0, 0.0)
    return DiscardVerdict(
        view.seat,
        made.cards,
        candidates[best].cards,
        max(0.0, means[best] - means[i]),
        means[i],
        means[best],
        len(candidates),
        NOISE_SIGMAS * se if math.isfinite(se) else 0.0,
    )


def discard_values(
    view: PlayerView,
    candidates: Sequence[Action],
    iterations: int,
    seed: int,
    cancelled: Callable[[], bool] | None = None,
) -> list[list[float]] | None:
    """Each candidate discard's value deal by deal, all on the same ``iterations`` deals
    (searched a chunk at a time, the same deals whatever the chunks: None as soon as
    ``cancelled()`` says they are no longer wanted)."""
    pairs = [mask_of(a.cards) for a in candidates]
    rng = random.Random(seed)
    values: list[list[float]] = [[] for _ in pairs]
    done = 0
    while done < iterations and len(pairs) > 1:
        if cancelled is not None and cancelled():
            return None
        n = min(DISCARD_CHUNK, iterations - done)
        stats = search_discards(view, pairs, rng, Settings(samples=n, prune_sigmas=0.0))
        for i, found in enumerate(stats.values):
            values[i] += found
        done += n
    return values
