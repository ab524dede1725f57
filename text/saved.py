"""A saved match in words, as the start screen and the command line name it."""

from __future__ import annotations

from store.save import SaveInfo
from text.language import _, number
from text.presenter import hand_stage
from text.words import side_name


def saved_parts(info: SaveInfo) -> list[str]:
    """["Hand 3, trick 5 of 15", "Anna & Carla 120", "Bruno & Dario 95", "to 800"]; "Hand 2
    over" when its sheet comes first on resuming."""
    stage = hand_stage(info.phase, info.tricks_done) if info.phase is not None else ""
    n = info.hand_number + 1
    where = _("Hand {n}, {stage}").format(n=n, stage=stage) if stage else _("Hand {n} over")
    return [
        where.format(n=n),
        *(f"{side_name(info.seats, side)} {number(info.scores[side])}" for side in (0, 1)),
        _("to {target}").format(target=number(info.target)),
    ]


def describe_saved(info: SaveInfo) -> str:
    """ "Hand 3, trick 5 of 15 · Anna & Carla 120 · Bruno & Dario 95 · to 800"."""
    return " · ".join(saved_parts(info))
