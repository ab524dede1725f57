"""Who has taken which seat of a hosted table, kept beside its autosave so that a restarted host
knows its players again: each seat's name, whether a person or a bot took it, and a hash of its
token (never the token itself: the file lets nobody in); and which decisions a stand-in bot made
for them (``stand_ins``, as a game record holds them), so the review of the match marks them
after a restart too."""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from pathlib import Path

from game.files import FileMissingError, FileReadError, read_json, write_atomic
from game.record import StandIns, to_json_stand_ins
from net.protocol import BOT, MAX_LEVEL, PERSON, ProtocolError, check_name
from text.language import _

CLAIMS_FILE = "seats.json"
FORMAT = "tarocchino-table-seats"
VERSION = 1
MAX_BYTES = 1 << 20  # the seats, and the stand-ins' decisions: up to ~1.3 KB a hand


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True, slots=True)
class Claim:
    """A seat taken by a connection: its player's name, PERSON or BOT, a bot's name, and the
    hash of the seat's token."""

    name: str
    player: str
    level: str | None
    token_sha256: str

    def opens(self, token: str) -> bool:
        """Whether ``token`` is this seat's (compared in constant time)."""
        return hmac.compare_digest(self.token_sha256, token_hash(token))

    def to_json(self) -> dict:
        return {
            "name": self.name,
            "player": self.player,
            "level": self.level,
            "token_sha256": self.token_sha256,
        }

    @classmethod
    def from_json(cls, data: object) -> Claim:
        if not isinstance(data, dict) or set(data) != {"name", "player", "level", "token_sha256"}:
            raise ValueError("a seat must have name, player, level and token_sha256")
        player, level, digest = data["player"], data["level"], data["token_sha256"]
        if player not in (PERSON, BOT):
            raise ValueError(f"unknown player {str(player)[:20]!r}")
        if level is not None and not (isinstance(level, str) and 0 < len(level) <= MAX_LEVEL):
            raise ValueError("bad bot name")
        if not (
            isinstance(digest, str)
            and len(digest) == 64
            and all(c in "0123456789abcdef" for c in digest)
        ):
            raise ValueError("bad token hash")
        try:
            name = check_name(data["name"])
        except ProtocolError as exc:
            raise ValueError(str(exc)) from None
        return cls(name, player, level, digest)


class ClaimStore:
    """The claims file of one table directory."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / CLAIMS_FILE

    def read(self) -> list[Claim | None]:
        """The four seats' claims (None for a seat nobody has taken). A missing file is four open
        seats; a damaged one raises ValueError saying why."""
        try:
            data = read_json(self.path, MAX_BYTES)
        except FileMissingError:
            return [None] * 4
        except FileReadError as exc:
            raise ValueError(
                _("cannot read {file}: {why}").format(file=CLAIMS_FILE, why=exc)
            ) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(_("{file} is not a table's seats file").format(file=CLAIMS_FILE))
        if data.get("version") != VERSION:
            raise ValueError(_("{file}: unsupported version").format(file=CLAIMS_FILE))
        seats = data.get("seats")
        if not isinstance(seats, list) or len(seats) != 4:
            raise ValueError(_("{file} must list four seats").format(file=CLAIMS_FILE))
        return [None if s is None else Claim.from_json(s) for s in seats]

    def write(self, claims: list[Claim | None], stand_ins: StandIns | None = None) -> None:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "seats": [None if c is None else c.to_json() for c in claims],
        }
        marks = to_json_stand_ins(stand_ins or {})
        if marks:
            data["stand_ins"] = marks
        write_atomic(self.path, json.dumps(data, indent=1) + "\n")

    def read_stand_ins(self) -> object:
        """The stand-ins' decisions as written (to be checked against the match: see
        :func:`game.record.stand_ins_from_json`); {} when there are none or no file."""
        try:
            data = read_json(self.path, MAX_BYTES)
        except FileReadError:
            return {}
        return data.get("stand_ins", {}) if isinstance(data, dict) else {}

    def clear(self) -> None:
        self.path.unlink(missing_ok=True)
