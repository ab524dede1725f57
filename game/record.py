"""Game records: a versioned JSON document (rules, seed, first dealer, actions) that replays a
match move by move. Writes are atomic; a damaged record raises RecordError, never a traceback."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path

from game.errors import IllegalActionError, RecordError
from game.match import Match
from game.rules import Rules

FORMAT = "tarocchino-record"
VERSION = 1


def _checksum(body: dict) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def to_json(match: Match) -> dict:
    """The record of a match so far."""
    body = {
        "format": FORMAT,
        "version": VERSION,
        "rules": match.rules.to_json(),
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "actions": list(match.actions),
    }
    return {**body, "sha256": _checksum(body)}


def from_json(data: object) -> Match:
    """Rebuild a match by replaying a record; raises RecordError naming what is wrong."""
    if not isinstance(data, dict):
        raise RecordError("not a game record (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a game record (format is {data.get('format')!r})")
    if data.get("version") != VERSION:
        raise RecordError(f"unsupported record version {data.get('version')!r} (this is {VERSION})")
    missing = [k for k in ("rules", "seed", "first_dealer", "actions", "sha256") if k not in data]
    if missing:
        raise RecordError(f"record is missing {', '.join(missing)}")
    body = {k: v for k, v in data.items() if k != "sha256"}
    if data["sha256"] != _checksum(body):
        raise RecordError("record checksum does not match: the file was edited or damaged")
    seed, dealer, actions = data["seed"], data["first_dealer"], data["actions"]
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"bad seed {seed!r}")
    if dealer not in range(4) or isinstance(dealer, bool):
        raise RecordError(f"bad first dealer {dealer!r}")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("actions must be a list of strings")
    try:
        match = Match(seed, Rules.from_json(data["rules"]), dealer)
    except ValueError as exc:
        raise RecordError(f"bad rules: {exc}") from None
    for i, text in enumerate(actions, 1):
        try:
            match.apply(text)
        except IllegalActionError as exc:
            raise RecordError(f"action {i} ({text!r}) cannot be replayed: {exc}") from None
    return match


def dumps(match: Match) -> str:
    return json.dumps(to_json(match), indent=1)


def loads(text: str) -> Match:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"record is not valid JSON ({exc.msg} at line {exc.lineno})") from None
    return from_json(data)


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: never half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save(match: Match, path: str | Path) -> None:
    write_atomic(path, dumps(match))


def load(path: str | Path) -> Match:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read record {path}: {exc}") from None
    return loads(text)
