"""Why the engine refused an action, as the facts a table sends with its ``illegal`` error
(``{"why": "must_follow", "card": "9S", "suit": "C"}``): codes and card codes, never words, so
that each seat's screen says it in its own language (:mod:`net.spoken`), and back into the
engine's facts there."""

from __future__ import annotations

from collections.abc import Mapping

from game import errors
from game.actions import DECLARE, DISCARD, PLAY
from game.cards import CODES, SUIT_CODES, TRUMP
from game.errors import IllegalActionError
from game.phase import Phase
from game.verdict import CARTA_DA_5, MUST_FOLLOW, MUST_TRUMP, NOT_HELD, Verdict
from net.protocol import Arg

# The ``why`` of an ``illegal`` error.
NOT_HELD_WHY, MUST_FOLLOW_WHY, MUST_TRUMP_WHY = "not_held", "must_follow", "must_trump"
CARTA_DA_5_WHY = "carta_da_5"  # a King or a Tarocco may not be discarded
WRONG_KIND = "wrong_kind"  # not what the hand asks now (``wanted``: discard, declare or play)
ONE_CARD = "one_card"  # a card is played alone
TWO_CARDS = "two_cards"  # the dealer discards two different cards
NOT_REALISED = "not_realised"  # a family the hand does not hold (``family``)
DECLARE_ORDER = "declare_order"  # each family once, in the families' order
HAND_OVER = "hand_over"  # the hand is over
MALFORMED = "malformed"  # not an action the engine can read
OTHER = "other"  # the engine said no for a reason this table does not name

_VERDICTS = {
    NOT_HELD: NOT_HELD_WHY,
    MUST_FOLLOW: MUST_FOLLOW_WHY,
    MUST_TRUMP: MUST_TRUMP_WHY,
    CARTA_DA_5: CARTA_DA_5_WHY,
}
_REASONS = {
    errors.MALFORMED: MALFORMED,
    errors.HAND_OVER: HAND_OVER,
    errors.ONE_CARD: ONE_CARD,
    errors.TWO_CARDS: TWO_CARDS,
    errors.NOT_REALISED: NOT_REALISED,
    errors.DECLARE_ORDER: DECLARE_ORDER,
}
_WANTED = {Phase.DISCARD: DISCARD, Phase.DECLARE: DECLARE, Phase.PLAY: PLAY}


def suit_code(suit: int) -> str:
    """A suit as the table says it: S, B, C, D, or T for the trumps."""
    return "T" if suit == TRUMP else SUIT_CODES[suit]


def illegal(error: IllegalActionError) -> dict[str, Arg]:
    """The facts of the engine's refusal ``error``, as the table sends them."""
    verdict = error.verdict
    if verdict is not None:
        facts: dict[str, Arg] = {"why": _VERDICTS.get(verdict.reason or "", OTHER)}
        facts["card"] = CODES[verdict.card]
        if verdict.led is not None:
            facts["suit"] = suit_code(verdict.led)
            facts["trump"] = int(verdict.reason == MUST_TRUMP)
        if verdict.excuse:
            facts["excuse"] = 1
        return facts
    if error.reason == errors.NOT_NOW and error.phase in _WANTED:
        return {"why": WRONG_KIND, "wanted": _WANTED[error.phase]}
    if error.reason == errors.NOT_REALISED:
        return {"why": NOT_REALISED, "family": error.family}
    return {"why": _REASONS.get(error.reason, OTHER)}


def engine_error(args: Mapping[str, Arg]) -> IllegalActionError:
    """The engine's refusal again, from the facts a table sent (for its words at this screen)."""
    why = args.get("why")
    reason = next((code for code, said in _VERDICTS.items() if said == why), None)
    card = args.get("card")
    if reason is not None and isinstance(card, str) and card in CODES:
        suit = args.get("suit")
        led = TRUMP if suit == "T" else SUIT_CODES.index(suit) if suit in SUIT_CODES else None
        verdict = Verdict(CODES.index(card), reason, led, bool(args.get("excuse")))
        return IllegalActionError("", errors.CARD, verdict=verdict)
    if why == WRONG_KIND:
        phase = next((ph for ph, kind in _WANTED.items() if kind == args.get("wanted")), None)
        return IllegalActionError("", errors.NOT_NOW, phase=phase)
    if why == NOT_REALISED:
        return IllegalActionError("", errors.NOT_REALISED, family=str(args.get("family", "")))
    code = next((code for code, said in _REASONS.items() if said == why), errors.MALFORMED)
    return IllegalActionError("", code)
