"""The engine's error types."""


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the state is left untouched."""


class RecordError(ValueError):
    """A game record that cannot be read or replayed."""


class WireError(ValueError):
    """A message of the wire form (a view, an action) that is malformed or out of bounds."""
