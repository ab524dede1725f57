"""An independent check of the combinations (RULES.md §7) and card points (§8.1): piles built by
hand, each expected value worked out from the rule text alone (the reasoning in the case's id or
comment). A pile and a hand score alike, so every case is also checked as a declaration."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.cards import CODES
from game.scoring import declarable_families, declaration_points, score
from tests.support.deals import m
from tests.support.reference_points import reference_points

_GRANDE_LUNGA = "ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 MO1 MO2 MO3 MO4 BEG MAT"


def _families(cards: str) -> dict[str, int]:
    b = score(m(cards))
    return {c.family: c.points for c in (*b.cricche, *b.sequences)}


# (pile, every family it realises with its points before doubling, combinations after doubling)
CASES = [
    # §7: the same card serves in several combinations at once
    ("KS KB KC QS NS", {"Re": 17, "Spade": 10}, 27),  # a King in its cricca and its sequence
    ("KS QS NS AS AB AC", {"Spade": 15, "Assi": 10}, 25),  # an Ace in Assi and its suit
    # §7.2: a counter is one element of every realised sequence (it is not used up) ...
    ("KS QS NS AS AB AC BEG", {"Spade": 20, "Assi": 15}, 35),
    # §7.1: no wild cards in cricche; BEG and MAT are Tarocchi, not jokers
    ("KS KB BEG MAT", {}, 0),
    ("KS KB QS QB BEG MAT", {"Spade": 15, "Bastoni": 15}, 30),  # K Q + both counters: 4
    # §7.1: criccone needs 3 cricche; §7.2: sequence doubling needs 3 sequences; independent
    ("KS KB KC QS QB QD", {"Re": 17, "Regine": 14}, 31),
    ("KS QS NS KB QB NB", {"Spade": 10, "Bastoni": 10}, 20),
    (
        "KS KB KC QS QB QC JS JB JC",
        {"Re": 17, "Regine": 14, "Fanti": 12, "Spade": 10, "Bastoni": 10, "Coppe": 10},
        86 + 60,
    ),
    # §7.2 suit sequences: the King is needed; K + 1 court only with a counter; the Ace adds one
    ("QD ND JD AD BEG MAT", {}, 0),
    ("KD QD", {}, 0),
    ("KD QD MAT", {"Denari": 10}, 10),
    ("KD AD BEG MAT", {}, 0),  # counters never make a sequence on their own
    ("KD QD ND JD", {"Denari": 15}, 15),
    ("KD QD ND JD AD BEG MAT", {"Denari": 30}, 30),  # 1 + 3 + 1 + 2 = 7 elements
    # §7.2 Assi and Mori: 3-4 naturals, or 2 with a counter; counters alone are nothing
    ("AS AB AC AD", {"Assi": 15}, 15),
    ("AS AB AC AD BEG", {"Assi": 20}, 20),
    ("AD BEG MAT", {}, 0),
    ("MO1 MO2 BEG", {"Mori": 10}, 10),
    ("MO2 MO3 MO4", {"Mori": 10}, 10),
    # §7.2 Grande: head, chain, scavezzo (ANG MON BEG are also the Tarocchi cricca, 18)
    ("ANG MON LUN T15 T14 BEG", {"Grande": 25, "Tarocchi": 18}, 43),  # LUN held: BEG fills T16
    ("ANG MON SOL LUN T16 T14 BEG", {"Grande": 30, "Tarocchi": 18}, 48),  # T15 filled: 1+3+2+1
    ("ANG MON SOL LUN T16 T13 BEG", {"Grande": 25, "Tarocchi": 18}, 43),  # no bridge: 1+3+1+1
    ("ANG MON BEG MAT", {"Grande": 15, "Tarocchi": 36}, 51),  # one in terza, one left over
    ("ANG BEG MAT", {"Tarocchi": 18}, 18),  # counters may not both stand in for the head
    # §7.2 step 5: Mori after T5 count in the Grande and still make their own sequence
    (
        "ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 MO1 MO2 MO3",
        {"Grande": 90, "Mori": 10},
        100,
    ),
    # §7.2: la Grande lunga fino ai calzettini, 22 elements = 105 (with Tarocchi and Mori)
    (_GRANDE_LUNGA, {"Grande": 105, "Mori": 25, "Tarocchi": 36}, 105 + 25 + 36),
]


@pytest.mark.parametrize(("cards", "families", "points"), CASES, ids=[c[0] for c in CASES])
def test_combination_worked_by_hand(cards: str, families: dict[str, int], points: int) -> None:
    assert _families(cards) == families
    assert score(m(cards)).combinations_points == points
    hand = m(cards)
    assert declaration_points(hand, declarable_families(hand)) == points  # §5: a hand alike


@pytest.mark.parametrize(
    ("group", "family", "three", "four"),
    [
        ("ANG MON BEG MAT", "Tarocchi", 18, 36),
        ("KS KB KC KD", "Re", 17, 34),
        ("QS QB QC QD", "Regine", 14, 28),
        ("NS NB NC ND", "Cavalli", 13, 26),
        ("JS JB JC JD", "Fanti", 12, 24),
    ],
)
def test_cricca_values(group: str, family: str, three: int, four: int) -> None:
    """§7.1: any three of a group make the cricca; all four score the 4-card value; two nothing."""
    codes = group.split()
    for left_out in range(4):
        assert _families(" ".join(codes[:left_out] + codes[left_out + 1 :])).get(family) == three
    assert _families(group)[family] == four
    assert family not in _families(" ".join(codes[:2]))


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("NS 6S", 3),  # a carta di valore with a scartino: its value
        ("6S 7S 8S 9S", 2),  # two pairs of scartini: 1 each
        ("KS KB", 9),  # two carte di valore: 5 + 5 - 1
        ("KS QB NC JD ANG MON BEG MAT", 5 + 4 + 3 + 2 + 5 + 5 + 5 + 5 - 4),  # no scartino
        ("KS 6S 7S 8S 9S 10S", 5 + 2),  # K with one scartino, two pairs of the other four
    ],
)
def test_card_points_by_pairs(cards: str, points: int) -> None:
    """§8.1: cards counted in pairs, however the pairs are formed."""
    assert score(m(cards)).card_points == points


@pytest.mark.parametrize(
    ("cards", "points"),
    [("KS QS AB AC MAT", 10 + 10), ("KS QS AB AC MO1 MO2 MAT", (10 + 10 + 10) * 2)],
)
def test_one_counter_in_terza_in_several_sequences(cards: str, points: int) -> None:
    """§7.2 says a counter "counts as one element in every realised sequence (it is not used
    up)" and "can also go in terza"; no vector says whether one counter may go in terza in two
    sequences at once. This pins the engine's reading (it may: every sequence is judged on its
    own), an open question of the rules; the other reading (in terza once, the counter only adds
    to sequences realised without it) would give 10 in both cases: one sequence, the others
    with two natural cards and no counter left are nothing."""
    assert score(m(cards)).combinations_points == points


# --- an independent count of any pile, from the rule text, on card codes -----------------------


@settings(max_examples=600, deadline=None)
@given(st.one_of(st.sets(st.sampled_from(CODES)), st.sets(st.sampled_from(CODES), min_size=24)))
def test_any_pile_as_the_rules_count_it(codes: set[str]) -> None:
    """§7 for any pile: the engine agrees with a count written from the rule text alone."""
    mask = m(" ".join(codes))
    assert score(mask).combinations_points == reference_points(codes)
