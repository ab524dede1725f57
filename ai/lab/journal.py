"""The arena's journal: every deal played, one JSON line each, so that a stopped run goes on where
it stopped (``tarocchino arena ... --journal FILE``).

The first line is a header naming the run (the bots as their specs say them, with the options
that reach them, the seed, the signals, the deals or the sequential test's bounds); each line
after it is one deal's result, in deal order from deal 0, written and synced as it comes. A
journal is read back whole, checked against the run's header, and its deals are handed back in
order; only a last line cut off mid-write (a crash) is dropped, and anything else that is wrong
is refused before the file is touched.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

from game import files
from game.files import FileMissingError, FileReadError

FORMAT = "tarocchino arena journal"
VERSION = 1
MAX_BYTES = 64 << 20  # about 30,000 deals of the hard level with their decision times
MAX_DEPTH = 4  # a deal's line nests three levels deep

# Why a journal is refused: the codes of a JournalError, with the facts each names.
UNREADABLE = "unreadable"  # cause: the FileReadError
NOT_JSON = "not json"  # line; cause: the FileReadError
NOT_A_HEADER = "not a header"  # its first line is not an arena journal's header
NOT_A_DEAL = "not a deal"  # line
OUT_OF_ORDER = "out of order"  # line, found, expected (deal indices from 0)
TOO_MANY = "too many"  # limit: more deals than the run plays
OTHER_RUN = "other run"  # key, journal, run (the values as JSON)
CANNOT_WRITE = "cannot write"  # cause: the OSError

# A deal's fields beside its index: pairs of whole numbers (A's, B's), and pairs of lists.
_NUMBERS = ("margins", "faults", "takeovers")
_LISTS = {"times_ms": float, "fault_notes": str}
_TORN = (files.NOT_JSON, files.EMPTY, files.NOT_UTF8)  # what a line cut off mid-write gives


class JournalError(ValueError):
    """A journal that cannot be read, or is not this run's, or cannot be written: a code above
    and its facts, for the text layer to say in words."""

    def __init__(self, reason: str, cause: BaseException | None = None, **facts: int | str) -> None:
        super().__init__(f"journal: {reason} {facts} {cause or ''}".strip())
        self.reason = reason
        self.cause = cause
        self.facts = facts


def header(a: object, b: object, seed: int, signals: bool, **test: object) -> dict[str, Any]:
    """What a journal's deals belong to: the bots (``str`` of their specs, which hold the
    options given to every bot, such as ``--budget``), the seed, the signals and ``test``: the
    deals of a plain run, or the sequential test's bounds."""
    return {
        "journal": FORMAT,
        "version": VERSION,
        "a": str(a),
        "b": str(b),
        "seed": seed,
        "signals": signals,
        **test,
    }


def _line(value: dict[str, Any]) -> bytes:
    return (json.dumps(value, separators=(",", ":"), allow_nan=False) + "\n").encode()


def _kind(value: object, kind: type) -> bool:
    """Whether ``value`` is of JSON's ``kind`` (a float may be written as a whole number)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, (int, float) if kind is float else kind)


def _deal(value: object) -> dict[str, Any] | None:
    """The fields of a deal's result from its line (pairs as tuples), or None if it is not one."""
    fields = {"index", *_NUMBERS, *_LISTS}
    if not isinstance(value, dict) or set(value) != fields or not _kind(value["index"], int):
        return None
    deal: dict[str, Any] = {"index": value["index"]}
    for name in fields - {"index"}:
        pair = value[name]
        if not (isinstance(pair, list) and len(pair) == 2):
            return None
        if name in _NUMBERS:
            whole = all(_kind(item, int) for item in pair)
        else:
            kind = _LISTS[name]
            whole = all(isinstance(its, list) and all(_kind(i, kind) for i in its) for its in pair)
        if not whole:
            return None
        deal[name] = (pair[0], pair[1])
    return deal


def _torn_header(line: bytes) -> bool:
    """Whether ``line`` may be a journal's header cut off mid-write (not another file's line)."""
    mark = _line({"journal": FORMAT})[:-2]
    return mark.startswith(line) or line.startswith(mark)


class Journal:
    """A journal opened for a run: the deals already in it (``deals``, the fields of each
    result), then, inside ``with``, the file open to add each new deal."""

    def __init__(self, path: str | Path | None, head: dict[str, Any], limit: int) -> None:
        """Read the journal at ``path`` (none: a run without one) and check it against ``head``
        and the number of deals the run plays at most; JournalError when it is refused."""
        self.path, self.head = None if path is None else Path(path), head
        self.deals: list[dict[str, Any]] = []
        self.kept = 0  # bytes of the file to keep: the header and the whole deals
        self._fd: int | None = None
        if self.path is None:
            return
        try:
            data = files.read_bytes(self.path, MAX_BYTES)
        except FileMissingError:
            return
        except FileReadError as exc:
            raise JournalError(UNREADABLE, exc) from None
        *lines, torn = data.split(b"\n")  # torn: what follows the last line's end
        values = []
        for n, line in enumerate(lines):
            try:
                values.append(files.loads(line, MAX_DEPTH))
            except FileReadError as exc:
                if n < len(lines) - 1 or torn or exc.reason not in _TORN:
                    if n == 0:
                        raise JournalError(NOT_A_HEADER) from None
                    raise JournalError(NOT_JSON, exc, line=n + 1) from None
                torn = line  # the last line, ended but not whole: a crash too
        if not values:
            if torn and not _torn_header(torn):
                raise JournalError(NOT_A_HEADER)
            return
        self._check_header(values[0])
        for n, value in enumerate(values[1:]):
            deal = _deal(value)
            if deal is None:
                raise JournalError(NOT_A_DEAL, line=n + 2)
            if deal["index"] != n:
                raise JournalError(OUT_OF_ORDER, line=n + 2, found=deal["index"], expected=n)
            if n >= limit:
                raise JournalError(TOO_MANY, limit=limit)
            self.deals.append(deal)
        self.kept = sum(len(line) + 1 for line in lines[: len(values)])

    def _check_header(self, value: object) -> None:
        """JournalError unless ``value`` is the header of this run's journal."""
        marks = (FORMAT, VERSION)
        if not isinstance(value, dict) or (value.get("journal"), value.get("version")) != marks:
            raise JournalError(NOT_A_HEADER)
        for key in [*self.head, *(key for key in value if key not in self.head)]:
            theirs, ours = (json.dumps(v.get(key)) for v in (value, self.head))
            if theirs != ours:
                raise JournalError(OTHER_RUN, key=key, journal=theirs, run=ours)

    def __enter__(self) -> Journal:
        """Open the file to add deals: a new one gets its header (in one write, synced); a
        last line cut off mid-write is dropped."""
        if self.path is None:
            return self
        try:
            flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_CLOEXEC", 0)
            self._fd = os.open(self.path, flags, 0o666)
            os.ftruncate(self._fd, self.kept)
            os.lseek(self._fd, self.kept, os.SEEK_SET)
        except OSError as exc:
            self.__exit__()
            raise JournalError(CANNOT_WRITE, exc) from None
        if not self.kept:
            self._write(_line(self.head))
            files.fsync_directory(self.path.parent)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def add(self, result: Any) -> None:
        """Add one deal's result (a dataclass with a deal's fields), synced before it returns."""
        if self._fd is not None:
            self._write(_line(dataclasses.asdict(result)))

    def _write(self, line: bytes) -> None:
        assert self._fd is not None
        try:
            while line:
                line = line[os.write(self._fd, line) :]
            os.fsync(self._fd)
        except OSError as exc:
            raise JournalError(CANNOT_WRITE, exc) from None
