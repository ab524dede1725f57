"""The statistics database file: opening it safely whatever is found at its path.

The file is the player's. Something that is not a healthy Tarocchino statistics database (garbage,
truncated, another schema, a directory, a FIFO, unreadable) is set aside under a numbered name
(``stats.sqlite3.damaged``, then ``.damaged.2``, …, never over an earlier one) and a fresh database
is made; a database written by a newer version of the game is left alone; a database that another
process is writing to is waited for a little (the SQLite timeout) and then reported. Every failure
is a :class:`~store.statsschema.StatsError`, its code and facts for the player's words.

Standard library only (no Textual): a table server uses it too.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from game.files import PRIVATE, move_aside, move_without_replacing
from game.seats import SEATS, partner_of, side_of
from store import statsschema as why
from store.statsschema import (
    CURRENT,
    Damaged,
    StatsError,
    StatsNotice,
    create,
    migrate,
    schema_version,
)

DB_FILE = "stats.sqlite3"
DAMAGED = "damaged"
COMPANIONS = ("-journal", "-wal", "-shm")  # SQLite's own files beside a database
MAX_PAGES = 1 << 16  # of 4 KiB: the database stops growing at 256 MiB
TIMEOUT = 2.0  # seconds to wait for another process's write lock

# SQLite's primary result codes
_BUSY = {5, 6}  # SQLITE_BUSY, SQLITE_LOCKED: another connection holds a lock
_FULL = 13
_DAMAGE = {
    11: ("it is damaged", why.DAMAGED),
    26: ("it is not an SQLite database", why.NOT_SQLITE),
    14: ("it cannot be opened", why.CANNOT_OPEN),
}


@dataclass(frozen=True, slots=True)
class Opened:
    """An open database at the current schema, in autocommit mode (the caller begins its own
    transactions), and what the player should be told about it, or None."""

    connection: sqlite3.Connection
    notice: StatsNotice | None


def path_of(directory: Path) -> Path:
    return directory / DB_FILE


def _code(exc: sqlite3.Error) -> int:
    return getattr(exc, "sqlite_errorcode", 0) & 0xFF


def _text(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc) or type(exc).__name__


def failure(exc: sqlite3.Error | OSError) -> StatsError:
    """The player's message for an error met while using the database; Damaged when the error
    says the file itself is bad."""
    if isinstance(exc, sqlite3.Error):
        code = _code(exc)
        if code in _BUSY:
            return StatsError(
                "the statistics database is busy (another program is writing to "
                "it); try again in a moment",
                why.BUSY,
            )
        if code == _FULL:
            mib = MAX_PAGES * 4 >> 10
            return StatsError(f"the statistics database is full ({mib} MiB)", why.FULL, mib=mib)
        if code in _DAMAGE:
            return Damaged(*_DAMAGE[code])  # SQLite's own words for these say no more
    detail = _text(exc)
    return StatsError(f"the statistics database could not be used ({detail})", detail=detail)


# ----------------------------------------------------------------------------- setting aside


def set_aside(path: Path) -> Path:
    """Move a damaged database, with its journal if any, to a free numbered name; OSError if it
    cannot be moved."""
    target = move_aside(path, DAMAGED, COMPANIONS)
    for companion in COMPANIONS:
        source = path.with_name(path.name + companion)
        if os.path.lexists(source):
            try:
                move_without_replacing(source, target.with_name(target.name + companion))
            except OSError:
                source.unlink(missing_ok=True)  # an old journal must never meet the new file
    return target


# ----------------------------------------------------------------------------- opening


def _check_regular(path: Path) -> None:
    """Damaged when something other than a regular file is at ``path`` (SQLite fails on a
    directory and could block on a FIFO)."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if os.path.lexists(path):
            raise Damaged("it is a link to nothing", why.LINK_TO_NOTHING) from None
        return
    except OSError as exc:
        detail = _text(exc)
        raise Damaged(
            f"it cannot be examined ({detail})", why.CANNOT_EXAMINE, detail=detail
        ) from None
    if stat.S_ISDIR(info.st_mode):
        raise Damaged("it is a directory", why.DIRECTORY)
    if not stat.S_ISREG(info.st_mode):
        raise Damaged("it is not a regular file", why.NOT_REGULAR)


