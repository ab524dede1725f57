"""The autosave: a versioned JSON file with the seats and the game record, written atomically after
every action and read back (bounded in size and depth) by replaying the record.

A save that cannot be read is set aside as ``autosave.json.damaged`` (then ``.damaged.2``, …) and a
saved match replaced by a new one is kept as ``autosave.json.backup`` (then ``.backup.2``, …):
nothing is overwritten."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from game.errors import IllegalActionError, ReasonedError, RecordError
from game.files import (
    FileMissingError,
    FileReadError,
    aside_name,
    move_aside,
    read_json,
    shorten,
    write_atomic,
)
from game.phase import Phase
from game.record import from_json, to_json
from table.session import Seat, Session, valid_kind

SAVE_FILE = "autosave.json"
FORMAT = "tarocchino-save"
VERSION = 1
DAMAGED, BACKUP = "damaged", "backup"

# Why a save cannot be read: the codes of a SaveError, with the facts each names.
NO_SAVE = "no save"
UNREADABLE = "unreadable"  # cause: the FileReadError
NOT_A_SAVE = "not a save"
OTHER_VERSION = "other version"  # value, version
NOT_FOUR_SEATS = "not four seats"
BAD_SEAT = "bad seat"  # value
BAD_NAME = "bad name"  # value
SAME_NAMES = "same names"
NOT_REPLAYED = "not replayed"  # cause: the RecordError or IllegalActionError
OVER = "over"


class SaveError(ReasonedError):
    """A save file that cannot be read (``reason``: a code above; ``cause``: the file's error,
    the record's)."""


@dataclass(frozen=True, slots=True)
class Kept:
    """What became of the saved match before a new one: kept as ``moved`` (a backup, or set
    aside when it was ``damaged``: why it cannot be read), or left in place (``moved`` None:
    ``failure`` says why a backup could not be made)."""

    moved: Path | None
    damaged: SaveError | None = None
    failure: OSError | None = None


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """What the start screen says about a saved match."""

    seats: tuple[Seat, ...]
    hand_number: int
    scores: tuple[int, int]
    target: int
    phase: Phase | None = None  # where the hand is; None once it is over (its sheet comes first)
    tricks_done: int = 0


def to_save_json(session: Session) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "seats": [{"kind": s.kind, "name": s.name} for s in session.seats],
        "record": to_json(session.match),
    }


def _seats(data: object) -> tuple[Seat, ...]:
    if not isinstance(data, list) or len(data) != 4:
        raise SaveError("the save must list four seats", NOT_FOUR_SEATS)
    kinds, names = [], []
    for item in data:
        if not isinstance(item, dict) or not valid_kind(item.get("kind")):
            raise SaveError(f"bad seat in the save: {shorten(item)}", BAD_SEAT, value=shorten(item))
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            raise SaveError(
                f"bad seat name in the save: {shorten(name)}", BAD_NAME, value=shorten(name)
            )
        kinds.append(item["kind"])
        names.append(name.strip()[:16])
    if len(set(names)) != 4:
        raise SaveError("the four names in the save must be different", SAME_NAMES)
    # a bot's kind is checked when the match resumes: one that can no longer be loaded is
    # replaced by a built-in level, so the match is not lost with it
    return tuple(Seat(k, n) for k, n in zip(kinds, names, strict=True))


def from_save_json(data: object) -> Session:
    """Rebuild the session by replaying the record; SaveError naming what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not a Tarocchino save file", NOT_A_SAVE)
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise SaveError(
            f"unsupported save version {shorten(version)} (this is {VERSION})",
            OTHER_VERSION,
            value=shorten(version),
            version=VERSION,
        )
    seats = _seats(data.get("seats"))
    try:
        replayed = from_json(data.get("record"))  # validates the checksum and every action
        session = Session.replay(seats, replayed.restart(), list(replayed.actions))
    except (RecordError, IllegalActionError) as exc:
        raise SaveError(str(exc), NOT_REPLAYED, exc) from None
    if session.match.winner is not None:
        raise SaveError("the saved match is already over", OVER)
    return session


class SaveStore:
    """The autosave file in one directory."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        # why the last save failed (said once): the error's type, number and file
        self._problem: tuple[type, int | None, object] | None = None

    @property
    def path(self) -> Path:
        return self.directory / SAVE_FILE

    def exists(self) -> bool:
        """Whether anything is at the save's path (a damaged file, a link or a FIFO too)."""
        return os.path.lexists(self.path)

    def write(self, session: Session) -> None:
        """Save the session now (a finished match clears the save instead)."""
        if session.match.winner is not None:
            self.clear()
            return
        write_atomic(self.path, json.dumps(to_save_json(session), indent=1) + "\n")

    def save(self, session: Session) -> OSError | bool | None:
        """:meth:`write`, and what to tell the player (the text layer says it,
        :func:`text.storage.tell_saved`): the error, the first time a problem is met (the game
        goes on unsaved); True once it saves again; None when there is nothing new to say."""
        try:
            self.write(session)
        except OSError as exc:
            problem = (type(exc), exc.errno, exc.filename)
            if problem == self._problem:
                return None
            self._problem = problem
            return exc
        if self._problem is not None:
            self._problem = None
            return True
        return None

    def read(self) -> Session:
        """The saved session; SaveError (never a traceback) when the file is missing or damaged."""
        try:
            data = read_json(self.path)
        except FileMissingError:
            raise SaveError("there is no saved match", NO_SAVE) from None
        except FileReadError as exc:
            raise SaveError(f"cannot read {SAVE_FILE}: {exc}", UNREADABLE, exc) from None
        return from_save_json(data)

    def info(self) -> SaveInfo:
        """A summary of the saved match (replays it, so it also validates it)."""
        session = self.read()
        m = session.match
        if session.results and m.phase == Phase.DISCARD:  # resumed, the last sheet comes first
            return SaveInfo(
                session.seats, m.hand_number - 1, (m.scores[0], m.scores[1]), m.rules.target
            )
        return SaveInfo(
            session.seats,
            m.hand_number,
            (m.scores[0], m.scores[1]),
            m.rules.target,
            m.phase,
            len(m.hand.tricks),
        )

    def clear(self) -> None:
        try:
            self.path.unlink(missing_ok=True)
        except IsADirectoryError:
            pass  # not ours to remove; reading it says what is wrong

    def set_aside(self) -> Path | None:
        """Move a damaged save out of the way (kept for inspection under a new name); None when
        there is nothing to move or it cannot be moved. Never raises."""
        if not self.exists():
            return None
        try:
            return move_aside(self.path, DAMAGED)
        except OSError:
            return None

    def keep_as_backup(self) -> Kept | None:
        """Before a new match: keep the saved match as a backup (a damaged one is set aside);
        what became of it (the text layer says it: :func:`text.storage.kept_words`), or None
        when there was nothing saved."""
        if not self.exists():
            return None
        try:
            self.info()
        except SaveError as exc:
            return Kept(self.set_aside(), exc)
        try:
            return Kept(move_aside(self.path, BACKUP))
        except OSError as exc:
            return Kept(None, failure=exc)

    def next_backup_name(self) -> str:
        """The name the saved match will be kept under when a new match replaces it."""
        try:
            return aside_name(self.path, BACKUP).name
        except OSError:
            return f"{SAVE_FILE}.{BACKUP}"
