"""The rules of thumb of card play, on bitmasks: the easy bot's play and the search bots' playouts.

What a beginner is taught at the Bolognese table:

* give points (*caricare*) to the partner's trick when it is safe: a Queen, a Knight, the Bégato;
* take a trick that holds carte di valore when it can be kept, with the cheapest card that does it;
* otherwise throw the cheapest card (*scartino*), never a King or a Tarocco for nothing; the
  Matto (the excuse) saves a valuable card from an opponent's trick;
* lead a King (or a boss card) while the others still follow the suit, the top trump to draw
  trumps when long in them, else a low card of the longest suit;
* overtake the partner only with a card nobody can beat.

The thresholds were tuned in duplicate self-play (each change kept only when it won).

Everything here sees only one player's hand, the trick and the cards nobody has shown yet
(``unseen``), so the easy bot plays it as is.
"""

from __future__ import annotations

from collections.abc import Sequence

from ai.tables import (
    BEG_BIT,
    COST,
    COURT_LEVELS,
    GIFT_ORDER,
    GIFTABLE,
    HIGH_IN_SUIT,
    LOW_IN_SUIT,
    STRONGER,
    SUIT_SCARTINI,
    SUIT_SCARTINI_LEVELS,
    SUITS4,
    TRUMP_SCARTINI,
)
from game.cards import BEG, MAT, SUIT, SUIT_MASK, TRUMP, TRUMPS, VALUE, Card, Mask
from game.seats import same_side
from game.tricks import BEATERS, HIGHER, MAT_BIT
from game.tricks import legal_mask as legal_cards
from game.tricks import winning_index as winning

# Unseen cards of a suit from which we trust the next players to follow it (not trump it).
FOLLOW_TRUST = 3
# The Matto is played rather than a card costing more than this (any trump or carta di valore).
MATTO_SAVES = 1.5


def may_be_beaten(c: Card, unseen: Mask) -> bool:
    """Whether a card still to be played might take the trick from ``c`` (c winning it now)."""
    if unseen & HIGHER[c]:
        return True
    if SUIT[c] == TRUMP:
        return False
    return bool(unseen & TRUMPS) and (unseen & SUIT_MASK[SUIT[c]]).bit_count() < FOLLOW_TRUST


def low_card(cards: Mask) -> Card:
    """The weakest of ``cards``, all of one suit or all trumps (to win as cheaply as possible)."""
    c = (cards & -cards).bit_length() - 1
    s = SUIT[c]
    if s == TRUMP:
        return cards.bit_length() - 1  # trumps weaken as their index grows
    return LOW_IN_SUIT[s][cards >> (10 * s) & 1023]


def lowest_safe(cards: Mask, unseen: Mask) -> Card:
    """The weakest of ``cards`` (one suit, or trumps) that nobody still to play can beat
    (:func:`may_be_beaten`), or -1."""
    c = (cards & -cards).bit_length() - 1
    s = SUIT[c]
    if s == TRUMP:
        out = unseen & TRUMPS
        if out:  # only a trump stronger than the strongest one out is safe
            cards &= STRONGER[(out & -out).bit_length() - 1]
        return cards.bit_length() - 1 if cards else -1
    out = unseen & SUITS4[s]
    if unseen & TRUMPS and out.bit_count() < FOLLOW_TRUST:
        return -1  # somebody may trump it
    if out:
        cards &= STRONGER[HIGH_IN_SUIT[s][out >> (10 * s)]]
    return LOW_IN_SUIT[s][cards >> (10 * s)] if cards else -1


def cheapest(cards: Mask) -> Card:
    """The card that costs least to give away (``cards`` without the Matto), by :data:`COST`:
    a suit scartino (the weakest, the first suit among equals), else the weakest trump scartino,
    else a Jack, Knight, Queen, King, then the Bégato, the Mondo, the Angelo."""
    low = cards & SUIT_SCARTINI
    if low:
        for level in SUIT_SCARTINI_LEVELS:
            m = low & level
            if m:
                return (m & -m).bit_length() - 1
    low = cards & TRUMP_SCARTINI
    if low:
        return low.bit_length() - 1  # trumps weaken as their index grows
    for level in COURT_LEVELS:
        m = cards & level
        if m:
            return (m & -m).bit_length() - 1
    if cards & BEG_BIT:
        return BEG
    return cards.bit_length() - 1 if cards else -1


