"""Short reasons for a bot's choice, for the front end's hint: facts (a code and the numbers it
needs), which the text layer says in words (:mod:`text.hints`)."""

from __future__ import annotations

from dataclasses import dataclass

from ai import policy
from game.actions import DECLARE, DISCARD, Action
from game.cards import MAT, SUIT, SUIT_MASK, TRUMP, TRUMPS, VALUE, Card, Mask
from game.scoring import combination_points, declarable_families, declaration_points
from game.seats import same_side
from game.tricks import BEATERS, HIGHER, MAT_BIT, winning_index
from game.view import PlayerView

# In the first two tricks (and at the discard) the forecast is hardly better than a guess: over
# 40 hands of hard bots it was off by 225 points on average at the first trick, where saying
# "even" is off by 301; 161 at the third, 97 at the tenth. It is left out until then.
EARLY_TRICKS = 2

# The reasons' codes. A card played:
ONLY_CARD = "only card"  # the only card that may be played
MATTO = "matto"  # the Matto stays with the side and saves a better card
UNBEATABLE = "unbeatable"  # a lead nobody can beat: no better card and no trump out
BEST_LEFT = "best left"  # no better card of its ``suit`` is out: wins unless trumped
DRAWS_TRUMPS = "draws trumps"
SHORT_SUIT = "short suit"  # soon a void to trump in
LOW_CARD = "low card"  # a low card of ``suit``: the better ones stay
OPENS = "opens"  # opens ``suit``
OVERTAKES_SURELY = "overtakes surely"  # takes over the partner's trick, and nobody can beat it
OVERTAKES = "overtakes"
ADDS_VALUE = "adds value"  # the partner is winning: add ``points`` of card value
KEEPS_BETTER = "keeps better"  # the partner is winning: keep the better cards
TAKES_SURELY = "takes surely"  # takes the trick for the side (with ``points`` of card value)
TAKES_UNLESS_TRUMPED = "takes unless trumped"  # (with ``points``)
TAKES_FOR_NOW = "takes for now"  # (with ``points``)
COSTS_LEAST = "costs least"  # the trick is lost: this card costs least
SCARTINO = "scartino"  # the trick is lost: give a scartino
# A declaration:
NOTHING_TO_DECLARE = "nothing to declare"
DECLARES = "declares"  # ``families`` for ``points``
# A discard:
KEEPS = "keeps"  # keeps ``families`` (``points`` to declare)
BREAKS_NOTHING = "breaks nothing"  # breaks no combination
LAYS_AWAY = "lays away"  # lays away ``points`` in card value
MAKES_VOID = "makes void"  # makes a void to trump in


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason: its code, and the suit, points and families it names."""

    code: str
    suit: int = -1
    points: int = 0
    families: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why an action is good: its reasons (for a discard, the first says what it keeps and the
    others are said as far as there is room) and the margin the side should end the hand with
    (None when the bot did not search; ``early``: in the first two tricks, no better than a
    guess, not said), the likely range of that margin (the middle two thirds of the search's
    deals), and the other cards that would do as well."""

    reasons: tuple[Reason, ...]
    margin: float | None = None
    early: bool = False
    discard: bool = False
    likely: tuple[float, float] | None = None
    alike: tuple[Card, ...] = ()


def explain(view: PlayerView, action: Action, margin: float | None = None) -> Explanation:
    """Why ``action`` is a good move for ``view.seat``."""
    if action.kind == DISCARD:
        return Explanation(explain_discard(view.hand, action), margin, True, True)
    if action.kind == DECLARE:
        reason = explain_declaration(view.hand, action)
    else:
        reason = explain_card(view, action.card)
    return Explanation((reason,), margin, len(view.tricks) < EARLY_TRICKS)


def explain_discard(hand: Mask, action: Action) -> tuple[Reason, ...]:
    """The families the discard keeps; then the card value it lays away and the void it
    makes."""
    a, b = action.cards
    kept = hand & ~((1 << a) | (1 << b))
    families = tuple(declarable_families(kept))
    if families:
        reasons = [Reason(KEEPS, points=combination_points(kept), families=families)]
    else:
        reasons = [Reason(BREAKS_NOTHING)]
    value = VALUE[a] + VALUE[b]
    if value:
        reasons.append(Reason(LAYS_AWAY, points=value))
    if any(hand & SUIT_MASK[s] and not kept & SUIT_MASK[s] for s in range(4)):
        reasons.append(Reason(MAKES_VOID))
    return tuple(reasons)


def explain_declaration(hand: Mask, action: Action) -> Reason:
    if not action.families:
        return Reason(NOTHING_TO_DECLARE)
    points = declaration_points(hand, action.families)
    return Reason(DECLARES, points=points, families=tuple(action.families))


def sure_to_hold(c: Card, unseen: Mask, last: bool) -> bool:
    """Nobody still to play can take the trick from ``c``: it is the trick's last card, or no
    stronger card is out (for a card of a suit, no trump either)."""
    if last:
        return True
    return not unseen & HIGHER[c] and (SUIT[c] == TRUMP or not unseen & TRUMPS & ~MAT_BIT)


def explain_card(view: PlayerView, c: Card) -> Reason:
    trick = view.trick
    unseen = view.unseen
    if len(view.legal) == 1:
        return Reason(ONLY_CARD)
    if c == MAT:
        return Reason(MATTO)
    w = winning_index(trick)
    suit = SUIT[c]
    if w < 0:
        if suit < TRUMP and not unseen & HIGHER[c]:
            if sure_to_hold(c, unseen, False):
                return Reason(UNBEATABLE)
            return Reason(BEST_LEFT, suit)
        if suit == TRUMP:
            return Reason(DRAWS_TRUMPS)
        mine = view.hand & SUIT_MASK[suit]
        if mine.bit_count() <= 2:
            return Reason(SHORT_SUIT, suit)
        if policy.low_card(mine) == c:
            return Reason(LOW_CARD, suit)
        return Reason(OPENS, suit)
    wc = trick[w]
    pos = len(trick)
    partner_wins = same_side(pos, w)  # (places in the trick: seats counted from the leader)
    value = policy.trick_value(trick)
    if partner_wins:
        if (BEATERS[wc] >> c) & 1:
            if sure_to_hold(c, unseen, pos == 3):
                return Reason(OVERTAKES_SURELY)
            return Reason(OVERTAKES)
        if VALUE[c]:
            return Reason(ADDS_VALUE, points=VALUE[c])
        return Reason(KEEPS_BETTER)
    if (BEATERS[wc] >> c) & 1:
        if sure_to_hold(c, unseen, pos == 3):
            return Reason(TAKES_SURELY, points=value)
        if suit < TRUMP and not unseen & HIGHER[c]:
            return Reason(TAKES_UNLESS_TRUMPED, points=value)
        return Reason(TAKES_FOR_NOW, points=value)
    if VALUE[c]:
        return Reason(COSTS_LEAST)
    return Reason(SCARTINO)
