"""One connection to a table server: its WebSocket, the queue of messages going out to it, and
the limits it plays under (a rate of messages, a count of refused ones)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Protocol

from aiohttp import WSCloseCode, web

from net import crashpoint
from net import protocol as p


class Bucket:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.level = float(burst)
        self.at = clock()

    def take(self) -> bool:
        now = self.clock()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level < 1:
            return False
        self.level -= 1
        return True

    def refund(self) -> None:
        """Give back the token of a message that was an accepted action: those come one a turn
        at most, so the game's own pace limits them (a fast bot is no flood)."""
        self.level = min(self.burst, self.level + 1)


class Saves(Protocol):
    """The table's saves, numbered: a message waits for the save asked before it."""

    asked: int

    async def written(self, number: int) -> None:
        """Return once save ``number`` is on disk."""


class Connection:
    """One WebSocket: its seat once it has joined, its outgoing queue and its strikes. Each
    message goes out once the table's save asked before it (``saves``) is on disk."""

    def __init__(
        self,
        ws: web.WebSocketResponse,
        peer: str,
        bucket: Bucket,
        max_queue: int,
        saves: Saves | None = None,
    ) -> None:
        self.ws = ws
        self.saves = saves
        self.peer = peer
        self.seat: int | None = None
        self.bucket = bucket
        self.strikes = 0
        # (what, close code or the save to wait for, text)
        self.outbox: asyncio.Queue[tuple[str, int, str]] = asyncio.Queue()
        self.max_queue = max_queue
        self.closed = False

    def send(self, message: dict) -> None:
        """Queue a message (never blocks); a client too slow to read them is dropped."""
        if self.closed:
            return
        if self.outbox.qsize() >= self.max_queue:
            self.close(WSCloseCode.TRY_AGAIN_LATER, "too slow to read the table's messages")
            return
        what = "state" if message.get("type") == "state" else "send"
        saved = self.saves.asked if self.saves is not None else 0
        self.outbox.put_nowait((what, saved, p.encode(message)))

    def close(self, code: int = WSCloseCode.OK, reason: str = "") -> None:
        """Close after the messages already queued (an error explaining why, say)."""
        if not self.closed:
            self.closed = True
            self.outbox.put_nowait(("close", int(code), reason[:120]))

    async def write(self) -> None:
        """Send the queue in order, until closed."""
        while True:
            what, number, text = await self.outbox.get()
            try:
                if what != "close":
                    if self.saves is not None:
                        await self.saves.written(number)
                    await self.ws.send_str(text)
                    if what == "state":
                        crashpoint.reach(crashpoint.BROADCAST)
                else:
                    code = number
                    await self.ws.close(code=code, message=text.encode())
                    return
            except (ConnectionError, RuntimeError):
                return
