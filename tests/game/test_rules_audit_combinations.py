"""Audit of RULES.md §7 (cricche, sequences, counters, the Grande, doubling), clause by clause:
piles built by hand, each expected value worked out from the rule text (the reasoning is in the
comment), checked on the pile (§8), on the fast total the end of a hand uses, and as a hand's
declaration of everything (§5)."""

from __future__ import annotations

import pytest

from game.scoring import combination_points, declarable_families, declaration_points, score
from tests.support.deals import m


def _families(cards: str) -> dict[str, int]:
    b = score(m(cards))
    return {c.family: c.points for c in (*b.cricche, *b.sequences)}


def _check(cards: str, families: dict[str, int], total: int) -> None:
    assert _families(cards) == families
    mask = m(cards)
    assert score(mask).combinations_points == total
    assert combination_points(mask) == total
    assert declaration_points(mask, declarable_families(mask)) == total


# --- §7.1 cricche ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "family", "points"),
    [
        ("ANG BEG MAT", "Tarocchi", 18),
        ("MON BEG MAT", "Tarocchi", 18),
        ("KS KC KD", "Re", 17),
        ("KS KB KC KD", "Re", 34),
        ("QB QC QD", "Regine", 14),
        ("QS QB QC QD", "Regine", 28),
        ("NS NB ND", "Cavalli", 13),
        ("NS NB NC ND", "Cavalli", 26),
        ("JS JC JD", "Fanti", 12),
        ("JS JB JC JD", "Fanti", 24),
    ],
)
def test_s7_1_cricca_table(cards: str, family: str, points: int) -> None:
    """§7.1 table: Tarocchi 18/36, Kings 17/34, Queens 14/28, Knights 13/26, Jacks 12/24; "Any 3
    of a group make the cricca"."""
    _check(cards, {family: points}, points)


def test_s7_1_tarocchi_of_four() -> None:
    """§7.1: the four Tarocchi 36; ANG MON + a counter in terza is also a Grande (§7.2.1), the
    other counter free: 1 + 1 + 2 = 4 → 15."""
    _check("ANG MON BEG MAT", {"Tarocchi": 36, "Grande": 15}, 51)


def test_s7_1_no_wild_cards_in_cricche() -> None:
    """§7.1: "No wild cards in cricche": two Kings and both counters are no Re cricca (and BEG
    MAT are only two Tarocchi)."""
    _check("KS KB BEG MAT", {}, 0)
    _check("QS QB MAT", {}, 0)


def test_s7_1_criccone_three_cricche_doubled_two_not() -> None:
    """§7.1: "3 or more cricche in the same hand or pile → the sum of the cricche is doubled".
    Regine 14 + Cavalli 13 = 27 (two: not doubled); + Fanti 12 = 39 → 78 (no King: no suit
    sequence); four of them with the Tarocchi of three (ANG MON BEG is also a Grande, ANG MON +
    BEG in terza: 10): (18 + 14 + 13 + 12) × 2 = 114."""
    _check("QS QB QC NS NB NC", {"Regine": 14, "Cavalli": 13}, 27)
    _check("QS QB QD NS NB NC JS JC JD", {"Regine": 14, "Cavalli": 13, "Fanti": 12}, 78)
    _check(
        "ANG MON BEG QS QB QD NS NB NC JS JC JD",
        {"Tarocchi": 18, "Regine": 14, "Cavalli": 13, "Fanti": 12, "Grande": 10},
        114 + 10,
    )


# --- §7.2 sequences -------------------------------------------------------------------------------


def test_s7_2_points_of_e_elements() -> None:
    """§7.2: "10 + 5 × (e − 3) (3 → 10, 4 → 15, 5 → 20, …)": Assi of 3, 4, 4 + 1, 4 + 2."""
    _check("AS AB AC", {"Assi": 10}, 10)
    _check("AS AB AC AD", {"Assi": 15}, 15)
    _check("AS AB AC AD BEG", {"Assi": 20}, 20)
    _check("AS AB AC AD BEG MAT", {"Assi": 25}, 25)


def test_s7_2_suit_sequence_needs_the_king() -> None:
    """§7.2: a suit sequence "Needs the King (capostipite)": Q N J A and both counters: nothing."""
    _check("QB NB JB AB BEG MAT", {}, 0)


