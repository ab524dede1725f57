"""A saved match in words, as the start screen and the command line name it."""

from __future__ import annotations

from store.save import SaveInfo
from table.session import side_name
from text.presenter import hand_stage


def saved_parts(info: SaveInfo) -> list[str]:
    """["Hand 3, trick 5 of 15", "Anna & Carla 120", "Bruno & Dario 95", "to 800"]; "Hand 2
    over" when its sheet comes first on resuming."""
    stage = hand_stage(info.phase, info.tricks_done) if info.phase is not None else ""
    where = f"Hand {info.hand_number + 1}" + (f", {stage}" if stage else " over")
    return [
        where,
        *(f"{side_name(info.seats, side)} {info.scores[side]}" for side in (0, 1)),
        f"to {info.target}",
    ]


def describe_saved(info: SaveInfo) -> str:
    """ "Hand 3, trick 5 of 15 · Anna & Carla 120 · Bruno & Dario 95 · to 800"."""
    return " · ".join(saved_parts(info))
