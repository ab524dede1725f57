"""Precomputed card tables for the bots: what a card costs to give away or is worth as a gift,
the weakest and strongest card of each set of a suit (which cards beat a card: game.tricks)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.cards import (
    ANG,
    BEG,
    FOOL,
    KINGS,
    MAT,
    MON,
    N_CARDS,
    STRENGTH,
    SUIT,
    SUIT_MASK,
    TRUMP,
    VALUE,
    Card,
    Mask,
    mask_of,
)

BEG_BIT = 1 << BEG


# What it costs to give a card to the opponents' trick, in rough points: its value, a premium for
# trumps (they win tricks later) and for strong cards; the Matto is an excuse and stays ours.
COST: tuple[float, ...] = tuple(
    3.0
    if c == MAT
    else VALUE[c] * 4.0 + (2.0 + STRENGTH[c] / 6.0 if SUIT[c] == TRUMP else STRENGTH[c] / 12.0)
    for c in range(N_CARDS)
)
# What a card is worth when given (*caricata*) to the partner's winning trick: its value, less for a
# King (it may win a trick itself) and nothing for ANG, MON (winners) or the Matto (always ours).
GIFT: tuple[float, ...] = tuple(
    0.0 if c in (ANG, MON, MAT) else (VALUE[c] - 1.5 if (KINGS >> c) & 1 else float(VALUE[c]))
    for c in range(N_CARDS)
)
SUITS4: tuple[Mask, ...] = SUIT_MASK[:4]
GIFTABLE: Mask = mask_of(c for c in range(N_CARDS) if GIFT[c] > 0)
# The giftable cards from the richest gift down (BEG 5, Queens 4, Kings 3.5, Knights 3, Jacks 2).
GIFT_ORDER: tuple[Mask, ...] = tuple(
    mask_of(c for c in range(N_CARDS) if GIFT[c] == g)
    for g in sorted({GIFT[c] for c in range(N_CARDS) if GIFT[c] > 0}, reverse=True)
)
# STRONGER[c]: the cards of c's suit strictly stronger than c (for a Moro, not the other Mori).
STRONGER: tuple[Mask, ...] = tuple(
    mask_of(t for t in range(N_CARDS) if SUIT[t] == SUIT[c] < FOOL and STRENGTH[t] > STRENGTH[c])
    for c in range(N_CARDS)
)
# The suit cards by strength inside their suit, weakest first: scartini (0-5), then courts (6-9).
_LEVELS: tuple[Mask, ...] = tuple(
    mask_of(c for c in range(N_CARDS) if SUIT[c] < TRUMP and STRENGTH[c] == k) for k in range(10)
)
SUIT_SCARTINI_LEVELS: tuple[Mask, ...] = _LEVELS[:6]
COURT_LEVELS: tuple[Mask, ...] = _LEVELS[6:]
SUIT_SCARTINI: Mask = mask_of(c for c in range(N_CARDS) if SUIT[c] < TRUMP and not VALUE[c])
TRUMP_SCARTINI: Mask = mask_of(c for c in range(N_CARDS) if SUIT[c] == TRUMP and not VALUE[c])
# The trumps are the cards ANG (strongest) … BEG (weakest), in index order.
assert all(STRENGTH[t] >= STRENGTH[t + 1] for t in range(ANG, BEG))


class _Pick(Protocol):
    """min or max, as :func:`_suit_extreme` calls it."""

    def __call__(self, cards: list[Card], /, *, key: Callable[[Card], int]) -> Card: ...


def _suit_extreme(s: int, pick: _Pick) -> tuple[int, ...]:
    """For each set of cards of suit ``s`` (10 bits, from bit 10*s), the card ``pick`` chooses."""
    out = []
    for sub in range(1024):
        cards = [10 * s + i for i in range(10) if sub >> i & 1]
        out.append(pick(cards, key=STRENGTH.__getitem__) if cards else -1)
    return tuple(out)


# LOW_IN_SUIT[s][bits of suit s held]: the weakest card; HIGH_IN_SUIT: the strongest. Inside a suit
# the weakest card is also the one that costs least (COST follows STRENGTH).
LOW_IN_SUIT: tuple[tuple[int, ...], ...] = tuple(_suit_extreme(s, min) for s in range(4))
HIGH_IN_SUIT: tuple[tuple[int, ...], ...] = tuple(_suit_extreme(s, max) for s in range(4))
