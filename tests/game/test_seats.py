"""The seats and sides (RULES.md §3): seats 0–3 in turn order, partners opposite, seats 0 and 2
one side and seats 1 and 3 the other."""

from __future__ import annotations

import pytest

from game.match import Match
from game.seats import (
    SEATS,
    opponents_of,
    other_side,
    partner_of,
    same_side,
    seat_after,
    seats_of,
    side_of,
)


def test_seats_0_and_2_are_one_side_1_and_3_the_other() -> None:
    assert [side_of(seat) for seat in range(SEATS)] == [0, 1, 0, 1]
    assert seats_of(0) == (0, 2) and seats_of(1) == (1, 3)
    assert other_side(0) == 1 and other_side(1) == 0


@pytest.mark.parametrize("seat", range(SEATS))
def test_partners_sit_opposite(seat: int) -> None:
    partner = partner_of(seat)
    assert partner == seat_after(seat, 2) and partner_of(partner) == seat
    assert partner != seat and same_side(seat, partner)
    assert side_of(seat) == side_of(partner)
    assert seats_of(side_of(seat)) == tuple(sorted((seat, partner)))
    opponents = opponents_of(seat)
    assert opponents == (seat_after(seat), seat_after(seat, 3))
    assert {seat, partner, *opponents} == set(range(SEATS))
    assert not any(same_side(seat, o) for o in opponents)
    assert {side_of(o) for o in opponents} == {other_side(side_of(seat))}


def test_play_goes_round_in_seat_order() -> None:
    assert [seat_after(3, k) for k in range(5)] == [3, 0, 1, 2, 3]
    assert seat_after(0, -1) == 3  # the seat before


def test_the_deal_passes_to_the_next_seat_and_eldest_leads() -> None:
    """§3: the deal passes to the next seat every hand; the player after the dealer leads."""
    match = Match(5, first_dealer=2)
    hand = match.hand
    assert hand.leader == seat_after(2)
    while match.winner is None and match.hand is hand:
        match.apply(match.legal_actions()[0])
    if match.winner is None:
        assert match.hand.dealer == seat_after(2)
