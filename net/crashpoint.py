"""Named points of the table server where a test may have the host die on the spot, as a power
cut would: ``TAROCCHINO_CRASH_AT=POINT:N`` ends the process (``os._exit``) the Nth time it
reaches ``POINT``. Unset (always, outside the tests that kill hosts), it does nothing."""

from __future__ import annotations

import os
import threading

CRASH_ENV = "TAROCCHINO_CRASH_AT"
CRASH_STATUS = 70  # the exit status of a host ended at a crash point

# The points around a move: before its save is written, once it is on disk, as its state has
# just gone out to a seat.
BEFORE_SAVE, AFTER_SAVE, BROADCAST = "before-save", "after-save", "broadcast"

_reached: dict[str, int] = {}
_lock = threading.Lock()


def reach(point: str) -> None:
    """The server is at ``point``: end the process here if the environment says so."""
    wanted = os.environ.get(CRASH_ENV)
    if not wanted:
        return
    name, _, count = wanted.partition(":")
    if name != point:
        return
    with _lock:
        _reached[point] = _reached.get(point, 0) + 1
        if _reached[point] >= int(count or 1):
            os._exit(CRASH_STATUS)
