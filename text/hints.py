"""The hint's reason in words: why the bot's choice is good (the facts of :mod:`ai.explain`),
and the margin it expects, short enough to sit beside the card on an 80-column table."""

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


def forecast(margin: float, *, short: bool = False, early: bool = False) -> str:
    """ "your side should end the hand about 40 ahead" (``short``: "your side: about 40 ahead");
    ``early`` (before the fifth trick, when it is often 200 points off): "about 300 behind (a
    rough guess this early)", short "roughly 300 behind"."""
    points = number(round(abs(margin), -1) if early else abs(margin))
    ahead = margin >= 0
    if short and early:
        said = _("your side: roughly {n} ahead") if ahead else _("your side: roughly {n} behind")
    elif short:
        said = _("your side: about {n} ahead") if ahead else _("your side: about {n} behind")
    elif early:
        said = (
            _("your side should end the hand about {n} ahead (a rough guess this early)")
            if ahead
            else _("your side should end the hand about {n} behind (a rough guess this early)")
        )
    else:
        said = (
            _("your side should end the hand about {n} ahead")
            if ahead
            else _("your side should end the hand about {n} behind")
        )
    return said.format(n=points)


def reason_words(reason: Reason) -> str:
    """One reason in a few words."""
    code, n = reason.code, reason.points
    suit = SUIT_NAMES[reason.suit] if reason.suit >= 0 else ""
    families = ", ".join(reason.families)
    if code == why.ONLY_CARD:
        return _("the only card you may play")
    if code == why.MATTO:
        return _("the Matto stays with your side and saves a better card")
    if code == why.UNBEATABLE:
        return _("nobody can beat it: no better card and no trump is out")
    if code == why.BEST_LEFT:
        return _("no better {suit} is out: it wins unless somebody trumps it").format(suit=suit)
    if code == why.DRAWS_TRUMPS:
        return _("draws the others' trumps")
    if code == why.SHORT_SUIT:
        return _("a short suit: soon you can trump it")
    if code == why.LOW_CARD:
        return _("a low {suit}: the better ones stay in your hand").format(suit=suit)
    if code == why.OPENS:
        return _("opens {suit}").format(suit=suit)
    if code == why.OVERTAKES_SURELY:
        return _("takes over your partner's trick, and nobody can beat it")
    if code == why.OVERTAKES:
        return _("takes over your partner's trick")
    if code == why.ADDS_VALUE:
        return _("your partner is winning: add {n} in card value to the trick").format(n=n)
    if code == why.KEEPS_BETTER:
        return _("your partner is winning: keep the better cards")
    if code in (why.TAKES_SURELY, why.TAKES_UNLESS_TRUMPED, why.TAKES_FOR_NOW):
        return _takes(code, n)
    if code == why.COSTS_LEAST:
        return _("you cannot win the trick: this card costs least")
    if code == why.SCARTINO:
        return _("you cannot win the trick: give a scartino")
    if code == why.NOTHING_TO_DECLARE:
        return _("nothing to declare")
    if code == why.DECLARES:
        return ngettext(
            "declares {families} for {n} point", "declares {families} for {n} points", n
        ).format(families=families, n=n)
    if code == why.KEEPS:
        return _("keeps {families} ({n} to declare)").format(families=families, n=n)
    if code == why.BREAKS_NOTHING:
        return _("breaks no combination")
    if code == why.LAYS_AWAY:
        return _("lays away {n} in card value").format(n=n)
    if code == why.MAKES_VOID:
        return _("makes a void to trump in")
    return ""


def _takes(code: str, value: int) -> str:
    if code == why.TAKES_SURELY:
        if value:
            return _("takes the trick for your side, with {n} in card value").format(n=value)
        return _("takes the trick for your side")
    if code == why.TAKES_UNLESS_TRUMPED:
        if value:
            return _("takes the trick unless somebody trumps it, with {n} in card value").format(
                n=value
            )
        return _("takes the trick unless somebody trumps it")
    if value:
        return _("takes the trick, for now, with {n} in card value").format(n=value)
    return _("takes the trick, for now")


def hint_reason(explanation: Explanation) -> str:
    """Why, in a few words, with the margin expected when the bot searched."""
    margin, early = explanation.margin, explanation.early
    if explanation.discard:
        return _discard_reason(explanation)
    text = reason_words(explanation.reasons[0]) if explanation.reasons else ""
    if margin is None:
        return text
    outlook = forecast(margin, early=early)
    return _("{reason}; {forecast}").format(reason=text, forecast=outlook) if text else outlook


def _discard_reason(explanation: Explanation) -> str:
    """The families the discard keeps and the forecast first; then, as far as the hint's two
    lines allow (see :func:`fits_the_status`), the card value it lays away and the void it
    makes."""
    margin = explanation.margin
    keeps, *extras = [reason_words(r) for r in explanation.reasons]
    outlook = [] if margin is None else [forecast(margin, early=True)]
    if not fits_the_status("; ".join([keeps, *outlook])):
        outlook = [forecast(margin, short=True, early=True)] if margin is not None else []
    parts = [keeps]
    for extra in extras:
        if fits_the_status("; ".join([*parts, extra, *outlook])):
            parts.append(extra)
    return "; ".join([*parts, *outlook])


def fits_the_status(reason: str) -> bool:
    """A discard's ``reason`` fits the two status lines of an 80-column table, wrapped between
    words after the hint's lead."""
    lead = hint_lead()
    lines = textwrap.wrap(lead + reason, STATUS_WIDTH, break_on_hyphens=False)
    return len(lines) <= STATUS_LINES
