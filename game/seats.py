"""The four seats and the two sides (RULES.md §3): seats 0–3 in turn order, partners opposite,
seats 0 and 2 one side and seats 1 and 3 the other.

Every layer asks these functions who sits with whom; none works it out from the seat numbers.
"""

from __future__ import annotations

SEATS = 4
SIDES = 2


def side_of(seat: int) -> int:
    """Seats 0 and 2 are side 0, seats 1 and 3 side 1."""
    return seat & 1


def partner_of(seat: int) -> int:
    """The seat opposite: the partner."""
    return (seat + 2) % SEATS


def opponents_of(seat: int) -> tuple[int, int]:
    """The two seats of the other side: the next in turn order, then the one before."""
    return seat_after(seat), seat_after(seat, 3)


def same_side(seat: int, other: int) -> bool:
    """Whether two seats are partners (or the same seat)."""
    return side_of(seat) == side_of(other)


def other_side(side: int) -> int:
    return 1 - side


def seats_of(side: int) -> tuple[int, int]:
    """The two seats of a side, the lower first."""
    return side, partner_of(side)


def seat_after(seat: int, turns: int = 1) -> int:
    """The seat ``turns`` turns after ``seat`` (play goes round in seat order): the player of
    the ``turns``-th card after the leader's, the dealer's eldest hand, …"""
    return (seat + turns) % SEATS
