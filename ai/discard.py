"""The dealer's discard (*scarto*): rank the pairs of cards by what discarding them breaks.

A pair is judged on the 15 cards it leaves: the combinations they still declare (points won at
once), the trumps kept (they take tricks), the voids made (a void lets its holder trump), and the
carte di valore put away: the discard goes to the dealer's side as soon as it takes one trick,
so a Queen or a Knight laid away is nearly always a point secured (``secure`` weighs that).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from ai.tables import SUITS4
from game.actions import Action
from game.cards import PIPS, STRENGTH, SUIT, TRUMP, VALUE, Card, Mask, cards_of
from game.scoring import combination_points

SECURE = 0.5  # weight of a carta di valore laid away (the discard nearly always scores)
VOID_BONUS = 25.0  # tuned in duplicate self-play: a void is worth more than most combinations


def card_cost(c: int, secure: float) -> float:
    """What keeping ``c`` out of the hand costs (before combinations and voids)."""
    if SUIT[c] == TRUMP:
        return 4.0 + STRENGTH[c] / 3.0
    if VALUE[c]:
        return -secure * VALUE[c] + 1.0
    return 0.1 * STRENGTH[c] + (0.0 if (PIPS >> c) & 1 else 0.3)


def pair_score(hand: Mask, action: Action, secure: float = SECURE) -> float:
    """Higher is better: the value of keeping ``hand`` minus the two cards of ``action``."""
    a, b = action.cards
    return pair_value(hand, a, b, secure)


def pair_value(hand: Mask, a: Card, b: Card, secure: float = SECURE) -> float:
    """:func:`pair_score` of discarding ``a`` and ``b`` from ``hand``."""
    kept = hand & ~((1 << a) | (1 << b))
    score = float(combination_points(kept)) - card_cost(a, secure) - card_cost(b, secure)
    for s in range(4):
        if hand & SUITS4[s] and not kept & SUITS4[s]:
            score += VOID_BONUS
    return score


def best_pair(hand: Mask, allowed: Mask, accept: Callable[[Mask], bool] | None = None) -> Mask:
    """The discard :func:`rank_discards` puts first among the pairs of ``allowed`` cards of
    ``hand`` (how a dealer holding ``hand`` most likely discarded), as a mask; 0 for none. With
    ``accept``, only the pairs it accepts count.

    Fast: a pair can score at most what the whole hand declares less its costs plus its voids
    (taking cards away never adds a combination), so the pairs are tried best bound first and
    the search stops when no bound can beat the best score found.
    """
    cards = cards_of(allowed)
    base = combination_points(hand)
    held = [(hand & m).bit_count() for m in SUITS4] + [0, 0]  # trumps and the Matto: no void
    suit = [SUIT[c] for c in cards]
    single = [
        base - card_cost(c, SECURE) + (VOID_BONUS if held[SUIT[c]] == 1 else 0.0) for c in cards
    ]
    bounds: list[tuple[float, int, Card, Card]] = []
    n = len(cards)
    for i in range(n):
        si, bi = suit[i], single[i]
        for j in range(i + 1, n):
            bound = bi + single[j] - base
            if si == suit[j] and held[si] == 2:
                bound += VOID_BONUS
            bounds.append((bound, len(bounds), cards[i], cards[j]))
    bounds.sort(key=lambda t: (-t[0], t[1]))
    best, best_score, best_index = 0, -math.inf, -1
    for bound, index, a, b in bounds:
        if bound < best_score:
            break
        score = pair_value(hand, a, b)
        if score > best_score or score == best_score and index < best_index:
            pair = (1 << a) | (1 << b)
            if accept is None or accept(pair):
                best, best_score, best_index = pair, score, index
    return best


def rank_discards(hand: Mask, legal: Sequence[Action], secure: float = SECURE) -> list[Action]:
    """The legal discards, best first (ties in the engine's fixed order)."""
    return sorted(legal, key=lambda a: -pair_score(hand, a, secure))
