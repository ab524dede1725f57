"""The language the game speaks (English or Italian) and the words in it, through gettext.

Every word a player reads is made in this layer with ``_()`` (``ngettext()`` where a number
decides the form, ``pgettext()`` where one English word has two Italian ones); the layers below
hand up facts and codes. English is the source: its words are the catalogue's keys, so English
needs no catalogue. Words kept in a constant at import are marked with ``N_()`` and translated
where they are shown, so a change of language shows at once.

The catalogue is ``text/locale/<code>/LC_MESSAGES/tarocchino.mo``, compiled from the ``.po``
sources beside it by ``make catalogue``.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from datetime import date
from pathlib import Path

from store.settings import LANGUAGES

DOMAIN = "tarocchino"
LOCALE_DIR = Path(__file__).parent / "locale"
ENGLISH = "en"
# The order gettext reads them in: the first one set decides (LANGUAGE may list several).
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translations: gettext.NullTranslations = gettext.NullTranslations()
_code = ENGLISH


def use(code: str) -> None:
    """Speak ``code`` from now on (one of LANGUAGES); English for any other."""
    global _translations, _code
    if code not in LANGUAGES or code == ENGLISH:
        _translations, _code = gettext.NullTranslations(), ENGLISH
        return
    _translations = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code])
    _code = code


def current() -> str:
    """The code of the language spoken now ("en", "it")."""
    return _code


def _(message: str) -> str:
    """``message`` (English) in the language spoken now."""
    return _translations.gettext(message)


def N_(message: str) -> str:  # noqa: N802 (gettext's own name, known to the extractor)
    """``message`` unchanged, marked for the catalogue: translated later with ``_()``."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the language spoken now (Italian, like English, has two)."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in ``context``: for an English word that is two words in Italian."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """ngettext with a context, as pgettext."""
    return _translations.npgettext(context, singular, plural, n)


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it; English when it asks for
    one we do not speak (or for the "C" locale)."""
    environ = os.environ if environ is None else environ
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if not value:
            continue
        for entry in value.split(":") if name == "LANGUAGE" else [value]:
            code = entry.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        return ENGLISH
    return ENGLISH


def choose(option: str | None, setting: str, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``--lang`` first, then the one chosen in the settings, then the
    environment's."""
    if option:
        return option
    if setting:
        return setting
    return from_environment(environ)


def number(value: float, decimals: int = 0) -> str:
    """``value`` as a reader of the language writes it: 1,234.5 in English, 1.234,5 in
    Italian."""
    # (a whole number as it is: through a float, one of more than 15 digits would be rounded)
    text = f"{value:,}" if isinstance(value, int) and not decimals else f"{value:,.{decimals}f}"
    if _code == "it":
        text = text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return text


def decimal(value: float) -> str:
    """``value`` with the decimals it has (0.6, 1.5, 2), as the language writes them."""
    return number(value, decimals=len(f"{value:g}".partition(".")[2]))


MONTHS = (
    N_("January"),
    N_("February"),
    N_("March"),
    N_("April"),
    N_("May"),
    N_("June"),
    N_("July"),
    N_("August"),
    N_("September"),
    N_("October"),
    N_("November"),
    N_("December"),
)


def day(when: date) -> str:
    """A date as a reader writes it: "6 December 2026", "6 dicembre 2026"."""
    return f"{when.day} {_(MONTHS[when.month - 1])} {when.year}"
