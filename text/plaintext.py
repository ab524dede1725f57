"""Plain-text sheets (the score calculator's answer, the printable scoresheet): rows of a label,
a text and points in three aligned columns, and the sections of captured combinations."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

from game.cards import CODES, Card, format_cards
from game.scoring import Breakdown, Combination
from text.counting import (
    card_pairs,
    combination_rule,
    other_pairs,
    paired_note,
    worth,
    worth_note,
)
from text.language import _
from text.words import aligned
from text.wrapping import Hanging

LABEL = 13
POINTS = 5
TEXT = 48  # cards per row at most this wide
WIDTH = LABEL + TEXT + POINTS + 2  # a full row
PAGE = 80  # the widest line a command prints (the printed sheet's and the terminal's)


def paragraph(text: str, lead: str = "") -> str:
    """``text`` in lines of :data:`PAGE` columns at most, broken between words, the lines
    after the first under the first word after ``lead``."""
    return "\n".join(Hanging(lead, text.split()).wrap(PAGE))


class Sheet:
    """Rows of label, text and points, aligned in three columns."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str, str] | str] = []

    def title(self, text: str) -> None:
        self.rows.append(text)

    def row(self, label: str, text: str = "", points: int | str = "", note: str = "") -> None:
        """One row; a long text (a long Grande, a player's many declarations) goes on over the
        next rows, as :func:`wrap_text` breaks it. A label wider than its column (a long name)
        pushes the text right and leaves its first line less room, the points in their column.
        ``note`` (how the points come about) follows the text on its last line when it fits
        there, else on lines of its own."""
        first = max(TEXT - max(0, cell_len(label) - LABEL), TEXT // 4)
        lines = wrap_text(text, TEXT, first) or [""]
        beside = ""
        if note:
            room = first if len(lines) == 1 else TEXT
            if cell_len(lines[-1]) + 2 + cell_len(note) <= room:
                beside = note
            else:
                lines += Hanging("", note.split()).wrap(TEXT)
        more = [("", line, "", "") for line in lines[1:]]
        if more:
            more[-1] = ("", lines[-1], "", beside)
        self.rows.append((label, lines[0], str(points), "" if more else beside))
        self.rows.extend(more)

    def render(self, min_width: int = 20) -> str:
        """The rows as text; the text column is as wide as its longest entry, at least
        ``min_width`` (TEXT keeps several sheets aligned with each other). The notes beside
        the texts start in one column where they all fit so."""
        rows = [r for r in self.rows if isinstance(r, tuple)]
        noted = [r for r in rows if r[3]]
        column = max((_overflow(r[0]) + cell_len(r[1]) for r in noted), default=0)
        if any(column - _overflow(r[0]) + 2 + cell_len(r[3]) > TEXT for r in noted):
            column = 0  # (each note right after its text)
        width = max([_overflow(r[0]) + cell_len(_with_note(r, column)) for r in rows] + [min_width])
        lines = []
        for r in self.rows:
            if isinstance(r, str):
                lines.append(r)
            else:
                label, points = r[0], r[2]
                text = aligned(_with_note(r, column), width - _overflow(label))
                lines.append(f"{aligned(label, LABEL)} {text} {points:>{POINTS}}".rstrip())
        return "\n".join(lines)


def _with_note(row: tuple[str, str, str, str], column: int) -> str:
    """A row's text with its note beside it, from ``column`` (counted from the text column's
    start, the label's overflow included) or, at 0, two spaces after the text."""
    label, text, _points, note = row
    if not note:
        return text
    if column:
        return f"{aligned(text, column - _overflow(label))}  {note}"
    return f"{text}  {note}"


def _overflow(label: str) -> int:
    """How far a label reaches past its column."""
    return max(0, cell_len(label) - LABEL)


_CARDS = frozenset(CODES)


def _is_card(word: str) -> bool:
    return word.rstrip(";") in _CARDS


def wrap_text(text: str, width: int, first: int | None = None) -> list[str]:
    """``text`` in lines of at most ``width`` cells (the first ``first``), for a sheet's text
    column. Combinations written one after the other ("Re KS KC KD; Grande ANG MON ...") break
    between combinations, and one that does not fit on a line of its own goes on with its cards
    indented under its first card. Cards break between cards only, a word after a card stays
    with it ("MAT (doubled)"), and the last row never holds one card alone. Nothing is cut: a
    single word longer than the line stands on a line of its own (see :class:`Hanging`)."""
    groups = text.split("; ")
    pieces = [g + ";" for g in groups[:-1]] + [groups[-1]]
    combinations = [_combination(p) for p in pieces if p.strip()]
    return Hanging("", combinations).wrap(width, first) if combinations else []


def _combination(group: str) -> Hanging:
    """One combination ("Grande ANG MON ...", or cards alone, or plain words): its name as the
    lead, its cards the pieces (the lines after the first go on under the first card)."""
    words = group.split()
    at = next((i for i, w in enumerate(words) if _is_card(w)), len(words))
    head = " ".join(words[:at])
    tokens: list[str] = []
    for word in words[at:]:  # a word that is not a card goes with the card before it
        if tokens and not _is_card(word):
            tokens[-1] += " " + word
        else:
            tokens.append(word)
    if not tokens:  # plain words: no name, no indent
        head, tokens = "", words
    return Hanging(f"{head} " if head else "", tokens)


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
        sheet.row("  " + _("none"), "", 0)
        return
    for c in combos:
        sheet.row(f"  {c.family}", format_cards(c.cards), c.points, combination_rule(c))
    if doubled:
        sheet.row(f"  {doubling_label}", doubling_text, f"+{subtotal // 2}")
    sheet.row("", _("subtotal"), subtotal)


def combination_sections(sheet: Sheet, b: Breakdown) -> None:
    """The Cricche and Sequences sections of a breakdown, with their cards and doublings."""
    _section(
        sheet,
        _("Cricche"),
        b.cricche,
        b.criccone,
        _("criccone"),
        _("{n} cricche: doubled").format(n=len(b.cricche)),
        b.cricche_points,
    )
    _section(
        sheet,
        _("Sequences"),
        b.sequences,
        b.sequences_doubled,
        _("doubling"),
        _("{n} sequences: doubled").format(n=len(b.sequences)),
        b.sequences_points,
    )


def card_point_rows(sheet: Sheet, cards: Sequence[Card]) -> None:
    """How the pairs of ``cards`` (an even number) made their card points, under them: the carte
    di valore by what each is worth, each with a scartino, then the pairs left (RULES.md
    §8.1)."""
    pairs = card_pairs(cards)
    for value, valued in pairs.by_value():
        sheet.row("  " + worth(value), format_cards(valued), "", worth_note(value, valued))
    paired = paired_note(pairs)
    if paired is not None:
        sheet.row("", paired)
    left = other_pairs(pairs)
    if left is not None:
        label, said = left
        sheet.row(f"  {label}" if label else "", said)
