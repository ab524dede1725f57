"""What the table says to the person at the keyboard alone (a hint too long for the status line, a
mark taken back, why a key did nothing): at a shared screen it goes with his hand, and what says
why he cannot act yet goes when his turn comes."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Protocol

from textual.notifications import SeverityLevel


class Notify(Protocol):
    """Shows a notification (a screen's ``notify``)."""

    def __call__(
        self, message: str, *, severity: SeverityLevel = ..., timeout: float | None = ...
    ) -> None: ...


class Notices:
    """The notifications said to the person at the keyboard, remembered to be taken back.

    ``withdraw`` takes the notifications saying any of some messages off the screen; ``shared``:
    two or more people share the screen now (one person alone has nobody to hide them from)."""

    def __init__(
        self,
        notify: Notify,
        withdraw: Callable[[Collection[str]], None],
        shared: Callable[[], bool],
    ) -> None:
        self._notify, self._withdraw, self._shared = notify, withdraw, shared
        self._private: set[str] = set()  # said to the person whose hand is shown
        self._until_turn: set[str] = set()  # why nothing can be chosen: said until his turn

    def tell(
        self,
        message: str,
        *,
        severity: SeverityLevel = "information",
        timeout: float = 4,
        until_turn: bool = False,
    ) -> None:
        """A notification for the person at the keyboard only; ``until_turn``: it says why he
        cannot act yet, and goes when his turn comes."""
        if self._shared():
            self._private.add(message)
        if until_turn:
            self._until_turn.add(message)
        self._notify(message, severity=severity, timeout=timeout)

    def refuse(self, message: str, *, until_turn: bool = False) -> None:
        """Say why a key can do nothing now, in a notification: the status line keeps telling
        whose turn it is and what to do."""
        self.tell(message, severity="warning", timeout=4, until_turn=until_turn)

    def withdraw_private(self) -> None:
        """His hand is gone from the shared screen: what was said to him goes with it."""
        said, self._private = self._private, set()
        self._until_turn.clear()
        self._take_back(said)

    def withdraw_until_turn(self) -> None:
        """His turn has come (or the hand is over): why he could not act is no longer news."""
        self._take_back(self._until_turn)

    def _take_back(self, said: set[str]) -> None:
        if said:
            self._withdraw(frozenset(said))
        said.clear()
