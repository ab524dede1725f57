"""A learned finish of the hand: a linear playout policy fitted to a teacher's choices.

The search's playouts finish every hand with the rules of thumb of :mod:`ai.policy`. This module
offers another chooser for them (``hard:playout=learned``): each legal card gets a score, a
weighted sum of a few features of the card and the trick (one set of weights for each place in
the trick, and whether the partner is winning it), and the best score is played. One feature is
whether the rules of thumb would play the card, so the model learns when to depart from them.
The weights were fitted (:mod:`ai.lab.train`) to the cards a teacher chose, the all-seeing
oracle by default: in a playout every seat's cards are dealt, so the card an all-seeing player
picks in a like position is the one to imitate. They ship with the package
(``ai/data/playout.json``), with the command and seed that made them.

The features see what the rules of thumb see (a seat's hand, the trick, the cards not yet
played), so the same code serves the playouts and the training.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ai import policy
from ai.tables import COST
from game.cards import (
    FULL_PACK,
    MAT,
    N_CARDS,
    STRENGTH,
    SUIT,
    SUIT_MASK,
    TRUMP,
    VALUE,
    Card,
    Mask,
    random_card,
)
from game.kernel import Chooser
from game.tricks import BEATERS, HIGHER

FORMAT = "tarocchino-playout-model"
VERSION = 1
MAX_WEIGHT = 100.0  # a weight's size at most: a larger one is a damaged or foreign file
MAX_BYTES = 256 * 1024  # a model file's size at most
MODEL_FILE = "data/playout.json"  # in the package ai

# What each legal card is scored on: first those that depend on the trick and the hand, then
# those of the card alone (folded into one table a context, for speed).
FEATURES = (
    "rules",  # the card the rules of thumb play
    "takes",  # it would win the trick as it stands
    "takes_points",  # ... times the points already in the trick (fifths)
    "takes_safely",  # ... and nobody still to play can beat it
    "boss",  # no card still out of its suit (or trumps) beats it
    "length",  # the cards of its suit held (fifths)
    "out",  # the cards of its suit not yet played, others' (fifths)
    "value",  # its points as a carta di valore (fifths)
    "trump",
    "matto",
    "strength",  # its place in its suit, 0 (weakest) to 1
    "cost",  # what the rules of thumb count giving it away costs (twentieths)
)
N_DYNAMIC = 7  # the first features depend on the trick; the others on the card alone
# Where the card is played: leading, or second, third, fourth to the trick, each with the partner
# winning it or not (second with the partner winning: only after the Matto was led).
CONTEXTS = (
    "lead",
    "second_partner",
    "second",
    "third_partner",
    "third",
    "fourth_partner",
    "fourth",
)

_STRONGEST = [max(STRENGTH[c] for c in range(N_CARDS) if SUIT[c] == s) for s in range(6)]


def static_features(c: Card) -> tuple[float, ...]:
    """The features of the card alone (:data:`FEATURES` after the first :data:`N_DYNAMIC`)."""
    s = SUIT[c]
    top = _STRONGEST[s]
    return (
        VALUE[c] / 5,
        1.0 if s == TRUMP else 0.0,
        1.0 if c == MAT else 0.0,
        STRENGTH[c] / top if top > 0 and c != MAT else 0.0,
        COST[c] / 20,
    )


STATIC = tuple(static_features(c) for c in range(N_CARDS))


def context(trick: Sequence[Card], winning: int) -> int:
    """The index in :data:`CONTEXTS` of a card played to ``trick`` (``winning``: the index of
    the card winning it, -1 when nothing but the Matto was led)."""
    if winning < 0:
        return 0
    pos = len(trick)
    return 2 * pos - ((pos - winning) % 2 == 0)


def features(
    c: Card, hand: Mask, trick: Sequence[Card], winning: int, unseen: Mask, rules: Card
) -> tuple[float, ...]:
    """Every feature of playing ``c`` from ``hand`` to ``trick`` (``unseen``: the cards not yet
    played nor held; ``rules``: the rules of thumb's card), in the order of :data:`FEATURES`."""
    b = 1 << c
    takes = winning >= 0 and c != MAT and bool(BEATERS[trick[winning]] & b)
    points = policy.trick_value(trick) / 5 if takes else 0.0
    safely = takes and (len(trick) == 3 or not policy.may_be_beaten(c, unseen))
    suit = SUIT_MASK[SUIT[c]]
    return (
        1.0 if c == rules else 0.0,
        1.0 if takes else 0.0,
        points,
        1.0 if safely else 0.0,
        0.0 if unseen & HIGHER[c] or c == MAT else 1.0,
        (hand & suit).bit_count() / 5,
        (unseen & suit).bit_count() / 5,
        *STATIC[c],
    )


def dot(weights: Sequence[float], values: Sequence[float]) -> float:
    """A score: the weighted sum of a card's features."""
    return sum(w * f for w, f in zip(weights, values, strict=True))


class ModelError(ValueError):
    """A playout model file that cannot be used: missing, unreadable, not a model, or with
    weights out of bounds. The message names the file and what is wrong."""


@dataclass(frozen=True, slots=True)
class PlayoutModel:
    """The weights of the learned playout policy, one row of :data:`FEATURES` a context, and
    how they were made (the command, the seed, the teacher, the agreement measured)."""

    weights: tuple[tuple[float, ...], ...]
    made_by: dict[str, Any] = field(default_factory=dict)
    tables: tuple[tuple[float, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_weights(self.weights)
        tables = tuple(
            tuple(
                sum(w * f for w, f in zip(row[N_DYNAMIC:], STATIC[c], strict=True))
                for c in range(N_CARDS)
            )
            for row in self.weights
        )
        object.__setattr__(self, "tables", tables)

    def score(
        self, c: Card, hand: Mask, trick: Sequence[Card], winning: int, unseen: Mask, rules: Card
    ) -> float:
        """The score of playing ``c`` (the chooser's sum, written plainly)."""
        row = self.weights[context(trick, winning)]
        return dot(row, features(c, hand, trick, winning, unseen, rules))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "features": list(FEATURES),
            "contexts": list(CONTEXTS),
            "weights": [list(row) for row in self.weights],
            "made_by": self.made_by,
        }


def check_weights(weights: object) -> None:
    """Refuse weights of the wrong shape, not finite or larger than :data:`MAX_WEIGHT`."""
    if not isinstance(weights, (list, tuple)) or len(weights) != len(CONTEXTS):
        raise ModelError(f"the weights must be {len(CONTEXTS)} rows, one a context")
    for row in weights:
        if not isinstance(row, (list, tuple)) or len(row) != len(FEATURES):
            raise ModelError(f"each row of weights must hold {len(FEATURES)} numbers")
        for w in row:
            if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w):
                raise ModelError(f"a weight is not a finite number: {w!r}")
            if abs(w) > MAX_WEIGHT:
                raise ModelError(f"a weight is out of bounds (at most {MAX_WEIGHT:g}): {w!r}")


def model_from_json(data: object) -> PlayoutModel:
    """A model from its JSON form; ModelError when it is not one this code can use."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ModelError(f"not a playout model (no format {FORMAT!r})")
    if data.get("version") != VERSION:
        raise ModelError(f"a playout model of version {data.get('version')!r}, not {VERSION}")
    if data.get("features") != list(FEATURES) or data.get("contexts") != list(CONTEXTS):
        raise ModelError("a playout model of other features or contexts than this code's")
    weights = data.get("weights")
    check_weights(weights)
    made_by = data.get("made_by", {})
    if not isinstance(made_by, dict):
        raise ModelError("made_by must be an object")
    assert isinstance(weights, list)
    return PlayoutModel(tuple(tuple(float(w) for w in row) for row in weights), made_by)


def load_model(path: Path | None = None) -> PlayoutModel:
    """The model in ``path``, or the one shipped with the package; ModelError naming the file
    when it cannot be used."""
    where = str(path) if path is not None else f"ai/{MODEL_FILE}"
    try:
        if path is None:
            raw = resources.files("ai").joinpath(MODEL_FILE).read_bytes()
        else:
            with open(path, "rb") as file:
                raw = file.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise ModelError(f"larger than {MAX_BYTES} bytes")
        return model_from_json(json.loads(raw))
    except ModelError as error:
        raise ModelError(f"{where}: {error}") from None
    except (OSError, ValueError) as error:  # missing, unreadable, not JSON (or not UTF-8)
        raise ModelError(f"{where}: cannot be read as a playout model ({error})") from None


@cache
def shipped_model() -> PlayoutModel:
    """The model shipped with the package, read once."""
    return load_model()


def _in_fifths(row: Sequence[float]) -> tuple[float, ...]:
    """A context's weights of the trick's features (the first :data:`N_DYNAMIC`), those of
    counts (the points in the trick, the suit's cards held and still out) divided by five: the
    features count them in fifths."""
    w_rules, w_takes, w_points, w_safely, w_boss, w_length, w_out = row
    return (w_rules, w_takes, w_points / 5, w_safely, w_boss, w_length / 5, w_out / 5)


def learned_chooser(model: PlayoutModel, rand: Callable[[], float], eps: float) -> Chooser:
    """The playout chooser of ``model`` for every seat, a random card instead with probability
    ``eps`` (as :func:`ai.rollout.policy_chooser`). The sum of :meth:`PlayoutModel.score`,
    arranged for speed: the card's own features from a table, the points and the two suit
    counts (fifths) folded into their weights, the suit's term worked out once a suit."""
    respond = policy.respond
    may_be_beaten = policy.may_be_beaten
    trick_value = policy.trick_value
    tables = model.tables
    rows = [_in_fifths(row[:N_DYNAMIC]) for row in model.weights]
    not_matto = ~(1 << MAT)

    def choose(hand: Mask, legal: Mask, trick: list[Card], winning: int, gone: Mask) -> Card:
        if rand() < eps:
            return random_card(legal, rand)
        unseen = FULL_PACK & ~gone & ~hand
        rules = respond(hand, legal, trick, winning, unseen)
        ctx = context(trick, winning)
        table = tables[ctx]
        w_rules, w_takes, w_points, w_safely, w_boss, w_length, w_out = rows[ctx]
        beaters = BEATERS[trick[winning]] & not_matto if winning >= 0 else 0
        takes = w_takes + w_points * trick_value(trick) if beaters & legal else 0.0
        last = len(trick) == 3
        suit_terms: dict[int, float] = {}
        best, best_score = rules, -math.inf
        m = legal
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            s = SUIT[c]
            suit_term = suit_terms.get(s)
            if suit_term is None:
                suit = SUIT_MASK[s]
                suit_term = (
                    w_length * (hand & suit).bit_count() + w_out * (unseen & suit).bit_count()
                )
                suit_terms[s] = suit_term
            score = table[c] + suit_term
            if c == rules:
                score += w_rules
            if beaters & low:
                score += takes
                if last or not may_be_beaten(c, unseen):
                    score += w_safely
            if not (unseen & HIGHER[c] or c == MAT):
                score += w_boss
            if score > best_score:
                best, best_score = c, score
        return best

    return choose
