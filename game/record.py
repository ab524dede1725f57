"""Game records: a versioned JSON document that replays a match move by move.

Version 2 holds the rules, the seed (or ``null``), the first dealer, the shuffle of every hand dealt
when the match has no seed, and every action in text form, with a checksum over all of it; a hosted
match's record may also say which decisions a stand-in bot made for an absent or idle person
(``stand_ins``: hand number -> index of the action in the hand, the discard 0 -> the bot's name,
or the bot's name and why it decided: the person was away, had left, or ran out of time; left out
when there are none), and a simulation's record which of its matches it is (``match``, 0 for the
first; left out elsewhere). A record of an older version is first converted to this shape
(:func:`_current`), then read as one of this version. Writes are atomic; a damaged record raises
RecordError naming what is wrong, never another exception."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from game import errors
from game.errors import IllegalActionError, RecordError
from game.files import FileReadError, clip, clip_path, read_json, shorten, write_atomic
from game.files import loads as loads_json
from game.match import Match
from game.rules import Rules

__all__ = [
    "FORMAT",
    "VERSION",
    "StandIn",
    "StandIns",
    "Recorded",
    "AWAY",
    "LEFT",
    "OUT_OF_TIME",
    "REASONS",
    "to_json",
    "from_json",
    "read",
    "dumps",
    "loads",
    "save",
    "load",
    "load_recorded",
    "stand_ins_from_json",
    "stand_in_from_json",
    "to_json_stand_ins",
    "write_atomic",
]

FORMAT = "tarocchino-record"
VERSION = 2
_KEYS = ("rules", "seed", "first_dealer", "shuffles", "actions", "sha256")
_OPTIONAL = ("stand_ins", "match")
_KEYS_1 = ("rules", "seed", "first_dealer", "actions", "sha256")  # version 1: no shuffles
MAX_BOT_NAME = 40  # characters of a stand-in bot's name
# Why a stand-in decided for a person: the person's connection was gone (away), the person had
# left the table on purpose, the person's time for the decision ran out (a table's turn limit).
AWAY, LEFT, OUT_OF_TIME = "away", "left", "time"
REASONS = (AWAY, LEFT, OUT_OF_TIME)
MAX_NUMBER = 10**18  # a simulation's match number is below this (its file name has 18 digits)


@dataclass(frozen=True, slots=True)
class StandIn:
    """A decision a stand-in bot made for a person: the bot's name and why (None: not said, as in
    a record written before the reason was kept)."""

    by: str
    why: str | None = None

    def to_json(self) -> str | dict[str, str]:
        """The bot's name alone when the reason is not known (the older form), else both."""
        return self.by if self.why is None else {"by": self.by, "why": self.why}


# hand number (0 for the first) -> index of the action in the hand (0: the dealer's discard) ->
# the stand-in bot that made that decision for the seat's person, and why
StandIns = Mapping[int, Mapping[int, StandIn]]


@dataclass(frozen=True, slots=True)
class Recorded:
    """A record read back: the match replayed, and the decisions stand-ins made in it."""

    match: Match
    stand_ins: dict[int, dict[int, StandIn]] = field(default_factory=dict)
    number: int | None = None  # which match of a `simulate` run it was (None: not one)


def _checksum(body: Mapping[str, object]) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode()).hexdigest()


def to_json(
    match: Match, stand_ins: StandIns | None = None, number: int | None = None
) -> dict[str, Any]:
    """The record of a match so far, with the decisions ``stand_ins`` made (by hand, then by
    the action's index in the hand), when there are any, and its ``number`` in a simulation."""
    body: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": match.rules.to_json(),
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "shuffles": list(match.shuffles),
        "actions": list(match.actions),
    }
    marks = to_json_stand_ins(stand_ins or {})
    if marks:
        body["stand_ins"] = marks
    if number is not None:
        body["match"] = number
    return {**body, "sha256": _checksum(body)}


def to_json_stand_ins(stand_ins: StandIns) -> dict[str, dict[str, str | dict[str, str]]]:
    """The stand-ins' decisions in JSON: the numbers in decimal, in order, no empty hand."""
    return {
        str(hand): {str(i): mark.to_json() for i, mark in sorted(made.items())}
        for hand, made in sorted(stand_ins.items())
        if made
    }


def _is_int(value: object) -> TypeGuard[int]:
    return type(value) is int  # not True/False, which Python counts as 1 and 0


