"""Whether the player is new to the game: the coach is on for him until he chooses (the setting
``coach``, :mod:`store.settings`)."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

from store.settings import Settings, data_dir
from store.statsdb import open_existing

# A player with fewer finished matches in the statistics is new: the coach speaks to him.
NEW_PLAYER_MATCHES = 3


def finished_matches(directory: Path | None = None, *, timeout: float = 0.5) -> int:
    """The matches the statistics hold (0 when none, or when they cannot be read now)."""
    try:
        opened = open_existing(directory or data_dir(), timeout)
        if opened is None:
            return 0
        with closing(opened.connection) as c:
            return int(c.execute("SELECT count(*) FROM matches").fetchone()[0])
    except Exception:  # the statistics never stop a match: a new player, as far as is known
        return 0


def coach_on(settings: Settings, directory: Path | None = None) -> bool:
    """The coach speaks: chosen on, or never chosen and the player is new (fewer than
    ``NEW_PLAYER_MATCHES`` finished matches)."""
    if settings.coach != "new":
        return settings.coach == "on"
    return NEW_PLAYER_MATCHES > 0 and finished_matches(directory) < NEW_PLAYER_MATCHES
