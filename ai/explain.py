"""Short reasons in words for a bot's choice, for the front end's hint."""

from __future__ import annotations

from ai import policy
from game.actions import DECLARE, DISCARD, Action
from game.cards import ANG, ENGLISH, FULL_PACK, MAT, SUIT, SUIT_MASK, TRUMP, VALUE, Card, Mask
from game.scoring import combination_points, declarable_families, declaration_points
from game.tricks import BEATERS
from game.view import PlayerView


def name(c: Card) -> str:
    """``the King of Cups``, ``the Angel``."""
    return "the " + ENGLISH[c]


def explain(view: PlayerView, action: Action, margin: float | None = None) -> str:
    """Why ``action`` is a good move for ``view.seat``, in a few words."""
    if action.kind == DISCARD:
        text = explain_discard(view.hand, action)
    elif action.kind == DECLARE:
        text = explain_declaration(view.hand, action)
    else:
        text = explain_card(view, action.card)
    if margin is not None:
        ahead = "ahead" if margin >= 0 else "behind"
        text += f"; the search expects your side to end this hand about {abs(margin):.0f} {ahead}"
    return text


def explain_discard(hand: Mask, action: Action) -> str:
    a, b = action.cards
    kept = hand & ~((1 << a) | (1 << b))
    families = declarable_families(kept)
    parts = [f"lays away {name(a)} and {name(b)}"]
    if families:
        points = combination_points(kept)
        parts.append(f"keeps {', '.join(families)} together ({points} to declare)")
    else:
        parts.append("breaks no combination")
    value = VALUE[a] + VALUE[b]
    if value:
        parts.append(f"secures {value} in card value for your side")
    for s in range(4):
        if hand & SUIT_MASK[s] and not kept & SUIT_MASK[s]:
            parts.append("makes a void to trump in")
            break
    return "; ".join(parts)


def explain_declaration(hand: Mask, action: Action) -> str:
    if not action.families:
        return "nothing to declare"
    points = declaration_points(hand, action.families)
    return f"declares {', '.join(action.families)} for {points} points"


def explain_card(view: PlayerView, c: Card) -> str:
    trick = view.trick
    unseen = FULL_PACK & ~view.hand & ~view.played & ~(view.discard or 0)
    if c == MAT:
        return "plays the Matto: it stays with your side and saves a better card"
    w = policy.winning(trick)
    if w < 0:
        if SUIT[c] < TRUMP and not policy.may_be_beaten(c, unseen):
            return f"leads {name(c)}: the others must follow and it should hold"
        if c == ANG:
            return "leads the Angel to draw the trumps"
        if SUIT[c] < TRUMP and (view.hand & SUIT_MASK[SUIT[c]]).bit_count() <= 2:
            return f"leads {name(c)} from a short suit, to make a void"
        return f"leads {name(c)}"
    wc = trick[w]
    pos = len(trick)
    partner_wins = (pos - w) % 2 == 0
    value = policy.trick_value(trick)
    if partner_wins:
        if (BEATERS[wc] >> c) & 1:
            return f"takes over your partner's trick with {name(c)}, which nobody can beat"
        if VALUE[c]:
            return f"gives {name(c)} ({VALUE[c]}) to your partner's trick"
        return f"your partner is winning: plays {name(c)} and keeps the better cards"
    if (BEATERS[wc] >> c) & 1:
        held = " for your side" if pos == 3 or not policy.may_be_beaten(c, unseen) else ""
        text = f"wins the trick with {name(c)}{held}"
        if value:
            text += f", taking {value} in carte di valore"
        return text
    if VALUE[c]:
        return f"cannot win the trick: {name(c)} is the card that costs least"
    return f"cannot win the trick: throws {name(c)}, a scartino"
