"""The rule settings of a match."""

from __future__ import annotations

from dataclasses import asdict, dataclass

DEFAULT_TARGET = 800  # the score that wins the match (RULES.md §9)
TARGET_RULE = "a positive multiple of 5 (scores are)"  # what a target a person chooses must be


def is_target(target: int) -> bool:
    """Whether a person may choose ``target`` for a match: positive and a multiple of 5 (§9)."""
    return target > 0 and target % 5 == 0


@dataclass(frozen=True, slots=True)
class Rules:
    """House-rule settings; the defaults are the rules of RULES.md."""

    target: int = DEFAULT_TARGET  # the match is won by the first side to reach it
    signals: bool = False  # partners' signals allowed (RULES.md §10a, an option)

    def __post_init__(self) -> None:
        if not isinstance(self.signals, bool):
            raise ValueError(f"signals must be true or false, not {self.signals!r}")
        if not isinstance(self.target, int) or isinstance(self.target, bool):
            raise ValueError(f"target must be a whole number, not {self.target!r}")
        if not is_target(self.target):  # §9; with 801 a side could call out and end on 800
            raise ValueError(f"target must be {TARGET_RULE}, not {self.target}")

    def to_json(self) -> dict[str, object]:
        """The settings; ``signals`` only when on (a file without it plays without them)."""
        data = asdict(self)
        if not self.signals:
            del data["signals"]
        return data

    @classmethod
    def from_json(cls, data: object) -> Rules:
        if not isinstance(data, dict) or set(data) - {"target", "signals"}:
            raise ValueError(f"unknown rules {data!r}")
        return cls(**data)
