"""A table's password, and the wrong ones counted per sender (an address and the name it gives:
each person, each browser tab, is its own), so that it cannot be guessed at network speed: past
:data:`FREE_WRONG` wrong ones, that sender waits twice as long after each (from
:data:`FIRST_WAIT_S` up to :data:`MAX_WAIT_S`) before its password is looked at again. Someone
who mistypes once or twice never notices, and nobody else is ever held up by it: not another
name from the same address, nor a returning player's token."""

from __future__ import annotations

import math
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable

from net import protocol as p

FREE_WRONG = 2  # wrong passwords a sender may give without waiting
FIRST_WAIT_S = 1.0  # the wait after the first wrong one past those, doubled after each next
MAX_WAIT_S = 300.0  # the longest wait
MAX_SENDERS = 1024  # senders remembered at once (the longest quiet forgotten first)


def sender(peer: str, name: str) -> str:
    """Who gives a password: the address ``peer`` under the name ``name``."""
    return f"{peer} {p.name_key(name)}"


class WrongPasswords:
    """The wrong passwords of each sender: how many in a row, and when the last came."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        free: int = FREE_WRONG,
        first_wait_s: float = FIRST_WAIT_S,
        max_wait_s: float = MAX_WAIT_S,
    ) -> None:
        self.clock = clock
        self.free = free
        self.first_wait_s = first_wait_s
        self.max_wait_s = max_wait_s
        self._wrong: OrderedDict[str, tuple[int, float]] = OrderedDict()  # (count, last at)

    def _wait(self, count: int) -> float:
        if count <= self.free:
            return 0.0
        return min(self.max_wait_s, self.first_wait_s * 2.0 ** (count - self.free - 1))

    def wait_s(self, who: str) -> float:
        """How long ``who`` must wait before giving a password again (0: it may now)."""
        count, at = self._wrong.get(who, (0, 0.0))
        return max(0.0, at + self._wait(count) - self.clock())

    def wrong(self, who: str) -> None:
        """``who`` gave a wrong password (a sender quiet for twice the longest wait starts
        afresh)."""
        count, at = self._wrong.pop(who, (0, 0.0))
        now = self.clock()
        if now - at > 2 * self.max_wait_s:
            count = 0
        self._wrong[who] = (count + 1, now)
        while len(self._wrong) > MAX_SENDERS:
            self._wrong.popitem(last=False)

    def free_left(self, who: str) -> int:
        """How many more passwords ``who`` may give at once (the next after those waits)."""
        return max(0, self.free + 1 - self._wrong.get(who, (0, 0.0))[0])

    def right(self, who: str) -> None:
        """``who`` gave the right password: its mistakes are forgotten."""
        self._wrong.pop(who, None)


class PasswordGate:
    """What a newcomer must get past: the table's password (None: no password asked)."""

    def __init__(self, password: str | None, wrong: WrongPasswords | None = None) -> None:
        self.password = password
        self.wrong = wrong or WrongPasswords()

    def admit(self, given: str | None, peer: str, name: str) -> None:
        """Let in a newcomer from the address ``peer`` named ``name`` who gave ``given``;
        ProtocolError (``password``) when the password is missing or wrong, or that sender gave
        wrong ones and must wait."""
        password = self.password
        if password is None:
            return
        who = sender(peer, name)
        wait = self.wrong.wait_s(who)
        if wait > 0:
            raise p.ProtocolError(
                p.PASSWORD,
                f"too many wrong passwords for {name}: try again in {math.ceil(wait)} s",
                why=p.PASSWORD_WAIT,
                name=name,
                wait_s=math.ceil(wait),
            )
        if not (
            given is not None
            and secrets.compare_digest(given.encode("utf-8", "surrogatepass"), password.encode())
        ):
            if not given:
                raise p.ProtocolError(
                    p.PASSWORD, "this table needs a password", why=p.PASSWORD_MISSING
                )
            self.wrong.wrong(who)
            raise p.ProtocolError(
                p.PASSWORD,
                "wrong password",
                why=p.PASSWORD_WRONG,
                tries_left=self.wrong.free_left(who),
            )
        self.wrong.right(who)
