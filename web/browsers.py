"""The data directories of the browsers that play from other machines (`tarocchino web
--bind`), under the host's ``browsers/``: what one holds that is worth keeping, when one may go
(never while a tab of its browser is open or a game plays there), and what the host is shown of
them (`tarocchino web --browsers`)."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

from game.files import FileReadError, private_folders, read_json
from store.lock import LOCK_FILE, RETRIES, DataLock, DirectoryBusy, same_file
from store.match_setup import SETUP_FILE, MatchSetup, load_setup
from store.save import SAVE_FILE
from store.settings import SETTINGS_FILE, Settings, read_settings
from store.statsdb import COMPANIONS, DB_FILE
from table.names import name_problem
from table.session import HUMAN, KINDS
from text.language import _

if sys.platform == "win32":  # not a POSIX system: no locking
    fcntl = None
else:
    import fcntl

BROWSERS = "browsers"  # under the host's data directory: one directory per browser elsewhere
# Each holds a file IN_USE that the server keeps a shared lock on while a tab of that browser is
# open (the tab's game takes the game's own lock, which a second tab of the browser cannot: it
# plays on without it, and the first may close before it). Whoever removes a directory takes
# that file's lock alone first, and the game's: never while a tab is open or a game plays there.
IN_USE = "tabs-open"
MAX_BROWSERS = 100  # directories of browsers kept under one data directory
NAMED = re.compile(r"[0-9a-f]{32}")  # a browser's directory: a digest of its name
THROWAWAY = re.compile(r"tab-[A-Za-z0-9_]{1,40}")  # a tab that brought no name (tempfile's)
SHORT_ID = 8  # characters of a directory's name that the host sees as its id
NOTHING = {LOCK_FILE, IN_USE}  # what any tab leaves behind
MAX_WALK = 10_000  # entries looked at to size a directory
_RO_TIMEOUT = 0.5  # seconds a look into a statistics database waits for its writer


class BrowserInUse(Exception):
    """A browser's directory that a tab or a game is using now."""


class InUse:
    """The server's shared lock on a directory's IN_USE file, held while a tab plays there."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.tabs = 0
        self._fd: int | None = None

    def take(self) -> None:
        """Take it (the directory made first); BrowserInUse while someone removes it."""
        self._fd = _lock_in_use(self.directory, fcntl.LOCK_SH if fcntl else 0)
        with contextlib.suppress(OSError):
            os.utime(self._fd)  # when the browser was last here

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _lock_in_use(directory: Path, how: int) -> int:
    """The IN_USE file of ``directory``, opened and locked (``how``: shared or alone, without
    waiting); BrowserInUse when it cannot be now. The directory is made when missing."""
    for _try in range(RETRIES):
        private_folders(directory)
        path = directory / IN_USE
        try:
            fd = os.open(
                path,
                os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0),
                0o600,
            )
        except FileNotFoundError:  # removed meanwhile, with its directory
            continue
        if fcntl is None:
            return fd
        try:
            fcntl.flock(fd, how | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise BrowserInUse(directory.name) from None
        if same_file(fd, path):
            return fd
        os.close(fd)  # removed between our open and our lock: a lock on it holds nothing
    raise BrowserInUse(directory.name)


def remove_unless_used(directory: Path) -> None:
    """Remove a browser's directory and all it holds, unless a tab is open or a game plays there
    (BrowserInUse). Never follows a link out of it."""
    fd = _lock_in_use(directory, fcntl.LOCK_EX if fcntl else 0)
    try:
        game = DataLock(directory)
        try:
            game.acquire()
        except DirectoryBusy:
            raise BrowserInUse(directory.name) from None
        try:
            shutil.rmtree(directory)
        finally:
            game.release()
    finally:
        os.close(fd)


def sweep(home: Path) -> int:
    """Remove the browsers' directories under ``home`` that hold nothing worth keeping and
    that no tab or game uses (throwaway tabs' too); how many went."""
    gone = 0
    try:
        entries = list(os.scandir(home / BROWSERS))
    except OSError:
        return 0
    for entry in entries:
        throwaway = THROWAWAY.fullmatch(entry.name) is not None
        if not (throwaway or NAMED.fullmatch(entry.name)) or entry.is_symlink():
            continue
        path = Path(entry.path)
        if path.is_dir() and (throwaway or holds_nothing(path)) and not _in_use(path):
            with contextlib.suppress(BrowserInUse, OSError):
                remove_unless_used(path)
                gone += 1
    return gone


def game_plays(directory: Path) -> bool:
    """Whether a game holds the lock of ``directory`` now."""
    return _locked(directory / LOCK_FILE)


def holds_nothing(directory: Path) -> bool:
    """Whether a browser's directory holds nothing worth keeping: no saved match (nor one set
    aside), no past match, no statistics beyond an empty database, no seat taken at a table, no
    table hosted, settings and the new match's setup as the defaults, nothing else at all. What
    cannot be read for sure is worth keeping."""
    try:
        names = {entry.name for entry in os.scandir(directory)}
    except OSError:
        return False
    for name in names - NOTHING:
        path = directory / name
        if name == SETTINGS_FILE:
            settings, problem = read_settings(directory)
            if problem or settings != Settings.default() or not path.is_file():
                return False
        elif name == SETUP_FILE:
            if not path.is_file() or load_setup(directory, KINDS) != MatchSetup():
                return False
        elif name == DB_FILE:
            if not _no_matches(path):
                return False
        elif not (name.startswith(DB_FILE) and name[len(DB_FILE) :] in COMPANIONS):
            return False  # a save, a past match, a seat, a table, anything unknown
    return True


def _no_matches(path: Path) -> bool:
    """A statistics database that records no match (looked into without writing)."""
    if path.is_symlink() or not path.is_file():
        return False
    try:
        connection = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=_RO_TIMEOUT)
    except (sqlite3.Error, ValueError):
        return False
    count: int
    try:
        (count,) = connection.execute("SELECT COUNT(*) FROM matches").fetchone()
        return count == 0
    except sqlite3.Error:
        return False
    finally:
        connection.close()


