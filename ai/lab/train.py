"""Fitting the learned playout policy (:mod:`ai.learned`) to a teacher's choices.

Four teachers (a bot spec, the oracle by default) play hands on the arena's deals; at every card
with a real choice, the features of each legal card are kept with the card the teacher played.
A conditional logit model (the chance of a card is proportional to the exponential of its
score) is fitted to them by Newton's method, each context's weights on its own, with a small
ridge penalty that keeps them bounded. Every fifth hand is held out: on those hands the figures
say how often the fitted model's best card, and the rules of thumb's card, is the teacher's.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.driver import decisions, seat_rngs
from ai.lab.arena import deal_seed
from ai.learned import CONTEXTS, FEATURES, MAX_WEIGHT, PlayoutModel, context, dot, features
from ai.policy import respond
from ai.spec import BotSpec
from game.actions import PLAY
from game.cards import FULL_PACK, mask_of
from game.kernel import PlayState
from game.match import Match
from game.rules import Rules

RIDGE = 1.0  # the penalty on the squared weights, which keeps them bounded
NEWTON_STEPS = 12  # at most; the fit stops once a step moves no weight by more than STEP_DONE
STEP_DONE = 1e-4
HOLD_OUT = 5  # every fifth hand is kept out of the fit, to measure the agreement on it

Progress = Callable[[int, int], None]  # hands done, hands in all


@dataclass(frozen=True, slots=True)
class Choice:
    """One card the teacher chose: the context, each legal card's features, the index of the
    card played among them, and of the rules of thumb's card."""

    context: int
    rows: tuple[tuple[float, ...], ...]
    chosen: int
    rules: int
    hand: int  # the index of the hand it was played in


def collect(
    teacher: BotSpec, hands: int, seed: int, progress: Progress | None = None
) -> list[Choice]:
    """The teacher's choices in ``hands`` hands of the arena's deals of ``seed``, four of it at
    the table (the dealer moving on a seat each hand)."""
    choices: list[Choice] = []
    for index in range(hands):
        dseed = deal_seed(seed, index)
        match = Match(dseed, Rules(), first_dealer=index % 4)
        players = [teacher.make() for _ in range(4)]
        rngs = seat_rngs(dseed)
        for view, action in decisions(match, players, rngs):
            if action.kind == PLAY:
                choices.append(_choice(view, [a.card for a in view.legal], action.card, index))
        if progress is not None:
            progress(index + 1, hands)
    return choices


def _choice(view: Any, cards: list[int], chosen: int, hand: int) -> Choice:
    """The features of a card decision as a playout's chooser would see it."""
    state = PlayState.from_view(view)
    trick = state.trick
    unseen = FULL_PACK & ~state.gone & ~view.hand
    rules = respond(view.hand, mask_of(cards), trick, state.winning, unseen)
    cards = sorted(cards)
    rows = tuple(features(c, view.hand, trick, state.winning, unseen, rules) for c in cards)
    return Choice(
        context(trick, state.winning), rows, cards.index(chosen), cards.index(rules), hand
    )


def fit(choices: list[Choice], ridge: float = RIDGE) -> tuple[tuple[float, ...], ...]:
    """The weights of each context, fitted to its choices (zeros for a context with none)."""
    weights = []
    for ctx in range(len(CONTEXTS)):
        mine = [c for c in choices if c.context == ctx]
        weights.append(_newton(mine, ridge))
    return tuple(weights)


def _newton(choices: list[Choice], ridge: float) -> tuple[float, ...]:
    """The penalised maximum-likelihood weights of a conditional logit model of ``choices``."""
    k = len(FEATURES)
    w = [0.0] * k
    for _ in range(NEWTON_STEPS):
        grad = [-ridge * x for x in w]
        hess = [[ridge if i == j else 0.0 for j in range(k)] for i in range(k)]  # minus the Hessian
        for choice in choices:
            rows = choice.rows
            scores = [dot(w, row) for row in rows]
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            total = sum(exps)
            probs = [e / total for e in exps]
            mean = [sum(p * row[j] for p, row in zip(probs, rows, strict=True)) for j in range(k)]
            chosen = rows[choice.chosen]
            for j in range(k):
                grad[j] += chosen[j] - mean[j]
            for p, row in zip(probs, rows, strict=True):
                if p < 1e-12:
                    continue
                dev = [row[j] - mean[j] for j in range(k)]
                for i in range(k):
                    if dev[i]:
                        pdi = p * dev[i]
                        hrow = hess[i]
                        for j in range(k):
                            hrow[j] += pdi * dev[j]
        step = _solve(hess, grad)
        w = [x + s for x, s in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < STEP_DONE:
            break
    return tuple(max(-MAX_WEIGHT, min(MAX_WEIGHT, x)) for x in w)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b, by Gaussian elimination with partial pivoting (a: positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        div = m[col][col]
        for r in range(col + 1, n):
            f = m[r][col] / div
            if f:
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def agreement(weights: tuple[tuple[float, ...], ...], choices: list[Choice]) -> float | None:
    """The share of ``choices`` whose teacher's card is the model's best (None: no choices)."""
    if not choices:
        return None
    hits = 0
    for choice in choices:
        row = weights[choice.context]
        scores = [dot(row, f) for f in choice.rows]
        hits += max(range(len(scores)), key=scores.__getitem__) == choice.chosen
    return hits / len(choices)


def train(
    teacher: BotSpec,
    hands: int,
    seed: int,
    command: str,
    progress: Progress | None = None,
) -> PlayoutModel:
    """A playout model fitted to ``teacher``'s choices in ``hands`` hands (every fifth held out
    to measure it), its ``made_by`` naming the ``command`` that made it and the figures."""
    choices = collect(teacher, hands, seed, progress)
    held = [c for c in choices if c.hand % HOLD_OUT == HOLD_OUT - 1]
    fitted = [c for c in choices if c.hand % HOLD_OUT != HOLD_OUT - 1]
    weights = fit(fitted)
    rules = sum(c.chosen == c.rules for c in held) / len(held) if held else None
    made_by: dict[str, Any] = {
        "command": command,
        "teacher": str(teacher),
        "hands": hands,
        "seed": seed,
        "choices_fitted": len(fitted),
        "choices_held_out": len(held),
        "held_out_agreement": _rounded(agreement(weights, held)),
        "held_out_rules_agreement": _rounded(rules),
    }
    return PlayoutModel(weights, made_by)


def _rounded(x: float | None) -> float | None:
    return None if x is None else round(x, 4)
