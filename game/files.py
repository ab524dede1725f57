"""Reading and writing the game's files safely: one bounded JSON reader for every file the game
reads (saves, records, settings) and every message of the wire (:func:`game.wire.loads`), and
atomic writes that never leave half a file.

A file is read only when it is a regular file (never a FIFO, a device or a directory, so reading
cannot block or run forever) and no bigger than a size limit; a file or a message is parsed only
when it is UTF-8 text and JSON nested no deeper than a depth limit (checked before the parser
runs, so deep nesting cannot exhaust the stack). Every failure is a :class:`FileReadError` whose
message says what is wrong, in words.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
from pathlib import Path

MAX_BYTES = 16 << 20  # records of very long matches stay far below this
MAX_DEPTH = 32  # our files nest three or four levels deep
TEMP_SUFFIX = ".tmp"
_TEMP_NAME = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")  # what mkstemp makes for write_atomic
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*+"|"|[\[\]{}]', re.DOTALL)


# Why a file cannot be read: the codes of a FileReadError, with the facts each names.
MISSING = "missing"
CANNOT_OPEN = "cannot open"  # detail: the system's words
NOT_REGULAR = "not regular"
TOO_BIG = "too big"  # size (when known), limit
READ_FAILED = "read failed"  # detail
NOT_UTF8 = "not utf-8"  # offset
EMPTY = "empty"
NOT_JSON = "not json"  # line, column, detail (the parser's words)
NOT_A_NUMBER = "not a number"  # detail: NaN or Infinity
NUMBER_TOO_LONG = "number too long"
TOO_DEEP = "too deep"  # limit (when known)


class FileReadError(ValueError):
    """A file that cannot be read as bounded JSON. The message says why for logs ("not a
    regular file"); a player reads the words the text layer makes of ``reason`` (a code above)
    and ``facts``."""

    def __init__(self, message: str, reason: str = READ_FAILED, **facts: int | str) -> None:
        super().__init__(message)
        self.reason = reason
        self.facts = facts


class FileMissingError(FileReadError):
    """There is no file at that path."""


class NestedTooDeepError(FileReadError):
    """JSON nested deeper than the depth limit."""


def clip(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters: an error message never echoes a huge value whole."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_path(path: str | Path, limit: int = 80) -> str:
    """A path cut to ``limit`` characters from its start, so that its last parts stay readable."""
    text = str(path)
    return text if len(text) <= limit else "…" + text[-(limit - 1) :]


def shorten(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters."""
    return clip(repr(value), limit)


def read_bytes(path: str | Path, max_bytes: int = MAX_BYTES) -> bytes:
    """The content of a regular file of at most ``max_bytes``; FileReadError otherwise.

    Opened without blocking (a FIFO returns at once) and checked to be a regular file before a
    byte is read (``/dev/zero`` or a link to it is refused)."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise FileMissingError("no such file", MISSING) from None
    except OSError as exc:
        detail = str(exc.strerror or exc)
        raise FileReadError(f"cannot open ({detail})", CANNOT_OPEN, detail=detail) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileReadError("not a regular file", NOT_REGULAR)
        if info.st_size > max_bytes:
            raise FileReadError(
                f"too big ({info.st_size:,} bytes; at most {max_bytes:,})",
                TOO_BIG,
                size=info.st_size,
                limit=max_bytes,
            )
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:
            raise FileReadError(
                f"too big (more than {max_bytes:,} bytes)", TOO_BIG, limit=max_bytes
            )
        return b"".join(chunks)
    except OSError as exc:
        detail = str(exc.strerror or exc)
        raise FileReadError(f"read error ({detail})", READ_FAILED, detail=detail) from None
    finally:
        os.close(fd)


def check_depth(text: str, max_depth: int = MAX_DEPTH) -> None:
    """FileReadError when the JSON text nests arrays and objects deeper than ``max_depth``.

    Brackets inside strings do not count; the scan stops at a string that never ends (the parser
    stops there too, so it can never go deeper than this scan)."""
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                raise NestedTooDeepError(
                    f"nested deeper than {max_depth} levels", TOO_DEEP, limit=max_depth
                )
        elif token in "]}":
            depth -= 1
        elif token == '"':
            return  # a string that never ends: the parser will say so


class _Constant(ValueError):
    """NaN or Infinity, which Python's parser would accept."""


def _no_constant(name: str) -> object:
    raise _Constant(name)


def loads(data: str | bytes, max_depth: int = MAX_DEPTH) -> object:
    """Parse JSON (text, or UTF-8 bytes) bounded in depth; FileReadError (never another
    exception) when it is bad.

    NaN and Infinity are refused, and so are integers too long for Python to read."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise FileReadError(
                f"not UTF-8 text (bad byte at offset {exc.start})", NOT_UTF8, offset=exc.start
            ) from None
    else:
        text = data
    check_depth(text, max_depth)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        if not text.strip():
            raise FileReadError("not valid JSON (it is empty)", EMPTY) from None
        where = f"line {exc.lineno}, column {exc.colno}"
        raise FileReadError(
            f"not valid JSON ({exc.msg}: {where})",
            NOT_JSON,
            line=exc.lineno,
            column=exc.colno,
            detail=exc.msg,
        ) from None
    except _Constant as exc:
        raise FileReadError(
            f"not valid JSON ({exc} is not a number)", NOT_A_NUMBER, detail=str(exc)
        ) from None
    except ValueError:  # an integer longer than Python's limit on digits
        raise FileReadError("a number in it is too long to read", NUMBER_TOO_LONG) from None
    except RecursionError:
        raise NestedTooDeepError("nested too deeply", TOO_DEEP) from None
    except MemoryError:
        raise FileReadError("too big to read", TOO_BIG) from None


def read_json(path: str | Path, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> object:
    """A bounded JSON file (see the module's docstring); FileReadError saying what is wrong."""
    return loads(read_bytes(path, max_bytes), max_depth)


def fsync_directory(directory: str | Path) -> None:
    """Make a rename in ``directory`` durable (where the system allows it)."""
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a directory; the rename itself is still atomic
    finally:
        os.close(fd)


PRIVATE = 0o700  # a directory only its owner may list or enter


def private_directory(path: str | Path) -> None:
    """Make ``path`` a directory that only its owner may list or enter (its missing parents as
    usual): a new one is created 0700; one that exists and belongs to this user loses what its
    group and others may do. A file system that refuses to change permissions (FAT, some network
    shares, a directory of someone else) leaves it as it is: that is never an error. OSError
    when the directory cannot be made at all (a file in its place, no permission)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        path.mkdir(mode=PRIVATE)
    except FileExistsError:
        if not path.is_dir():
            raise
    owner = getattr(os, "geteuid", None)
    try:
        info = os.stat(path)
        mode = stat.S_IMODE(info.st_mode)
        if owner is not None and info.st_uid == owner() and mode & 0o077:
            os.chmod(path, mode & ~0o077)
    except OSError:
        pass  # the files in it are the owner's alone (0600) all the same


def private_folders(folder: str | Path) -> None:
    """Make ``folder`` and whichever of its parents are missing, each new one its owner's alone
    (``mkdir(parents=True)`` would give the parents the usual permissions); those that exist
    keep theirs."""
    folder = Path(folder)
    for each in (*reversed(folder.parents), folder):
        if not each.is_dir():
            each.mkdir(mode=PRIVATE, exist_ok=True)


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file, a rename and a sync of the directory:
    never half a file, and the old content stays whole until the new one is complete."""
    path = Path(path)
    private_folders(path.parent)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    fsync_directory(path.parent)


def remove_stale_temporaries(directory: str | Path) -> int:
    """Delete the temporary files an interrupted :func:`write_atomic` left in ``directory``
    (call it only while no other process writes there); how many were removed."""
    removed = 0
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return 0
    for entry in entries:
        try:
            if _TEMP_NAME.match(entry.name) and entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


MAX_ASIDE = 999  # at most this many copies of one file are set aside (damaged, backups)


def aside_name(path: Path, kind: str, companions: tuple[str, ...] = ()) -> Path:
    """The first free name to set ``path`` aside under: NAME.KIND, then NAME.KIND.2, … (free
    together with the companion files NAME.KIND+suffix). OSError when MAX_ASIDE are taken."""
    for n in range(1, MAX_ASIDE + 1):
        target = path.with_name(f"{path.name}.{kind}" + (f".{n}" if n > 1 else ""))
        names = [target, *(target.with_name(target.name + c) for c in companions)]
        if not any(os.path.lexists(p) for p in names):
            return target
    raise OSError(f"there are already {MAX_ASIDE} {kind} copies of {path.name}")


def move_aside(path: Path, kind: str, companions: tuple[str, ...] = ()) -> Path:
    """Set ``path`` aside under its first free name of ``kind`` (:func:`aside_name`), never over
    another file; the new path. OSError when it cannot be moved."""
    target = aside_name(path, kind, companions)
    move_without_replacing(path, target)
    return target


def move_without_replacing(source: Path, target: Path) -> None:
    """Rename ``source`` to ``target`` but never over something already there: a hard link then
    an unlink; a plain rename (after checking the name is free) where no link can be made."""
    try:
        os.link(source, target, follow_symlinks=False)
    except FileExistsError:
        raise OSError(f"{target.name} appeared meanwhile") from None
    except OSError:  # no hard links here, or a directory: one game holds the directory
        if os.path.lexists(target):
            raise
        os.rename(source, target)
        return
    os.unlink(source)
