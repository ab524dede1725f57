"""Exact play of the last tricks with every hand known (alpha-beta, one determinization).

The value is the final difference of the two sides' points from the play (captured combinations,
card points, last trick, the discard and the Matto exchange), as :meth:`PlayState.diff` counts
it; partners maximise or minimise it together. Moves are tried in the rule-of-thumb order of
:mod:`ai.policy` first, which makes the cut-offs come early.
"""

from __future__ import annotations

from ai import policy
from game.cards import FULL_PACK, Card, cards_of
from game.kernel import PlayState
from game.seats import side_of

INF = 10**9


class Solver:
    """Alpha-beta over the rest of a :class:`PlayState` (which it plays and takes back in place)."""

    __slots__ = ("state", "side")

    def __init__(self, state: PlayState, side: int) -> None:
        self.state = state
        self.side = side

    def value(self, alpha: int = -INF, beta: int = INF) -> int:
        """The exact value for ``side`` of the position, both sides playing perfectly."""
        state = self.state
        if state.over:
            return state.diff(self.side)
        seat = state.turn
        hand = state.hands[seat]
        legal = state.legal()
        first = policy.choose(hand, state.trick, FULL_PACK & ~state.gone & ~hand)
        order = [first] + [c for c in cards_of(legal) if c != first]
        maximize = side_of(seat) == self.side
        best = -INF if maximize else INF
        for c in order:
            state.push(c)
            v = self.value(alpha, beta)
            state.pop()
            if maximize:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
            if alpha >= beta:
                break
        return best

    def values(self, cards: list[Card]) -> list[int]:
        """The exact value of each of ``cards`` played now by the seat to move."""
        out = []
        for c in cards:
            self.state.push(c)
            out.append(self.value())
            self.state.pop()
        return out
