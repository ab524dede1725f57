"""docs/rules.md, made from the in-game help: the rules are one text, written once in
assets/help.md (which the game reads as package data, installed or not) and shown word for word
on the documentation's page, under a heading of its own. The rules part is the help up to its
first section about the screens (END); where the help draws the pack (text.pack.PLACE), the page
shows it as text, the cards boxed as in the game, in a code block. After the help changed:

    python -m tests.support.rules_page

writes the page again; tests/docs/test_rules_page.py fails while the two differ."""

from __future__ import annotations

import io
import sys

from rich.console import Console

from tests.support.paths import ROOT
from text.pack import PLACE, Pack
from text.render import Look
from text.resources import read_asset

PAGE = ROOT / "docs" / "rules.md"
END = "\n## Keys at the table\n"  # the help's first section about the screens, not the rules
PACK_WIDTH = 78  # the pack's columns on the page (its narrow layout: a row a suit)

HEAD = """\
# The rules of Ottocento

The rules as Tarocchino plays them. This page is the first part of the game's own help (`?` or
F1 in the game), word for word: the text is written once, in
[assets/help.md](../assets/help.md), and this page is made from it. Where the sources on
Ottocento disagree or are silent, the game's choices are listed under
[House rules](#house-rules). The rest of the help (the keys, watching bots, hot-seat, playing
together) is told in full in [Playing](playing.md) and [Playing together](together.md).

"""


def rules_page(help_text: str) -> str:
    """The page: HEAD, then the help's rules without the help's own title, the pack drawn."""
    if END not in help_text:
        raise ValueError(f"the help has no {END.strip()!r}: where do its rules end?")
    rules = help_text[: help_text.index(END)]
    _title, _, rules = rules.partition("\n")  # (the help's "# Tarocchino: ..." line)
    rules = rules.replace(PLACE, f"```text\n{pack_text()}\n```")
    return HEAD + rules.strip("\n") + "\n"


def pack_text() -> str:
    """The pack as the help draws it, in plain text (Unicode marks, no colour)."""
    console = Console(width=PACK_WIDTH, color_system=None, record=True, file=io.StringIO())
    console.print(Pack(Look(color=False)))
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


def expected() -> str:
    """The page as it should be now, from the help the game shows."""
    return rules_page(read_asset("help.md"))


if __name__ == "__main__":
    PAGE.write_text(expected(), encoding="utf-8")
    print(f"wrote {PAGE}", file=sys.stderr)
