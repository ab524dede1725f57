"""Where the game keeps its files, and the player's settings (persisted as settings.json)."""

from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from game.files import FileMissingError, FileReadError, read_json, shorten, write_atomic

SETTINGS_FILE = "settings.json"
SETTINGS_MAX_BYTES = 64 << 10
SUIT_MARKS = ("unicode", "ascii")
BOT_DELAYS = (0.0, 0.3, 0.6, 1.0, 1.5)
TRICK_PAUSES = (0.0, 0.5, 1.0, 2.0)
MAX_PAUSE = 60  # seconds: longer waits are surely a mistake
WATCH_PACES = (0.0, 0.15, 0.3, 0.6, 1.0, 1.5, 2.5)  # seconds a bot move takes when watching
LANGUAGES = ("en", "it")  # the languages the game speaks (text/locale holds the catalogues)
# The coach: "new" (on for a new player, see store.newcomer), or chosen "on" or "off"
COACH_CHOICES = ("new", "on", "off")

DEFAULT_THEME = "classic"  # the colour theme a new player gets (assets/themes/classic.toml)
NAME = re.compile(r"^[a-z][a-z0-9-]{0,23}$")  # a theme's name: its file's, without .toml


DATA_DIR_ENV = "TAROCCHINO_DATA_DIR"


def data_dir() -> Path:
    """$TAROCCHINO_DATA_DIR, else $XDG_DATA_HOME/tarocchino, else ~/.local/share/tarocchino."""
    explicit = os.environ.get(DATA_DIR_ENV)
    if explicit:
        return Path(explicit).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg).expanduser() / "tarocchino"
    return Path.home() / ".local" / "share" / "tarocchino"


def no_color_requested() -> bool:
    """True when the NO_COLOR convention asks for no colour (any value, even empty)."""
    return "NO_COLOR" in os.environ


@dataclass(frozen=True, slots=True)
class Settings:
    """What the player may change on the settings screen."""

    bot_delay: float = 0.6  # seconds a bot waits before it acts (it thinks in a thread meanwhile)
    trick_pause: float = 1.0  # extra seconds a completed trick stays in view before a bot leads
    suit_marks: str = "unicode"  # "unicode" (♠ ♣ ♥ ♦) or "ascii" (S B C D, the card codes)
    color: bool = True  # False: monochrome (bold, dim and reverse only), whatever the theme
    theme: str = DEFAULT_THEME  # the colour theme (assets/themes/<theme>.toml)
    language: str = ""  # one of LANGUAGES, or "" for the one the environment asks for
    coach: str = "new"  # one of COACH_CHOICES: says after a costly card what was better

    def __post_init__(self) -> None:
        for name in ("bot_delay", "trick_pause"):
            value = getattr(self, name)
            if (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or not (0 <= value <= MAX_PAUSE)
            ):
                raise ValueError(f"{name} must be 0 to {MAX_PAUSE} seconds, not {shorten(value)}")
        if self.suit_marks not in SUIT_MARKS:
            raise ValueError(f"suit_marks must be one of {', '.join(SUIT_MARKS)}")
        if not isinstance(self.color, bool):
            raise ValueError("color must be true or false")
        if self.coach not in COACH_CHOICES:
            raise ValueError(f"coach must be one of {', '.join(COACH_CHOICES)}")
        if self.language not in ("", *LANGUAGES):
            raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, or empty")
        if not isinstance(self.theme, str) or not NAME.match(self.theme):
            raise ValueError(f"theme must be the name of a theme, not {shorten(self.theme)}")

    @property
    def ascii(self) -> bool:
        return self.suit_marks == "ascii"

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> Settings:
        """Settings from JSON; unknown keys are ignored, bad values fall back to the default."""
        base = cls.default()
        if not isinstance(data, dict):
            return base
        for f in fields(cls):
            if f.name in data:
                try:
                    base = replace(base, **{f.name: data[f.name]})
                except (TypeError, ValueError):
                    pass
        return base

    @classmethod
    def default(cls) -> Settings:
        return cls(color=not no_color_requested())


def load_settings(directory: Path | None = None) -> Settings:
    """The saved settings, or the defaults when there are none or the file is unreadable."""
    return read_settings(directory)[0]


def read_settings(directory: Path | None = None) -> tuple[Settings, FileReadError | None]:
    """The saved settings (the defaults when there are none) and, when the file is there but
    cannot be read, why (the defaults are used, the file is left as it is; the text layer says
    it, :func:`text.storage.settings_unread`)."""
    path = (directory or data_dir()) / SETTINGS_FILE
    try:
        data = read_json(path, max_bytes=SETTINGS_MAX_BYTES)
    except FileMissingError:
        return Settings.default(), None
    except FileReadError as exc:
        return Settings.default(), exc
    return Settings.from_json(data), None


def save_settings(settings: Settings, directory: Path | None = None) -> None:
    """Persist the settings (atomically); a failure to write is not fatal to the game."""
    path = (directory or data_dir()) / SETTINGS_FILE
    write_atomic(path, json.dumps(settings.to_json(), indent=1) + "\n")
