"""Playouts: a determinization finished by the rules of thumb (the search's hot loop).

The kernel (:meth:`game.kernel.PlayState.finish`) moves the cards; this module only says which
card each seat chooses: the rule-of-thumb card of :mod:`ai.policy` (or the learned policy's of
:mod:`ai.learned`, given its model), or a random one with probability ``eps``.
"""

from __future__ import annotations

from collections.abc import Callable

from ai import policy
from ai.learned import PlayoutModel, learned_chooser
from game.cards import FULL_PACK, Card, Mask, random_card
from game.kernel import Chooser, PlayState


def policy_chooser(rand: Callable[[], float], eps: float) -> Chooser:
    """The rules of thumb for every seat, a random card instead with probability ``eps``."""
    respond = policy.respond

    def choose(hand: Mask, legal: Mask, trick: list[Card], winning: int, gone: Mask) -> Card:
        if rand() < eps:
            return random_card(legal, rand)
        return respond(hand, legal, trick, winning, FULL_PACK & ~gone & ~hand)

    return choose


def rollout(
    state: PlayState, rand: Callable[[], float], eps: float, model: PlayoutModel | None = None
) -> None:
    """Finish the hand with the rule-of-thumb policy for every seat, or ``model``'s learned
    one (``eps``: random cards)."""
    chooser = policy_chooser(rand, eps) if model is None else learned_chooser(model, rand, eps)
    state.finish(chooser)