def browser_directory(home: Path, browser: str) -> Path:
    """The directory of the browser named ``browser`` under the data directory ``home``: a
    digest of its name (the name itself never written down)."""
    return Path(home) / BROWSERS / hashlib.sha256(browser.encode()).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class BrowserDirectory:
    """What the host is shown of a browser's directory (`tarocchino web --browsers`)."""

    path: Path
    last_used: float  # the newest change in it (a tab opened, a move saved), seconds since 1970
    size: int  # bytes
    saved_match: bool
    names: tuple[str, ...]  # the names its players used (people, not bots)
    in_use: bool

    @property
    def id(self) -> str:
        return self.path.name[:SHORT_ID]


def browser_directories(home: Path) -> list[BrowserDirectory]:
    """The browsers' directories under the data directory ``home``, least recently used first."""
    found = []
    for path in _named(home):
        last, size = _walk(path)
        found.append(
            BrowserDirectory(
                path, last, size, (path / SAVE_FILE).is_file(), _names_in(path), _in_use(path)
            )
        )
    return sorted(found, key=lambda each: each.last_used)


def count_browsers(home: Path) -> int:
    return len(_named(home))


def _named(home: Path) -> list[Path]:
    """The browsers' directories (not a throwaway tab's, not a link, not anything else)."""
    try:
        entries = list(os.scandir(Path(home) / BROWSERS))
    except OSError:
        return []
    return [
        Path(entry.path)
        for entry in entries
        if NAMED.fullmatch(entry.name) and entry.is_dir(follow_symlinks=False)
    ]


def find_browser(home: Path, given: str) -> Path:
    """The browser's directory whose id (or any start of its name, 4 characters at least) is
    ``given``; ValueError saying why there is none."""
    wanted = given.strip().lower()
    if not re.fullmatch(r"[0-9a-f]{4,32}", wanted):
        raise ValueError(
            _("{given} is not a browser's id (`tarocchino web --browsers` lists them)").format(
                given=repr(given[:40])
            )
        )
    matches = [path for path in _named(home) if path.name.startswith(wanted)]
    if not matches:
        raise ValueError(
            _(
                "no browser's directory has the id {id} (`tarocchino web --browsers` lists them)"
            ).format(id=wanted)
        )
    if len(matches) > 1:
        raise ValueError(
            _("{n} browsers' directories have an id starting {id}: give more of it").format(
                n=len(matches), id=wanted
            )
        )
    return matches[0]


def _in_use(directory: Path) -> bool:
    """Whether a tab is open in ``directory``. (The game's own lock is not tried: a tab's game
    starting at that moment would find it taken, and play without its saves.)"""
    return _locked(directory / IN_USE)


def _locked(path: Path) -> bool:
    """Whether someone holds a lock on the file ``path`` (False when there is none)."""
    if fcntl is None:
        return False
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # (let go at once, when closed)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False


def _walk(directory: Path) -> tuple[float, int]:
    """The newest change in ``directory`` and the bytes its files take (links not followed)."""
    newest, size, seen = 0.0, 0, 0
    stack = [directory]
    while stack and seen < MAX_WALK:
        try:
            entries = list(os.scandir(stack.pop()))
        except OSError:
            continue
        for entry in entries:
            seen += 1
            try:
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            newest = max(newest, info.st_mtime)
            if entry.is_dir(follow_symlinks=False):
                stack.append(Path(entry.path))
            elif entry.is_file(follow_symlinks=False):
                size += info.st_size
    return newest, size


def _names_in(directory: Path) -> tuple[str, ...]:
    """The names the players of a browser used: its people's in the saved match, the new match's
    setup and the statistics, and those it joined tables as (what cannot be read is passed over)."""
    names: list[object] = []  # as read; only those that are good names are kept
    with contextlib.suppress(FileReadError, OSError):
        saved = read_json(directory / SAVE_FILE, 4 << 20)
        seats = saved.get("seats") if isinstance(saved, dict) else None
        for seat in seats if isinstance(seats, list) else []:
            if isinstance(seat, dict) and seat.get("kind") == HUMAN:
                names.append(seat.get("name"))
    if (directory / SETUP_FILE).is_file():
        setup = load_setup(directory, KINDS)
        names += [
            name for kind, name in zip(setup.kinds, setup.names, strict=True) if kind == HUMAN
        ]
    database = directory / DB_FILE
    if database.is_file() and not database.is_symlink():
        with contextlib.suppress(sqlite3.Error, ValueError):
            connection = sqlite3.connect(
                f"{database.as_uri()}?mode=ro", uri=True, timeout=_RO_TIMEOUT
            )
            try:
                names += [
                    row[0]
                    for row in connection.execute(
                        "SELECT name FROM players WHERE kind = ? GROUP BY name "
                        "ORDER BY MAX(match_id) DESC LIMIT 20",
                        (HUMAN,),
                    )
                ]
            finally:
                connection.close()
    for seat in sorted((directory / "seats").glob("browser-*/*.json"))[:20]:
        with contextlib.suppress(FileReadError, OSError):
            data = read_json(seat, 4096)
            names.append(data.get("name") if isinstance(data, dict) else None)
    kept: list[str] = []
    for name in names:
        if (
            isinstance(name, str)
            and name.strip()
            and name_problem(name) is None
            and name.casefold() not in {k.casefold() for k in kept}
        ):
            kept.append(name)
    return tuple(kept)
