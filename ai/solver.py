"""Exact play of the last tricks with every hand known (alpha-beta, one determinization).

The value is the final difference of the two sides' points from the play (captured combinations,
card points, last trick, the discard and the Matto exchange), as :meth:`ai.sim.Sim.diff` counts
it; partners maximise or minimise it together. Moves are tried in the rule-of-thumb order of
:mod:`ai.policy` first, which makes the cut-offs come early.
"""

from __future__ import annotations

from ai import policy
from ai.sim import Sim
from ai.tables import FULL
from game.cards import Card
from game.hand import TRICKS

INF = 10**9


class Solver:
    """Alpha-beta over the rest of a :class:`Sim` (which it plays and takes back in place)."""

    __slots__ = ("sim", "side", "nodes")

    def __init__(self, sim: Sim, side: int) -> None:
        self.sim = sim
        self.side = side
        self.nodes = 0

    def value(self, alpha: int = -INF, beta: int = INF) -> int:
        """The exact value for ``side`` of the position, both sides playing perfectly."""
        sim = self.sim
        if sim.n_tricks == TRICKS:
            return sim.diff(self.side)
        self.nodes += 1
        seat = sim.turn
        hand = sim.hands[seat]
        legal = policy.legal_cards(hand, sim.trick)
        first = policy.choose(hand, sim.trick, FULL & ~sim.gone & ~hand)
        order = [first] + [c for c in policy.bits(legal) if c != first]
        maximize = (seat & 1) == self.side
        best = -INF if maximize else INF
        for c in order:
            undo = self.play(c)
            v = self.value(alpha, beta)
            self.take_back(c, undo)
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
            undo = self.play(c)
            out.append(self.value())
            self.take_back(c, undo)
        return out

    # ------------------------------------------------------------------ make / unmake
    def play(self, c: Card) -> tuple | None:
        """Play ``c``; returns what :meth:`take_back` needs when it closed a trick."""
        sim = self.sim
        b = 1 << c
        sim.hands[sim.turn] &= ~b
        sim.gone |= b
        trick = sim.trick
        trick.append(c)
        if len(trick) < 4:
            sim.turn = (sim.turn + 1) & 3
            return None
        undo = (
            sim.turn, sim.leader, sim.piles[0], sim.piles[1], sim.won[0], sim.won[1],
            sim.matto_debtor, sim.last_winner, trick,
        )  # fmt: skip
        sim._close(trick)
        return undo

    def take_back(self, c: Card, undo: tuple | None) -> None:
        sim = self.sim
        if undo is None:
            sim.turn = (sim.turn - 1) & 3
            sim.trick.pop()
        else:
            (
                sim.turn, sim.leader, sim.piles[0], sim.piles[1], sim.won[0], sim.won[1],
                sim.matto_debtor, sim.last_winner, sim.trick,
            ) = undo  # fmt: skip
            sim.n_tricks -= 1
            sim.trick.pop()
        b = 1 << c
        sim.hands[sim.turn] |= b
        sim.gone &= ~b