def test_s7_2_suit_king_and_two_or_three_courts() -> None:
    """§7.2: "King + 2 or 3 courts: realised": K N J = 3 → 10; K Q N J = 4 → 15."""
    _check("KC NC JC", {"Coppe": 10}, 10)
    _check("KC QC NC JC", {"Coppe": 15}, 15)


def test_s7_2_suit_king_and_one_court_only_with_a_counter() -> None:
    """§7.2: "King + exactly 1 court: realised only with a counter": K J nothing; K J BEG 10;
    K J BEG MAT = 4 → 15."""
    _check("KD JD", {}, 0)
    _check("KD JD BEG", {"Denari": 10}, 10)
    _check("KD JD BEG MAT", {"Denari": 15}, 15)


def test_s7_2_the_ace_only_adds_to_a_realised_sequence() -> None:
    """§7.2: "The suit's Ace adds one element but only to a sequence already realised ... K Q A
    without a counter is nothing"; K A and a counter is nothing either (no court); K Q A MAT:
    1 + 1 + 1 + 1 = 4 → 15; the longest, K Q N J A + 2 counters: 7 → 30."""
    _check("KS QS AS", {}, 0)
    _check("KS AS MAT", {}, 0)
    _check("KS QS AS MAT", {"Spade": 15}, 15)
    _check("KS QS NS AS", {"Spade": 15}, 15)
    _check("KB QB NB JB AB BEG MAT", {"Bastoni": 30}, 30)


def test_s7_2_assi_and_mori_three_or_four_or_two_with_a_counter() -> None:
    """§7.2 Assi and Mori: "3 or 4 natural cards: realised; exactly 2: realised only with a
    counter. e = naturals + counters"."""
    _check("AB AD", {}, 0)
    _check("AB AD BEG", {"Assi": 10}, 10)
    _check("MO1 MO4", {}, 0)
    _check("MO1 MO4 MAT", {"Mori": 10}, 10)
    _check("MO1 MO2 MO3 MO4", {"Mori": 15}, 15)
    _check("MO1 MO2 MO3 MO4 BEG MAT", {"Mori": 25}, 25)


def test_s7_2_counters_never_make_a_sequence_on_their_own() -> None:
    """§7.2: "Counters never make a sequence on their own": one natural card and two counters
    is nothing, in every family (ANG with both counters: §7.2.1, they may not both stand in for
    the head)."""
    for natural in ("AC", "MO2", "KS", "ANG"):
        assert not [f for f in _families(f"{natural} BEG MAT") if f != "Tarocchi"], natural


def test_s7_2_a_counter_counts_in_every_sequence() -> None:
    """§7.2: "Each counter held counts as one element in every realised sequence of that hand or
    pile (it is not used up)": Spade K Q N + BEG = 15, Assi A A A + BEG = 15, Mori 3 + BEG = 15;
    three sequences doubled: 90."""
    _check(
        "KS QS NS AB AC AD MO1 MO2 MO3 BEG",
        {"Spade": 15, "Assi": 15, "Mori": 15},
        90,
    )


# --- §7.2 the Grande ------------------------------------------------------------------------------


def test_s7_2_1_grande_needs_the_angelo() -> None:
    """§7.2.1: "ANG plus at least one of MON SOL LUN": MON SOL LUN T16 T15 is nothing."""
    _check("MON SOL LUN T16 T15", {}, 0)


def test_s7_2_1_grande_head_two_or_three() -> None:
    """§7.2.1: "With ANG + 2 or 3 of them it is realised (one may be missing)": ANG SOL LUN = 3
    → 10; ANG MON SOL LUN = 4 → 15."""
    _check("ANG SOL LUN", {"Grande": 10}, 10)
    _check("ANG MON SOL LUN", {"Grande": 15}, 15)


def test_s7_2_1_grande_head_of_one_needs_a_counter_in_terza() -> None:
    """§7.2.1: "With ANG + exactly 1 of them it needs a counter in terza": ANG LUN T16 nothing;
    ANG LUN T16 BEG: 1 + 1 + 1 + 1 = 4 → 15 (no Tarocchi cricca: ANG BEG are two)."""
    _check("ANG LUN T16", {}, 0)
    _check("ANG LUN T16 BEG", {"Grande": 15}, 15)


