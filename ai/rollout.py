"""Playouts: a determinization finished by the rules of thumb, fast (the search's hot loop)."""

from __future__ import annotations

from collections.abc import Callable

from ai import policy
from ai.sim import Sim
from ai.tables import BEATERS, FULL
from game.cards import MAT, Mask
from game.hand import TRICKS
from game.tricks import award
from game.view import PlayerView


def rollout(sim: Sim, rand: Callable[[], float], eps: float) -> None:
    """Finish the hand with the rule-of-thumb policy for every seat (``eps``: random cards).

    The hot loop of the search: :meth:`Sim.play` and :func:`policy.choose` inlined, the
    trick's winning card followed card by card.
    """
    hands = sim.hands
    trick = sim.trick
    turn = sim.turn
    leader = sim.leader
    gone = sim.gone
    piles = sim.piles
    won = sim.won
    n_tricks = sim.n_tricks
    w = policy.winning(trick)
    respond = policy.respond
    legal_cards = policy.legal_cards
    while n_tricks < TRICKS:
        hand = hands[turn]
        legal = legal_cards(hand, trick)
        if not legal & (legal - 1):
            c = (legal & -legal).bit_length() - 1
        elif rand() < eps:
            for _ in range(int(rand() * legal.bit_count())):
                legal &= legal - 1
            c = (legal & -legal).bit_length() - 1
        else:
            c = respond(hand, legal, trick, w, FULL & ~gone & ~hand)
        b = 1 << c
        hands[turn] = hand & ~b
        gone |= b
        if c != MAT:
            if w < 0 or BEATERS[trick[w]] & b:
                w = len(trick)
        trick.append(c)
        if len(trick) < 4:
            turn = (turn + 1) & 3
            continue
        winner = (leader + w) & 3
        debtor = award(trick, leader, winner, piles)
        if debtor >= 0:
            sim.matto_debtor = debtor
        won[winner & 1] += 1
        trick = []
        leader = turn = winner
        w = -1
        n_tricks += 1
    sim.trick = trick
    sim.turn = turn
    sim.leader = sim.last_winner = leader
    sim.gone = gone
    sim.n_tricks = n_tricks


def base_sim(view: PlayerView) -> Sim:
    """The public part of the position, ready to take each determinization."""
    sim = Sim.from_view(view)
    if view.phase == "discard":
        sim.turn = sim.leader
    return sim


def determinize(base: Sim, hands: list[Mask], discard: Mask) -> Sim:
    sim = base.clone()
    sim.hands = hands[:]
    sim.discard = discard
    return sim
