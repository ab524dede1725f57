"""Shared test helpers: the local time zone of the test process, set for a while."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager

PLUS_TWO = "XXX-2"  # a zone two hours ahead of UTC, in POSIX form (no time zone files needed)


@contextmanager
def zone(tz: str) -> Iterator[None]:
    """The process's local time zone is ``tz`` meanwhile (then as it was)."""
    old = os.environ.get("TZ")
    os.environ["TZ"] = tz
    time.tzset()
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = old
        time.tzset()
