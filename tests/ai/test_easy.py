"""The easy bot never makes the blunders a beginner is warned about (hand-built positions)."""

from __future__ import annotations

import random

from ai.easy import EasyBot
from game.actions import DECLARE, declare, discard, play
from game.cards import FIVES, VALUE, mask_of, parse_card, parse_cards
from game.hand import Hand
from game.scoring import combination_points, declarable_families
from game.tricks import winning_index
from tests.support.deals import deal_with, m

C = parse_card


def position(dealer: int, hands: dict[int, str], drop: str, plays: str = "") -> Hand:
    """Deal ``hands`` (the rest filled in), discard ``drop``, declare nothing, play ``plays``."""
    fixed = dict(hands)
    fixed[dealer] = f"{fixed.get(dealer, '')} {drop}"
    hand = deal_with(dealer, fixed)
    a, b = parse_cards(drop)
    hand.apply(discard(a, b))
    for code in plays.split():
        if hand.phase == "declare":
            hand.apply(declare(()))
        hand.apply(play(parse_card(code)))
    if hand.phase == "declare":
        hand.apply(declare(()))
    return hand


def easy_card(hand: Hand) -> int:
    view = hand.view(hand.turn)
    return EasyBot().choose(view, view.legal, random.Random(0)).card


def test_gives_points_to_the_partners_sure_trick() -> None:
    # seat 0 leads the Angelo (nobody can beat it); seat 2, with no trump, gives a Queen
    hand = position(
        3,
        {0: "ANG", 1: "T5", 2: "QC 6C 7C 8C 9C 6D 7D 8D 9D 10D 6S 7S 8S 9S 10S"},
        "6B 7B",
        "ANG T5",
    )
    assert hand.turn == 2
    c = easy_card(hand)
    assert c == C("QC")


def test_takes_a_trick_with_a_king_when_last() -> None:
    # seat 0 leads the King of Cups; seat 3 (the dealer), last and void in Cups, trumps it
    hand = position(
        3,
        {0: "KC", 1: "6C", 2: "7C", 3: "T5 T16 6S 7S 8S 9S 10S 6B 7B 8B 9B 10B 6D 7D 8D"},
        "9D 10D",
        "KC 6C 7C",
    )
    c = easy_card(hand)
    assert (m("T5 T16") >> c) & 1
    trick = [*hand.trick, c]
    assert winning_index(trick) == 3


def test_does_not_throw_a_tarocco_for_nothing() -> None:
    # the Angelo is led; seat 1 must follow trumps and keeps the Bégato (5 points) out of it
    hand = position(3, {0: "ANG", 1: "BEG T5 KC 6C 7C 6D 7D 8D"}, "6B 7B", "ANG")
    c = easy_card(hand)
    assert c == C("T5")


def test_does_not_throw_a_court_card_for_nothing() -> None:
    # the King of Cups is led; seat 1 cannot beat it and follows with a scartino, not the Queen
    hand = position(3, {0: "KC 8C", 1: "QC 6C 7C T5", 2: "NC 9C", 3: "JC 10C"}, "6B 7B", "KC")
    c = easy_card(hand)
    assert VALUE[c] == 0 and (m("6C 7C") >> c) & 1


def test_wins_a_valuable_trick_it_can_keep() -> None:
    # an opponent leads the Queen of Cups; seat 1 holds the King: it takes it
    hand = position(3, {0: "QC 8C", 1: "KC 6C 7C", 2: "NC 9C", 3: "JC 10C"}, "6B 7B", "QC")
    assert easy_card(hand) == C("KC")


def test_matto_saves_a_value_card() -> None:
    # the Angelo is led; seat 1 holds only the Bégato and the Mondo in trumps, and the Matto
    hand = position(3, {0: "ANG", 1: "BEG MON MAT 6C 7C 8C 6D 7D 8D 9D"}, "6B 7B", "ANG")
    assert easy_card(hand) == C("MAT")


def test_discard_breaks_no_combination_and_keeps_the_carte_da_5() -> None:
    dealer_cards = "KS KB KC ANG MON MAT QS QB QC JS JB JC 6D 7D 8D 9D 10D"
    hand = deal_with(0, {0: dealer_cards})
    view = hand.view(0)
    action = EasyBot().choose(view, view.legal, random.Random(0))
    laid = mask_of(action.cards)
    assert not laid & FIVES
    best = max(combination_points(hand.hands[0] & ~mask_of(a.cards)) for a in view.legal)
    assert combination_points(hand.hands[0] & ~laid) == best


def test_declares_everything() -> None:
    hand = deal_with(3, {0: "KS KB KC ANG MON MAT QS QB QC", 3: "6B 7B"})
    hand.apply(discard(C("6B"), C("7B")))
    view = hand.view(0)
    action = EasyBot().choose(view, view.legal, random.Random(0))
    assert action.kind == DECLARE
    assert set(action.families) == set(declarable_families(hand.hands[0]))
