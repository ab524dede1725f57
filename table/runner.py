"""The bot runner: asks a bot for its move in a thread of its own, so the screen (or a table
server) never waits for it, and hands the move back on the owner's event loop.

It knows only the player protocol (``choose(view, legal, rng)``), so it drives the built-in
levels, a bot from a spec, or a contained out-of-process bot alike. Each decision goes through
``ai.contain.ask``: a bot that fails, or answers with an action that is not legal, is replaced for
that move by a safe legal one, and the move says what went wrong.
"""

from __future__ import annotations

import asyncio
import contextvars
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ai.contain import ask as contained_ask
from ai.player import Player
from game.actions import Action
from game.view import PlayerView


@dataclass(frozen=True, slots=True)
class BotMove:
    """A bot's answer: the action for ``seat`` at ``ply`` (the number of actions before it)."""

    seat: int
    ply: int
    action: Action
    error: str | None = None  # why the bot's own answer was not used


def ask(bot: Player, view: PlayerView, rng: random.Random) -> tuple[Action, str | None]:
    """The bot's choice, or a safe legal move and what went wrong (``ai.contain.ask``)."""
    action, faults = contained_ask(bot, view, rng)
    return action, "; ".join(f.notice for f in faults) or None


class BotRunner:
    """One request at a time: :meth:`request` starts a thread that asks the bot, waits out the
    rest of ``delay`` (so a fast bot does not play faster than people can follow), then calls
    ``deliver(move)`` on ``loop``, in the context the request was made in (or in the thread when
    there is no loop: ``deliver`` must then be thread-safe, e.g. Textual's ``post_message``).
    :meth:`cancel` drops the answer of the request in flight (a thread cannot be stopped; its
    answer is ignored)."""

    def __init__(
        self,
        deliver: Callable[[BotMove], None],
        loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        self.deliver = deliver
        self.loop = loop
        self._lock = threading.Lock()
        self._generation = 0
        self._pending: int | None = None  # the generation of the request in flight

    @property
    def busy(self) -> bool:
        """A request is in flight (its move not delivered yet)."""
        with self._lock:
            return self._pending is not None

    def request(
        self, bot: Player, view: PlayerView, rng: random.Random, ply: int, delay: float = 0.0
    ) -> None:
        """Ask ``bot`` (playing ``view.seat``) for its move at ``ply``; any request in flight is
        cancelled first."""
        with self._lock:
            self._generation += 1
            generation = self._pending = self._generation
        context = contextvars.copy_context()

        def think() -> None:
            start = time.monotonic()
            action, error = ask(bot, view, rng)
            rest = delay - (time.monotonic() - start)
            if rest > 0:
                time.sleep(rest)
            self._hand_back(generation, BotMove(view.seat, ply, action, error), context)

        threading.Thread(target=think, name=f"bot-{view.seat}", daemon=True).start()

    def cancel(self) -> None:
        with self._lock:
            self._generation += 1
            self._pending = None

    def _hand_back(self, generation: int, move: BotMove, context: contextvars.Context) -> None:
        if self.loop is None:
            self._deliver(generation, move)
            return
        try:
            self.loop.call_soon_threadsafe(self._deliver, generation, move, context=context)
        except RuntimeError:  # the loop is closed: nobody is waiting any more
            pass

    def _deliver(self, generation: int, move: BotMove) -> None:
        with self._lock:
            if generation != self._pending:
                return
            self._pending = None
        self.deliver(move)
