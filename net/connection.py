"""One connection to a table server: its WebSocket, the queue of messages going out to it, and
the limits it plays under (a rate of messages, a count of refused ones)."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
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
    message goes out once the table's save asked before it (``saves``) is on disk. States of
    the same move (only the seats changed: who came, went, or is doing what) go out at most
    once every ``state_interval_s``: a newer one waiting replaces the one before it."""

    def __init__(
        self,
        ws: web.WebSocketResponse,
        peer: str,
        bucket: Bucket,
        max_queue: int,
        saves: Saves | None = None,
        state_interval_s: float = 0.0,
        opened: int = 0,
    ) -> None:
        self.ws = ws
        self.saves = saves
        self.peer = peer
        self.opened = opened  # its number: connections are numbered in the order they came
        self.seat: int | None = None
        self.token: str | None = None  # the seat's token its handshake showed (checked), if any
        self.bucket = bucket
        self.strikes = 0
        self.outbox: deque[Outgoing] = deque()
        self.max_queue = max_queue
        self.state_interval_s = state_interval_s
        self.closed = False
        self._ready = asyncio.Event()  # set when the outbox has something
        self._last_state: tuple[int, float] | None = None  # (ply, monotonic time) of the last

    def send(self, message: dict) -> None:
        """Queue a message (never blocks); a client too slow to read them is dropped."""
        if self.closed:
            return
        saved = self.saves.asked if self.saves is not None else 0
        text = p.encode(message)
        if message.get("type") == "state":
            ply = message["ply"]
            last = self.outbox[-1] if self.outbox else None
            if last is not None and last.what == STATE and last.ply == ply:
                self.outbox[-1] = Outgoing(STATE, saved, text, ply)  # the newer one only
                return
            self._put(Outgoing(STATE, saved, text, ply))
        else:
            self._put(Outgoing(SEND, saved, text))

    def _put(self, outgoing: Outgoing) -> None:
        if len(self.outbox) >= self.max_queue:
            self.close(WSCloseCode.TRY_AGAIN_LATER, "too slow to read the table's messages")
            return
        self.outbox.append(outgoing)
        self._ready.set()

    def close(self, code: int = WSCloseCode.OK, reason: str = "") -> None:
        """Close after the messages already queued (an error explaining why, say)."""
        if not self.closed:
            self.closed = True
            self.outbox.append(Outgoing(CLOSE, int(code), reason[:120]))
            self._ready.set()

    async def _next(self) -> Outgoing:
        """The next message to send, once it may go."""
        while True:
            if not self.outbox:
                self._ready.clear()
                await self._ready.wait()
                continue
            head = self.outbox[0]
            if head.what == STATE and self._last_state is not None:
                ply, at = self._last_state
                wait = at + self.state_interval_s - time.monotonic()
                if head.ply == ply and wait > 0:
                    await asyncio.sleep(wait)  # (meanwhile a newer state may replace it)
                    continue
            return self.outbox.popleft()

    async def write(self) -> None:
        """Send the queue in order, until closed."""
        while True:
            out = await self._next()
            try:
                if out.what == CLOSE:
                    await self.ws.close(code=out.number, message=out.text.encode())
                    return
                if self.saves is not None:
                    await self.saves.written(out.number)
                await self.ws.send_str(out.text)
                if out.what == STATE:
                    self._last_state = (out.ply, time.monotonic())
                    crashpoint.reach(crashpoint.BROADCAST)
            except (ConnectionError, RuntimeError):
                return


SEND, STATE, CLOSE = "send", "state", "close"


@dataclass(frozen=True, slots=True)
class Outgoing:
    """A message waiting to go: SEND or STATE with the number of the save it waits for, or
    CLOSE with its close code; its text; a state's move."""

    what: str
    number: int
    text: str
    ply: int = -1
