"""When a bot gives a partner's signal with the card it plays (RULES.md §10a, an option).

Simple rules, each only when the rule allows the signal (so never a refused one):

* *volo* with the last card of a suit while the hand still holds trumps: the partner may lead
  the suit for a trump of ours;
* *striscio* when two or more cards of the suit stay in the hand: the partner knows the suit is
  ours to follow, not to trump;
* *busso* when leading a suit whose unseen cards still hold points and the partner has not
  shown himself void of it: the partner's best card of it is wanted on this trick.

The signals a player gives are public: what they tell the partner they tell the opponents too.
"""

from __future__ import annotations

from game.actions import PLAY, Action, signalled
from game.cards import SUIT, SUIT_MASK, TRUMP, TRUMPS, VALUE, Mask
from game.signals import BUSSO, STRISCIO, VOLO, allowed_signals
from game.view import PlayerView


def _has_points(cards: Mask) -> bool:
    return any(VALUE[c] for c in range(40) if cards >> c & 1)


def signal_to_give(view: PlayerView, action: Action) -> str:
    """The signal a bot gives with ``action`` (a card played from ``view``), or ""."""
    if not view.signals or action.kind != PLAY or action.signal:
        return ""
    c = action.card
    suit = SUIT[c]
    if suit >= TRUMP:
        return ""
    allowed = allowed_signals(view, c)
    if not allowed:
        return ""
    left = view.hand & ~(1 << c)
    if VOLO in allowed and left & TRUMPS:
        return VOLO
    if STRISCIO in allowed and (left & SUIT_MASK[suit]).bit_count() >= 2:
        return STRISCIO
    if (
        BUSSO in allowed
        and not view.trick
        and not view.voids[view.partner] & SUIT_MASK[suit]
        and _has_points(view.unseen & SUIT_MASK[suit])
    ):
        return BUSSO
    return ""


def with_signal(view: PlayerView, action: Action) -> Action:
    """``action`` with the signal :func:`signal_to_give` picks (itself when none)."""
    signal = signal_to_give(view, action)
    return signalled(action.card, signal) if signal else action
