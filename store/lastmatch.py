"""The note of the last finished match, beside the autosave: who won, the score, when, and the
match's identity in the statistics (to open its review); or, for a match played at another
person's table over the network (its record is in the host's statistics), that table's address.

The autosave is cleared when a match ends, and the statistics database may be locked for a while
or damaged; this small file (written atomically, read bounded) is what the start screen reads to
say how the last match ended. No Textual here."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeGuard

from game.files import (
    FileMissingError,
    FileReadError,
    NestedTooDeepError,
    move_aside,
    read_json,
    write_atomic,
)
from game.match import Match
from game.seats import seats_of
from store.stats import FinishedMatch
from store.statsschema import uid
from table.names import name_problem

NOTE_FILE = "lastmatch.json"
FORMAT = "tarocchino-last-match"
VERSION = 1
MAX_BYTES = 4096  # a note is about 400 bytes
MAX_NAME = 40  # characters of a name (the statistics keep as many)
MAX_TABLE = 262  # characters of a table's address: a host name (253 at most) and ":7800"
MAX_SCORE = 1_000_000
UID = re.compile(r"[0-9a-f]{64}")
DAMAGED = "damaged"


# Why the note cannot be read: the codes of a NoteError (each its message too).
NOT_A_NOTE = "not a note"
OTHER_VERSION = "another version"
BAD_NAMES = "bad names"
BAD_SCORES = "bad scores"
BAD_WINNER = "bad winner"
BAD_TARGET = "bad target or hands"
BAD_TIME = "bad time"
BAD_TABLE = "bad table"
BAD_IDENTITY = "bad match identity"
TOO_DEEP = "nested too deeply"
UNREADABLE = "unreadable"  # cause: the FileReadError
UNEXPECTED = "unexpected"  # cause: an error no check foresaw


class NoteError(ValueError):
    """A note that cannot be read. The message says why in a few words ("too big"), for logs; a
    player reads the words the text layer makes of ``reason`` (a code above) and ``cause``."""

    def __init__(self, reason: str, cause: Exception | None = None) -> None:
        if reason == UNREADABLE:
            message = str(cause).split(" (")[0]  # "too big": no details
        elif reason == UNEXPECTED:
            message = f"unexpected {type(cause).__name__}"
        else:
            message = reason
        super().__init__(message)
        self.reason = reason
        self.cause = cause


@dataclass(frozen=True, slots=True)
class LastMatch:
    """How a match ended: the four names by seat, the final scores by side, the winning side."""

    names: tuple[str, str, str, str]
    scores: tuple[int, int]
    winner: int  # 0: seats 1 and 3, 1: seats 2 and 4
    target: int
    hands: int
    ended_at: datetime  # aware
    uid: str | None  # the match's identity in the statistics (store.statsschema.uid); None ...
    table: str | None = None  # ... for a match joined at this table (the host records it)

    @classmethod
    def of(cls, finished: FinishedMatch, match: Match) -> LastMatch:
        """From the finished match handed to the statistics, and its engine's match."""
        if match.winner is None:
            raise ValueError("the match is not over")
        names = tuple(s.name for s in finished.seats)
        assert len(names) == 4
        return cls(
            names,
            (match.scores[0], match.scores[1]),
            match.winner,
            match.rules.target,
            len(match.results),
            datetime.fromisoformat(finished.ended_at),
            uid(finished.record, finished.seats),
        )

    @classmethod
    def joined(
        cls,
        names: tuple[str, ...],
        scores: tuple[int, int],
        winner: int,
        target: int,
        hands: int,
        table: str,
    ) -> LastMatch:
        """A match played to its end at another person's table (``table``: its address),
        ending now; its record is the host's."""
        assert len(names) == 4
        return cls(
            names,
            scores,
            winner,
            target,
            hands,
            datetime.now(UTC).replace(microsecond=0),
            None,
            table,
        )

    def side(self, side: int) -> str:
        """ "Anna & Carla"."""
        return " & ".join(self.names[seat] for seat in seats_of(side))

    def to_json(self) -> dict:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "names": list(self.names),
            "scores": list(self.scores),
            "winner": self.winner,
            "target": self.target,
            "hands": self.hands,
            "ended_at": self.ended_at.isoformat(timespec="seconds"),
            "uid": self.uid,
        }
        if self.table is not None:
            data["table"] = self.table
        return data

    @classmethod
    def from_json(cls, data: object) -> LastMatch:
        """NoteError naming what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise NoteError(NOT_A_NOTE)
        if data.get("version") != VERSION or type(data.get("version")) is not int:
            raise NoteError(OTHER_VERSION)
        names = data.get("names")
        if (
            not isinstance(names, list)
            or len(names) != 4
            or len(set(map(str, names))) != 4
            or not all(_name(n) for n in names)
        ):
            raise NoteError(BAD_NAMES)
        scores = data.get("scores")
        if not isinstance(scores, list) or len(scores) != 2 or not all(_count(s) for s in scores):
            raise NoteError(BAD_SCORES)
        winner, target, hands = data.get("winner"), data.get("target"), data.get("hands")
        if winner not in (0, 1) or type(winner) is not int:
            raise NoteError(BAD_WINNER)
        if not _count(target) or not _count(hands) or not hands:
            raise NoteError(BAD_TARGET)
        try:
            ended_at = datetime.fromisoformat(str(data.get("ended_at"))[:40])
        except ValueError:
            raise NoteError(BAD_TIME) from None
        if ended_at.tzinfo is None:
            raise NoteError(BAD_TIME)
        key, table = data.get("uid"), data.get("table")
        if table is not None and not (
            isinstance(table, str)
            and 0 < len(table) <= MAX_TABLE
            and table.isprintable()
            and " " not in table
        ):
            raise NoteError(BAD_TABLE)
        if not (isinstance(key, str) and UID.fullmatch(key)) and not (key is None and table):
            raise NoteError(BAD_IDENTITY)
        return cls(
            tuple(names),
            tuple(scores),
            winner,
            target,
            hands,
            ended_at,
            key,
            table,
        )


def _name(value: object) -> bool:
    return (
        isinstance(value, str)
        and 0 < len(value) <= MAX_NAME
        and value.strip() == value
        and name_problem(value) is None
    )  # (nothing unprintable, nothing invisible)


def _count(value: object) -> TypeGuard[int]:
    return type(value) is int and 0 <= value <= MAX_SCORE


class LastMatchNote:
    """The note file in one directory (the data directory)."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / NOTE_FILE

    def write(self, finished: FinishedMatch, match: Match) -> None:
        """Note how the match ended. Never raises: when it cannot be written, an older note is
        removed rather than left to name another match as the last one."""
        try:
            last = LastMatch.of(finished, match)
        except ValueError:
            last = None
        self.put(last)

    def put(self, last: LastMatch | None) -> None:
        """Note ``last`` (None: a match that cannot be noted). Never raises (as ``write``)."""
        try:
            if last is None:
                raise ValueError("nothing to note")
            text = json.dumps(last.to_json(), indent=1) + "\n"
            write_atomic(self.path, text)
        except (OSError, ValueError):
            try:
                if self.path.is_file():
                    self.path.unlink()
            except OSError:
                pass

    def read(self) -> LastMatch | None:
        """The last match noted, None when there is none; NoteError saying what is wrong."""
        try:
            data = read_json(self.path, max_bytes=MAX_BYTES, max_depth=4)
        except FileMissingError:
            return None
        except NestedTooDeepError:
            raise NoteError(TOO_DEEP) from None
        except FileReadError as exc:
            raise NoteError(UNREADABLE, exc) from None
        return LastMatch.from_json(data)

    def set_aside(self) -> Path | None:
        """Move a damaged note out of the way (kept under a new name); None when it cannot be."""
        try:
            return move_aside(self.path, DAMAGED)
        except OSError:
            return None

    def read_telling(self) -> tuple[LastMatch | None, tuple[NoteError, bool] | None]:
        """The last match noted, or why not: the problem (a NoteError) and whether the note
        was set aside (as lastmatch.json.damaged, …, so it is said once; the text layer says it,
        :func:`text.lastmatch.unread_note`). Never raises."""
        try:
            return self.read(), None
        except NoteError as exc:
            problem = exc
        except (OSError, ValueError, RecursionError) as exc:  # never a traceback on the start
            problem = NoteError(UNEXPECTED, exc)
        moved = self.set_aside() if os.path.lexists(self.path) else None
        return None, (problem, moved is not None)
