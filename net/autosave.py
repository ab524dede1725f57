"""The autosave of a hosted table, written off the event loop: the session is put in words on
the loop (so the file is the table as it was at that move) and written by one thread; when moves
come faster than the disk, only the latest is written."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable

from game.files import write_atomic
from store.save import SaveStore, to_save_json
from table.session import Session


class Saver:
    """Saves a session in ``store`` (None: nothing is saved), in order, one thread at a time."""

    def __init__(self, store: SaveStore | None, log: Callable[[str], None]) -> None:
        self.store, self.log = store, log
        self._lock = threading.Lock()
        self._idle = threading.Event()
        self._idle.set()
        self._latest: tuple[str | None] | None = None  # (text,) to write, (None,) to clear

    def save(self, session: Session) -> None:
        """Save ``session`` as it is now (a match over: the save is cleared)."""
        if self.store is None:
            return
        over = session.match.winner is not None
        text = None if over else json.dumps(to_save_json(session), indent=1) + "\n"
        with self._lock:
            start = self._idle.is_set()
            self._latest = (text,)
            self._idle.clear()
        if start:
            threading.Thread(target=self._run, name="autosave", daemon=True).start()

    def _run(self) -> None:
        while True:
            with self._lock:
                latest, self._latest = self._latest, None
                if latest is None:
                    self._idle.set()
                    return
            assert self.store is not None
            try:
                if latest[0] is None:
                    self.store.clear()
                else:
                    write_atomic(self.store.path, latest[0])
            except OSError as exc:
                self.log(f"could not save the table: {exc}")

    def flush(self, timeout: float = 10.0) -> None:
        """Wait for the last save to be on disk."""
        self._idle.wait(timeout)
