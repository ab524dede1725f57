"""The hint's reason in words a newcomer understands: why the bot's choice is good (the facts of
:mod:`ai.explain`), and where the hand is likely to end, short enough to sit beside the card on an
80-column table."""

from __future__ import annotations

import textwrap

from ai import explain as why
from ai.explain import Explanation, Reason
from game.cards import SUIT_NAMES
from text.language import _, ngettext, number

# The status area holds two lines of 78 columns, the reason after the hint's lead.
STATUS_LINES, STATUS_WIDTH = 2, 78


def hint_lead() -> str:
    """What comes before a discard's reason on the status line (its longest: two 10s)."""
    return _("Hint: discard {cards}").format(cards="10♠ 10♣") + " — "


def _tens(points: float) -> str:
    """``points`` (a size, not a side) to the nearest ten: the forecast is an estimate."""
    return number(10 * int(abs(points) / 10 + 0.5))


def likely_range(low: float, high: float) -> str:
    """ "between 120 and 300 behind", "between 40 behind and 80 ahead"."""
    if high < 0:
        said = _("between {a} and {b} behind").format(a=_tens(high), b=_tens(low))
    elif low >= 0:
        said = _("between {a} and {b} ahead").format(a=_tens(low), b=_tens(high))
    else:
        said = _("between {a} behind and {b} ahead").format(a=_tens(low), b=_tens(high))
    return said


def forecast(margin: float, likely: tuple[float, float] | None = None) -> str:
    """ "your side is likely to end the hand about 40 ahead (between 10 behind and 90 ahead)":
    the range is the middle two thirds of the search's deals (the real margin fell in it a bit
    more often than not, :data:`ai.judge.LIKELY_TAIL`)."""
    if abs(margin) < 5:
        said = _("your side is likely to end the hand about even")
    elif margin > 0:
        said = _("your side is likely to end the hand about {n} ahead").format(n=_tens(margin))
    else:
        said = _("your side is likely to end the hand about {n} behind").format(n=_tens(margin))
    if likely is None:
        return said
    return _("{forecast} ({range})").format(forecast=said, range=likely_range(*likely))


def reason_words(reason: Reason) -> str:
    """One reason in a few words."""
    code, n = reason.code, reason.points
    suit = SUIT_NAMES[reason.suit] if reason.suit >= 0 else ""
    families = ", ".join(reason.families)
    if code == why.ONLY_CARD:
        return _("the only card you may play")
    if code == why.MATTO:
        return _("the Matto is never lost: it stays with your side and saves a better card")
    if code == why.UNBEATABLE:
        return _("nobody can beat it: the others hold no higher card and no trump")
    if code == why.BEST_LEFT:
        return _(
            "no higher {suit} is left in the others' hands: it wins unless somebody trumps it"
        ).format(suit=suit)
    if code == why.DRAWS_TRUMPS:
        return _("makes the others play their trumps")
    if code == why.SHORT_SUIT:
        return _("you hold few of this suit: soon you can win it with a trump")
    if code == why.LOW_CARD:
        return _("a low {suit}: the better ones stay in your hand").format(suit=suit)
    if code == why.OPENS:
        return _("starts the trick with {suit}").format(suit=suit)
    if code == why.OVERTAKES_SURELY:
        return _("takes over your partner's trick, and nobody can beat it")
    if code == why.OVERTAKES:
        return _("takes over your partner's trick")
    if code == why.ADDS_VALUE:
        return _("your partner is winning the trick: give a card worth {n} points").format(n=n)
    if code == why.KEEPS_BETTER:
        return _("your partner is winning: keep the better cards")
    if code in (why.TAKES_SURELY, why.TAKES_UNLESS_TRUMPED, why.TAKES_FOR_NOW):
        return _takes(code, n)
    if code == why.COSTS_LEAST:
        return _("you cannot win the trick: this card gives away the fewest points")
    if code == why.SCARTINO:
        return _("you cannot win the trick: give a scartino (a low card worth nothing)")
    if code == why.NOTHING_TO_DECLARE:
        return _("nothing to declare")
    if code == why.DECLARES:
        return ngettext(
            "declares {families} for {n} point", "declares {families} for {n} points", n
        ).format(families=families, n=n)
    if code == why.KEEPS:
        return _("keeps your combinations {families} ({n} points to declare)").format(
            families=families, n=n
        )
    if code == why.BREAKS_NOTHING:
        return _("breaks none of your combinations")
    if code == why.LAYS_AWAY:
        return _("puts away {n} points of cards, your side's if it wins a trick").format(n=n)
    if code == why.MAKES_VOID:
        return _("leaves you without a suit, so that you can trump it")
    return ""


def _takes(code: str, value: int) -> str:
    if code == why.TAKES_SURELY:
        if value:
            return _("takes the trick for your side, and {n} points of cards with it").format(
                n=value
            )
        return _("takes the trick for your side")
    if code == why.TAKES_UNLESS_TRUMPED:
        if value:
            return _("takes the trick, and {n} points of cards, unless somebody trumps it").format(
                n=value
            )
        return _("takes the trick unless somebody trumps it")
    if value:
        return _("takes the trick for now, and {n} points of cards with it").format(n=value)
    return _("takes the trick, for now")


def hint_reason(explanation: Explanation) -> str:
    """Why, in a few words, with the margin expected when the bot searched (from the fifth
    trick: before it, the forecast is no better than a guess, :data:`ai.explain.EARLY_TRICKS`)."""
    if explanation.discard:
        return _discard_reason(explanation)
    text = reason_words(explanation.reasons[0]) if explanation.reasons else ""
    outlook = _outlook(explanation)
    if outlook is None:
        return text
    return _("{reason}; {forecast}").format(reason=text, forecast=outlook) if text else outlook


def _outlook(explanation: Explanation) -> str | None:
    """The forecast of the hint, or None (no search, or too early to be better than a guess)."""
    if explanation.margin is None or explanation.early:
        return None
    return forecast(explanation.margin, explanation.likely)


def _discard_reason(explanation: Explanation) -> str:
    """The families the discard keeps first; then, as far as the hint's two lines allow (see
    :func:`fits_the_status`), the card value it lays away and the void it makes. (No forecast:
    before the first trick it is no better than a guess.)"""
    keeps, *extras = [reason_words(r) for r in explanation.reasons]
    parts = [keeps]
    for extra in extras:
        if fits_the_status("; ".join([*parts, extra])):
            parts.append(extra)
    return "; ".join(parts)


def fits_the_status(reason: str) -> bool:
    """A discard's ``reason`` fits the two status lines of an 80-column table, wrapped between
    words after the hint's lead."""
    lead = hint_lead()
    lines = textwrap.wrap(lead + reason, STATUS_WIDTH, break_on_hyphens=False)
    return len(lines) <= STATUS_LINES
