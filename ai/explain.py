"""Short reasons in words for a bot's choice, for the front end's hint.

The hint shows the card (or the two cards of the discard) itself; the reason says why, in a few
words that fit beside it on one line of an 80-column table where possible."""

from __future__ import annotations

import textwrap

from ai import policy
from game.actions import DECLARE, DISCARD, Action
from game.cards import MAT, SUIT, SUIT_MASK, SUIT_NAMES, TRUMP, TRUMPS, VALUE, Card, Mask
from game.scoring import combination_points, declarable_families, declaration_points
from game.seats import same_side
from game.tricks import BEATERS, HIGHER, MAT_BIT, winning_index
from game.view import PlayerView

# The status area holds two lines of 78 columns, the reason after "Hint: discard 10♠ 10♣ — ".
STATUS_LINES, STATUS_WIDTH, DISCARD_LEAD = 2, 78, "Hint: discard 10♠ 10♣ — "
# Before the fifth trick the forecast is off by about 160 to 230 points on average (`tarocchino
# calibrate`: the mean error at tricks 1 and 5, against margins of about 300): it is said as the
# rough guess it is, to the nearest ten.
EARLY_TRICKS = 4


def explain(view: PlayerView, action: Action, margin: float | None = None) -> str:
    """Why ``action`` is a good move for ``view.seat``, in a few words."""
    if action.kind == DISCARD:
        return explain_discard(view.hand, action, margin)
    if action.kind == DECLARE:
        text = explain_declaration(view.hand, action)
    else:
        text = explain_card(view, action.card)
    if margin is not None:
        outlook = forecast(margin, early=len(view.tricks) < EARLY_TRICKS)
        text = f"{text}; {outlook}" if text else outlook
    return text


def forecast(margin: float, *, short: bool = False, early: bool = False) -> str:
    """ "your side should end the hand about 40 ahead" (``short``: "your side: about 40 ahead");
    ``early`` (before the fifth trick, when it is often 200 points off): "about 300 behind (a
    rough guess this early)", short "roughly 300 behind"."""
    ahead = "ahead" if margin >= 0 else "behind"
    points = f"{round(abs(margin), -1):.0f}" if early else f"{abs(margin):.0f}"
    if short:
        return f"your side: {'roughly' if early else 'about'} {points} {ahead}"
    hedge = " (a rough guess this early)" if early else ""
    return f"your side should end the hand about {points} {ahead}{hedge}"


def explain_discard(hand: Mask, action: Action, margin: float | None = None) -> str:
    """The families the discard keeps and the forecast first; then, as far as the hint's two
    lines allow (see :func:`fits_the_status`), the card value it lays away and the void it
    makes."""
    a, b = action.cards
    kept = hand & ~((1 << a) | (1 << b))
    families = declarable_families(kept)
    if families:
        keeps = f"keeps {', '.join(families)} ({combination_points(kept)} to declare)"
    else:
        keeps = "breaks no combination"
    extras = []
    value = VALUE[a] + VALUE[b]
    if value:
        extras.append(f"lays away {value} in card value")
    if any(hand & SUIT_MASK[s] and not kept & SUIT_MASK[s] for s in range(4)):
        extras.append("makes a void to trump in")
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
    lines = textwrap.wrap(DISCARD_LEAD + reason, STATUS_WIDTH, break_on_hyphens=False)
    return len(lines) <= STATUS_LINES


def explain_declaration(hand: Mask, action: Action) -> str:
    if not action.families:
        return "nothing to declare"
    points = declaration_points(hand, action.families)
    return f"declares {', '.join(action.families)} for {points} points"


def sure_to_hold(c: Card, unseen: Mask, last: bool) -> bool:
    """Nobody still to play can take the trick from ``c``: it is the trick's last card, or no
    stronger card is out (for a card of a suit, no trump either)."""
    if last:
        return True
    return not unseen & HIGHER[c] and (SUIT[c] == TRUMP or not unseen & TRUMPS & ~MAT_BIT)


def explain_card(view: PlayerView, c: Card) -> str:
    trick = view.trick
    unseen = view.unseen
    if len(view.legal) == 1:
        return "the only card you may play"
    if c == MAT:
        return "the Matto stays with your side and saves a better card"
    w = winning_index(trick)
    if w < 0:
        if SUIT[c] < TRUMP and not unseen & HIGHER[c]:
            if sure_to_hold(c, unseen, False):
                return "nobody can beat it: no better card and no trump is out"
            return f"no better {SUIT_NAMES[SUIT[c]]} is out: it wins unless somebody trumps it"
        if SUIT[c] == TRUMP:
            return "draws the others' trumps"
        mine = view.hand & SUIT_MASK[SUIT[c]]
        if mine.bit_count() <= 2:
            return "a short suit: soon you can trump it"
        if policy.low_card(mine) == c:
            return f"a low {SUIT_NAMES[SUIT[c]]}: the better ones stay in your hand"
        return f"opens {SUIT_NAMES[SUIT[c]]}"
    wc = trick[w]
    pos = len(trick)
    partner_wins = same_side(pos, w)  # (places in the trick: seats counted from the leader)
    value = policy.trick_value(trick)
    if partner_wins:
        if (BEATERS[wc] >> c) & 1:
            if sure_to_hold(c, unseen, pos == 3):
                return "takes over your partner's trick, and nobody can beat it"
            return "takes over your partner's trick"
        if VALUE[c]:
            return f"your partner is winning: add {VALUE[c]} in card value to the trick"
        return "your partner is winning: keep the better cards"
    if (BEATERS[wc] >> c) & 1:
        if sure_to_hold(c, unseen, pos == 3):
            text = "takes the trick for your side"
        elif SUIT[c] < TRUMP and not unseen & HIGHER[c]:
            text = "takes the trick unless somebody trumps it"
        else:
            text = "takes the trick, for now"
        if value:
            text += f", with {value} in card value"
        return text
    if VALUE[c]:
        return "you cannot win the trick: this card costs least"
    return "you cannot win the trick: give a scartino"
