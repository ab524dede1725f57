"""The autosave: a versioned JSON file with the seats and the game record, written atomically after
every action and read back by replaying the record."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from game.errors import IllegalActionError, RecordError
from game.match import Match
from game.record import from_json, to_json, write_atomic
from game.rules import Rules
from tui.session import Seat, Session, valid_kind

SAVE_FILE = "autosave.json"
FORMAT = "tarocchino-save"
VERSION = 1


class SaveError(ValueError):
    """A save file that cannot be read; the message says why, in words."""


@dataclass(frozen=True, slots=True)
class SaveInfo:
    """What the start screen says about a saved match."""

    seats: tuple[Seat, ...]
    hand_number: int
    scores: tuple[int, int]
    target: int


def to_save_json(session: Session) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "seats": [{"kind": s.kind, "name": s.name} for s in session.seats],
        "record": to_json(session.match),
    }


def _seats(data: object) -> tuple[Seat, ...]:
    if not isinstance(data, list) or len(data) != 4:
        raise SaveError("the save must list four seats")
    seats = []
    for item in data:
        if not isinstance(item, dict) or not valid_kind(item.get("kind")):
            raise SaveError(f"bad seat in the save: {item!r}")
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            raise SaveError(f"bad seat name in the save: {name!r}")
        seats.append(Seat(item["kind"], name.strip()[:16]))
    return tuple(seats)


def from_save_json(data: object) -> Session:
    """Rebuild the session by replaying the record; SaveError naming what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("this is not a Tarocchino save file")
    if data.get("version") != VERSION:
        raise SaveError(f"unsupported save version {data.get('version')!r} (this is {VERSION})")
    seats = _seats(data.get("seats"))
    record = data.get("record")
    try:
        replayed = from_json(record)  # validates the checksum and every action
    except RecordError as exc:
        raise SaveError(str(exc)) from None
    assert isinstance(record, dict)
    try:
        fresh = Match(replayed.seed, Rules.from_json(record["rules"]), replayed.first_dealer)
        session = Session.replay(seats, fresh, list(replayed.actions))
    except (IllegalActionError, ValueError) as exc:
        raise SaveError(str(exc)) from None
    if session.match.winner is not None:
        raise SaveError("the saved match is already over")
    return session


class SaveStore:
    """The autosave file in one directory."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    @property
    def path(self) -> Path:
        return self.directory / SAVE_FILE

    def exists(self) -> bool:
        return self.path.is_file()

    def write(self, session: Session) -> None:
        """Save the session now (a finished match clears the save instead)."""
        if session.match.winner is not None:
            self.clear()
            return
        write_atomic(self.path, json.dumps(to_save_json(session), indent=1) + "\n")

    def read(self) -> Session:
        """The saved session; SaveError (never a traceback) when the file is missing or damaged."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise SaveError("there is no saved match") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise SaveError(f"cannot read {self.path}: {exc}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            where = f"{exc.msg} at line {exc.lineno}"
            raise SaveError(f"the save is not valid JSON ({where})") from None
        return from_save_json(data)

    def info(self) -> SaveInfo:
        """A summary of the saved match (replays it, so it also validates it)."""
        session = self.read()
        m = session.match
        return SaveInfo(session.seats, m.hand_number, (m.scores[0], m.scores[1]), m.rules.target)

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)

    def set_aside(self) -> Path | None:
        """Move a damaged save out of the way (kept as autosave.json.damaged for inspection)."""
        if not self.exists():
            return None
        target = self.path.with_name(SAVE_FILE + ".damaged")
        try:
            self.path.replace(target)
        except OSError:
            self.clear()
            return None
        return target
