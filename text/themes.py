"""Colour themes: one TOML file each in assets/themes/, chosen in Settings.

A theme gives Textual's theme (a built-in one and what changes from it: the screens, dialogs and
key bar) and the colours of the table: the felt and its border, the four suits, the Tarocchi and
the Matto, the seat whose turn it is, the two sides of the score chart. Every colour is
``#rrggbb``. A theme that cannot be read or is not valid is never fatal: the default theme is
used and the player is told why. The default theme's colours are written here too (CLASSIC), so
the game keeps its look even without its theme files.

This module loads no Textual (the presenter, which needs none, draws cards with a theme's
colours); :func:`tui.textual_theme.textual_theme` makes Textual's theme from it.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, fields
from functools import lru_cache
from importlib.resources.abc import Traversable
from typing import Any

from game.files import FileMissingError, FileReadError, shorten
from store.settings import DEFAULT_THEME, NAME
from text.language import N_, _
from text.resources import asset, read_text
from text.storage import file_problem

THEMES_DIR = "themes"  # under assets/
THEME_MAX_BYTES = 16 << 10  # a theme is about 1 KB
COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")
TITLE_MAX = 32  # columns of the settings' select box
ABOUT_MAX = 120
# Textual's theme fields a theme may change (colours, and whether it is dark)
TEXTUAL_COLORS = (
    "primary",
    "secondary",
    "warning",
    "error",
    "success",
    "accent",
    "foreground",
    "background",
    "surface",
    "panel",
    "boost",
)
TEXTUAL_BASES = ("textual-dark", "textual-light")  # the built-in themes a theme starts from
VARIABLE = re.compile(r"^[a-z][a-z0-9-]{0,40}$")  # a Textual CSS variable's name
FELT, FELT_BORDER = "felt", "felt-border"  # the stylesheet's variables for the table
# the stylesheet's variables a theme may set in [textual.variables], and the variable of Textual's
# they are by default
STYLESHEET_VARIABLES = {"sheet-border": "panel-lighten-2"}  # the scoring sheets' frames


@dataclass(frozen=True, slots=True)
class Palette:
    """The colours of the table (rich styles and the stylesheet's $felt and $felt-border)."""

    felt: str
    felt_border: str
    turn: str  # the background of the seat whose turn it is
    spade: str
    bastoni: str
    coppe: str
    denari: str
    trump: str
    matto: str
    side_a: str  # the score chart's lines
    side_b: str

    @property
    def suits(self) -> tuple[str, str, str, str]:
        """Spade, Bastoni, Coppe, Denari (the order of game.cards' suits)."""
        return (self.spade, self.bastoni, self.coppe, self.denari)

    @property
    def sides(self) -> tuple[str, str]:
        return (self.side_a, self.side_b)


# The default theme's table: green felt, colours for a dark terminal. The only place in the code
# where the table's colours are written (assets/themes/classic.toml says the same).
CLASSIC = Palette(
    felt="#0f3d2a",
    felt_border="#2f7a55",
    turn="#1f6b4a",
    spade="#7fb2ff",
    bastoni="#7ed491",
    coppe="#ff7b7b",
    denari="#f2c14e",
    trump="#d7a6ff",
    matto="#4fd6e6",
    side_a="#5fd7ff",
    side_b="#ffaf5f",
)


_IN_FILE = N_("{file}: {problem}")  # a theme file's problem, under its name


class ThemeError(ValueError):
    """A theme file that cannot be used, and why: ``said`` (a message marked with ``N_``), its
    ``facts`` and the error beneath (``cause``: the file's, or the checks' under the file's
    name). ``str()`` is in English, for logs; :func:`theme_problem` says it in the language
    spoken."""

    def __init__(self, said: str, cause: Exception | None = None, **facts: object) -> None:
        super().__init__(said.format(problem=cause, **facts))
        self.said = said
        self.cause = cause
        self.facts = facts


def theme_problem(error: ThemeError) -> str:
    """Why a theme cannot be used, in words ("dark.toml: textual.dark must be true or false")."""
    cause = error.cause
    if isinstance(cause, ThemeError):
        problem = theme_problem(cause)
    elif isinstance(cause, FileReadError):
        problem = file_problem(cause)
    else:
        problem = str(cause or "")
    return _(error.said).format(problem=problem, **error.facts)


@dataclass(frozen=True)
class Theme:
    """A colour theme: its name (its file's), what Settings shows, Textual's part, the table's."""

    name: str
    title: str
    about: str = ""
    base: str = "textual-dark"
    textual: dict[str, Any] = field(default_factory=dict)  # Textual's fields changed
    variables: dict[str, str] = field(default_factory=dict)  # Textual's CSS variables set
    palette: Palette = CLASSIC

    @property
    def textual_name(self) -> str:
        """The name the theme is registered under with Textual."""
        return f"tarocchino-{self.name}"


# The titles of the themes the game comes with (assets/themes/*.toml), for the catalogue; a
# theme of the player's own keeps the title it was given.
BUILT_IN_TITLES = (
    N_("Charcoal"),
    N_("Green felt (classic)"),
    N_("High contrast"),
    N_("Daylight (light)"),
)


def shown_title(theme: Theme) -> str:
    """A theme's title in the language spoken (a built-in one's translated)."""
    return _(theme.title) if theme.title in BUILT_IN_TITLES else theme.title


CLASSIC_THEME = Theme(
    DEFAULT_THEME, "Green felt (classic)", "green felt for a dark terminal (the default)"
)


def stylesheet_defaults(textual: dict[str, str]) -> dict[str, str]:
    """The stylesheet's own variables where a theme does not set them: the table's as in the
    default theme (any Textual theme then draws the table), the others as Textual's variables
    ``textual`` say."""
    return {
        FELT: CLASSIC.felt,
        FELT_BORDER: CLASSIC.felt_border,
        **{name: textual[default] for name, default in STYLESHEET_VARIABLES.items()},
    }


# ----------------------------------------------------------------------------- reading
def themes_dir() -> Traversable:
    return asset(THEMES_DIR)


def theme_names(directory: Traversable | None = None) -> list[str]:
    """The themes there are (the names of their files), the default first, then by name."""
    place = directory or themes_dir()
    try:
        found = {
            entry.name.removesuffix(".toml")
            for entry in place.iterdir()
            if entry.name.endswith(".toml") and entry.is_file()
        }
    except OSError:
        found = set()
    names = sorted(name for name in found if NAME.match(name) and name != DEFAULT_THEME)
    return [DEFAULT_THEME, *names]


def read_theme(name: str, directory: Traversable | None = None) -> Theme:
    """The theme ``name`` from its file; ThemeError (saying why) when there is none or it is not
    valid. The default theme without its file is the one written here."""
    if not isinstance(name, str) or not NAME.match(name):
        raise ThemeError(N_("{name} is not the name of a theme"), name=shorten(name, 30))
    filename = f"{name}.toml"
    try:
        text = read_text((directory or themes_dir()).joinpath(filename), THEME_MAX_BYTES)
    except FileMissingError:
        if name == DEFAULT_THEME:
            return CLASSIC_THEME
        raise ThemeError(N_("there is no theme named {name}"), name=name) from None
    except FileReadError as exc:
        raise ThemeError(_IN_FILE, exc, file=filename) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ThemeError(
            N_("{file}: not valid TOML ({detail})"), file=filename, detail=str(exc)
        ) from None
    try:
        return _theme(name, data)
    except ThemeError as exc:
        raise ThemeError(_IN_FILE, exc, file=filename) from None


@lru_cache(maxsize=16)
def _loaded(name: str) -> tuple[Theme, ThemeError | None]:
    """The theme ``name`` (read once) and None; or the default theme and why not."""
    try:
        return read_theme(name), None
    except ThemeError as exc:
        fallback = CLASSIC_THEME
        if name != DEFAULT_THEME:
            try:
                fallback = read_theme(DEFAULT_THEME)
            except ThemeError:
                pass
        return fallback, exc


def load_theme(name: str) -> tuple[Theme, str | None]:
    """The theme ``name`` (read once) and None; or, when it cannot be used, the default theme
    and why, in a sentence for the player."""
    theme, error = _loaded(name)
    if error is None:
        return theme, None
    said = _("The theme could not be used ({problem}): the classic green felt is shown.")
    return theme, said.format(problem=theme_problem(error))


def palette_of(name: str) -> Palette:
    """The table's colours of the theme ``name`` (the default's when it cannot be used)."""
    return load_theme(name)[0].palette


# ----------------------------------------------------------------------------- checking
def _theme(name: str, data: dict[str, Any]) -> Theme:
    _known(data, ("title", "about", "textual", "table"), "")
    title = _text(data, "title", TITLE_MAX, "", required=True)
    about = _text(data, "about", ABOUT_MAX, "")
    textual = _table(data, "textual", "")
    _known(textual, ("base", "dark", "variables", *TEXTUAL_COLORS), "textual.")
    base = textual.get("base")
    if base not in TEXTUAL_BASES:
        raise ThemeError(
            N_("textual.base must be one of {bases}, not {value}"),
            bases=", ".join(TEXTUAL_BASES),
            value=shorten(base, 30),
        )
    changes: dict[str, Any] = {
        key: _color(textual[key], f"textual.{key}") for key in TEXTUAL_COLORS if key in textual
    }
    if "dark" in textual:
        if not isinstance(textual["dark"], bool):
            raise ThemeError(N_("textual.dark must be true or false"))
        changes["dark"] = textual["dark"]
    variables = _table(textual, "variables", "textual.") if "variables" in textual else {}
    for key, value in variables.items():
        if not VARIABLE.match(key) or key in (FELT, FELT_BORDER):
            raise ThemeError(
                N_("textual.variables: {key} cannot be set here"), key=shorten(key, 30)
            )
        _color(value, f"textual.variables.{key}")
    table = _table(data, "table", "")
    keys = {f.name.replace("_", "-"): f.name for f in fields(Palette)}
    _known(table, tuple(keys), "table.")
    missing = [key for key in keys if key not in table]
    if missing:
        raise ThemeError(N_("table: no colour for {keys}"), keys=", ".join(missing))
    palette = Palette(**{keys[key]: _color(value, f"table.{key}") for key, value in table.items()})
    return Theme(name, title, about, base, changes, dict(variables), palette)


def _known(data: dict[str, Any], keys: tuple[str, ...], where: str) -> None:
    unknown = [key for key in data if key not in keys]
    if unknown:
        raise ThemeError(
            N_("unknown key {key} (known: {keys})"),
            key=where + shorten(unknown[0], 30),
            keys=", ".join(keys),
        )


def _table(data: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        said = N_("[{key}] is missing") if value is None else N_("{key} must be a table")
        raise ThemeError(said, key=where + key)
    return value


def _text(data: dict[str, Any], key: str, limit: int, where: str, *, required: bool = False) -> str:
    value = data.get(key, None if required else "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise ThemeError(N_("{key} must be some text"), key=where + key)
    if len(value) > limit or not value.isprintable():
        raise ThemeError(
            N_("{key} must be one line of at most {limit} characters"), key=where + key, limit=limit
        )
    return value


def _color(value: object, where: str) -> str:
    if not isinstance(value, str) or not COLOR.match(value):
        raise ThemeError(
            N_("{key} must be a colour as #rrggbb, not {value}"),
            key=where,
            value=shorten(value, 30),
        )
    return value.lower()
