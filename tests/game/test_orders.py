"""The orders and groups other layers take from the engine (RULES.md §1, §7): the Grande's chain
of trumps, a suit card's rank, the family cards a declaration shows whole."""

from __future__ import annotations

import random

import pytest

from game.cards import (
    CODES,
    COUNTERS,
    GRANDE_ORDER,
    MORI_CARDS,
    N_CARDS,
    SUIT,
    TRUMP,
    TRUMPS,
    cards_of,
    follows_in_grande,
    parse_cards,
    rank_code,
    sorted_for_display,
)
from game.scoring import GRANDE_HEAD, WHOLE_FAMILY_CARDS, combination


def test_the_grande_runs_from_the_angelo_to_t5() -> None:
    """§1 and §7.2: ANG MON SOL LUN T16 … T5, the Mori and the Bégato outside the chain."""
    assert [CODES[c] for c in GRANDE_ORDER] == ["ANG", "MON", "SOL", "LUN"] + [
        f"T{n}" for n in range(16, 4, -1)
    ]
    assert all(
        follows_in_grande(a, b) for a, b in zip(GRANDE_ORDER, GRANDE_ORDER[1:], strict=False)
    )
    assert not follows_in_grande(GRANDE_ORDER[-1], MORI_CARDS[0])
    assert not follows_in_grande(MORI_CARDS[0], MORI_CARDS[1])
    assert not follows_in_grande(GRANDE_ORDER[1], GRANDE_ORDER[0])  # high to low only
    assert GRANDE_HEAD == sum(1 << c for c in parse_cards("MON SOL LUN"))
    # a hand shows its trumps in the same order, high to low
    chain = [c for c in sorted_for_display(TRUMPS) if c in GRANDE_ORDER]
    assert chain == list(GRANDE_ORDER)


def test_the_rank_of_a_suit_card_is_its_code_less_the_suit() -> None:
    for c in range(N_CARDS):
        if SUIT[c] < TRUMP:
            assert rank_code(c) + CODES[c][-1] == CODES[c]


@pytest.mark.parametrize("family", sorted(WHOLE_FAMILY_CARDS))
def test_a_whole_family_shows_every_card_of_it_held(family: str) -> None:
    """A declared cricca, suit sequence, Assi or Mori counts every card of its group held (the
    counters besides): what the bots' inference reads off a declaration."""
    rng = random.Random(family)
    group = WHOLE_FAMILY_CARDS[family]
    realised = 0
    for _ in range(400):
        pool = cards_of(group | COUNTERS)
        hand = sum(1 << c for c in rng.sample(pool, rng.randint(2, len(pool))))
        found = combination(hand, family)
        if found is not None:
            realised += 1
            shown = sum(1 << c for c in found.cards)
            assert shown & group == hand & group
    assert realised
