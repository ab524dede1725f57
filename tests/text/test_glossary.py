"""The help's glossary explains every Italian word of the game a player reads: the words the
screens keep in Italian when they speak English (found in the catalogue: an English message whose
Italian translation keeps a word as it is keeps a term of the game, a name or a loanword), the
words the help sets in italics, the names of the combinations and of the signals. A new term
shown anywhere without its entry in the glossary (``## Glossary`` of assets/help.md, the same
terms in ``## Glossario`` of help.it.md) fails here."""

from __future__ import annotations

import re
from collections.abc import Iterable

from game.cards import ITALIAN as CARD_NAMES
from game.scoring import FAMILIES
from game.signals import SIGNALS
from tests.support.catalogue import extracted, merged
from tui.screens.help import help_text

SHOWN = ("text/", "tui/", "web/")  # the layers that make what the screens show
GLOSSARY = {"en": "## Glossary\n", "it": "## Glossario\n"}
WORD = re.compile(r"[^\W\d_]+")
# What a message quotes rather than says: placeholders, code, options, quoted words, paths,
# identifiers (stand_ins, textual.base) and Rich markup
QUOTED = re.compile(
    r"\{[^}]*\}|%\(\w+\)\w|%\w|`[^`]*`|'[^']*'|\"[^\"]*\"|--?[\w-]+|\S*[/_.=:#,]\w\S*|\S+/|"
    r"\[[^\]]*\]"
)
# Words the Italian catalogue keeps from the English that are not terms of the game: player
# names, loanwords and the abbreviations of the sheet. Only a word that is not Italian goes here.
NOT_TERMS = frozenset(
    {
        "anna", "bruno", "carla", "dario",  # the example players
        "bot", "bots", "browser", "browsers", "database", "file", "menu", "password", "zoom",
        "byte", "checksum", "fingerprint", "schema", "offset", "ctrl", "enter", "esc", "mib",
        "sqlite", "tarocchino", "textual", "bologna", "comb", "tot", "pem", "wss", "seed",
        "tarocchino's", "json", "toml", "tls", "utf", "ascii", "svg", "html", "http", "https",
        "shuffles", "actions", "table", "true", "false", "human",  # fields and values of a file
        "come",  # (English "come", Italian "come": as)
    }
)  # fmt: skip
# The help's italics that are English: names of screens, options and things a screen says
ENGLISH_ITALICS = frozenset(
    {
        "long", "round", "counters", "calling out", "open seat", "connected", "away",
        "watch bots", "still out (2 discarded)", "signals", "signals (option)", "quit",
        "join a table", "host a table", "high contrast", "green felt", "daylight", "charcoal",
        "card codes", "b", "s", "v", "seed", "sequence",
    }
)  # fmt: skip


def glossary(language: str) -> set[str]:
    """The terms of a page's glossary: every word set in bold in its entries, lower case."""
    text = help_text(language=language)
    section = text[text.index(GLOSSARY[language]) :]
    section = section[: section.index("\n## ", 1)]
    terms = re.findall(r"\*\*([^*]+)\*\*", section)
    return {term.casefold() for term in terms}


def known_words(language: str) -> set[str]:
    """The words a term may be made of: those of the glossary's terms and the trumps' names
    (the help's table of trumps names them all: tests/text/test_help_rules.py)."""
    words = {w.casefold() for term in glossary(language) for w in WORD.findall(term)}
    return words | {w.casefold() for name in CARD_NAMES for w in WORD.findall(name)}


def kept_words(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """The words of English messages that their Italian translation keeps as they are, with
    the message they were found in: terms of the game, names or loanwords (codes in capitals,
    and what a message quotes rather than says, left out)."""
    kept: dict[str, str] = {}
    for english, italian in pairs:
        said = set(WORD.findall(QUOTED.sub(" ", italian)))
        for word in WORD.findall(QUOTED.sub(" ", english)):
            if len(word) > 2 and not word.isupper() and word in said:
                kept.setdefault(word.casefold(), english)
    return kept


def unknown(words: dict[str, str], known: set[str]) -> dict[str, str]:
    return {w: where for w, where in words.items() if w not in known and w not in NOT_TERMS}


def catalogue_pairs() -> list[tuple[str, str]]:
    """(English, Italian) of every message the screens show."""
    italian, _conflicts = merged("it")
    pairs = []
    for (context, msgid), message in extracted().items():
        if not any(path.startswith(SHOWN) for path, _line in message.locations):
            continue
        translation = italian.get(msgid, context=context)
        if translation is None or not translation.string:
            continue  # (untranslated words are tests/text/test_catalogue.py's business)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = translation.string
        strings = strings if isinstance(strings, tuple) else (strings,)
        pairs += [(english, " ".join(strings)) for english in ids]
    return pairs


def test_the_glossaries_hold_the_same_terms() -> None:
    english, italian = glossary("en"), glossary("it")
    assert english == italian
    for term in ("scarto", "scartino", "cricca", "criccone", "va in terza", "grande", "mori"):
        assert term in english
    for term in ("matto", "bégato", "accuso", "capostipite", "smazzata", "presa", "scavezzo"):
        assert term in english


def test_every_term_the_screens_keep_in_italian_is_in_the_glossary() -> None:
    missing = unknown(kept_words(catalogue_pairs()), known_words("en"))
    assert not missing, f"terms the glossary lacks (or, if not Italian, NOT_TERMS): {missing}"


def test_the_names_of_combinations_and_signals_are_in_the_glossary() -> None:
    known = known_words("en")
    for name in (*FAMILIES, *SIGNALS):
        assert name.casefold() in known, name


def test_the_help_s_italics_are_terms_of_the_glossary() -> None:
    """The English help sets the game's Italian words in italics (and a few words of the screens,
    ENGLISH_ITALICS): each must have its entry."""
    known = known_words("en")
    italics = re.findall(r"(?<![*\w])\*([^*\n]+?)\*(?![*\w])", help_text(language="en"))
    strange = [
        span
        for span in italics
        if span.casefold() not in ENGLISH_ITALICS
        and not any(w.casefold() in known for w in WORD.findall(span))
    ]
    assert not strange, f"italic words the glossary lacks: {strange}"


def test_a_new_term_on_a_screen_fails_without_its_entry() -> None:
    """The check finds a word a translation keeps and the glossary lacks (the napoletana, a
    combination of other tarot games), and nothing in a message that translates every word."""
    pairs = [
        ("Nobody declares a *napoletana* here", "Qui nessuno accusa la *napoletana*"),
        ("{name} declares {points}", "{name} accusa {points}"),
        ("the criccone doubles", "il criccone raddoppia"),
    ]
    assert unknown(kept_words(pairs), known_words("en")) == {"napoletana": pairs[0][0]}
