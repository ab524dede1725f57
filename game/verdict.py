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
    """Whether ``card`` may be chosen; when not, the reason code and the words of the rule
    after the card's name (``because``: "is not legal: you must follow Coppe"), and whether
    the Matto could be played instead (``excuse``, §6)."""

    card: Card
    reason: str | None = None
    because: str = ""
    excuse: bool = False

    @property
    def allowed(self) -> bool:
        return self.reason is None

    @property
    def words(self) -> str:
        """The refusal with the card's code ("9S is not legal: you must follow Coppe"); ""
        when allowed."""
        return self.said_of(CODES[self.card])

    def said_of(self, name: str) -> str:
        """The refusal with the card called ``name``; "" when allowed."""
        return f"{name} {self.because}" if self.reason else ""


def _suit_word(suit: int) -> str:
    return "trumps" if suit == TRUMP else SUIT_NAMES[suit]


def play_verdict(hand: Mask, trick: Sequence[Card], c: Card) -> Verdict:
    """Whether ``c`` may be played from ``hand`` to ``trick``."""
    if not hand >> c & 1:
        return Verdict(c, NOT_HELD, "is not in your hand")
    if legal_mask(hand, trick) >> c & 1:
        return Verdict(c)
    duty = obligation(hand, trick)
    excuse = bool(hand >> MAT & 1)
    if duty.kind == FOLLOW:
        return Verdict(
            c, MUST_FOLLOW, f"is not legal: you must follow {_suit_word(duty.led)}", excuse
        )
    return Verdict(
        c,
        MUST_TRUMP,
        f"is not legal: you have no {SUIT_NAMES[duty.led]}, so you must play a trump",
        excuse,
    )


def discard_verdict(hand: Mask, c: Card) -> Verdict:
    """Whether the dealer may put ``c`` of ``hand`` in his discard."""
    if not hand >> c & 1:
        return Verdict(c, NOT_HELD, "is not in your hand")
    if FIVES >> c & 1:
        return Verdict(c, CARTA_DA_5, "may not be discarded: Kings and Tarocchi (carte da 5) stay")
    return Verdict(c)


def card_verdict(view: PlayerView, c: Card) -> Verdict | None:
    """Whether the viewer may choose ``c`` now: to play it in trick play, to discard it while
    he discards; None in the declarations and once the hand is over (no card is chosen)."""
    if view.phase == Phase.PLAY:
        return play_verdict(view.hand, view.trick, c)
    if view.phase == Phase.DISCARD:
        return discard_verdict(view.hand, c)
    return None
