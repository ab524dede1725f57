"""Game records: a versioned JSON document that replays a match move by move.

Version 2 holds the rules, the seed (or ``null``), the first dealer, the shuffle of every hand dealt
when the match has no seed, and every action in text form, with a checksum over all of it. Version 1
records (always seeded, no shuffles) still replay. Writes are atomic; a damaged record raises
RecordError naming what is wrong, never another exception."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from game.errors import IllegalActionError, RecordError
from game.files import FileReadError, clip, clip_path, read_json, shorten, write_atomic
from game.files import loads as loads_json
from game.match import Match
from game.rules import Rules

__all__ = ["FORMAT", "VERSION", "to_json", "from_json", "dumps", "loads", "save", "load",
           "write_atomic"]

FORMAT = "tarocchino-record"
VERSION = 2
READABLE = (1, 2)  # the versions this code replays
_KEYS = {1: ("rules", "seed", "first_dealer", "actions", "sha256"),
         2: ("rules", "seed", "first_dealer", "shuffles", "actions", "sha256")}


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
        "shuffles": list(match.shuffles),
        "actions": list(match.actions),
    }
    return {**body, "sha256": _checksum(body)}


def _is_int(value: object) -> bool:
    return type(value) is int  # not True/False, which Python counts as 1 and 0


def _header(data: object) -> int:
    """The record's version after checking its format, keys and checksum."""
    if not isinstance(data, dict):
        raise RecordError("not a game record (expected a JSON object)")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a game record (format is {shorten(data.get('format'))})")
    version = data.get("version")
    if not _is_int(version) or version not in READABLE:
        raise RecordError(f"unsupported record version {shorten(version)} (this is {VERSION})")
    missing = [k for k in _KEYS[version] if k not in data]
    if missing:
        raise RecordError(f"record is missing {', '.join(missing)}")
    extra = sorted(set(data) - {"format", "version", *_KEYS[version]})
    if extra:
        raise RecordError(f"record has unknown fields: {clip(', '.join(map(str, extra)))}")
    body = {k: v for k, v in data.items() if k != "sha256"}
    if data["sha256"] != _checksum(body):
        raise RecordError("record checksum does not match: the file was edited or damaged")
    return version


def from_json(data: object) -> Match:
    """Rebuild a match by replaying a record; raises RecordError naming what is wrong."""
    version = _header(data)
    assert isinstance(data, dict)
    seed, dealer, actions = data["seed"], data["first_dealer"], data["actions"]
    shuffles = data.get("shuffles", [])
    if version == 1 and not _is_int(seed):
        raise RecordError(f"bad seed {shorten(seed)}")
    if not _is_int(dealer):
        raise RecordError(f"bad first dealer {shorten(dealer)}")
    if not isinstance(shuffles, list):
        raise RecordError("shuffles must be a list")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("actions must be a list of strings")
    try:
        match = Match(seed, Rules.from_json(data["rules"]), dealer, shuffles=shuffles)
    except (TypeError, ValueError) as exc:
        raise RecordError(f"bad record: {clip(str(exc))}") from None
    _check_shuffles(match, shuffles)
    for i, text in enumerate(actions, 1):
        try:
            match.apply(text)
        except IllegalActionError as exc:
            raise RecordError(f"action {i} ({shorten(text)}) cannot be replayed: {exc}") from None
        _check_shuffles(match, shuffles)
    if len(match.shuffles) < len(shuffles):
        raise RecordError(f"the record has {len(shuffles)} shuffles for "
                          f"{len(match.shuffles)} hands dealt")
    return match


def _check_shuffles(match: Match, recorded: list) -> None:
    """A match without a seed must deal only the recorded shuffles, never fresh ones."""
    if len(match.shuffles) > len(recorded):
        raise RecordError(f"the record lacks the shuffle of hand {len(match.shuffles)}")


def dumps(match: Match) -> str:
    return json.dumps(to_json(match), indent=1)


def loads(text: str) -> Match:
    try:
        data = loads_json(text)
    except FileReadError as exc:
        raise RecordError(f"cannot read the record: {exc}") from None
    return from_json(data)


def save(match: Match, path: str | Path) -> None:
    write_atomic(path, dumps(match))


def load(path: str | Path) -> Match:
    """The match of the record file at ``path``; every RecordError names the file."""
    where = f"cannot read record {clip_path(path)}"
    try:
        return from_json(read_json(path))
    except (FileReadError, RecordError) as exc:
        raise RecordError(f"{where}: {exc}") from None