def _create_private(path: Path) -> None:
    """A new database file is created empty, readable by its owner only, as every file of the
    data directory (SQLite makes its journal with the same permissions); one that exists is left
    as it is."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass


def _of_a_seat(function: Callable[[int], int]) -> Callable[[object], int | None]:
    """``function`` for SQL: NULL for anything stored that is not a seat 0-3."""

    def of(seat: object) -> int | None:
        return function(seat) if type(seat) is int and 0 <= seat < SEATS else None

    return of


def seat_functions(connection: sqlite3.Connection) -> None:
    """Let the queries ask ``side_of(seat)`` and ``partner_of(seat)`` (:mod:`game.seats`), so
    that no query works out who sits with whom from the seat numbers itself."""
    for function in (side_of, partner_of):
        connection.create_function(function.__name__, 1, _of_a_seat(function), deterministic=True)


def _open_checked(path: Path, timeout: float) -> tuple[sqlite3.Connection, StatsNotice | None]:
    """Open ``path`` and bring it to the current schema; Damaged, NewerDatabase or StatsError."""
    _check_regular(path)
    try:
        _create_private(path)
        connection = sqlite3.connect(path, timeout=timeout, isolation_level=None)
    except (sqlite3.Error, OSError) as exc:
        raise failure(exc) from None
    try:
        seat_functions(connection)
        connection.execute("PRAGMA trusted_schema = OFF")
        connection.execute(f"PRAGMA max_page_count = {MAX_PAGES}")
        connection.execute("BEGIN IMMEDIATE")  # a write lock: nobody else migrates meanwhile
        check = connection.execute("PRAGMA quick_check(1)").fetchone()
        if check is None or check[0] != "ok":
            detail = check[0] if check else "no answer"
            raise Damaged(f"it is damaged ({detail})", why.DAMAGED_AS, detail=detail)
        version = schema_version(connection)
        notice = None
        if version is None:
            create(connection)
        elif version < CURRENT:
            migrate(connection, version)
            notice = StatsNotice(
                f"The statistics database was updated (schema {version} to {CURRENT}).",
                why.UPDATED,
                {"old": version, "new": CURRENT},
            )
        connection.execute("COMMIT")
        return connection, notice
    except sqlite3.Error as exc:
        connection.close()
        raise failure(exc) from None
    except BaseException:
        connection.close()
        raise


def open_database(directory: Path, timeout: float = TIMEOUT) -> Opened:
    """Open (or create) the statistics database in ``directory`` at the current schema.

    A damaged file is set aside and a fresh database made (the notice says so). StatsError when
    the database cannot be used now (busy, newer, a directory that cannot be written)."""
    path = path_of(directory)
    try:
        directory.mkdir(mode=PRIVATE, parents=True, exist_ok=True)
    except OSError as exc:
        detail = _text(exc)
        raise StatsError(
            f"cannot create the directory {directory} ({detail})",
            why.NO_DIRECTORY,
            directory=str(directory),
            detail=detail,
        ) from None
    try:
        return Opened(*_open_checked(path, timeout))
    except Damaged as exc:
        damage = exc
        reason = str(exc)
    try:
        moved = set_aside(path)
    except OSError as exc:
        detail = _text(exc)
        raise StatsError(
            f"the statistics database {path} cannot be used ({reason}) and could "
            f"not be set aside ({detail})",
            why.NOT_SET_ASIDE,
            path=str(path),
            damage=damage,
            detail=detail,
        ) from None
    notice = StatsNotice(
        f"The statistics database could not be used ({reason}); it was kept as "
        f"{moved.name} and a new one was started.",
        why.SET_ASIDE,
        {"damage": damage, "moved": moved.name},
    )
    try:
        connection, _ = _open_checked(path, timeout)
    except StatsError as exc:
        raise StatsError(
            f"{notice} The new one cannot be used either: {exc}",
            why.STILL_UNUSABLE,
            damage=damage,
            moved=moved.name,
            cause=exc,
        ) from None
    return Opened(connection, notice)


def open_existing(directory: Path, timeout: float = TIMEOUT) -> Opened | None:
    """Like :func:`open_database`, but None when there is no database yet (nothing is made)."""
    if not os.path.lexists(path_of(directory)):
        return None
    return open_database(directory, timeout)
