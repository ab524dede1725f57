"""What the play shows everybody (RULES.md §6): the suits a seat has shown it lacks, who played
each card, the Matto's owner and whether his side owes a card for it."""

from __future__ import annotations

import random

import pytest

from game.actions import PLAY
from game.cards import COPPE, DENARI, MAT, SPADE, SUIT_MASK, TRUMPS, parse_cards
from game.match import Match
from game.seats import same_side, side_of
from game.tricks import matto_owner, voids_shown
from game.view import Trick


def test_who_did_not_follow_lacks_the_suit_and_who_did_not_trump_lacks_trumps() -> None:
    # seat 1 leads Spade; seat 2 trumps, seat 3 throws a Coppe, seat 0 plays the Matto
    voids = voids_shown([(1, parse_cards("9S T12 6C MAT"))])
    assert voids[1] == 0 and voids[0] == 0  # the Matto shows nothing
    assert voids[2] == SUIT_MASK[SPADE]
    assert voids[3] == SUIT_MASK[SPADE] | TRUMPS


def test_after_the_matto_led_the_next_card_sets_the_suit() -> None:
    voids = voids_shown([(0, parse_cards("MAT 8D KC T5"))])
    assert voids == [0, 0, SUIT_MASK[DENARI] | TRUMPS, SUIT_MASK[DENARI]]


def test_trumps_led_and_not_followed() -> None:
    voids = voids_shown([(3, parse_cards("ANG KC"))])  # a trick in progress
    assert voids == [TRUMPS, 0, 0, 0]
    both = voids_shown([(3, parse_cards("ANG KC")), (2, parse_cards("7C 8C 6D"))])
    assert both == [TRUMPS | SUIT_MASK[COPPE], 0, 0, 0]


def test_the_matto_owner_and_his_debt() -> None:
    """§6: the Matto goes to its owner's side; an opponent's trick costs that side a card."""
    kd, qd, jd = parse_cards("KD QD JD")
    trick = Trick(1, (kd, MAT, qd, jd), 1)
    assert trick.matto_owner == 2 and trick.matto_owed  # seat 1 (the other side) won
    assert not Trick(1, (kd, MAT, qd, jd), 0).matto_owed  # his partner won
    assert Trick(1, (kd, qd, jd, parse_cards("10D")[0]), 1).matto_owner is None
    assert not Trick(1, (kd, qd, jd, parse_cards("10D")[0]), 1).matto_owed
    assert matto_owner((MAT,), 3) == 3


@pytest.mark.parametrize("seed", range(6))
def test_the_public_facts_agree_with_the_hand(seed: int) -> None:
    """Along random hands: the view's voids never hide a card a seat holds, its cards played by
    seat are those the seats played, and a trick owes a card for the Matto exactly when the end
    of the hand makes the exchange, from the owner's side."""
    rng = random.Random(seed)
    match = Match(seed)
    hand = match.hand
    while match.hand is hand and match.winner is None:
        for seat in range(4):
            view = hand.view(seat)
            assert all(not hand.hands[s] & view.voids[s] for s in range(4))
            played = [0, 0, 0, 0]
            for move in view.history:
                if move.action.kind == PLAY:
                    played[move.seat] |= 1 << move.action.card
            assert view.played_by == played
        match.apply(rng.choice(match.legal_actions()))
    result = hand.result
    assert result is not None
    if result.called_out is not None:
        return
    owed = [t for t in hand.tricks if t.matto_owed]
    assert bool(owed) == (result.matto_exchange is not None)
    for t in owed:
        owner = t.matto_owner
        assert owner is not None and not same_side(owner, t.winner)
        assert result.matto_exchange is not None
        assert result.matto_exchange[0] == side_of(owner)
