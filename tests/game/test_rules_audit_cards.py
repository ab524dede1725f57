"""Audit of RULES.md §1 (card notation, orders, values), §2 (named groups) and §8.1 (card points),
clause by clause; every expected value is written out from the rule text, never from the engine."""

from __future__ import annotations

from itertools import pairwise

import pytest

from game.cards import (
    CODES,
    COUNTERS,
    FIVES,
    FULL_PACK,
    ROSSE,
    SCARTINI,
    SCAVEZZO_CARDS,
    TAROCCHI,
    VALUE,
    VALUE_CARDS,
    CardError,
    card_points,
    format_cards,
    parse_cards,
)
from game.tricks import winning_index
from tests.support.deals import m

_SUIT_CARDS = [r + s for s in "SBCD" for r in ("K", "Q", "N", "J", "A", "6", "7", "8", "9", "10")]
_TRUMPS = [
    "ANG",
    "MON",
    "SOL",
    "LUN",
    *(f"T{n}" for n in range(16, 4, -1)),
    "MO1",
    "MO2",
    "MO3",
    "MO4",
    "BEG",
]


def test_s1_the_pack_is_62_cards_with_these_codes() -> None:
    """§1: "62 cards: 4 suits × 10 (K Q N J A 6 7 8 9 10) + 21 trumps + the Matto"."""
    assert len(_SUIT_CARDS) == 40 and len(_TRUMPS) == 21
    assert sorted(CODES) == sorted([*_SUIT_CARDS, *_TRUMPS, "MAT"])
    assert m(" ".join(CODES)) == FULL_PACK


def test_s1_parsing_any_case_commas_or_spaces_formatting_canonical() -> None:
    """§1: "Parsing is case-insensitive and accepts `,` or spaces between cards; formatting is
    always the canonical upper-case form"."""
    cards = parse_cards("ks,10b  mo1 ,Ang\tmat,t12")
    assert format_cards(cards) == "KS 10B MO1 ANG MAT T12"
    with pytest.raises(CardError):
        parse_cards("KS ks")  # the same card twice
    with pytest.raises(CardError):
        parse_cards("T17")  # no such trump (T16 is the highest numbered one)


def test_s1_trick_ranks_of_the_trumps() -> None:
    """§1 table, trick rank column: ANG 1 (highest) … T5 16, the four Mori 17 (equal), BEG 18
    (lowest trump). Each trump beats every lower one whichever is played first."""
    order = [*_TRUMPS[:16], "MO1", "BEG"]
    for high, low in pairwise(order):
        h, lo = parse_cards(f"{high} {low}")
        assert winning_index((h, lo)) == 0 and winning_index((lo, h)) == 1, (high, low)


@pytest.mark.parametrize(
    ("suit", "order"),
    [
        ("S", "K Q N J 10 9 8 7 6 A"),
        ("B", "K Q N J 10 9 8 7 6 A"),
        ("C", "K Q N J A 6 7 8 9 10"),
        ("D", "K Q N J A 6 7 8 9 10"),
    ],
)
def test_s1_suit_orders_long_and_round(suit: str, order: str) -> None:
    """§1: "Long suits (Spade, Bastoni): K Q N J 10 9 8 7 6 A. Round suits (Coppe, Denari):
    K Q N J A 6 7 8 9 10" (highest first): every pair, both ways round."""
    cards = parse_cards([rank + suit for rank in order.split()])
    for i, high in enumerate(cards):
        for low in cards[i + 1 :]:
            assert winning_index((low, high)) == 1 and winning_index((high, low)) == 0


def test_s1_card_values() -> None:
    """§1: "every King 5, Queen 4, Knight 3, Jack 2; Angelo, Mondo, Bégato, Matto 5 each. All
    other 42 cards are scartini"."""
    expected = {f"{r}{s}": v for s in "SBCD" for r, v in (("K", 5), ("Q", 4), ("N", 3), ("J", 2))}
    expected |= {"ANG": 5, "MON": 5, "BEG": 5, "MAT": 5}
    assert {CODES[c]: VALUE[c] for c in range(62) if VALUE[c]} == expected
    assert sum(1 for c in range(62) if VALUE[c] == 0) == 42


def test_s2_named_groups() -> None:
    """§2: Tarocchi (4) ANG MON BEG MAT; Contatori (2) BEG MAT; Rosse (2) SOL LUN; Numeri di
    scavezzo (12) T16 … T5; Carte di valore (20) the 16 courts + the 4 Tarocchi; Scartini the
    other 42; Carte da 5 (8) the Kings + the Tarocchi. (The Numeri della Grande are the
    Grande's own, audited with the combinations.)"""
    courts = " ".join(f"{r}{s}" for s in "SBCD" for r in "KQNJ")
    assert TAROCCHI == m("ANG MON BEG MAT")
    assert COUNTERS == m("BEG MAT")
    assert ROSSE == m("SOL LUN")
    assert SCAVEZZO_CARDS == tuple(parse_cards(" ".join(f"T{n}" for n in range(16, 4, -1))))
    assert VALUE_CARDS == m(courts + " ANG MON BEG MAT") and VALUE_CARDS.bit_count() == 20
    assert SCARTINI == FULL_PACK & ~VALUE_CARDS and SCARTINI.bit_count() == 42
    assert FIVES == m("KS KB KC KD ANG MON BEG MAT")


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("KS 6S", 5),  # a carta di valore with a scartino: its value
        ("JD T12", 2),
        ("6S 7S", 1),  # two scartini: 1
        ("MAT BEG", 9),  # two carte di valore: 5 + 5 - 1
        ("QS NB", 6),  # 4 + 3 - 1
        ("KS QS 6S 7S 8S 9S", 5 + 4 + 1),  # K+6, Q+7, 8+9
        ("KS QS NS JS", (5 + 4 - 1) + (3 + 2 - 1)),
        ("", 0),
    ],
)
def test_s8_1_card_points_in_pairs(cards: str, points: int) -> None:
    """§8.1: "a carta di valore with a scartino is worth its value; two scartini are worth 1;
    two carte di valore are worth the sum of their values minus 1"."""
    assert card_points(m(cards)) == points


def test_s8_1_whole_pack_87_and_odd_piles() -> None:
    """§8.1: "The whole pack is worth 87"; values 76 (20 carte di valore) + (42 - 20) / 2; a pile
    is counted in pairs (an odd pile is no pile at the end of a hand)."""
    assert card_points(FULL_PACK) == 76 + (42 - 20) // 2 == 87
    assert card_points(m("KS")) is None and card_points(m("KS 6S 7S")) is None