def test_s7_2_1_two_counters_may_not_both_stand_in_for_the_head() -> None:
    """§7.2.1: "two counters may not both stand in for numeri della Grande (the second counter
    stays free)": ANG BEG MAT is no Grande (only the Tarocchi cricca 18); ANG SOL BEG MAT: one
    in terza, the other free (T16 missing, T15 not held: it fills nothing): 1 + 1 + 2 = 4 → 15;
    ANG SOL T16 T14 BEG MAT: the free one fills T15: 1 + 1 + 2 + 2 = 6 → 25."""
    _check("ANG BEG MAT", {"Tarocchi": 18}, 18)
    _check("ANG SOL BEG MAT", {"Tarocchi": 18, "Grande": 15}, 33)
    _check("ANG SOL T16 T14 BEG MAT", {"Tarocchi": 18, "Grande": 25}, 43)


def test_s7_2_2_chain_from_t16_even_with_a_head_card_missing() -> None:
    """§7.2.2: "T16 may follow the head even when one head card is missing": ANG MON LUN T16 T15
    T14 = 1 + 2 + 3 = 6 → 25; the chain runs while the numbers are consecutive (T12 missing,
    no counter: T11 T10 do not count)."""
    _check("ANG MON LUN T16 T15 T14", {"Grande": 25}, 25)
    _check("ANG MON LUN T16 T15 T14 T13 T11 T10", {"Grande": 30}, 30)


def test_s7_2_3_a_free_counter_fills_a_single_gap_when_the_next_is_held() -> None:
    """§7.2.3: "unless a free counter fills that single gap and the next number is present":
    ANG MON SOL T16 T15 T13 T12 BEG: T14 filled, e = 1 + 2 + 4 + 1 = 8 → 35; with T12 but not T13
    (next missing) it stops at T14: 1 + 2 + 2 + 1 = 6 → 25."""
    _check("ANG MON SOL T16 T15 T13 T12 BEG", {"Grande": 35, "Tarocchi": 18}, 53)
    _check("ANG MON SOL T16 T15 T12 BEG", {"Grande": 25, "Tarocchi": 18}, 43)


def test_s7_2_3_never_two_consecutive_gaps() -> None:
    """§7.2.3: "A counter can never bridge two consecutive missing numbers": T14 and T13 missing
    with two counters held: the chain stops at T14 (T13 missing is the next), whatever follows:
    1 + 3 + 2 + 2 = 8 → 35."""
    _check("ANG MON SOL LUN T16 T15 T12 T11 T10 BEG MAT", {"Grande": 35, "Tarocchi": 36}, 71)


def test_s7_2_3_two_counters_fill_two_separate_gaps() -> None:
    """§7.2.3: "two counters can fill two separate single gaps": T15 and T13 missing, T14 and T12
    held: 1 + 3 + T16 T14 T12 T11 (4) + 2 = 10 → 45; the Tarocchi are only ANG MON + the two
    counters (36)."""
    _check("ANG MON SOL LUN T16 T14 T12 T11 BEG MAT", {"Grande": 45, "Tarocchi": 36}, 81)


def test_s7_2_4_scavezzo_al_sedici() -> None:
    """§7.2.4: "when SOL, LUN and T16 are all missing, the chain always stops at T16, whatever
    counters and numbers follow": ANG MON + a counter in terza, the other free, T15 … T5 held:
    1 + 1 + 2 = 4 → 15. With LUN held the free counter fills T16 and the chain runs to T5: 1 + 2
    + 11 + 2 = 16 → 75."""
    chain = " ".join(f"T{n}" for n in range(15, 4, -1))
    _check(f"ANG MON {chain} BEG MAT", {"Grande": 15, "Tarocchi": 36}, 51)
    _check(f"ANG MON LUN {chain} BEG MAT", {"Grande": 75, "Tarocchi": 36}, 111)


