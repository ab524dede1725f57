"""Card codes, parsing and formatting, groups and orders (RULES.md §1, §2)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game import cards as C
from game.cards import CODES, CardError, card, format_cards, mask_of, parse_card, parse_cards


def test_pack_has_62_distinct_codes() -> None:
    assert C.N_CARDS == len(CODES) == len(set(CODES)) == 62
    assert C.FULL_PACK.bit_count() == 62
    for suit in range(4):
        assert C.SUIT_MASK[suit].bit_count() == 10
    assert C.TRUMPS.bit_count() == 21
    assert C.SUIT_MASK[C.FOOL] == C.bit(C.MAT)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ks 10b Ang mo1 mat", ["KS", "10B", "ANG", "MO1", "MAT"]),
        ("KS,KB,KC", ["KS", "KB", "KC"]),
        (" t16 ,  t5\tbeg\n", ["T16", "T5", "BEG"]),
        ("aD, nC Qs jB", ["AD", "NC", "QS", "JB"]),
        ("", []),
    ],
)
def test_parse_any_case_and_separators(text: str, expected: list[str]) -> None:
    assert [CODES[c] for c in parse_cards(text)] == expected


def test_parse_list_of_tokens() -> None:
    assert parse_cards(["ks", "KB,kc", "10d"]) == [card(c) for c in ("KS", "KB", "KC", "10D")]


def test_parse_card_single() -> None:
    assert parse_card(" sol ") == C.SOL
    assert parse_card("mat") == C.MAT


def test_format_is_canonical_upper_case() -> None:
    assert format_cards(parse_cards("10b ks mo4 ang")) == "10B KS MO4 ANG"
    # a mask is listed in index order
    assert format_cards(mask_of(parse_cards("MAT ks 10b"))) == "KS 10B MAT"


@pytest.mark.parametrize(
    "token", ["KX", "11S", "T17", "T4", "T1", "MO5", "K", "SK", "1S", "ANGE", "?"]
)
def test_malformed_code_names_the_token(token: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(f"KS {token} QS")
    assert token in str(info.value)
    assert isinstance(info.value, ValueError)


def test_duplicate_names_the_card() -> None:
    with pytest.raises(CardError) as info:
        parse_cards("KS QS ks")
    assert "KS" in str(info.value)
    with pytest.raises(CardError):
        parse_cards(["T12", "t12"])


_separators = st.sampled_from([" ", ",", ", ", " , ", "\t", "  "])


@given(st.lists(st.integers(0, 61), unique=True), st.data())
def test_round_trip(cards: list[int], data: st.DataObject) -> None:
    assert parse_cards(format_cards(cards)) == cards
    # any case, any separators
    tokens = [
        "".join(ch.lower() if data.draw(st.booleans()) else ch for ch in CODES[c]) for c in cards
    ]
    text = ""
    for t in tokens:
        text += t + data.draw(_separators)
    assert parse_cards(text) == cards
    assert parse_cards(format_cards(mask_of(cards))) == sorted(cards)


@pytest.mark.parametrize(
    ("group", "size"),
    [
        (C.TAROCCHI, 4),
        (C.COUNTERS, 2),
        (C.ROSSE, 2),
        (C.VALUE_CARDS, 20),
        (C.SCARTINI, 42),
        (C.FIVES, 8),
    ],
    ids=[
        "Tarocchi",
        "Contatori",
        "Rosse",
        "Carte di valore",
        "Scartini",
        "Carte da 5",
    ],
)
def test_group_sizes(group: C.Mask, size: int) -> None:
    assert group.bit_count() == size


def test_group_members() -> None:
    assert format_cards(C.TAROCCHI) == "ANG MON BEG MAT"
    assert format_cards(C.COUNTERS) == "BEG MAT"
    assert format_cards(C.ROSSE) == "SOL LUN"
    assert format_cards(C.SCAVEZZO_CARDS) == " ".join(f"T{n}" for n in range(16, 4, -1))
    assert format_cards(C.MORI) == "MO1 MO2 MO3 MO4"
    assert C.VALUE_CARDS == C.KINGS | C.QUEENS | C.KNIGHTS | C.JACKS | C.TAROCCHI
    assert C.FIVES == C.KINGS | C.TAROCCHI
    assert C.SCARTINI & C.VALUE_CARDS == 0
    assert C.SCARTINI | C.VALUE_CARDS == C.FULL_PACK


def test_card_values() -> None:
    for code, value in [("KS", 5), ("QB", 4), ("NC", 3), ("JD", 2), ("AS", 0), ("10B", 0)]:
        assert C.VALUE[card(code)] == value
    for code in ("ANG", "MON", "BEG", "MAT"):
        assert C.VALUE[card(code)] == 5
    for code in ("SOL", "LUN", "T16", "T5", "MO1"):
        assert C.VALUE[card(code)] == 0
    assert sum(C.VALUE) == 76


def _by_strength(suit: int) -> str:
    cards = [c for c in range(62) if C.SUIT[c] == suit]
    return " ".join(CODES[c][:-1] for c in sorted(cards, key=lambda c: -C.STRENGTH[c]))


def test_suit_orders() -> None:
    assert _by_strength(C.SPADE) == "K Q N J 10 9 8 7 6 A"
    assert _by_strength(C.BASTONI) == "K Q N J 10 9 8 7 6 A"
    assert _by_strength(C.COPPE) == "K Q N J A 6 7 8 9 10"
    assert _by_strength(C.DENARI) == "K Q N J A 6 7 8 9 10"


def test_trump_order() -> None:
    order = ["ANG", "MON", "SOL", "LUN", *(f"T{n}" for n in range(16, 4, -1))]
    strengths = [C.STRENGTH[card(c)] for c in order]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths)
    mori = {C.STRENGTH[c] for c in C.MORI_CARDS}
    assert len(mori) == 1
    (moro,) = mori
    assert C.STRENGTH[card("T5")] > moro > C.STRENGTH[C.BEG]


def test_card_points_basics() -> None:
    assert C.card_points(C.FULL_PACK) == 87
    assert C.card_points(mask_of(parse_cards("KS 7S"))) == 5
    assert C.card_points(mask_of(parse_cards("KS"))) is None
    assert C.card_points(0) == 0
