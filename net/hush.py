"""The host's console kept readable when strangers knock: a line of one kind (a refused
connection's reason, a bad HTTP request) at most once a minute, with how many more like it there
were; and aiohttp's reports of bad requests turned into such lines instead of tracebacks."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from aiohttp.http_exceptions import HttpProcessingError

from text.language import _

PERIOD_S = 60.0  # one line of a kind per this long
BAD_HTTP = "bad_http"  # the kind of a request that is not HTTP, or too big for the door


class Hush:
    """Says each kind of line through ``log`` at most once every ``period_s``."""

    def __init__(
        self,
        log: Callable[[str], None],
        period_s: float = PERIOD_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.log, self.period_s, self.clock = log, period_s, clock
        self._kinds: dict[str, tuple[float, int]] = {}  # kind -> (said at, held back since)

    def say(self, kind: str, text: str) -> None:
        """Log ``text`` unless a line of ``kind`` was said within the period (then count it)."""
        now = self.clock()
        said = self._kinds.get(kind)
        if said is not None and now - said[0] < self.period_s:
            self._kinds[kind] = (said[0], said[1] + 1)
            return
        held = said[1] if said is not None else 0
        if held:
            text = _("{said} (and {n} more like it before)").format(said=text, n=held)
        self.log(text)
        self._kinds[kind] = (now, 0)


class _ToHush(logging.Handler):
    def __init__(self, hush: Hush) -> None:
        super().__init__(logging.WARNING)
        self.hush = hush

    def emit(self, record: logging.LogRecord) -> None:
        exc = record.exc_info[1] if record.exc_info else None
        why = " ".join(str(exc).split())[:120] if exc is not None else ""
        why = why or (type(exc).__name__ if exc is not None else record.getMessage())
        if isinstance(exc, HttpProcessingError):  # (a request too big, or not HTTP)
            who = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
            said = _("a connection from {peer}: refused (bad HTTP: {why})")
            self.hush.say(BAD_HTTP, said.format(peer=who, why=why))
        else:  # a fault of the table's own: reported in full, as aiohttp would
            logging.getLogger("aiohttp.server").handle(record)


def server_logger(hush: Hush) -> logging.Logger:
    """A logger for aiohttp's server that says its errors through ``hush``, one line each."""
    logger = logging.Logger("tarocchino.door", logging.WARNING)  # (its own: not in the tree)
    logger.addHandler(_ToHush(hush))
    logger.propagate = False
    return logger