def trick_value(trick: Sequence[Card]) -> int:
    """Value of the carte di valore in a trick (the Matto excluded: it stays with its owner)."""
    return sum(VALUE[c] for c in trick if c != MAT)


def throw(legal: Mask) -> Card:
    """The card to give up to a trick we do not win: the cheapest, the Matto to save a value."""
    others = legal & ~MAT_BIT
    if not others:
        return MAT
    c = cheapest(others)
    if legal & MAT_BIT and COST[c] > MATTO_SAVES:
        return MAT
    return c


def gift(legal: Mask) -> Card:
    """The card to give to the partner's trick: the richest that is no winner of its own
    (:data:`GIFT`; the first suit among equals)."""
    if not legal & GIFTABLE:
        return throw(legal)
    for cards in GIFT_ORDER:
        m = legal & cards
        if m:
            return (m & -m).bit_length() - 1
    raise AssertionError("GIFT_ORDER covers GIFTABLE")


# Per suit: (its first bit, its cards, the strongest and the weakest card of each set of it).
_SUITS = tuple((10 * s, SUITS4[s], HIGH_IN_SUIT[s], LOW_IN_SUIT[s]) for s in range(4))


def lead(hand: Mask, unseen: Mask) -> Card:
    """The card to lead: a King or boss card the others will follow, the top trump, else low."""
    best = -1
    best_key = -1
    longest = -1  # the weakest card of the longest suit (the first among equals)
    longest_len = 0
    for shift, cards, high, low in _SUITS:
        mine = hand >> shift & 1023
        if not mine:
            continue
        n = mine.bit_count()
        if n > longest_len:
            longest, longest_len = low[mine], n
        top = high[mine]
        if unseen & HIGHER[top]:
            continue
        out = (unseen & cards).bit_count()
        if out >= FOLLOW_TRUST:
            key = VALUE[top] * 10 + out
            if key > best_key:
                best, best_key = top, key
    if best >= 0:
        return best
    trumps = hand & TRUMPS
    if trumps.bit_count() >= 3 and unseen & TRUMPS:  # the top trump to draw the others'
        top = (trumps & -trumps).bit_length() - 1
        if not unseen & HIGHER[top]:
            return top
    # a low card of the longest suit (the others will follow it), else the cheapest card
    return longest if longest >= 0 else throw(hand)


def choose(hand: Mask, trick: list[Card] | tuple[Card, ...], unseen: Mask) -> Card:
    """The rule-of-thumb card for the player holding ``hand`` to play to ``trick``."""
    legal = legal_cards(hand, trick)
    if not legal & (legal - 1):
        return (legal & -legal).bit_length() - 1
    return respond(hand, legal, trick, winning(trick), unseen)


def respond(
    hand: Mask, legal: Mask, trick: list[Card] | tuple[Card, ...], w: int, unseen: Mask
) -> Card:
    """:func:`choose` when the legal cards and the index ``w`` of the winning card are known."""
    if w < 0:  # nothing led, or only the Matto
        return lead(hand & ~MAT_BIT or hand, unseen)
    wc = trick[w]
    pos = len(trick)
    if same_side(pos, w):  # the partner is winning (places in the trick, from the leader)
        if pos == 3 or not may_be_beaten(wc, unseen):
            return gift(legal)
        beaters = legal & BEATERS[wc]
        safe = lowest_safe(beaters, unseen) if beaters else -1
        return safe if safe >= 0 else throw(legal)  # overtake the partner when sure to hold
    beaters = legal & BEATERS[wc]
    if beaters:
        if pos == 3:
            return low_card(beaters)
        safe = lowest_safe(beaters, unseen)
        if safe >= 0:
            return safe
    return throw(legal)
