"""Trick play (*prese*, RULES.md §6): who must play what, and who wins a trick."""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import (
    CODES,
    FOOL,
    MAT,
    STRENGTH,
    SUIT,
    SUIT_MASK,
    SUIT_NAMES,
    TRUMP,
    TRUMPS,
    Card,
    Mask,
)

MAT_BIT = 1 << MAT


def led_suit(trick: Sequence[Card]) -> int:
    """The suit to follow: that of the first card that is not the Matto; -1 when free."""
    for c in trick:
        s = SUIT[c]
        if s != FOOL:
            return s
    return -1


def legal_mask(hand: Mask, trick: Sequence[Card]) -> Mask:
    """The cards of ``hand`` that may be played to ``trick``."""
    led = led_suit(trick)
    if led < 0:
        return hand
    m = hand & SUIT_MASK[led]
    if not m:
        m = hand & TRUMPS
        if not m:
            return hand
    return m | (hand & MAT_BIT)


def why_illegal(hand: Mask, trick: Sequence[Card], c: Card) -> str | None:
    """None when ``c`` may be played, else the reason in words."""
    if not hand >> c & 1:
        return f"{CODES[c]} is not in your hand"
    if legal_mask(hand, trick) >> c & 1:
        return None
    led = led_suit(trick)
    if hand & SUIT_MASK[led]:
        name = "trumps" if led == TRUMP else SUIT_NAMES[led]
        return f"{CODES[c]} is not legal: you must follow {name}"
    return f"{CODES[c]} is not legal: you have no {SUIT_NAMES[led]}, so you must play a trump"


def award(trick: Sequence[Card], leader: int, winner: int, piles: list[Mask]) -> int:
    """Add a complete trick to the winning side's pile (``piles`` by side), the Matto to its
    owner's; return the side that owes a card for its Matto (an opponent won), else -1."""
    won_side = winner & 1
    cards = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
    debtor = -1
    if cards & MAT_BIT:
        owner = (leader + trick.index(MAT)) & 1
        piles[owner] |= MAT_BIT
        if owner != won_side:
            debtor = owner
        cards &= ~MAT_BIT
    piles[won_side] |= cards
    return debtor


def winning_index(trick: Sequence[Card]) -> int:
    """Index in ``trick`` of the winning card: the highest trump, else the highest of the suit led.

    Among equal Mori the one played last wins; the Matto never wins.
    """
    best = -1
    best_strength = -1
    best_trump = False
    led = -1
    for i, c in enumerate(trick):
        s = SUIT[c]
        if s == FOOL:
            continue
        st = STRENGTH[c]
        if led < 0:
            led, best, best_strength, best_trump = s, i, st, s == TRUMP
        elif s == TRUMP:
            if not best_trump or st >= best_strength:
                best, best_strength, best_trump = i, st, True
        elif s == led and not best_trump and st > best_strength:
            best, best_strength = i, st
    return best
