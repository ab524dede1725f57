"""The words of a refusal: why a card may not be chosen now, why the engine refused an action
(the facts of :mod:`game.verdict` and :class:`game.errors.IllegalActionError`)."""

from __future__ import annotations

from game import errors
from game.cards import FIVES, ITALIAN, KINGS, MAT, SUIT_NAMES, TRUMP, Card, cards_of
from game.errors import IllegalActionError
from game.phase import Phase
from game.verdict import CARTA_DA_5, MUST_FOLLOW, MUST_TRUMP, NOT_HELD, Verdict
from text.language import N_, _
from text.render import Look, face
from text.words import listed

# What the phase wants, when an action of another kind is tried.
_WANTED = {
    Phase.DISCARD: N_("the dealer must discard two cards"),
    Phase.DECLARE: N_("the player must declare (or declare none) before the first card"),
    Phase.PLAY: N_("a card must be played"),
}
_SAID = {
    errors.MALFORMED: N_("That is not a move of the game."),
    errors.MATCH_OVER: N_("The match is over."),
    errors.HAND_OVER: N_("The hand is over."),
    errors.ONE_CARD: N_("Play exactly one card."),
    errors.TWO_CARDS: N_("The dealer discards exactly two different cards."),
    errors.DECLARE_ORDER: N_("Declare each family once, in the order of the families."),
}


def led_word(led: int) -> str:
    """The suit led as the rules name it: "Coppe", "trumps"."""
    return _("trumps") if led == TRUMP else SUIT_NAMES[led]


def carte_da_5() -> str:
    """The carte da 5 (§2), the Tarocchi each by name: "Kings, Angelo, Mondo, Bégato and the
    Matto"."""
    names = [_("the Matto") if c == MAT else ITALIAN[c] for c in cards_of(FIVES & ~KINGS)]
    return listed([_("Kings"), *names])


def refusal(verdict: Verdict, name: str) -> str:
    """Why the card called ``name`` may not be chosen ("9♠ is not legal: you must follow Coppe
    (or play the Matto)"); "" when it may."""
    reason, led = verdict.reason, verdict.led
    if reason is None:
        return ""
    if reason == NOT_HELD:
        return _("{card} is not in your hand").format(card=name)
    if reason == CARTA_DA_5:
        return _("{card} may not be discarded: {cards} (carte da 5) stay in hand.").format(
            card=name, cards=carte_da_5()
        )
    if reason == MUST_FOLLOW and led is not None:
        if verdict.excuse:
            text = _("{card} is not legal: you must follow {suit} (or play the Matto)")
        else:
            text = _("{card} is not legal: you must follow {suit}")
        return text.format(card=name, suit=led_word(led))
    if reason == MUST_TRUMP and led is not None:
        if verdict.excuse:
            text = _(
                "{card} is not legal: you have no {suit}, so you must play a trump "
                "(or play the Matto)"
            )
        else:
            text = _("{card} is not legal: you have no {suit}, so you must play a trump")
        return text.format(card=name, suit=SUIT_NAMES[led])
    return _("{card} may not be chosen now").format(card=name)


def card_refusal(verdict: Verdict | None, c: Card, look: Look) -> str | None:
    """Why ``c`` may not be chosen now, the card named as it is drawn; None when it may."""
    if verdict is None or verdict.allowed:
        return None
    return refusal(verdict, face(c, look))


def illegal_words(error: IllegalActionError, look: Look) -> str:
    """What a player reads when the engine refused an action."""
    if error.verdict is not None:
        return refusal(error.verdict, face(error.verdict.card, look))
    return action_words(error)


def action_words(error: IllegalActionError) -> str:
    """Why the engine refused an action that is not a card refused (the wrong kind of action,
    a family not held, ...)."""
    if error.reason == errors.NOT_NOW and error.phase in _WANTED:
        return _("That is not possible now: {wanted}.").format(wanted=_(_WANTED[error.phase]))
    if error.reason == errors.NOT_REALISED:
        return _("Your hand does not realise {family}.").format(family=error.family)
    return _(_SAID.get(error.reason, _SAID[errors.MALFORMED]))
