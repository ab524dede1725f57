"""The autosave of a hosted table, written off the event loop: the session is put in words on
the loop (so the file is the table as it was at that move) and written by one thread; when moves
come faster than the disk, only the latest is written.

Every save has a number; a message queued after a save waits (:meth:`Saver.written`) until that
save is on disk before it goes out, so nobody is ever told of a move a restarted table would not
have."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections.abc import Callable

from game.files import write_atomic
from net import crashpoint
from store.save import SaveStore, to_save_json
from table.session import Session
from text.language import _


class Saver:
    """Saves a session in ``store`` (None: nothing is saved), in order, one thread at a time."""

    def __init__(self, store: SaveStore | None, log: Callable[[str], None]) -> None:
        self.store, self.log = store, log
        self._lock = threading.Lock()
        self._idle = threading.Event()
        self._idle.set()
        self._latest: tuple[int, str | None] | None = None  # (number, text; None: clear)
        self.asked = 0  # the number of the last save asked for
        self.done = 0  # the number of the last save on disk (or given up)
        self._waiting: list[tuple[int, asyncio.Future[None]]] = []
        self._loop: asyncio.AbstractEventLoop | None = None

    def save(self, session: Session) -> None:
        """Save ``session`` as it is now (a match over: the save is cleared)."""
        if self.store is None:
            return
        over = session.match.winner is not None
        text = None if over else json.dumps(to_save_json(session), indent=1) + "\n"
        with self._lock:
            self.asked += 1
            start = self._idle.is_set()
            self._latest = (self.asked, text)
            self._idle.clear()
        if self._loop is None:
            with contextlib.suppress(RuntimeError):  # (no loop: nobody can wait either)
                self._loop = asyncio.get_running_loop()
        if start:
            threading.Thread(target=self._run, name="autosave", daemon=True).start()

    async def written(self, number: int) -> None:
        """Return once save ``number`` (a value of :attr:`asked`) is on disk."""
        if number <= self.done:
            return
        future = asyncio.get_running_loop().create_future()
        self._waiting.append((number, future))
        await future

    def _run(self) -> None:
        while True:
            with self._lock:
                latest, self._latest = self._latest, None
                if latest is None:
                    self._idle.set()
                    return
            assert self.store is not None
            number, text = latest
            crashpoint.reach(crashpoint.BEFORE_SAVE)
            try:
                if text is None:
                    self.store.clear()
                else:
                    write_atomic(self.store.path, text)
            except OSError as exc:  # (the table goes on: the host was told it is not saved)
                self.log(_("could not save the table: {why}").format(why=exc))
            finally:
                crashpoint.reach(crashpoint.AFTER_SAVE)
                self._tell(number)

    def _tell(self, number: int) -> None:
        """Wake the messages waiting for save ``number``, on the loop."""
        if self._loop is None:
            self.done = number
            return
        try:
            self._loop.call_soon_threadsafe(self._on_disk, number)
        except RuntimeError:  # the loop is closed: nobody waits any more
            pass

    def _on_disk(self, number: int) -> None:
        self.done = max(self.done, number)
        still = []
        for wanted, future in self._waiting:
            if wanted <= self.done:
                if not future.done():
                    future.set_result(None)
            else:
                still.append((wanted, future))
        self._waiting = still

    def flush(self, timeout: float = 10.0) -> None:
        """Wait for the last save to be on disk."""
        self._idle.wait(timeout)
