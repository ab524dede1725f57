"""Perfect-information Monte Carlo (PIMC): the search shared by the medium and hard bots.

For each determinization (a deal of the hidden cards drawn by :class:`ai.inference.Knowledge`),
every candidate card is played and the hand is finished, either by the rule-of-thumb playout of
:mod:`ai.policy` (with some noise) or, near the end, exactly by :class:`ai.solver.Solver`. Its
value is the margin at the end of the hand, the declarations included (those made, and for the
players still to declare what their dealt hands realise): the same for every candidate on a
deal, so it changes no choice, but the mean is then the margin the hand should end with. All
candidates share the same determinization and the same playout generator (common random
numbers), so their difference is measured with little noise. A candidate whose mean falls far
behind the best is dropped, which leaves the budget to the close ones.

The budget is a number of determinizations, a time, or both (whichever ends first). With a
sample budget only, the search is a pure function of the view and the generator.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from ai.inference import Knowledge
from ai.learned import PlayoutModel
from ai.rollout import rollout
from ai.solver import Solver
from game.cards import MORI, PIPS, STRENGTH, SUIT, SUIT_MASK, Card, Mask, cards_of
from game.kernel import TRICKS, PlayState
from game.scoring import combination_points
from game.seats import side_of
from game.view import PlayerView


@dataclass(slots=True)
class Settings:
    """How a search spends its budget."""

    samples: int | None = 200  # determinizations at most (None: no limit)
    budget_s: float | None = None  # seconds at most (None: no limit)
    eps: float = 0.1  # chance of a random card in the playouts
    mismatch: float = 1.0  # likelihood factor of a card the rules of thumb would not play
    solver_tricks: int = 0  # solve exactly when at most this many tricks remain (0: never)
    trust_declarations: bool = True  # assume every player declared all he held
    prune_sigmas: float = 0.0  # drop candidates this many standard errors behind (0: never)
    min_samples: int = 8  # determinizations before any pruning or time check
    model: PlayoutModel | None = None  # the learned playout policy (None: the rules of thumb)


class Deals(Protocol):
    """Where a search's deals of the hidden cards come from: what a view allows
    (:class:`ai.inference.Knowledge`), or the true deal the oracle is shown."""

    def sample(self, rng: random.Random) -> tuple[list[Mask], Mask]: ...

    def likelihood(self, hands: list[Mask], discard: Mask, mismatch: float) -> float: ...


@dataclass(slots=True)
class Stats:
    """The outcome of a search: per candidate, its value on each determinization it was tried on.

    Every candidate still alive has been tried on every determinization so far (the same ones),
    so two alive candidates can be compared deal by deal.
    """

    cards: list[Card]
    values: list[list[float]]
    alive: list[bool]
    weights: list[float] = field(default_factory=list)  # the likelihood of each deal
    declared: list[float] = field(default_factory=list)  # each deal's margin from declarations
    samples: int = 0
    playouts: int = 0
    elapsed_s: float = 0.0

    @classmethod
    def empty(cls, cards: list[Card]) -> Stats:
        return cls(cards, [[] for _ in cards], [True] * len(cards))

    def n(self, i: int) -> int:
        return len(self.values[i])

    def mean(self, i: int) -> float:
        """The candidate's mean value over the deals, weighted by their likelihood."""
        return _weighted_mean(self.values[i], self.weights) if self.values[i] else -math.inf

    def declared_mean(self) -> float:
        """The part of every candidate's mean that comes from the declarations (made, and
        expected from the deals for the players still to declare)."""
        return _weighted_mean(self.declared, self.weights) if self.declared else 0.0

    def best(self) -> int:
        """Index of the best candidate still alive (the first among equals)."""
        return max((i for i in range(len(self.cards)) if self.alive[i]), key=self.mean)


@runtime_checkable
class Searching(Protocol):
    """A bot that keeps the figures of its last search (None when it did not search)."""

    last_stats: Stats | None


def _weighted_mean(values: list[float], weights: list[float]) -> float:
    """The mean of ``values`` weighted by the first weights (plain when they add up to 0)."""
    total = sum(weights[: len(values)])
    if total <= 0:
        return sum(values) / len(values)
    return sum(a * b for a, b in zip(values, weights, strict=False)) / total


def search_cards(
    view: PlayerView,
    cards: list[Card],
    rng: random.Random,
    settings: Settings,
    knowledge: Deals | None = None,
) -> Stats:
    """Value every card of ``cards`` (the seat's legal plays) by PIMC; see the module docstring."""
    start = time.perf_counter()
    knowledge = knowledge or Knowledge(view, settings.trust_declarations)
    base = PlayState.from_view(view)
    side = view.side
    k = len(cards)
    stats = Stats.empty(cards)
    known, pending = declarations(view)
    remaining = TRICKS - base.n_tricks
    exact = settings.solver_tricks and remaining <= settings.solver_tricks
    limit = settings.samples if settings.samples is not None else 10**9
    deadline = start + settings.budget_s if settings.budget_s is not None else math.inf
    while stats.samples < limit:
        hands, discard = knowledge.sample(rng)
        weight = 1.0
        if settings.mismatch < 1.0:
            weight = knowledge.likelihood(hands, discard, settings.mismatch)
        stats.weights.append(weight)
        bonus = known + declared_by(hands, pending)
        stats.declared.append(bonus)
        dealt = base.deal_in(hands, discard)
        if exact:
            alive = [i for i in range(k) if stats.alive[i]]
            values = Solver(dealt, side).values([cards[i] for i in alive])
            for i, v in zip(alive, values, strict=True):
                stats.values[i].append(v + bonus)
        else:
            seed = rng.getrandbits(32)
            for i in range(k):
                if not stats.alive[i]:
                    continue
                state = dealt.clone()
                state.play(cards[i])
                rollout(state, random.Random(seed).random, settings.eps, settings.model)
                stats.values[i].append(state.diff(side) + bonus)
                stats.playouts += 1
        if _sampled(stats, settings, deadline):
            break
    stats.elapsed_s = time.perf_counter() - start
    return stats


