"""What the rule asks at a trick and the verdict on a card (RULES.md §4.2, §6), against
../shared/vectors/tricks.json: the one place the engine and the table take them from."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.actions import discard, play
from game.cards import CODES, MAT, SUIT_MASK, cards_of, parse_cards
from game.errors import IllegalActionError
from game.phase import Phase
from game.tricks import ANY, FOLLOW, FREE, LEAD, TRUMP_IN, legal_mask, obligation
from game.verdict import (
    CARTA_DA_5,
    MUST_FOLLOW,
    MUST_TRUMP,
    NOT_HELD,
    card_verdict,
    discard_verdict,
    play_verdict,
)
from tests.support.deals import deal_with, load_vectors, m

VECTORS = load_vectors("tricks.json")
# The kind of each case of VECTORS["legal"], in order, as its "why" says.
KINDS = (FOLLOW, FOLLOW, TRUMP_IN, ANY, ANY, FOLLOW, FREE, FOLLOW, LEAD)


def _ids(case: dict) -> str:
    return f"{case['hand']}|{case['trick']}"


def test_every_legal_vector_has_its_kind() -> None:
    assert len(KINDS) == len(VECTORS["legal"])


@pytest.mark.parametrize(
    ("case", "kind"),
    [pytest.param(c, k, id=_ids(c)) for c, k in zip(VECTORS["legal"], KINDS, strict=True)],
)
def test_the_obligation_of_each_vector(case: dict, kind: str) -> None:
    hand, trick = m(case["hand"]), parse_cards(case["trick"])
    duty = obligation(hand, trick)
    assert duty.kind == kind, case["why"]
    if kind in (LEAD, FREE, ANY):  # every card may go
        assert legal_mask(hand, trick) == hand
    if kind == FOLLOW:
        assert m(case["legal"]) & ~(1 << MAT) == hand & SUIT_MASK[duty.led]


@pytest.mark.parametrize("case", VECTORS["legal"], ids=_ids)
def test_the_verdict_allows_exactly_the_legal_cards(case: dict) -> None:
    hand, trick, legal = m(case["hand"]), parse_cards(case["trick"]), m(case["legal"])
    for c in cards_of(hand):
        verdict = play_verdict(hand, trick, c)
        assert verdict.allowed == bool(legal >> c & 1), (CODES[c], case["why"])
        if verdict.allowed:
            assert verdict.reason is None and verdict.message == ""
            continue
        duty = obligation(hand, trick)
        assert verdict.reason == (MUST_FOLLOW if duty.kind == FOLLOW else MUST_TRUMP)
        assert verdict.excuse == bool(hand >> MAT & 1)  # §6: the Matto may go instead
        assert verdict.message.startswith(f"{CODES[c]} is not legal: you ")


def test_the_words_name_the_rule() -> None:
    hand = m("KC 9S T12 6D MAT")
    follow = play_verdict(hand, parse_cards("7C"), parse_cards("9S")[0])
    assert (follow.reason, follow.message) == (
        MUST_FOLLOW,
        "9S is not legal: you must follow Coppe",
    )
    assert follow.excuse
    trumps = play_verdict(hand, parse_cards("ANG"), parse_cards("6D")[0])
    assert trumps.message == "6D is not legal: you must follow trumps"
    trump = play_verdict(m("T12 6D"), parse_cards("7B"), parse_cards("6D")[0])
    assert (trump.reason, trump.excuse) == (MUST_TRUMP, False)
    assert trump.message == "6D is not legal: you have no Bastoni, so you must play a trump"
    absent = play_verdict(hand, [], parse_cards("KS")[0])
    assert (absent.reason, absent.message) == (NOT_HELD, "KS is not in your hand")
    assert not absent.excuse


def test_no_carta_da_5_is_discarded() -> None:
    """§4.2: a King, ANG, MON, BEG or MAT may not be discarded; anything else may."""
    forbidden = m(VECTORS["discard"]["forbidden"])
    allowed = m(VECTORS["discard"]["allowed_examples"])
    hand = forbidden | allowed
    for c in cards_of(forbidden):
        verdict = discard_verdict(hand, c)
        assert verdict.reason == CARTA_DA_5
        assert (
            verdict.message
            == f"{CODES[c]} may not be discarded: Kings and Tarocchi (carte da 5) stay"
        )
    for c in cards_of(allowed):
        assert discard_verdict(hand, c).allowed
    assert discard_verdict(allowed, parse_cards("KS")[0]).reason == NOT_HELD


def test_the_view_asks_the_verdict_of_its_phase() -> None:
    hand = deal_with(0, {0: "KS ANG 7S 8S MAT", 1: "KC QC"})
    view = hand.view(0)
    assert card_verdict(view, parse_cards("KS")[0]).reason == CARTA_DA_5
    assert card_verdict(view, parse_cards("7S")[0]).allowed
    playing = replace(view, phase=Phase.PLAY, trick=tuple(parse_cards("7C")))
    assert card_verdict(playing, parse_cards("KS")[0]) == play_verdict(
        playing.hand, playing.trick, parse_cards("KS")[0]
    )
    assert card_verdict(replace(view, phase=Phase.DECLARE), parse_cards("KS")[0]) is None
    assert card_verdict(replace(view, phase=Phase.OVER), parse_cards("KS")[0]) is None


def test_the_engine_refuses_with_the_same_words() -> None:
    hand = deal_with(0, {0: "KS ANG 7S 8S", 1: "KC QC 6C", 2: "7C T12 KB"})
    ks, kb = parse_cards("KS KB")
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(discard(ks, parse_cards("7S")[0]))
    assert str(refused.value) == discard_verdict(hand.hands[0], ks).message
    hand.apply(discard(*parse_cards("7S 8S")))
    hand.apply(hand.legal_actions()[-1])  # eldest declares nothing
    hand.apply(play(parse_cards("KC")[0]))
    hand.apply(hand.legal_actions()[-1])  # seat 2 declares nothing
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(play(kb))
    verdict = play_verdict(hand.hands[2], hand.trick, kb)
    assert verdict.reason == MUST_FOLLOW and str(refused.value) == verdict.message
