"""The turn limit of a hosted table: a remote seat has so long for each decision, counted afresh
from each decision it is awaited for; when the time runs out, the table is told (its stand-in
then decides)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


class TurnLimit:
    """``limit_s`` seconds for each awaited decision (0: no limit); ``on_time_up(seat, ply)``
    when one runs out."""

    def __init__(
        self,
        limit_s: float,
        on_time_up: Callable[[int, int], None],
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.limit_s = limit_s
        self.on_time_up = on_time_up
        self.clock = clock if clock is not None else _monotonic
        self._turn: tuple[int, int, float] | None = None  # (seat, ply, deadline)
        self._timer: asyncio.TimerHandle | None = None

    def keep(self, awaited: tuple[int, int] | None) -> None:
        """Keep the limit on the decision ``awaited`` ((seat, ply); None: no remote seat's):
        the same one runs on, another starts afresh, none stops it."""
        if self.limit_s <= 0:
            awaited = None
        if self._turn is not None and awaited == self._turn[:2]:
            return
        if self._timer is not None:
            self._timer.cancel()
        self._turn = self._timer = None
        if awaited is not None:
            self._turn = (*awaited, self.clock() + self.limit_s)
            loop = asyncio.get_event_loop()
            self._timer = loop.call_later(self.limit_s, self._up, *awaited)

    def _up(self, seat: int, ply: int) -> None:
        self._timer = None
        self.on_time_up(seat, ply)

    def left(self) -> float | None:
        """Seconds left for the decision the limit runs on (0 once over); None when none."""
        if self._turn is None:
            return None
        return round(max(0.0, self._turn[2] - self.clock()), 1)


def _monotonic() -> float:
    """The clock a limit reads by default (looked up at each reading)."""
    return time.monotonic()
