"""A table's password, and the wrong ones counted per address, so that it cannot be guessed at
network speed: after :data:`MAX_WRONG` wrong ones within :data:`WINDOW_S`, that address's
newcomers are refused until the oldest of them is that old. Someone who mistypes once or twice
never notices."""

from __future__ import annotations

import math
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable

from net import protocol as p

MAX_WRONG = 5  # wrong passwords an address may give ...
WINDOW_S = 60.0  # ... within this many seconds
MAX_ADDRESSES = 1024  # addresses remembered at once (the longest quiet forgotten first)


class WrongPasswords:
    """The recent wrong passwords of each address."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        max_wrong: int = MAX_WRONG,
        window_s: float = WINDOW_S,
    ) -> None:
        self.clock = clock
        self.max_wrong = max_wrong
        self.window_s = window_s
        self._tries: OrderedDict[str, deque[float]] = OrderedDict()

    def wait_s(self, address: str) -> float:
        """How long ``address`` must wait before giving a password again (0: it may now)."""
        tries = self._recent(address)
        if len(tries) < self.max_wrong:
            return 0.0
        return tries[0] + self.window_s - self.clock()

    def wrong(self, address: str) -> None:
        """``address`` gave a wrong password."""
        tries = self._recent(address)
        tries.append(self.clock())
        self._tries[address] = tries
        self._tries.move_to_end(address)
        while len(self._tries) > MAX_ADDRESSES:
            self._tries.popitem(last=False)

    def _recent(self, address: str) -> deque[float]:
        tries = self._tries.get(address, deque())
        while tries and tries[0] + self.window_s <= self.clock():
            tries.popleft()
        if not tries:
            self._tries.pop(address, None)
        return tries


class PasswordGate:
    """What a newcomer must get past: the table's password (None: no password asked)."""

    def __init__(self, password: str | None, wrong: WrongPasswords | None = None) -> None:
        self.password = password
        self.wrong = wrong or WrongPasswords()

    def admit(self, given: str | None, peer: str) -> None:
        """Let in a newcomer from the address ``peer`` who gave ``given``; ProtocolError
        (``password``) when the password is missing or wrong, or ``peer`` guessed too often."""
        password = self.password
        if password is None:
            return
        wait = self.wrong.wait_s(peer)
        if wait > 0:
            raise p.ProtocolError(
                p.PASSWORD,
                f"too many wrong passwords from {peer}: try again in {math.ceil(wait)} s",
            )
        if not (
            given is not None
            and secrets.compare_digest(given.encode("utf-8", "surrogatepass"), password.encode())
        ):
            if given:
                self.wrong.wrong(peer)
            raise p.ProtocolError(
                p.PASSWORD,
                "wrong password" if given else "this table needs a password (--password)",
            )
