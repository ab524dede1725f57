"""The last new match set up on the start screen (seats, names, target, pace, signals),
remembered in the data directory so the next launch offers the same again."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from game.files import FileReadError, read_json, write_atomic
from game.rules import DEFAULT_TARGET, TARGET_RULE, is_target
from table.names import name_problem

SETUP_FILE = "new-match.json"
MAX_BYTES = 4096  # the file is tiny; anything bigger is not ours
MAX_TARGET = 99_995  # the highest target the start screen's field (five digits) takes


def target_problem(target: int) -> str | None:
    """What is wrong with ``--target`` (play, host, simulate), if anything: what the start screen
    accepts, a multiple of 5 up to five digits (a higher one is a match without an end)."""
    if is_target(target) and target <= MAX_TARGET:
        return None
    return f"--target must be {TARGET_RULE} up to {MAX_TARGET:,}, not {target}"


@dataclass(frozen=True, slots=True)
class MatchSetup:
    """What the start screen's "New match" form holds."""

    kinds: tuple[str, ...] = ("human", "hard", "hard", "hard")
    names: tuple[str, ...] = ("", "", "", "")
    target: int = DEFAULT_TARGET
    pace: float = 1.0  # seconds a bot move takes when watching bots only
    signals: bool = False  # the partners' signals allowed (RULES.md §10a)

    @classmethod
    def from_json(cls, data: object, kinds: tuple[str, ...]) -> MatchSetup:
        """A setup from JSON; anything missing or wrong takes the default (``kinds``: the seat
        kinds the start screen offers)."""
        base = cls()
        if not isinstance(data, dict):
            return base
        got: dict[str, Any] = {}
        seats = data.get("kinds")
        if isinstance(seats, list) and len(seats) == 4 and all(k in kinds for k in seats):
            got["kinds"] = tuple(seats)
        names = data.get("names")
        if (
            isinstance(names, list)
            and len(names) == 4
            and all(isinstance(n, str) and len(n) <= 16 and name_problem(n) is None for n in names)
        ):  # (names that look alike are offered: the start screen says why it refuses them)
            got["names"] = tuple(names)
        target = data.get("target")
        if isinstance(target, int) and not isinstance(target, bool) and 0 < target <= MAX_TARGET:
            got["target"] = target
        pace = data.get("pace")
        if isinstance(pace, int | float) and not isinstance(pace, bool) and 0 <= pace <= 10:
            got["pace"] = float(pace)
        signals = data.get("signals")
        if isinstance(signals, bool):  # (absent from the files written before it was offered)
            got["signals"] = signals
        return cls(**{**asdict(base), **got})


def load_setup(directory: Path, kinds: tuple[str, ...]) -> MatchSetup:
    """The remembered setup, or the default one (no file, an unreadable or damaged file)."""
    try:
        data = read_json(directory / SETUP_FILE, MAX_BYTES)
    except FileReadError:
        return MatchSetup()
    return MatchSetup.from_json(data, kinds)


def save_setup(setup: MatchSetup, directory: Path) -> None:
    """Remember ``setup`` (atomically; OSError when it cannot be written)."""
    data = asdict(setup)
    data["kinds"], data["names"] = list(setup.kinds), list(setup.names)
    write_atomic(directory / SETUP_FILE, json.dumps(data, indent=1) + "\n")
