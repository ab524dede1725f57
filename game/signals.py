"""Partners' signals (*segnali*, RULES.md §10a, an option): whether a card may carry one now.

*Busso* asks the partner for his best card of the suit; *striscio* says "I still hold this
suit"; *volo* says "I hold no more of it". A signal goes only with a suit card, once that suit's
King has been played or every trump is accounted for from the signaller's own knowledge, and
(house rule) only when what it states is true: so every signal given is a fact about the hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from game.cards import KINGS, SUIT, SUIT_MASK, TRUMP, TRUMPS, Card, Mask

if TYPE_CHECKING:
    from game.actions import Action, Move
    from game.view import PlayerView

BUSSO, STRISCIO, VOLO = "busso", "striscio", "volo"
SIGNALS: tuple[str, ...] = (BUSSO, STRISCIO, VOLO)

# Why a signal is refused: the reason codes of :func:`signal_refusal`.
UNKNOWN_SIGNAL = "unknown signal"  # not busso, striscio or volo
NOT_SUIT_CARD = "not a suit card"  # a trump or the Matto carries no signal
TOO_EARLY = "too early"  # the suit's King not yet played and trumps still unaccounted for
FALSE_SIGNAL = "false signal"  # a striscio or a volo that the hand after the card belies
NO_SIGNALS = "no signals"  # the match is played without the option


def signal_refusal(
    signal: str, c: Card, hand: Mask, played: Mask | Sequence[Card], discard: Mask = 0
) -> str | None:
    """None when ``c`` may carry ``signal`` now, else the reason code.

    ``hand`` is the signaller's hand just before ``c``; ``played`` every card played so far in
    the hand (this trick included); ``discard`` his own discard where he is the dealer (0 else).
    Only what the signaller knows decides."""
    if signal not in SIGNALS:
        return UNKNOWN_SIGNAL
    suit = SUIT[c]
    if suit >= TRUMP:
        return NOT_SUIT_CARD
    gone = played if isinstance(played, int) else sum(1 << p for p in set(played))
    king_played = bool(gone & KINGS & SUIT_MASK[suit])
    trumps_known = not TRUMPS & ~(gone | hand | discard)
    if not (king_played or trumps_known):
        return TOO_EARLY
    more = bool(hand & ~(1 << c) & SUIT_MASK[suit])
    if (signal == STRISCIO and not more) or (signal == VOLO and more):
        return FALSE_SIGNAL
    return None


def view_refusal(view: PlayerView, signal: str, c: Card) -> str | None:
    """:func:`signal_refusal` from what ``view``'s seat knows, before it plays ``c``."""
    return signal_refusal(signal, c, view.hand, view.played, view.discard or 0)


def allowed_signals(view: PlayerView, c: Card) -> tuple[str, ...]:
    """The signals ``c`` may carry now from ``view``'s seat (in the order of :data:`SIGNALS`)."""
    return tuple(s for s in SIGNALS if view_refusal(view, s, c) is None)


def choosable(view: PlayerView, action: Action, legal: Sequence[Action]) -> bool:
    """Whether a player may answer ``action`` from ``view`` with ``legal`` its legal actions:
    one of them, or one of its cards with a signal the rule allows now (the option on)."""
    if action in legal:
        return True
    if not (action.signal and view.signals and replace(action, signal="") in legal):
        return False
    return view_refusal(view, action.signal, action.card) is None


class SignalFacts(NamedTuple):
    """What the signals given so far in a hand say about the hands now, by seat: the suits a
    seat holds none of (each *volo*), and the suits of which it still holds at least one card
    (each *striscio* whose seat has played no card of that suit since)."""

    none_of: list[Mask]  # by seat: the cards of the suits it has flown (volo)
    some_of: list[list[Mask]]  # by seat: suits (as card masks) it holds one card of at least


def signal_facts(history: Iterable[Move]) -> SignalFacts:
    """The facts the signals of ``history`` (a hand's public moves, in order) show."""
    none_of = [0, 0, 0, 0]
    some_of: list[list[Mask]] = [[], [], [], []]
    for move in history:
        action = move.action
        if action.kind != "play":
            continue
        suit = SUIT[action.card]
        if suit >= TRUMP:
            continue
        held = some_of[move.seat]
        if SUIT_MASK[suit] in held:  # a card of the suit since: the striscio's card was it
            held.remove(SUIT_MASK[suit])
        if action.signal == VOLO:
            none_of[move.seat] |= SUIT_MASK[suit]
        elif action.signal == STRISCIO:
            held.append(SUIT_MASK[suit])
    return SignalFacts(none_of, some_of)
