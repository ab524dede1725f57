"""Scoring of combinations and card points (RULES.md §7, §8.1) and declarations (§5)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import cards as C
from game.cards import CODES, FULL_PACK, card_points, mask_of, parse_cards
from game.scoring import (
    CRICCA_FAMILIES,
    FAMILIES,
    SEQUENCE_FAMILIES,
    Breakdown,
    Combination,
    bench_scoring,
    combination,
    combination_points,
    declarable_families,
    declaration,
    declaration_points,
    declared_combinations,
    doublings,
    score,
    sequence_points,
    total_points,
)
from tests.support.deals import load_vectors

VECTORS = load_vectors("scoring.json")
FAMILY_OF_KEY = {
    "TAROCCHI": "Tarocchi",
    "K": "Re",
    "Q": "Regine",
    "N": "Cavalli",
    "J": "Fanti",
    "GRANDE": "Grande",
    "SEQ_S": "Spade",
    "SEQ_B": "Bastoni",
    "SEQ_C": "Coppe",
    "SEQ_D": "Denari",
    "ASSI": "Assi",
    "MORI": "Mori",
}


def pile(text: str) -> int:
    return mask_of(parse_cards(text))


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector(vector: dict) -> None:
    mask = pile(vector["cards"])
    b = score(mask)
    assert {c.family: c.points for c in b.cricche} == {
        FAMILY_OF_KEY[k]: v for k, v in vector["cricche"].items()
    }
    assert {c.family: c.points for c in b.sequences} == {
        FAMILY_OF_KEY[k]: v for k, v in vector["sequences"].items()
    }
    assert b.criccone is vector["criccone"]
    assert b.sequences_doubled is vector["sequences_doubled"]
    assert b.combinations_points == vector["combinations_points"]
    assert b.card_points == vector["card_points"]
    assert combination_points(mask) == vector["combinations_points"]
    assert b.cricche_points == sum(vector["cricche"].values()) * (2 if vector["criccone"] else 1)
    assert b.sequences_points == sum(vector["sequences"].values()) * (
        2 if vector["sequences_doubled"] else 1
    )
    # the vector's cards are also a hand: declaring everything gives the same total
    assert declaration_points(mask, declarable_families(mask)) == vector["combinations_points"]


def test_vectors_file_is_found_and_complete() -> None:
    assert len(VECTORS) >= 28
    assert {k for v in VECTORS for k in (*v["cricche"], *v["sequences"])} <= set(FAMILY_OF_KEY)


def test_families_order() -> None:
    assert CRICCA_FAMILIES == ("Tarocchi", "Re", "Regine", "Cavalli", "Fanti")
    assert SEQUENCE_FAMILIES == ("Grande", "Spade", "Bastoni", "Coppe", "Denari", "Assi", "Mori")
    assert FAMILIES == CRICCA_FAMILIES + SEQUENCE_FAMILIES


def test_sequence_points() -> None:
    assert [sequence_points(e) for e in (3, 4, 5, 22)] == [10, 15, 20, 105]


# --- breakdown contents and JSON --------------------------------------------------------------


def test_breakdown_json_exact() -> None:
    b = score(pile("ANG MON T16 T14 BEG MAT"))
    assert b.to_json() == {
        "cards": ["ANG", "MON", "T16", "T14", "BEG", "MAT"],
        "cricche": [{"group": "Tarocchi", "cards": ["ANG", "MON", "BEG", "MAT"], "points": 36}],
        "criccone": False,
        "cricche_points": 36,
        "sequences": [
            {
                "family": "Grande",
                "cards": ["ANG", "MON", "T16", "T14", "BEG", "MAT"],
                "points": 25,
            }
        ],
        "sequences_doubled": False,
        "sequences_points": 25,
        "combinations_points": 61,
        "card_points": 19,
    }
    json.dumps(b.to_json())


def test_combination_cards_include_counters_after_naturals() -> None:
    b = score(pile("MAT AC KC AB QC AS"))
    assert [(c.family, [CODES[x] for x in c.cards], c.points) for c in b.sequences] == [
        ("Coppe", ["KC", "QC", "AC", "MAT"], 15),
        ("Assi", ["AS", "AB", "AC", "MAT"], 15),
    ]
    assert b.cricche == ()


def test_breakdown_is_frozen() -> None:
    b = score(pile("KS KB KC"))
    assert isinstance(b, Breakdown)
    assert isinstance(b.cricche[0], Combination)
    with pytest.raises(AttributeError):
        b.criccone = True  # type: ignore[misc]


def test_combination_of_one_family() -> None:
    assert combination(pile("KS QS"), "Spade") is None
    c = combination(pile("KS QS MAT"), "Spade")
    assert c == Combination("Spade", "sequence", (C.card("KS"), C.card("QS"), C.MAT), 10)
    with pytest.raises(ValueError, match="Bogus"):
        combination(0, "Bogus")


# --- more cases of the Grande (§7.2 reference algorithm) -----------------------------------------

_CHAIN = " ".join(f"T{n}" for n in range(16, 5, -1))  # T16 … T6


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        ("ANG MON", 0),
        ("ANG MON SOL", 10),
        ("MON SOL LUN BEG MAT", 0),  # no capostipite
        ("ANG BEG MAT T16 T15", 0),  # counters never stand for all the head
        ("ANG MON T16 T15", 0),  # one head card and no counter
        ("ANG MON T16 T15 BEG", 20),  # counter in terza
        ("ANG MON SOL LUN", 15),
        ("ANG SOL T16 T15", 0),
        ("ANG LUN MAT", 10),
        ("ANG MON SOL T15 T14 BEG", 25),  # counter fills T16
        ("ANG MON SOL T14 T13 BEG MAT", 20),  # two consecutive missing: no bridge
        ("ANG MON SOL T16 T14 T12 BEG MAT", 35),  # two separate gaps filled
        ("ANG MON SOL T16 T14 BEG", 25),  # one gap, one counter
        ("ANG MON SOL T16 T13 BEG MAT", 25),  # gap of two at T15 T14: stops
        ("ANG SOL T15 T14 MAT", 10),  # the counter is in terza, none left for T16
        ("ANG SOL T15 T14 BEG MAT", 25),  # one in terza, one fills T16
        ("ANG MON T15 BEG MAT", 15),  # scavezzo al sedici
        ("ANG MON SOL LUN " + _CHAIN, 70),  # chain to T6, T5 missing, no counter
        ("ANG MON SOL LUN " + _CHAIN + " MO1", 70),  # Moro without T5: not counted
        ("ANG MON SOL LUN " + _CHAIN + " BEG", 75),  # no Moro: counter cannot fill T5
        ("ANG MON SOL LUN " + _CHAIN + " BEG MO1", 80),  # counter fills T5, Moro counts
        ("ANG MON SOL LUN " + _CHAIN + " T5 MO1 MO2 MO3 MO4", 95),
        ("ANG MON SOL LUN T16 T15 T13 T12 MO1 MO2 MO3", 25),  # stops at T14: no Mori
    ],
)
def test_grande(cards: str, points: int) -> None:
    c = combination(pile(cards), "Grande")
    assert (c.points if c else 0) == points


# An independent transcription of the §7.2 pseudo-code, on card codes, for random checking.
def _reference_grande(codes: set[str]) -> int:
    head = sum(x in codes for x in ("MON", "SOL", "LUN"))
    if "ANG" not in codes or head == 0:
        return 0
    counters = sum(x in codes for x in ("BEG", "MAT"))
    free = counters
    if head == 1:
        if counters == 0:
            return 0
        free -= 1
    numbers = 0
    reached = True
    for n in range(16, 4, -1):
        if f"T{n}" in codes:
            numbers += 1
            continue
        if n == 16 and "SOL" not in codes and "LUN" not in codes:
            reached = False
            break
        next_held = f"T{n - 1}" in codes if n > 5 else any(f"MO{i}" in codes for i in range(1, 5))
        if free > 0 and next_held:
            free -= 1
            continue
        reached = False
        break
    mori = sum(f"MO{i}" in codes for i in range(1, 5)) if reached else 0
    return sequence_points(1 + head + numbers + mori + counters)


_TRUMP_CODES = [CODES[c] for c in C.cards_of(C.TRUMPS | C.bit(C.MAT))]


@settings(max_examples=400)
@given(st.sets(st.sampled_from(_TRUMP_CODES)))
def test_grande_matches_reference_transcription(codes: set[str]) -> None:
    c = combination(pile(" ".join(codes)), "Grande")
    assert (c.points if c else 0) == _reference_grande(codes)


# --- suit sequences, Assi and Mori ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "family", "points"),
    [
        ("QS NS JS AS BEG MAT", "Spade", 0),  # no King
        ("KS AS BEG MAT", "Spade", 0),  # King + Ace is not enough
        ("KS QS", "Spade", 0),
        ("KS QS BEG", "Spade", 10),
        ("KS JS MAT AS", "Spade", 15),
        ("KD QD ND JD", "Denari", 15),
        ("AS AB", "Assi", 0),
        ("AS AB AC", "Assi", 10),
        ("AS MAT", "Assi", 0),
        ("MO1 MO2 MO3 MO4", "Mori", 15),
        ("MO1 MO4 BEG MAT", "Mori", 15),
        ("MO1 BEG MAT", "Mori", 0),
    ],
)
def test_other_sequences(cards: str, family: str, points: int) -> None:
    c = combination(pile(cards), family)
    assert (c.points if c else 0) == points


# --- properties ----------------------------------------------------------------------------------

piles = st.sets(st.integers(0, 61)).map(mask_of)


@given(st.lists(st.sampled_from(CODES), unique=True, min_size=1), st.randoms())
def test_card_order_does_not_matter(codes: list[str], rnd) -> None:
    shuffled = codes[:]
    rnd.shuffle(shuffled)
    a = score(mask_of(parse_cards(codes)))
    b = score(mask_of(parse_cards(",".join(shuffled).lower())))
    assert a == b
    assert a.to_json() == b.to_json()


@given(piles)
def test_complementary_piles_share_87(mask: int) -> None:
    other = FULL_PACK & ~mask
    if mask.bit_count() % 2:
        assert card_points(mask) is None and card_points(other) is None
    else:
        assert card_points(mask) + card_points(other) == 87


def test_whole_pack() -> None:
    b = score(FULL_PACK)
    assert b.cricche_points == 296
    assert b.sequences_points == 550
    assert b.combinations_points == combination_points(FULL_PACK) == 846
    assert b.card_points == 87
    assert [c.family for c in b.cricche + b.sequences] == list(FAMILIES)


@settings(max_examples=500)
@given(piles)
def test_fast_total_agrees_with_breakdown(mask: int) -> None:
    b = score(mask)
    assert combination_points(mask) == b.combinations_points
    assert b.combinations_points == b.cricche_points + b.sequences_points
    assert b.criccone == (len(b.cricche) >= 3)
    assert b.sequences_doubled == (len(b.sequences) >= 3)
    assert b.cricche_points == sum(c.points for c in b.cricche) * (1 + b.criccone)
    assert b.sequences_points == sum(c.points for c in b.sequences) * (1 + b.sequences_doubled)
    assert all(c.kind == "cricca" for c in b.cricche)
    assert all(c.kind == "sequence" for c in b.sequences)
    for c in b.cricche + b.sequences:
        assert mask_of(c.cards) & ~mask == 0
        assert len(set(c.cards)) == len(c.cards)


@settings(max_examples=300)
@given(st.sets(st.integers(0, 61), min_size=30, max_size=30).map(mask_of))
def test_fast_total_on_30_card_piles(mask: int) -> None:
    assert combination_points(mask) == score(mask).combinations_points


# --- declarations (§5) ---------------------------------------------------------------------------

HAND = pile("ANG MON MAT KC QC NC AS AB MO1 MO2 T16 T15 6D 7D 8D")


def test_declarable_families() -> None:
    assert declarable_families(HAND) == ("Tarocchi", "Grande", "Coppe", "Assi", "Mori")
    assert declarable_families(pile("6S 7S 8S")) == ()


def test_declared_combinations_show_counters_and_points_before_doubling() -> None:
    combos = declared_combinations(HAND, ["Mori", "Grande", "Coppe", "Assi"])
    assert [c.family for c in combos] == ["Grande", "Coppe", "Assi", "Mori"]
    assert [(" ".join(CODES[x] for x in c.cards), c.points) for c in combos] == [
        ("ANG MON T16 T15 MAT", 20),
        ("KC QC NC MAT", 15),
        ("AS AB MAT", 10),
        ("MO1 MO2 MAT", 10),
    ]
    assert doublings(c.family for c in combos) == (False, True)
    assert total_points(combos) == 110


def test_declaration_points_doubling_counts_only_declared() -> None:
    assert declaration_points(HAND, []) == 0
    assert declaration_points(HAND, ["Tarocchi"]) == 18
    assert declaration_points(HAND, ["Grande", "Coppe"]) == 35
    assert declaration_points(HAND, ["Grande", "Coppe", "Assi"]) == 90
    assert declaration_points(HAND, declarable_families(HAND)) == 18 + 110
    # repeated names count once
    assert declaration_points(HAND, ["Assi", "Assi", "Mori"]) == 20


def test_criccone_in_declarations() -> None:
    hand = pile("KS KB KC QS QB QC JS JB JC 6D 7D 8D 9D 10D 6C")
    assert declarable_families(hand) == ("Re", "Regine", "Fanti", "Spade", "Bastoni", "Coppe")
    assert declaration_points(hand, ["Re", "Regine"]) == 31
    assert declaration_points(hand, ["Re", "Regine", "Fanti"]) == 86
    assert doublings(["Re", "Regine", "Fanti", "Spade"]) == (True, False)


def test_declaring_what_the_hand_lacks_is_an_error() -> None:
    with pytest.raises(ValueError, match="Spade"):
        declaration_points(HAND, ["Tarocchi", "Spade"])
    with pytest.raises(ValueError, match="Bogus"):
        declared_combinations(HAND, ["Bogus"])


@settings(max_examples=300)
@given(st.sets(st.integers(0, 61), min_size=15, max_size=15).map(mask_of), st.data())
def test_declaration_points_consistent(hand: int, data: st.DataObject) -> None:
    families = declarable_families(hand)
    assert families == tuple(c.family for c in score(hand).cricche + score(hand).sequences)
    everything = declaration_points(hand, families)
    assert everything == combination_points(hand)
    subset = data.draw(
        st.lists(st.sampled_from(families), unique=True) if families else st.just([])
    )
    value = declaration_points(hand, subset)
    assert 0 <= value <= everything
    combos = declared_combinations(hand, subset)
    criccone, doubled = doublings(subset)
    expected = sum(c.points for c in combos if c.kind == "cricca") * (1 + criccone) + sum(
        c.points for c in combos if c.kind == "sequence"
    ) * (1 + doubled)
    assert value == expected


# --- speed ---------------------------------------------------------------------------------------


def test_bench_scoring_reports_rates() -> None:
    figures = bench_scoring(200, seed=3)
    assert figures["piles"] == 200
    assert figures["combination_points_per_s"] > 0 and figures["score_per_s"] > 0
    # both timed paths scored the same 200 random piles, and scored them alike
    assert figures["combination_points_total"] == figures["score_total"] > 200 * 10


@given(st.integers(min_value=0, max_value=FULL_PACK).map(lambda x: x & FULL_PACK))
@settings(max_examples=300, deadline=None)
def test_fast_declaration_matches_the_explained_one(hand: int) -> None:
    families = declarable_families(hand)
    combos = declared_combinations(hand, families)
    shown = mask_of(c for combo in combos for c in combo.cards)
    assert declaration(hand, families) == (shown, total_points(combos))
    # the shown cards alone make exactly the declared combinations (what other players see)
    assert declared_combinations(shown, families) == combos
