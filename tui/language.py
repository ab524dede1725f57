"""What the screens share of the language spoken: each language's own name, and a pause in
words."""

from __future__ import annotations

from store.settings import LANGUAGES
from text.language import _, decimal

# Each language by its own name, so a player who cannot read the one spoken now finds his.
LANGUAGE_NAMES = {"en": "English", "it": "Italiano"}


def language_options() -> list[tuple[str, str]]:
    """The languages to choose from: the system's (as the environment asks), then each one."""
    return [(_("as the system's"), ""), *((LANGUAGE_NAMES[c], c) for c in LANGUAGES)]


def seconds(value: float) -> str:
    """A pause in words: "no pause", "1.5 s"."""
    return _("no pause") if value <= 0 else _("{seconds} s").format(seconds=decimal(value))