def _check_fields(
    data: dict[str, Any], keys: tuple[str, ...], optional: tuple[str, ...] = ()
) -> None:
    """Every one of ``keys`` is there, nothing beside them and ``optional``, and the checksum
    is the one of what was written."""
    missing = [k for k in keys if k not in data]
    if missing:
        raise RecordError(
            f"record is missing {', '.join(missing)}",
            errors.MISSING_FIELDS,
            fields=", ".join(missing),
        )
    extra = sorted(set(data) - {"format", "version", *keys, *optional})
    if extra:
        fields = clip(", ".join(map(str, extra)))
        raise RecordError(
            f"record has unknown fields: {fields}", errors.UNKNOWN_FIELDS, fields=fields
        )
    body = {k: v for k, v in data.items() if k != "sha256"}
    if data["sha256"] != _checksum(body):
        raise RecordError(
            "record checksum does not match: the file was edited or damaged", errors.CHECKSUM
        )


def _current(data: object) -> object:
    """A record of an older version in the shape of this one, checked first as it was written
    (its fields and checksum): version 1, always seeded, gains its empty list of shuffles and is
    sealed again. Anything else is returned as it is, for :func:`read` to judge."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return data
    if not _is_int(data.get("version")) or data["version"] != 1:
        return data
    _check_fields(data, _KEYS_1)
    if not _is_int(data["seed"]):
        value = shorten(data["seed"])
        raise RecordError(f"bad seed {value}", errors.BAD_SEED, value=value)
    body = {k: v for k, v in data.items() if k != "sha256"}
    body.update(version=VERSION, shuffles=[])
    return {**body, "sha256": _checksum(body)}


def _check_header(data: object) -> None:
    """A record of this version: its format, version, fields and checksum."""
    if not isinstance(data, dict):
        raise RecordError("not a game record (expected a JSON object)", errors.NOT_OBJECT)
    if "format" not in data:
        raise RecordError(
            'not a game record (it has no "format": "tarocchino-record")', errors.NO_FORMAT
        )
    if data.get("format") != FORMAT:
        value = shorten(data.get("format"))
        raise RecordError(
            f"not a game record (format is {value})", errors.OTHER_FORMAT, value=value
        )
    version = data.get("version")
    if not _is_int(version) or version != VERSION:
        raise RecordError(
            f"unsupported record version {shorten(version)} (this is {VERSION})",
            errors.OTHER_VERSION,
            value=shorten(version),
            version=VERSION,
        )
    _check_fields(data, _KEYS, _OPTIONAL)


def from_json(data: object) -> Match:
    """Rebuild a match by replaying a record; raises RecordError naming what is wrong."""
    return read(data).match


def read(data: object) -> Recorded:
    """A record's match, replayed, and its stand-ins' decisions; raises RecordError naming what
    is wrong (a malformed ``stand_ins`` too). A record of an older version is converted first
    (:func:`_current`)."""
    data = _current(data)
    _check_header(data)
    assert isinstance(data, dict)
    seed, dealer = data["seed"], data["first_dealer"]
    shuffles, actions = data["shuffles"], data["actions"]
    number = data.get("match")  # left out when the record is not a simulation's
    if "match" in data and (not _is_int(number) or not 0 <= number < MAX_NUMBER):
        raise RecordError(
            f"bad match number {shorten(number)}", errors.BAD_MATCH_NUMBER, value=shorten(number)
        )
    if not _is_int(dealer):
        raise RecordError(
            f"bad first dealer {shorten(dealer)}", errors.BAD_DEALER, value=shorten(dealer)
        )
    if not isinstance(shuffles, list):
        raise RecordError("shuffles must be a list", errors.SHUFFLES_NOT_LIST)
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("actions must be a list of strings", errors.ACTIONS_NOT_TEXT)
    try:
        match = Match(seed, Rules.from_json(data["rules"]), dealer, shuffles=shuffles)
    except (TypeError, ValueError) as exc:
        detail = clip(str(exc))
        raise RecordError(f"bad record: {detail}", errors.BAD_RULES, detail=detail) from None
    _check_shuffles(match, shuffles)
    per_hand = [0]  # actions of each hand dealt
    for i, text in enumerate(actions, 1):
        try:
            ended = match.apply(text) is not None
        except IllegalActionError as exc:
            raise RecordError(
                f"action {i} ({shorten(text)}) cannot be replayed: {exc}",
                errors.NOT_REPLAYED,
                exc,
                index=i,
                action=shorten(text),
            ) from None
        _check_shuffles(match, shuffles)
        per_hand[-1] += 1
        if ended and match.winner is None:
            per_hand.append(0)
    if len(match.shuffles) < len(shuffles):
        raise RecordError(
            f"the record has {len(shuffles)} shuffles for {len(match.shuffles)} hands dealt",
            errors.SHUFFLES_LEFT,
            shuffles=len(shuffles),
            hands=len(match.shuffles),
        )
    return Recorded(match, stand_ins_from_json(data.get("stand_ins", {}), per_hand), number)


_ANY = 1 << 30  # a hand or action number far beyond any match's


def _number(key: object, below: int, what: str, reason: str, **facts: int) -> int:
    """A key of ``stand_ins``: a whole number in decimal, 0 to ``below`` - 1 (``what`` it is
    not, else: in words for logs, and ``reason`` and ``facts`` of the RecordError)."""
    if (
        not isinstance(key, str)
        or not 0 < len(key) <= 10
        or not key.isascii()
        or (not key.isdigit() or key != str(int(key)) or int(key) >= below)
    ):
        error = RecordError(f"stand_ins: {shorten(key)} is not {what}", reason)
        error.facts.update(facts, value=shorten(key))
        raise error
    return int(key)


def stand_ins_from_json(
    value: object, per_hand: list[int], *, beyond: bool = False
) -> dict[int, dict[int, StandIn]]:
    """The stand-ins' decisions (``stand_ins``) checked against the hands of a match
    (``per_hand``: the number of actions of each hand dealt): every hand and action named exists,
    every name is a bot's, every reason one of :data:`REASONS`; RecordError otherwise.
    ``beyond``: decisions after the match's last action are left out instead (the match may be a
    little behind the map, as a table's autosave can be)."""
    if not isinstance(value, dict):
        raise RecordError("stand_ins must be an object of hands", errors.STAND_INS_NOT_OBJECT)
    out: dict[int, dict[int, StandIn]] = {}
    for hand_key, made in value.items():
        hand = _number(
            hand_key,
            _ANY if beyond else len(per_hand),
            f"a hand of the record ({len(per_hand)} dealt)",
            errors.STAND_IN_HAND,
            dealt=len(per_hand),
        )
        if not isinstance(made, dict) or not made:
            raise RecordError(
                f"stand_ins of hand {hand + 1} must be an object of actions",
                errors.STAND_IN_ACTIONS,
                hand=hand + 1,
            )
        marks: dict[int, StandIn] = {}
        actions = per_hand[hand] if hand < len(per_hand) else 0
        for key, value in made.items():
            index = _number(
                key,
                _ANY if beyond else actions,
                f"an action of hand {hand + 1} ({actions} recorded)",
                errors.STAND_IN_ACTION,
                hand=hand + 1,
                recorded=actions,
            )
            mark = stand_in_from_json(value)
            if index < actions:
                marks[index] = mark
        if marks:
            out[hand] = marks
    return out


