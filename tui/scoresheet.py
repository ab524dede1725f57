"""The printable scoresheet of a match (plain text): every hand with its dealer, each side's
captured combinations with their cards, card points, last trick, declarations, total and running
score, then a summary table and the winner."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from rich.cells import cell_len

from game.cards import CODES, SUIT_CODES, SUIT_MARKS, SUIT_NAMES, format_cards
from game.history import HandRow, SideRow, match_rows
from game.match import Match
from tui.plaintext import TEXT, WIDTH, Sheet, combination_sections
from tui.stats import local_time
from tui.words import aligned

DEFAULT_NAMES = ("Seat 1", "Seat 2", "Seat 3", "Seat 4")  # as the game numbers seats (1 to 4)
# the sheet writes cards in their codes; the table shows the suits by marks (KC is K♥, not K♣)
MARKS = SUIT_MARKS
SUITS = "Suits: " + ", ".join(f"{code} {mark} {name}" for code, name, mark in zip(
    SUIT_CODES, SUIT_NAMES, MARKS, strict=True))


def side_names(names: Sequence[str]) -> tuple[str, str]:
    """"Anna & Carla" and "Bruno & Dario": side 0 is seats 0 and 2."""
    return f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"


def scoresheet(match: Match, names: Sequence[str] = DEFAULT_NAMES, *,
               kinds: Sequence[str] | None = None, when: str | None = None) -> str:
    """The whole scoresheet of ``match`` (finished or not) with the players' ``names`` by seat,
    their ``kinds`` ("human" or a bot level) and the time it was played, when known."""
    sides = side_names(names)
    rows = match_rows(match)
    parts = [_heading(match, names, kinds, when)]
    for row in rows:
        parts.append(_hand(row, names, sides))
    parts.append(_summary(rows, names, sides, match))
    return "\n\n".join(parts) + "\n"


def _heading(match: Match, names: Sequence[str], kinds: Sequence[str] | None,
             when: str | None) -> str:
    deal = f"seed {match.seed}" if match.seed is not None else "shuffled from fresh entropy"
    facts = [f"target {match.rules.target}", deal]
    if when:
        facts.insert(0, "ended " + local_time(when))
    seats = [f"{n} ({k})" if kinds else n for n, k in zip(names, kinds or names, strict=True)]
    sides = side_names(names)
    return "\n".join([
        "Tarocchino · Ottocento · scoresheet",
        " · ".join(facts),
        "Seats in turn order: " + ", ".join(seats),
        f"Sides: {sides[0]} against {sides[1]}",
        SUITS,
    ])  # fmt: skip


def _hand(row: HandRow, names: Sequence[str], sides: tuple[str, str]) -> str:
    lines = ["=" * WIDTH, f"Hand {row.number} · dealer {names[row.dealer]}"]
    if row.called_out is not None:
        lines.append(_said(f"{sides[row.called_out]} call out with their declarations: no cards "
                           "are counted, each side scores its declarations."))
    else:
        won = ", ".join(f"{sides[i]} {row.sides[i].tricks}" for i in (0, 1))
        lines.append(_said(f"Tricks won: {won}."))
        if row.discard_side is not None:
            lines.append(_said(f"The discard went to {sides[row.discard_side]}."))
        if row.matto_exchange is not None:
            giver, receiver, card = row.matto_exchange
            lines.append(_said(f"Matto: {sides[giver]} kept it and gave {CODES[card]} to "
                               f"{sides[receiver]}."))
    for i in (0, 1):
        lines += ["-" * WIDTH, _side(row.sides[i], sides[i], names, row.called_out is not None)]
    scores = " · ".join(f"{sides[i]} {row.sides[i].score}" for i in (0, 1))
    lines += ["-" * WIDTH, f"Match score after hand {row.number}: {scores}"]
    return "\n".join(lines)


def _said(sentence: str) -> str:
    """A sentence as wide as the sheet at most (a call-out's took 100 columns and more)."""
    return textwrap.fill(sentence, WIDTH, break_long_words=False, break_on_hyphens=False)


def _side(s: SideRow, title: str, names: Sequence[str], called_out: bool) -> str:
    sheet = Sheet()
    sheet.title(title)
    if s.captured is not None and not called_out:
        combination_sections(sheet, s.captured)
        sheet.row("Combinations", "", s.captured_combinations)
        sheet.row("Card points", f"{len(s.captured.cards)} cards", s.card_points)
        sheet.row("Last trick", "", s.last_trick)
    if s.declared:
        sheet.title("Declarations")
        for d in s.declared:
            combos = d.combinations
            shown = "; ".join(f"{c.family} {format_cards(c.cards)}" for c in combos)
            if d.points != sum(c.points for c in combos):
                shown += " (doubled)"
            sheet.row(f"  {names[d.seat]}", shown, d.points)
        sheet.row("", "subtotal", s.declarations)
    else:
        sheet.row("Declarations", "", s.declarations)
    sheet.row("Raw total", "", s.raw)
    sheet.row("Hand total", "rounded to 5", s.total)
    sheet.row("Match score", f"{s.score - s.total} + {s.total}", s.score)
    return sheet.render(min_width=TEXT)


def _summary(rows: Sequence[HandRow], names: Sequence[str], sides: tuple[str, str],
             match: Match) -> str:
    width = max(12, *(cell_len(s) for s in sides))  # a wide character takes two columns
    dealer = max(6, *(cell_len(n) for n in names))
    left, right = (aligned(side, width, right=True) for side in sides)
    head = f"{'Hand':>4}  {aligned('Dealer', dealer)}  {left}  {right}  Score"
    lines = ["=" * WIDTH, "Summary", head if rows else "No hand is finished yet."]
    for row in rows:
        a, b = row.sides
        note = "  called out" if row.called_out is not None else ""
        lines.append(f"{row.number:>4}  {aligned(names[row.dealer], dealer)}  "
                     f"{a.total:>{width}}  {b.total:>{width}}  {a.score} – {b.score}{note}")
    scores = match.scores
    if match.winner is not None:
        w = match.winner
        how = " by calling out" if rows and rows[-1].called_out is not None else ""
        lines.append(f"{sides[w]} win the match{how}, {scores[w]} to {scores[1 - w]} "
                     f"(target {match.rules.target}).")
    else:
        lines.append(f"The match is not over: {sides[0]} {scores[0]} · {sides[1]} {scores[1]} "
                     f"(target {match.rules.target}).")
    return "\n".join(lines)
