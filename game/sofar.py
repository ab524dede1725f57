"""The hand so far: what each side has taken in the tricks already played, and what its pile
would score if the hand ended now (RULES.md §7, §8).

Counted from the public tricks only, the way the end of the hand counts them
(:meth:`game.kernel.PlayState.final_piles`): the Matto stays with its owner's side, and when an
opponent won its trick the card its side would give in exchange is already moved (§6). The
discard is hidden from all but the dealer and goes to a side only at the end (§4.3): it is not in
a pile unless the caller gives it (the dealer's own count, see :func:`discard_worth`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.cards import Card, Mask
from game.kernel import PlayState
from game.scoring import Breakdown, score
from game.view import Trick

__all__ = ["PileSoFar", "so_far", "exchange_so_far", "discard_worth"]


@dataclass(frozen=True, slots=True)
class PileSoFar:
    """One side's pile after the tricks played so far, as the end of the hand would count it."""

    tricks: int  # tricks this side has won
    breakdown: Breakdown  # its captured combinations and card points (see game.scoring.score)

    @property
    def pile(self) -> Mask:
        return sum(1 << c for c in self.breakdown.cards)

    @property
    def combinations(self) -> int:
        """Cricche and sequences, with criccone and sequence doubling."""
        return self.breakdown.combinations_points

    @property
    def card_points(self) -> int:
        """§8.1: the pile always has an even number of cards here (the Matto exchange made)."""
        points = self.breakdown.card_points
        assert points is not None
        return points

    @property
    def total(self) -> int:
        """What the pile scores now: its combinations and card points (no last trick, no
        declarations, not rounded)."""
        return self.combinations + self.card_points


def _played(tricks: Sequence[Trick], dealer: int) -> PlayState:
    """The play kernel after ``tricks`` (every hand empty: only what was played matters)."""
    state = PlayState(dealer, [0, 0, 0, 0])
    for trick in tricks:
        for c in trick.cards:
            state.play(c)
    return state


def _sides(state: PlayState) -> tuple[PileSoFar, PileSoFar]:
    """Both sides' piles of ``state`` as the end of the hand would count them now."""
    piles = state.final_piles().piles
    return (PileSoFar(state.won[0], score(piles[0])), PileSoFar(state.won[1], score(piles[1])))


def so_far(tricks: Sequence[Trick], dealer: int, discard: Mask = 0) -> tuple[PileSoFar, PileSoFar]:
    """Both sides' piles (side 0: seats 0 and 2) after the completed ``tricks`` of a hand dealt
    by ``dealer``, if the hand ended now: the Matto exchange made; ``discard`` (0: left out)
    given to the side the end of the hand would give it now."""
    state = _played(tricks, dealer)
    state.discard = discard
    return _sides(state)


def exchange_so_far(tricks: Sequence[Trick], dealer: int) -> tuple[int, int, Card] | None:
    """The Matto exchange if the hand ended now, the discard left out: (giving side, receiving
    side, card given), or None (the Matto not played, or played to its side's own trick)."""
    return _played(tricks, dealer).final_piles().exchange


def discard_worth(tricks: Sequence[Trick], dealer: int, discard: Mask) -> tuple[int, int]:
    """The side the discard would go to if the hand ended now (the dealer's if it has taken a
    trick, else the other, §4.3) and how much it adds to that side's pile score (card points and
    any combination it completes)."""
    state = _played(tricks, dealer)
    side = state.final_piles().discard_side
    without = _sides(state)[side]
    state.discard = discard
    return side, _sides(state)[side].total - without.total
