"""The words the table says of a rule, whole: they come from the engine's verdict and obligation
(game.verdict, game.tricks) and read as they always have."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.actions import play
from game.cards import INDEX, MAT, parse_cards
from game.phase import Phase
from tests.support.deals import deal_with
from text.narrate import _trick_line
from text.presenter import card_refusal
from text.render import Look

ASCII = Look(ascii=True)
NAMES = ["You", "Bruno", "Carla", "Dario"]


@pytest.mark.parametrize("code", ["KS", "ANG", "MON", "BEG", "MAT"])
def test_a_carta_da_5_is_refused_with_the_tarocchi_named(code: str) -> None:
    view = deal_with(0, {0: "KS ANG MON BEG MAT 7S"}).view(0)
    assert card_refusal(view, INDEX[code], ASCII) == (
        f"{code} may not be discarded: Kings, Angelo, Mondo, Bégato and the Matto "
        "(carte da 5) stay in hand."
    )
    assert card_refusal(view, INDEX["7S"], ASCII) is None


def test_a_card_against_the_rule_is_refused_with_the_rule() -> None:
    hand = deal_with(3, {0: "KS QS KB MAT T12", 1: "7D"})
    base = replace(hand.view(0), phase=Phase.PLAY, turn=0)
    assert not base.hand & sum(1 << c for c in parse_cards("KD QD ND JD AD 6D 8D 9D 10D"))
    trump = replace(base, trick=(INDEX["7D"],), legal=(play(INDEX["T12"]), play(MAT)))
    assert card_refusal(trump, INDEX["KB"], ASCII) == (
        "KB is not legal: you have no Denari, so you must play a trump (or play the Matto)"
    )
    follow = replace(base, trick=(INDEX["ANG"],), legal=(play(INDEX["T12"]), play(MAT)))
    assert card_refusal(follow, INDEX["KS"], ASCII) == (
        "KS is not legal: you must follow trumps (or play the Matto)"
    )


def test_the_log_says_who_owes_a_card_for_the_matto() -> None:
    kd, qd, jd = parse_cards("KD QD JD")
    owed = _trick_line(1, [kd, MAT, qd, jd], 1, 3, NAMES, ASCII).plain
    assert owed.endswith("; the Matto stays with Carla's side, which owes a card")
    assert "Matto" not in _trick_line(0, [kd, MAT, qd, jd], 1, 3, NAMES, ASCII).plain
