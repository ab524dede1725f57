"""What the in-game help (assets/help.md) says about the rules is what the engine does: its tables,
orders, numbers and examples are read from the help and computed here."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from game.cards import FULL_PACK, mask_of, parse_cards
from game.scoring import score
from game.tricks import winning_index
from tui.screens.help import help_text

HELP = help_text()
FLAT = " ".join(HELP.split())  # the prose, one space between words
MARKS = {"♠": "S", "♣": "B", "♥": "C", "♦": "D"}


def _pile(text: str) -> int:
    """The mask of the cards named as the help writes them (K♥, Bégato, ANG …)."""
    for mark, suit in MARKS.items():
        text = text.replace(mark, suit)
    text = text.replace("the Bégato", "BEG").replace("the Matto", "MAT").replace(" and ", " ")
    return mask_of(parse_cards(text))


def _table_rows(heading: str) -> list[list[str]]:
    """The rows of the Markdown table that starts with ``| heading``."""
    block = HELP[HELP.index(f"| {heading}") :]
    rows = []
    for line in block.splitlines()[2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


CRICCA_CARDS = {
    "Tarocchi": "ANG MON BEG MAT",
    "Re": "KS KB KC KD",
    "Regine": "QS QB QC QD",
    "Cavalli": "NS NB NC ND",
    "Fanti": "JS JB JC JD",
}


def test_the_cricche_table_is_the_engines() -> None:
    rows = _table_rows("cricche (3 or 4 of)")
    assert len(rows) == 5
    for name, three, four in rows:
        family = name.split()[0]  # "Re (Kings)" -> "Re", the name the table shows
        cards = CRICCA_CARDS[family].split()
        for n, points in ((3, three), (4, four)):
            (combo,) = score(mask_of(parse_cards(cards[:n]))).cricche
            assert (combo.family, combo.points) == (family, int(points)), name


def test_sequence_points_and_the_examples() -> None:
    assert "10 for 3 elements and 5 more for each further one (4 make 15, 5 make 20" in FLAT
    example = re.search(r"For example (.+?) make (\w+), (\d) elements: (\d+)\.", FLAT)
    assert example is not None
    cards, family, elements, points = example.groups()
    (combo,) = score(_pile(cards)).sequences
    assert (combo.family, len(combo.cards), combo.points) == (family, int(elements), int(points))
    assert "(K Q A without a counter is nothing)" in FLAT
    assert score(_pile("KC QC AC")).sequences == ()
    # a counter goes in terza, never makes a sequence alone; each one held adds an element
    assert score(_pile("AS AB MAT")).sequences[0].points == 10
    assert score(_pile("AS BEG MAT")).sequences == ()
    assert score(_pile("AS AB AC BEG MAT")).sequences[0].points == 20


def test_the_grande_as_the_help_tells_it() -> None:
    grande = {
        "ANG MON SOL": 10,  # the Angelo with two of Mondo, Sole and Luna
        "ANG MON T16 T15": 0,  # with only one, a counter must go in terza
        "ANG MON BEG T16": 15,
        "ANG MON SOL T16 T14 BEG": 25,  # a free counter fills one missing number (T15) …
        "ANG MON SOL T16 T13 BEG": 20,  # … only when the next one is held
        "ANG MON T14 BEG MAT": 15,  # Sole, Luna and T16 missing: it stops at T16
        "ANG MON SOL T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 MO1 MO2": 80,  # then the Mori
    }
    for cards, points in grande.items():
        found = [c.points for c in score(_pile(cards)).sequences if c.family == "Grande"]
        assert found == ([points] if points else []), cards


def test_card_points_in_pairs_and_the_whole_pack() -> None:
    assert "two scartini 1, two carte di valore their values less 1" in FLAT
    assert score(_pile("KS 7S")).card_points == 5
    assert score(_pile("7S 8S")).card_points == 1
    assert score(_pile("KS QS")).card_points == 8
    assert "A whole hand shares 87 points, 93 with the last trick" in FLAT
    assert score(FULL_PACK).card_points == 87


@pytest.mark.parametrize("row", _table_rows("suit | mark | code"), ids=lambda r: r[0])
def test_the_suit_orders_are_the_engines(row: list[str]) -> None:
    _, _, code, order = row
    ranks = order.split()
    cards = parse_cards([rank + code for rank in ranks])
    for higher, lower in pairwise(cards):
        assert winning_index((lower, higher)) == 1 and winning_index((higher, lower)) == 0


def test_the_trump_order_is_the_engines() -> None:
    assert "`ANG` Angelo, `MON` Mondo, `SOL` Sole, `LUN` Luna, `T16` Stella … `T5` Amore" in FLAT
    order = parse_cards("ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 MO1 BEG")
    for higher, lower in pairwise(order):
        assert winning_index((lower, higher)) == 1
    mori = parse_cards("MO1 MO2 MO3 MO4")  # equal: the last one played wins
    assert winning_index(tuple(mori)) == 3 and winning_index(tuple(reversed(mori))) == 3