def distinct_cards(cards: list[Card], hand: Mask, gone: Mask) -> list[Card]:
    """``cards`` without those that play exactly like another of them, whatever the hidden
    cards: suit pips (6–10, in no combination) of one suit with no card between them still out,
    and the Mori (equal in the trick, equal in every combination). The weakest of each set stays.
    """
    out = []
    kept_mori = False
    for c in sorted(cards, key=lambda c: (SUIT[c], STRENGTH[c])):
        if MORI >> c & 1:
            if not kept_mori:
                out.append(c)
            kept_mori = True
            continue
        if PIPS >> c & 1 and out:
            prev = out[-1]
            if PIPS >> prev & 1 and SUIT[prev] == SUIT[c]:
                between = SUIT_MASK[SUIT[c]] & ~(hand | gone)
                if not any(STRENGTH[prev] < STRENGTH[x] < STRENGTH[c] for x in cards_of(between)):
                    continue
        out.append(c)
    return out


def declarations(view: PlayerView) -> tuple[int, list[tuple[int, int]]]:
    """What declarations add to the margin of ``view``'s side: the points declared so far (ours
    minus theirs), and the other seats still to declare, each with the sign of its points (they
    are expected to declare all their hands realise, as the bots do)."""
    side = view.side
    known = 0
    pending = []
    for seat, decl in enumerate(view.declarations):
        sign = 1 if side_of(seat) == side else -1
        if decl is not None:
            known += sign * decl.points
        elif seat != view.seat:
            pending.append((seat, sign))
    return known, pending


def declared_by(hands: list[Mask], pending: list[tuple[int, int]]) -> int:
    """What the seats still to declare (with their signs, as :func:`declarations` gives them)
    declare from these hands: everything each realises."""
    return sum(sign * combination_points(hands[seat]) for seat, sign in pending)


def _sampled(stats: Stats, settings: Settings, deadline: float) -> bool:
    """Count one more sample, prune candidates clearly behind; True when the search should stop."""
    stats.samples += 1
    if stats.samples < settings.min_samples:
        return False
    if settings.prune_sigmas > 0 and _prune_now(stats.samples):
        _prune(stats, settings.prune_sigmas)
    return sum(stats.alive) == 1 or time.perf_counter() >= deadline


def _prune_now(samples: int) -> bool:
    """Compare the candidates after 8, 16, 32, 64 deals and then every 64 (cheap enough)."""
    return samples & (samples - 1) == 0 or samples % 64 == 0


def _prune(stats: Stats, sigmas: float) -> None:
    """Drop the candidates whose (weighted) paired difference to the best is ``sigmas``
    standard errors or more."""
    best = stats.best()
    top = stats.values[best]
    weights = stats.weights[: len(top)]
    total = sum(weights)
    if total <= 0:
        return
    n_eff = total * total / sum(w * w for w in weights)
    if n_eff < 4:
        return
    for i in range(len(stats.cards)):
        if not stats.alive[i] or i == best:
            continue
        diffs = [a - b for a, b in zip(top, stats.values[i], strict=True)]
        mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
        var = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
        if mean > sigmas * math.sqrt(max(var, 1.0) / n_eff):
            stats.alive[i] = False


def search_discards(
    view: PlayerView,
    pairs: list[Mask],
    rng: random.Random,
    settings: Settings,
    knowledge: Deals | None = None,
) -> Stats:
    """Value each candidate discard (a mask of two cards) by PIMC playouts of the whole hand.

    A candidate's value is the playout margin plus what the kept fifteen cards declare.
    """
    start = time.perf_counter()
    knowledge = knowledge or Knowledge(view, trust_declarations=False)
    base = PlayState.from_view(view)
    side = view.side
    dealer = view.dealer
    k = len(pairs)
    stats = Stats.empty(list(range(k)))
    declared = [combination_points(view.hand & ~p) for p in pairs]
    known, pending = declarations(view)
    limit = settings.samples if settings.samples is not None else 10**9
    deadline = start + settings.budget_s if settings.budget_s is not None else math.inf
    while stats.samples < limit:
        hands, _ = knowledge.sample(rng)
        stats.weights.append(1.0)
        bonus = known + declared_by(hands, pending)
        stats.declared.append(bonus)
        seed = rng.getrandbits(32)
        for i in range(k):
            if not stats.alive[i]:
                continue
            hands[dealer] = view.hand & ~pairs[i]
            state = base.deal_in(hands, pairs[i])
            rollout(state, random.Random(seed).random, settings.eps, settings.model)
            stats.values[i].append(state.diff(side) + declared[i] + bonus)
            stats.playouts += 1
        if _sampled(stats, settings, deadline):
            break
    stats.elapsed_s = time.perf_counter() - start
    return stats
