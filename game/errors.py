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
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.verdict = verdict
        self.phase = phase
        self.family = family


class RecordError(ValueError):
    """A game record that cannot be read or replayed."""


class WireError(ValueError):
    """A message of the wire form (a view, an action) that is malformed or out of bounds."""


class SignalRefusedError(IllegalActionError):
    """A card played with a partner's signal (RULES.md §10a) that may not carry it now: the card
    is not played. ``reason`` is the code of :mod:`game.signals`."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason
