"""The engine's error types."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.phase import Phase
    from game.verdict import Verdict

# Why an action is refused: the codes of an :class:`IllegalActionError` (a refused card's own
# codes are its :class:`~game.verdict.Verdict`'s).
MALFORMED = "malformed"  # not an action, or its text cannot be read
MATCH_OVER = "match over"
HAND_OVER = "hand over"
NOT_NOW = "not now"  # an action of another kind than the phase wants (``phase``)
ONE_CARD = "one card"  # a play of more or fewer cards than one
TWO_CARDS = "two cards"  # a discard of other than two different cards
CARD = "card"  # the card may not be chosen (``verdict``)
NOT_REALISED = "not realised"  # a family the hand does not hold (``family``)
DECLARE_ORDER = "declare order"  # a family twice, or out of order
# An action's text that cannot be read (MALFORMED's facts say which): ``action`` (its text,
# shortened), ``family`` (an unknown family's name), ``card`` (the card code's problem: the words
# of a CardError, its ``reason`` and ``code``).
NO_ACTION = "no action"  # empty text
UNREADABLE = "unreadable"  # action
UNKNOWN_FAMILY = "unknown family"  # family, and action when read from a text
BAD_CARD = "bad card"  # card_reason, code

# Why a game record cannot be read or replayed: the codes of a RecordError, with the facts each
# names (values shortened as they are shown).
NOT_OBJECT = "not object"
NO_FORMAT = "no format"
OTHER_FORMAT = "other format"  # value
OTHER_VERSION = "other version"  # value, version
MISSING_FIELDS = "missing fields"  # fields
UNKNOWN_FIELDS = "unknown fields"  # fields
CHECKSUM = "checksum"
BAD_SEED = "bad seed"  # value
BAD_MATCH_NUMBER = "bad match number"  # value
BAD_DEALER = "bad dealer"  # value
SHUFFLES_NOT_LIST = "shuffles not list"
ACTIONS_NOT_TEXT = "actions not text"
BAD_RULES = "bad rules"  # detail (the rules' own words)
NOT_REPLAYED = "not replayed"  # index, action; cause: the IllegalActionError
SHUFFLES_LEFT = "shuffles left"  # shuffles, hands
NO_SHUFFLE = "no shuffle"  # hand
STAND_INS_NOT_OBJECT = "stand-ins not object"
STAND_IN_HAND = "stand-in hand"  # value, dealt
STAND_IN_ACTION = "stand-in action"  # value, hand, recorded
STAND_IN_ACTIONS = "stand-in actions"  # hand
STAND_IN_NOT_PAIR = "stand-in not pair"  # value
STAND_IN_REASON = "stand-in reason"  # value, reasons
STAND_IN_BOT = "stand-in bot"  # value, most
RECORD_TOO_BIG = "record too big"  # size (characters)
UNREADABLE_TEXT = "unreadable text"  # cause: the FileReadError
UNREADABLE_FILE = "unreadable file"  # path; cause: the FileReadError or RecordError


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the state is left untouched.

    The message is for logs and records; what a player reads is made by the text layer from
    ``reason`` (a code above) and the facts it needs: ``verdict`` (CARD), ``phase`` (NOT_NOW),
    ``family`` (NOT_REALISED)."""

    def __init__(
        self,
        message: str,
        reason: str = MALFORMED,
        *,
        verdict: Verdict | None = None,
        phase: Phase | None = None,
        family: str = "",
        **facts: str,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.verdict = verdict
        self.phase = phase
        self.family = family
        self.facts = facts


class ReasonedError(ValueError):
    """An error a player reads as the words the text layer makes of its ``reason`` (a code;
    "": only its message), ``facts`` and ``cause`` (the error beneath); the message is for
    logs."""

    def __init__(
        self,
        message: str,
        reason: str = "",
        cause: Exception | None = None,
        **facts: object,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.cause = cause
        self.facts = facts


class RecordError(ReasonedError):
    """A game record that cannot be read or replayed (``reason``: a code above; ``cause``: a
    file's error, an action's, or the record's own inside a file)."""


class WireError(ValueError):
    """A message of the wire form (a view, an action) that is malformed or out of bounds."""


class SignalRefusedError(IllegalActionError):
    """A card played with a partner's signal (RULES.md §10a) that may not carry it now: the card
    is not played. ``reason`` is the code of :mod:`game.signals`."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason
