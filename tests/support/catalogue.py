"""The catalogues of translated words: what the source asks for, what each language's ``.po``
sources give, and the compiled ``.mo`` the game reads.

``python -m tests.support.catalogue`` (``make catalogue``) writes the template
(``text/locale/tarocchino.pot``), puts every word the source asks for and a language lacks in
``text/locale/<code>/new.po`` to be translated (and then moved into the source it belongs with),
and compiles each language's sources into its ``.mo``.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from tests.support.paths import ROOT

LAYERS = ("game", "ai", "table", "store", "text", "net", "web", "tui", "cli")
LOCALE = ROOT / "text" / "locale"
DOMAIN = "tarocchino"
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None}
# The date in the compiled catalogue's header: a fixed one, so that compiling the same sources
# again gives the same bytes (Babel's default is the time of compiling)
CREATED = datetime(2026, 1, 1, tzinfo=UTC)
FIELD = re.compile(r"\{([^{}!:]*)[^{}]*\}|%\(?(\w*)\)?[sdfr]")

Key = tuple[str | None, str]  # (context, English words)

# argparse's own words, which the command line speaks through our catalogue (cli/lang.py): asked
# for by Python's argparse, not by our source, so listed here (those of Python 3.11 to 3.13 that a
# player may read: its headings, its help option and its refusals of a command line).
ARGPARSE: tuple[str | tuple[str, str], ...] = (
    "usage: ",
    "positional arguments",
    "options",
    "show this help message and exit",
    "argument %(argument_name)s: %(message)s",
    "ambiguous option: %(option)s could match %(matches)s",
    "expected one argument",
    "expected at most one argument",
    "expected at least one argument",
    ("expected %s argument", "expected %s arguments"),
    "ignored explicit argument %r",
    "invalid %(type)s value: %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)",
    "the following arguments are required: %s",
    "unrecognized arguments: %s",
    "unknown parser %(parser_name)r (choices: %(choices)s)",
)


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if p.is_dir() and not p.name.startswith("_"))


def extracted() -> dict[Key, Message]:
    """Every message the source asks to translate, with where it is asked."""
    found: dict[Key, Message] = {}
    for layer in LAYERS:
        for filename, line, message, comments, context in extract_from_dir(
            ROOT / layer, method_map=[("**.py", "python")], keywords=KEYWORDS
        ):
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            msgid = message if isinstance(message, str) else tuple(m for m in message if m)
            key = (context, msgid if isinstance(msgid, str) else msgid[0])
            where = (f"{layer}/{filename}", line)
            if key in found:
                found[key].locations.append(where)
            else:
                found[key] = Message(
                    msgid, locations=[where], auto_comments=comments, context=context
                )
    for words in ARGPARSE:
        key = (None, words if isinstance(words, str) else words[0])
        if key not in found:  # (our source may ask for one too)
            found[key] = Message(words, locations=[("argparse", 0)])
    return found


def sources(code: str) -> list[Path]:
    """A language's ``.po`` sources (one a part of the game, so that work on two parts does
    not touch one file)."""
    return sorted((LOCALE / code).glob("*.po"))


def read(path: Path, code: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=code, domain=DOMAIN)


def merged(code: str) -> tuple[Catalog, list[str]]:
    """A language's sources as one catalogue, and the conflicts found (one message translated
    two ways)."""
    # (Babel knows each language's plural forms)
    whole = Catalog(locale=code, domain=DOMAIN, creation_date=CREATED)
    conflicts = []
    for path in sources(code):
        for message in read(path, code):
            if not message.id:
                continue
            old = whole.get(message.id, message.context)
            if old is not None and old.string != message.string:
                conflicts.append(f"{path.name}: {message.id!r} translated two ways")
                continue
            whole[message.id] = message
    return whole, conflicts


def fields(words: str) -> set[str]:
    """The placeholders in ``words``: {name} and %(name)s alike."""
    return {a or b for a, b in FIELD.findall(words)}


def translated(message: Message) -> Iterator[str]:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    yield from strings


def problems(code: str) -> list[str]:
    """What is wrong with a language's catalogue against the source."""
    wanted = extracted()
    whole, found = merged(code)
    for key, asked in wanted.items():
        message = whole.get(asked.id, key[0])
        where = "{}:{}".format(*asked.locations[0])
        if message is None:
            found.append(f"{where}: {key[1]!r} has no translation")
            continue
        strings = list(translated(message))
        if message.fuzzy or not all(strings):
            found.append(f"{where}: {key[1]!r} is not translated (or fuzzy)")
            continue
        ids = asked.id if isinstance(asked.id, tuple) else (asked.id,)
        if any(fields(s) - fields(" ".join(ids)) for s in strings):
            found.append(f"{where}: {key[1]!r}: the translation has other placeholders")
    for message in whole:
        if message.id and (message.context, _first(message.id)) not in wanted:
            found.append(f"{code}: {_first(message.id)!r} is no longer asked for")
    return found


def _first(msgid: str | tuple[str, ...]) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def compiled(code: str) -> bytes:
    whole, _ = merged(code)
    buffer = io.BytesIO()
    write_mo(buffer, whole)
    return buffer.getvalue()


def mo_path(code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.mo"


def write() -> None:
    wanted = extracted()
    template = Catalog(domain=DOMAIN, project="tarocchino")
    for key, message in sorted(wanted.items(), key=lambda item: (item[0][0] or "", item[0][1])):
        template[message.id] = Message(message.id, locations=message.locations, context=key[0])
    with (LOCALE / f"{DOMAIN}.pot").open("wb") as handle:
        write_po(handle, template, width=100, omit_header=True)
    for code in languages():
        whole, conflicts = merged(code)
        for line in conflicts:
            print(f"{code}: {line}", file=sys.stderr)
        missing = Catalog(locale=code, domain=DOMAIN)
        for key, message in wanted.items():
            if whole.get(message.id, key[0]) is None:
                missing[message.id] = Message(
                    message.id, locations=message.locations, context=key[0]
                )
        new = LOCALE / code / "new.po"
        if len(missing):
            with new.open("wb") as handle:
                write_po(handle, missing, width=100, omit_header=True)
            print(f"{code}: {len(missing)} to translate in {new.relative_to(ROOT)}")
        mo_path(code).parent.mkdir(parents=True, exist_ok=True)
        mo_path(code).write_bytes(compiled(code))


if __name__ == "__main__":
    write()
