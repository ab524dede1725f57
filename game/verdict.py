"""Whether a card may be played or discarded now, and if not, why (RULES.md §4.2, §6): the one
place that says it, for the engine refusing an action and for the table refusing a card."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.cards import CODES, FIVES, MAT, SUIT_NAMES, TRUMP, Card, Mask
from game.phase import Phase
from game.tricks import FOLLOW, legal_mask, obligation
from game.view import PlayerView

# Why a card is refused: the reason codes of a :class:`Verdict`.
NOT_HELD = "not held"  # the card is not in the hand
MUST_FOLLOW = "must follow"  # the hand holds the suit led (§6)
MUST_TRUMP = "must trump"  # none of the suit led, but trumps (§6)
CARTA_DA_5 = "carta da 5"  # a King or a Tarocco may not be discarded (§4.2)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether ``card`` may be chosen; when not, the reason code, the suit led that the rule
    names (``led``: the suit to follow for MUST_FOLLOW, the suit lacking for MUST_TRUMP), and
    whether the Matto could be played instead (``excuse``, §6). The words are the text
    layer's (:mod:`text.refusals`)."""

    card: Card
    reason: str | None = None
    led: int | None = None
    excuse: bool = False

    @property
    def allowed(self) -> bool:
        return self.reason is None

    @property
    def message(self) -> str:
        """The refusal in English with the card's code, for logs, records and the wire ("9S is
        not legal: you must follow Coppe"); "" when allowed. A player reads the text layer's
        words instead."""
        c = CODES[self.card]
        if self.reason == NOT_HELD:
            return f"{c} is not in your hand"
        if self.reason == MUST_FOLLOW and self.led is not None:
            led = "trumps" if self.led == TRUMP else SUIT_NAMES[self.led]
            return f"{c} is not legal: you must follow {led}"
        if self.reason == MUST_TRUMP and self.led is not None:
            return f"{c} is not legal: you have no {SUIT_NAMES[self.led]}, so you must play a trump"
        if self.reason == CARTA_DA_5:
            return f"{c} may not be discarded: Kings and Tarocchi (carte da 5) stay"
        return ""


def play_verdict(hand: Mask, trick: Sequence[Card], c: Card) -> Verdict:
    """Whether ``c`` may be played from ``hand`` to ``trick``."""
    if not hand >> c & 1:
        return Verdict(c, NOT_HELD)
    if legal_mask(hand, trick) >> c & 1:
        return Verdict(c)
    duty = obligation(hand, trick)
    excuse = bool(hand >> MAT & 1)
    return Verdict(c, MUST_FOLLOW if duty.kind == FOLLOW else MUST_TRUMP, duty.led, excuse)


def discard_verdict(hand: Mask, c: Card) -> Verdict:
    """Whether the dealer may put ``c`` of ``hand`` in his discard."""
    if not hand >> c & 1:
        return Verdict(c, NOT_HELD)
    if FIVES >> c & 1:
        return Verdict(c, CARTA_DA_5)
    return Verdict(c)


def card_verdict(view: PlayerView, c: Card) -> Verdict | None:
    """Whether the viewer may choose ``c`` now: to play it in trick play, to discard it while
    he discards; None in the declarations and once the hand is over (no card is chosen)."""
    if view.phase == Phase.PLAY:
        return play_verdict(view.hand, view.trick, c)
    if view.phase == Phase.DISCARD:
        return discard_verdict(view.hand, c)
    return None
