"""Trick play (RULES.md §6) against ../shared/vectors/tricks.json."""

from __future__ import annotations

import pytest

from game.cards import FIVES, parse_cards
from game.tricks import legal_mask, winning_index
from game.verdict import play_verdict
from tests.support.deals import load_vectors, m

VECTORS = load_vectors("tricks.json")


@pytest.mark.parametrize("case", VECTORS["winner"], ids=lambda c: c["played"])
def test_trick_winner(case: dict) -> None:
    assert winning_index(parse_cards(case["played"])) == case["winner"], case["why"]


@pytest.mark.parametrize("case", VECTORS["legal"], ids=lambda c: f"{c['hand']}|{c['trick']}")
def test_legal_cards(case: dict) -> None:
    legal = legal_mask(m(case["hand"]), parse_cards(case["trick"]))
    assert legal == m(case["legal"]), case["why"]


def test_discard_groups() -> None:
    assert FIVES == m(VECTORS["discard"]["forbidden"])
    assert not FIVES & m(VECTORS["discard"]["allowed_examples"])


def test_reasons_name_the_rule() -> None:
    hand = m("KC 9S T12 6D")
    assert play_verdict(hand, parse_cards("7C"), parse_cards("9S")[0]).message == (
        "9S is not legal: you must follow Coppe"
    )
    assert (
        "must play a trump" in play_verdict(hand, parse_cards("7B"), parse_cards("9S")[0]).message
    )
    assert "not in your hand" in play_verdict(hand, [], parse_cards("KS")[0]).message
    assert play_verdict(hand, parse_cards("7C"), parse_cards("KC")[0]).allowed
