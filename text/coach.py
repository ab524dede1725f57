"""The coach's words (:mod:`ai.coach`): after a costly card, what was better and why; before the
declarations, what the hand holds and what to declare. Plain words for a newcomer."""

from __future__ import annotations

from rich.text import Text

from ai.coach import Holding, Lesson
from ai.explain import DECLARES
from game.cards import SUIT_NAMES
from text.hints import reason_words
from text.language import _, ngettext, number
from text.render import Look, assembled, card_text


def lesson_text(lesson: Lesson, look: Look) -> Text:
    """ "Coach: 10♥ cost your side about 12 points. A♥ was better — it takes the trick…"."""
    verdict = lesson.verdict
    n = round(verdict.loss)
    cost = ngettext(
        "Coach: {played} cost your side about {n} point.",
        "Coach: {played} cost your side about {n} points.",
        n,
    )
    text = assembled(cost, n=number(n), played=card_text(verdict.played, look))
    text.append(" ")
    text.append_text(assembled(_("{best} was better"), best=card_text(verdict.best, look)))
    text.append((" - " if look.ascii else " — ") + _("{why}.").format(why=reason_words(lesson.why)))
    return text


def holding_words(holding: Holding) -> str:
    """ "Your hand holds 6 trumps and the Matto, 4 cards worth points (14 in all), no Coppe."."""
    t = holding.trumps
    if holding.matto:
        trumps = (
            ngettext("{n} trump and the Matto", "{n} trumps and the Matto", t)
            if t
            else _("no trump but the Matto")
        )
    else:
        trumps = ngettext("{n} trump", "{n} trumps", t) if t else _("no trump")
    pieces = [trumps.format(n=number(t))]
    if holding.valued:
        pieces.append(
            ngettext(
                "{n} card worth points ({points} in all)",
                "{n} cards worth points ({points} in all)",
                holding.valued,
            ).format(n=number(holding.valued), points=number(holding.points))
        )
    if holding.long_suit >= 0:
        pieces.append(
            _("a long suit ({n} {suit})").format(
                n=number(holding.long_cards), suit=SUIT_NAMES[holding.long_suit]
            )
        )
    pieces += [_("no {suit}").format(suit=SUIT_NAMES[s]) for s in holding.voids]
    return _("Your hand holds {holding}.").format(holding=", ".join(pieces))


def declaration_advice(holding: Holding) -> str:
    """What to declare, and why: everything the hand realises."""
    declare = holding.declare
    if declare.code != DECLARES:
        return _("It makes no combination: there is nothing to declare.")
    return ngettext(
        "Declare it all ({families}): {n} sure point for your side. The others will see those "
        "cards: a small price.",
        "Declare it all ({families}): {n} sure points for your side. The others will see those "
        "cards: a small price.",
        declare.points,
    ).format(families=", ".join(declare.families), n=number(declare.points))


def declarations_coach(holding: Holding) -> Text:
    """The coach before the declarations: the hand, then what to declare."""
    return Text.assemble(
        (_("Coach:") + " ", "bold"), holding_words(holding), " ", declaration_advice(holding)
    )
