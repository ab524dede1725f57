"""One game at a time per data directory.

The lock is the operating system's (``flock``) on the file ``lock`` in the directory: it is
released when the game ends in any way, even killed with ``kill -9``, so a stale lock can never
block the next game. The file holds the process id of the game that has it, for the message.
"""

from __future__ import annotations

import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # not a POSIX system: no locking
    fcntl = None  # type: ignore[assignment]

LOCK_FILE = "lock"


class DirectoryBusy(Exception):
    """Another game holds the data directory; the message says which and what to do."""


class DataLock:
    """The lock on one data directory (a context manager)."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.path = self.directory / LOCK_FILE
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock now: DirectoryBusy if another game has it, OSError if the directory
        cannot be used at all."""
        if fcntl is None or self._fd is not None:
            return
        self.directory.mkdir(parents=True, exist_ok=True)
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        fd = os.open(self.path, flags | os.O_NONBLOCK, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(fd)
            os.close(fd)
            raise DirectoryBusy(
                f"another Tarocchino game{holder} is using {self.directory}; finish it first, "
                "or set TAROCCHINO_DATA_DIR to another directory to play a separate game"
            ) from None
        except OSError:
            os.close(fd)
            raise
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass  # the lock holds without the process id
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file releases the lock
            self._fd = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def __enter__(self) -> DataLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _holder(fd: int) -> str:
    """" (process 1234)" from the lock file, or "" when it says nothing readable."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return f" (process {text})" if text.isdigit() else ""