def stand_in_from_json(value: object) -> StandIn:
    """One decision of ``stand_ins``: the bot's name (a record without the reason), or
    ``{"by": name, "why": reason}``; RecordError when it is neither."""
    why = None
    if isinstance(value, dict):
        if set(value) != {"by", "why"}:
            raise RecordError(
                f"stand_ins: {shorten(value)} is not a bot's name and a reason",
                errors.STAND_IN_NOT_PAIR,
                value=shorten(value),
            )
        why, value = value["why"], value["by"]
        if why not in REASONS:
            raise RecordError(
                f"stand_ins: {shorten(why)} is not a reason ({', '.join(REASONS)})",
                errors.STAND_IN_REASON,
                value=shorten(why),
                reasons=", ".join(REASONS),
            )
    if (
        not isinstance(value, str)
        or not 0 < len(value) <= MAX_BOT_NAME
        or (not value.isprintable())
    ):
        raise RecordError(
            f"stand_ins: {shorten(value)} is not a bot's name (1 to {MAX_BOT_NAME} characters)",
            errors.STAND_IN_BOT,
            value=shorten(value),
            most=MAX_BOT_NAME,
        )
    return StandIn(value, why)


def _check_shuffles(match: Match, recorded: list[object]) -> None:
    """A match without a seed must deal only the recorded shuffles, never fresh ones."""
    if len(match.shuffles) > len(recorded):
        raise RecordError(
            f"the record lacks the shuffle of hand {len(match.shuffles)}",
            errors.NO_SHUFFLE,
            hand=len(match.shuffles),
        )


def dumps(match: Match, stand_ins: StandIns | None = None, number: int | None = None) -> str:
    return json.dumps(to_json(match, stand_ins, number), indent=1)


def loads(text: str) -> Match:
    try:
        data = loads_json(text)
    except FileReadError as exc:
        raise RecordError(f"cannot read the record: {exc}", errors.UNREADABLE_TEXT, exc) from None
    return from_json(data)


def save(match: Match, path: str | Path, number: int | None = None) -> None:
    write_atomic(path, dumps(match, number=number))


def load(path: str | Path) -> Match:
    """The match of the record file at ``path``; every RecordError names the file."""
    return load_recorded(path).match


def load_recorded(path: str | Path) -> Recorded:
    """The record file at ``path`` read back; every RecordError names the file."""
    where = f"cannot read record {clip_path(path)}"
    try:
        return read(read_json(path))
    except (FileReadError, RecordError) as exc:
        raise RecordError(
            f"{where}: {exc}", errors.UNREADABLE_FILE, exc, path=clip_path(path)
        ) from None
