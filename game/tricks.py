"""Trick play (*prese*, RULES.md §6): who must play what, and who wins a trick."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from game.cards import (
    FOOL,
    MAT,
    N_CARDS,
    STRENGTH,
    SUIT,
    SUIT_MASK,
    TRUMP,
    TRUMPS,
    Card,
    Mask,
    mask_of,
)
from game.seats import seat_after, side_of

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


# What the rule asks of the player to move (§6), the kinds of :class:`Obligation`.
LEAD = "lead"  # the trick is his to lead: any card
FREE = "free"  # only the Matto is down: the next card fixes the suit, any card
FOLLOW = "follow"  # he holds the suit led: follow it
TRUMP_IN = "trump"  # none of the suit led, some trumps: play a trump
ANY = "any"  # none of the suit led and no trumps: any card


class Obligation(NamedTuple):
    """What the rule of §6 asks of a hand at a trick: its ``kind`` (LEAD, FREE, FOLLOW,
    TRUMP_IN or ANY) and the suit led (-1: none yet). The Matto may always be played instead."""

    kind: str
    led: int


def obligation(hand: Mask, trick: Sequence[Card]) -> Obligation:
    """What the rule asks of ``hand`` at ``trick``."""
    led = led_suit(trick)
    if not trick:
        return Obligation(LEAD, led)
    if led < 0:
        return Obligation(FREE, led)
    if hand & SUIT_MASK[led]:
        return Obligation(FOLLOW, led)
    if hand & TRUMPS:
        return Obligation(TRUMP_IN, led)
    return Obligation(ANY, led)


def voids_shown(tricks: Iterable[tuple[int, Sequence[Card]]]) -> list[Mask]:
    """For each seat, the cards the play of ``tricks`` (each its leader and its cards so far)
    shows it cannot hold: who did not follow the suit led has none of it, and who then played
    no trump has no trumps either. The Matto may be played at any turn: it shows nothing."""
    voids = [0, 0, 0, 0]
    for leader, cards in tricks:
        led = -1
        for i, c in enumerate(cards):
            s = SUIT[c]
            if s == FOOL:
                continue
            if led < 0:
                led = s
                continue
            if s != led:
                seat = seat_after(leader, i)
                voids[seat] |= SUIT_MASK[led]
                if s != TRUMP:
                    voids[seat] |= TRUMPS
    return voids


def matto_owner(trick: Sequence[Card], leader: int) -> int | None:
    """The seat that played the Matto to ``trick`` (led by ``leader``), or None."""
    return seat_after(leader, trick.index(MAT)) if MAT in trick else None


def award(trick: Sequence[Card], leader: int, winner: int, piles: list[Mask]) -> int:
    """Add a complete trick to the winning side's pile (``piles`` by side), the Matto to its
    owner's; return the side that owes a card for its Matto (an opponent won), else -1."""
    won_side = side_of(winner)
    cards = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
    debtor = -1
    played_it = matto_owner(trick, leader)
    if played_it is not None:
        owner = side_of(played_it)
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
