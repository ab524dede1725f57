"""Plain-text sheets (the score calculator's answer, the printable scoresheet): rows of a label,
a text and points in three aligned columns, and the sections of captured combinations."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from game.cards import format_cards
from game.scoring import Breakdown, Combination
from tui.words import aligned

LABEL = 13
POINTS = 5
TEXT = 48  # cards per row at most this wide
WIDTH = LABEL + TEXT + POINTS + 2  # a full row


class Sheet:
    """Rows of label, text and points, aligned in three columns."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str] | str] = []

    def title(self, text: str) -> None:
        self.rows.append(text)

    def row(self, label: str, text: str = "", points: int | str = "") -> None:
        """One row; a long text (a long Grande) goes on over the next rows."""
        lines = textwrap.wrap(text, TEXT) or [""]
        self.rows.append((label, lines[0], str(points)))
        self.rows.extend(("", more, "") for more in lines[1:])

    def render(self, min_width: int = 20) -> str:
        """The rows as text; the text column is as wide as its longest entry, at least
        ``min_width`` (TEXT keeps several sheets aligned with each other)."""
        width = max([len(r[1]) for r in self.rows if isinstance(r, tuple)] + [min_width])
        lines = []
        for r in self.rows:
            if isinstance(r, str):
                lines.append(r)
            else:
                label, text, points = r
                line = f"{aligned(label, LABEL)} {text:<{width}} {points:>{POINTS}}"
                lines.append(line.rstrip())
        return "\n".join(lines)


def _section(
    sheet: Sheet,
    title: str,
    combos: Sequence[Combination],
    doubled: bool,
    doubling_label: str,
    doubling_text: str,
    subtotal: int,
) -> None:
    sheet.title(title)
    if not combos:
        sheet.row("  none", "", 0)
        return
    for c in combos:
        sheet.row(f"  {c.family}", format_cards(c.cards), c.points)
    if doubled:
        sheet.row(f"  {doubling_label}", doubling_text, f"+{subtotal // 2}")
    sheet.row("", "subtotal", subtotal)


def combination_sections(sheet: Sheet, b: Breakdown) -> None:
    """The Cricche and Sequences sections of a breakdown, with their cards and doublings."""
    _section(
        sheet,
        "Cricche",
        b.cricche,
        b.criccone,
        "criccone",
        f"{len(b.cricche)} cricche: doubled",
        b.cricche_points,
    )
    _section(
        sheet,
        "Sequences",
        b.sequences,
        b.sequences_doubled,
        "doubling",
        f"{len(b.sequences)} sequences: doubled",
        b.sequences_points,
    )
