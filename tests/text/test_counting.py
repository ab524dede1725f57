"""The sheet's explanations add up: the card points counted in pairs give the rules' figures
(RULES.md §8.1 and its worked examples), and each combination's rule gives its points."""

from __future__ import annotations

import json
import random
import re

import pytest

from game.cards import CODES, card_points, mask_of, parse_cards
from game.scoring import score
from tests.support.paths import VECTORS
from text.counting import card_pairs, combination_rule, in_pairs, other_pairs, worth, worth_note
from text.language import use

VECTORS_WITH_CARD_POINTS = [
    v for v in json.loads((VECTORS / "scoring.json").read_text()) if v["card_points"] is not None
]


@pytest.fixture(autouse=True)
def english():
    use("en")
    yield
    use("en")


def _said_points(cards: list[int]) -> int:
    """The card points as the sheet's rows say them: each value row's sum, then the pairs left."""
    pairs = card_pairs(cards)
    total = 0
    for value, valued in pairs.by_value():
        note = worth_note(value, valued)
        total += int(note.removeprefix("= ")) if note else value
        assert worth(value) == f"worth {value}"
    left = other_pairs(pairs)
    if left is not None:
        total += int(left[1].rsplit("= ", 1)[1].replace("−", "-"))
    return total


@pytest.mark.parametrize("vector", VECTORS_WITH_CARD_POINTS, ids=lambda v: v["id"])
def test_the_pairs_give_the_worked_examples_card_points(vector: dict) -> None:
    cards = parse_cards(vector["cards"])
    assert card_pairs(cards).points == _said_points(cards) == vector["card_points"]


def test_the_pairs_give_the_card_points_of_any_pile() -> None:
    rng = random.Random(8)
    for _ in range(500):
        cards = rng.sample(range(len(CODES)), 2 * rng.randrange(1, 32))
        assert card_pairs(cards).points == _said_points(cards) == card_points(mask_of(cards))


def test_more_carte_di_valore_than_scartini_are_paired_together() -> None:
    cards = parse_cards("KS QS ANG MON")  # no scartini: (5+4−1)+(5+5−1) = 17
    assert other_pairs(card_pairs(cards)) == ("", "2 pairs of two valued × −1 = −2")
    assert _said_points(cards) == 17
    assert in_pairs(4) == "4 cards in pairs"


def _rule_points(rule: str) -> int:
    """ "3 Kings = 17" → 17, "4 Jacks = 2×12" → 24, "5 cards = 10+2×5" → 20."""
    sum_ = rule.split(" = ")[1]
    return sum(eval_term(t) for t in sum_.split("+"))


def eval_term(term: str) -> int:
    a, _, b = term.partition("×")
    return int(a) * int(b) if b else int(a)


def test_each_rule_gives_its_combinations_points() -> None:
    rng = random.Random(3)
    seen = set()
    for _ in range(400):
        pile = rng.sample(range(len(CODES)), rng.randrange(3, 40))
        b = score(mask_of(pile))
        for c in b.cricche + b.sequences:
            rule = combination_rule(c)
            assert _rule_points(rule) == c.points, (rule, c)
            seen.add(re.sub(r"\d+", "n", rule))
    assert {"n Kings = n", "n Jacks = n×n", "n cards = n", "n cards = n+n×n"} <= seen


def test_the_rules_in_italian() -> None:
    use("it")
    kings = score(mask_of(parse_cards("KS KB KC KD"))).cricche[0]
    assert combination_rule(kings) == "4 Re = 2×17"
    spade = score(mask_of(parse_cards("KS QS NS AS"))).sequences[0]
    assert combination_rule(spade) == "4 carte = 10+1×5"
