"""Driving the engine with players: the loop that the arena and the command line share."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ai.player import Player
from game.hand import HandResult
from game.match import Match


def seat_rngs(seed: int) -> list[random.Random]:
    """Each seat's own generator, derived from the match seed."""
    return [random.Random(seed * 8 + seat + 1) for seat in range(4)]


def step(
    match: Match, players: Sequence[Player], rngs: Sequence[random.Random]
) -> HandResult | None:
    """Ask the player to move for an action and apply it."""
    seat = match.turn
    view = match.view(seat)
    action = players[seat].choose(view, view.legal, rngs[seat])
    return match.apply(action)


def play_match(
    match: Match,
    players: Sequence[Player],
    rngs: Sequence[random.Random],
    on_hand: Callable[[Match, HandResult], None] | None = None,
    max_hands: int | None = None,
) -> Match:
    """Play until the match is over (or ``max_hands`` hands are done)."""
    hands = 0
    while match.winner is None and (max_hands is None or hands < max_hands):
        result = step(match, players, rngs)
        if result is not None:
            hands += 1
            if on_hand is not None:
                on_hand(match, result)
    return match
