"""Trick play (*prese*, RULES.md §6): who must play what, and who wins a trick."""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import (
    CODES,
    FOOL,
    MAT,
    N_CARDS,
    STRENGTH,
    SUIT,
    SUIT_MASK,
    SUIT_NAMES,
    TRUMP,
    TRUMPS,
    Card,
    Mask,
    mask_of,
)

MAT_BIT = 1 << MAT


def _higher(c: Card) -> Mask:
    """The cards of ``c``'s own suit that beat it when played after it (trumps: the higher
    trumps, and a later Moro beats an earlier one; nothing beats the Matto, which never wins)."""
    s = SUIT[c]
    if s == FOOL:
        return 0
    return mask_of(
        t
        for t in range(N_CARDS)
        if SUIT[t] == s
        and t != c
        and (STRENGTH[t] > STRENGTH[c] or (s == TRUMP and STRENGTH[t] == STRENGTH[c]))
    )


# HIGHER[c]: cards of c's own suit that take the trick from c when played after it.
HIGHER: tuple[Mask, ...] = tuple(_higher(c) for c in range(N_CARDS))
# BEATERS[c]: every card that takes the trick from c when c is winning it (c not the Matto).
BEATERS: tuple[Mask, ...] = tuple(
    HIGHER[c] | (TRUMPS if SUIT[c] < TRUMP else 0) for c in range(N_CARDS)
)


def led_suit(trick: Sequence[Card]) -> int:
    """The suit to follow: that of the first card that is not the Matto; -1 when free."""
    for c in trick:
        s = SUIT[c]
        if s != FOOL:
            return s
    return -1


def legal_for(hand: Mask, led: int) -> Mask:
    """The cards of ``hand`` that may be played when ``led`` is the suit to follow (-1: any):
    follow suit, else trump, else anything; the Matto always."""
    if led < 0:
        return hand
    m = hand & SUIT_MASK[led] or hand & TRUMPS
    return m | (hand & MAT_BIT) if m else hand


def legal_mask(hand: Mask, trick: Sequence[Card]) -> Mask:
    """The cards of ``hand`` that may be played to ``trick``."""
    return legal_for(hand, led_suit(trick))


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

    Among equal Mori the one played last wins; the Matto never wins; -1 while no card but the
    Matto is down.
    """
    w = -1
    for i, c in enumerate(trick):
        if c != MAT and (w < 0 or BEATERS[trick[w]] >> c & 1):
            w = i
    return w
