"""Why the engine refuses an action, as the facts a table sends with its ``illegal`` error
(``{"why": "must_follow", "card": "9S", "suit": "C"}``): codes and card codes, never words, so
that each seat's screen says it in its own language (:mod:`net.spoken`)."""

from __future__ import annotations

from game.actions import DECLARE, DISCARD, PLAY, Action
from game.cards import CODES, SUIT_CODES, TRUMP
from game.hand import Hand
from game.phase import Phase
from game.scoring import declarable_families
from game.tricks import FOLLOW, obligation
from game.verdict import (
    CARTA_DA_5,
    MUST_FOLLOW,
    MUST_TRUMP,
    NOT_HELD,
    Verdict,
    discard_verdict,
    play_verdict,
)
from net.protocol import Arg

# The ``why`` of an ``illegal`` error.
NOT_HELD_WHY, MUST_FOLLOW_WHY, MUST_TRUMP_WHY = "not_held", "must_follow", "must_trump"
CARTA_DA_5_WHY = "carta_da_5"  # a King or a Tarocco may not be discarded
WRONG_KIND = "wrong_kind"  # not what the hand asks now (``wanted``: discard, declare or play)
ONE_CARD = "one_card"  # a card is played alone
TWO_CARDS = "two_cards"  # the dealer discards two different cards
NOT_REALISED = "not_realised"  # a family the hand does not hold (``family``)
DECLARE_ORDER = "declare_order"  # each family once, in the families' order
HAND_OVER = "hand_over"  # the hand is over
MALFORMED = "malformed"  # not an action the engine can read
OTHER = "other"  # the engine said no for a reason this table does not name

_VERDICTS = {
    NOT_HELD: NOT_HELD_WHY,
    MUST_FOLLOW: MUST_FOLLOW_WHY,
    MUST_TRUMP: MUST_TRUMP_WHY,
    CARTA_DA_5: CARTA_DA_5_WHY,
}
_WANTED = {Phase.DISCARD: DISCARD, Phase.DECLARE: DECLARE, Phase.PLAY: PLAY}


def suit_code(suit: int) -> str:
    """A suit as the table says it: S, B, C, D, or T for the trumps."""
    return "T" if suit == TRUMP else SUIT_CODES[suit]


def _card(verdict: Verdict, hand: Hand) -> dict[str, Arg]:
    facts: dict[str, Arg] = {"why": _VERDICTS.get(verdict.reason or "", OTHER)}
    facts["card"] = CODES[verdict.card]
    if verdict.reason in (MUST_FOLLOW, MUST_TRUMP):
        duty = obligation(hand.hands[hand.turn], hand.trick)
        facts["suit"] = suit_code(duty.led)
        facts["trump"] = int(duty.kind != FOLLOW)
    return facts


def illegal(hand: Hand, action: Action) -> dict[str, Arg]:
    """The facts of ``hand`` refusing ``action`` (an action it does refuse)."""
    if not isinstance(action, Action) or hand.why_illegal(action) is None:
        return {"why": MALFORMED if not isinstance(action, Action) else OTHER}
    if hand.phase == Phase.OVER:
        return {"why": HAND_OVER}
    wanted = _WANTED[hand.phase]
    if action.kind != wanted:
        return {"why": WRONG_KIND, "wanted": wanted}
    held = hand.hands[hand.turn]
    if action.kind == PLAY:
        if len(action.cards) != 1:
            return {"why": ONE_CARD}
        return _card(play_verdict(held, hand.trick, action.card), hand)
    if action.kind == DISCARD:
        if len(action.cards) != 2 or action.cards[0] == action.cards[1]:
            return {"why": TWO_CARDS}
        for c in action.cards:
            verdict = discard_verdict(held, c)
            if not verdict.allowed:
                return _card(verdict, hand)
        return {"why": OTHER}
    realised = declarable_families(held)
    for family in action.families:
        if family not in realised:
            return {"why": NOT_REALISED, "family": family}
    return {"why": DECLARE_ORDER}
