"""Enter typed twice (or held): the second press must not act on what the first one brought up
(the next person's hand, his declarations) before it was seen."""

from __future__ import annotations

from textual import events

DOUBLE_ENTER_S = 0.4  # a second Enter within this time of the first is the same keystroke


def held_over(event: events.Key, not_before: float | None) -> bool:
    """``event`` is an Enter or a Space that came before ``not_before`` (the time of Textual's
    events): the tail of the press before. It is stopped here; True when it was."""
    if event.key in ("enter", "space") and not_before is not None and event.time < not_before:
        event.stop()
        event.prevent_default()
        return True
    return False
