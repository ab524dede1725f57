"""One game at a time per data directory.

The lock is the operating system's (``flock``) on the file ``lock`` in the directory: it is
released when the game ends in any way, even killed with ``kill -9``, so a stale lock can never
block the next game. The file holds the process id of the game that has it, for the message.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from game.files import PRIVATE, private_directory

if sys.platform == "win32":  # not a POSIX system: no locking
    fcntl = None
else:
    import fcntl

LOCK_FILE = "lock"
RETRIES = 5  # opening the lock file again when the one opened was tidied away meanwhile


class DirectoryBusy(Exception):
    """Another game holds the data directory. The message says which and what to do, for logs;
    a player reads the words the text layer makes of ``directory`` and ``process`` (the other
    game's process id, "" when the lock file does not say)."""

    def __init__(self, message: str, directory: Path, process: str = "") -> None:
        super().__init__(message)
        self.directory = directory
        self.process = process


class DataLock:
    """The lock on one data directory (a context manager)."""

    def __init__(self, directory: Path, *, private: bool = False) -> None:
        self.directory = Path(directory)
        self.private = private  # the directory only for its owner (0700), like its files
        self.path = self.directory / LOCK_FILE
        self._fd: int | None = None
        self._made: list[Path] = []  # what taking the lock created: the file, its directories

    def acquire(self) -> None:
        """Take the lock now: DirectoryBusy if another game has it, OSError if the directory
        cannot be used at all."""
        if fcntl is None or self._fd is not None:
            return
        missing = [d for d in (self.directory, *self.directory.parents) if not d.exists()]
        if self.private:
            private_directory(self.directory)
        else:
            self.directory.mkdir(mode=PRIVATE, parents=True, exist_ok=True)  # a new one: 0700
        self._made = missing  # (innermost first: removed in this order when tidied)
        flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        for _ in range(RETRIES):
            fd, new = _open(self.path, flags | os.O_NONBLOCK)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                process = _holder(fd)
                os.close(fd)
                holder = f" (process {process})" if process else ""
                raise DirectoryBusy(
                    f"another Tarocchino game{holder} is using {self.directory}; finish it "
                    "first, or set TAROCCHINO_DATA_DIR to another directory to play a separate "
                    "game",
                    self.directory,
                    process,
                ) from None
            except OSError:
                os.close(fd)
                raise
            if same_file(fd, self.path):
                break
            # the file was tidied away by the game that had it, between our open and our lock:
            # a lock on it holds nothing (the next game would make a new file)
            os.close(fd)
        else:
            raise OSError(f"the lock file {self.path} keeps being replaced")
        if new:
            self._made.insert(0, self.path)
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass  # the lock holds without the process id
        self._fd = fd

    def release(self, tidy: bool = False) -> None:
        """Let the lock go; ``tidy``: and remove what taking it created (the lock file, the
        directories made for it while they are empty), as when a table could not be started:
        nothing is left behind."""
        if self._fd is None:
            return
        made, self._made = self._made, []
        if tidy:
            for path in made:  # the file first (while it is still locked), then its directories
                try:
                    path.unlink() if path == self.path else path.rmdir()
                except OSError:
                    break  # a directory that holds something else now stays, and so do those above
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


def _open(path: Path, flags: int) -> tuple[int, bool]:
    """The lock file, opened (created when missing); and whether this call created it."""
    try:
        return os.open(path, flags | os.O_EXCL, 0o600), True
    except FileExistsError:
        try:
            return os.open(path, flags & ~os.O_CREAT, 0o600), False
        except FileNotFoundError:  # tidied away just now
            return os.open(path, flags | os.O_EXCL, 0o600), True


def same_file(fd: int, path: Path) -> bool:
    """``fd`` is still the file at ``path`` (not one removed since it was opened)."""
    try:
        opened, there = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (opened.st_dev, opened.st_ino) == (there.st_dev, there.st_ino)


def _holder(fd: int) -> str:
    """The process id in the lock file ("1234"), or "" when it says nothing readable."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return text if text.isdigit() else ""
