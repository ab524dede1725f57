"""The engine's error types."""


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the state is left untouched."""


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