def test_s7_2_4_no_rosse_but_t16_held_the_chain_goes_on() -> None:
    """§7.2.4 applies only when T16 is missing too: ANG MON T16 T15 BEG (BEG in terza):
    1 + 1 + 2 + 1 = 5 → 20 (and ANG MON BEG the Tarocchi cricca, 18)."""
    _check("ANG MON T16 T15 BEG", {"Grande": 20, "Tarocchi": 18}, 38)


def test_s7_2_5_mori_count_once_the_chain_reaches_t5() -> None:
    """§7.2.5: "If the chain reaches T5 ... every Moro held adds one element": ANG MON SOL + T16 …
    T5 + MO1 MO2: 1 + 2 + 12 + 2 = 17 → 80 (two Mori alone are no Mori sequence); with T6
    missing and no counter the Mori do not count: 1 + 2 + 10 = 13 → 60."""
    chain = " ".join(f"T{n}" for n in range(16, 4, -1))
    _check(f"ANG MON SOL {chain} MO1 MO2", {"Grande": 80}, 80)
    short = " ".join(f"T{n}" for n in range(16, 6, -1))
    _check(f"ANG MON SOL {short} T5 MO1 MO2", {"Grande": 60}, 60)


def test_s7_2_5_a_counter_fills_t5_only_with_a_moro_held() -> None:
    """§7.2.5: "(or a counter fills T5, allowed only when at least one Moro is held)": T16 … T6
    and BEG, no T5: without a Moro it stops (1 + 2 + 11 + 1 = 15 → 70); with MO3 the counter
    fills T5 and MO3 counts: 1 + 2 + 11 + 1 + 1 = 16 → 75."""
    chain = " ".join(f"T{n}" for n in range(16, 5, -1))
    _check(f"ANG MON SOL {chain} BEG", {"Grande": 70, "Tarocchi": 18}, 88)
    _check(f"ANG MON SOL {chain} MO3 BEG", {"Grande": 75, "Tarocchi": 18}, 93)


def test_s7_2_6_grande_lunga_fino_ai_calzettini() -> None:
    """§7.2: "The whole Grande, ANG to BEG plus the Matto ... 22 elements, 105 points"; the Mori
    also make their own sequence (4 + 2 = 6 → 25) and the Tarocchi their cricca of 4 (36)."""
    cards = "ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 MO1 MO2 MO3 MO4 BEG MAT"
    b = score(m(cards))
    (grande,) = [c for c in b.sequences if c.family == "Grande"]
    assert (len(grande.cards), grande.points) == (22, 105)
    _check(cards, {"Grande": 105, "Mori": 25, "Tarocchi": 36}, 105 + 25 + 36)


def test_s7_2_sequence_doubling_three_or_more_and_independent_of_criccone() -> None:
    """§7.2: "3 or more realised sequences in the same hand or pile → the sum of all the
    sequences is doubled. Criccone doubling and sequence doubling are independent." Two sequences
    (Spade 10, Coppe 10) with three cricche (Re 17, Regine 14, Cavalli 13 = 44 → 88): 88 + 20;
    three sequences and two cricche (Re, Regine = 31): 31 + 60."""
    _check(
        "KS QS NS KC QC NC KB QB NB",
        {"Re": 17, "Regine": 14, "Cavalli": 13, "Spade": 10, "Coppe": 10, "Bastoni": 10},
        88 + 60,
    )
    _check("KS QS NS KC QC NC KD QD", {"Re": 17, "Regine": 14, "Spade": 10, "Coppe": 10}, 51)
    _check(
        "KS QS NS KC QC NC KD QD MAT",
        {"Re": 17, "Regine": 14, "Spade": 15, "Coppe": 15, "Denari": 10},
        31 + 80,
    )


def test_s7_the_same_card_in_several_combinations() -> None:
    """§7: "a King in the Kings cricca and in its suit sequence; an Ace in the Aces sequence and
    aggregated to its suit; a counter in every sequence": KS in Re (17) and Spade; AS in Assi and
    Spade; MAT a Tarocchi, an element of Spade and of Assi. Spade K Q A + MAT = 4 → 15; Assi
    AS AB + MAT = 3 → 10; Tarocchi needs 3: none."""
    _check("KS KB KC QS AS AB MAT", {"Re": 17, "Spade": 15, "Assi": 10}, 42)
