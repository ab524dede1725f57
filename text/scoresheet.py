"""The printable scoresheet of a match (plain text): every hand with its dealer, each side's
captured combinations with their cards, card points, last trick, declarations, total and running
score, then a summary table and the winner."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

from game.cards import CODES, SUIT_CODES, SUIT_MARKS, SUIT_NAMES, format_cards
from game.history import HandRow, SideRow, match_rows
from game.match import Match
from game.seats import other_side, seats_of
from store.stats import local_time
from text.plaintext import PAGE, TEXT, WIDTH, Sheet, combination_sections
from text.words import aligned
from text.wrapping import Hanging

DEFAULT_NAMES = ("Seat 1", "Seat 2", "Seat 3", "Seat 4")  # as the game numbers seats (1 to 4)
# the sheet writes cards in their codes; the table shows the suits by marks (KC is K♥, not K♣)
MARKS = SUIT_MARKS
SUITS = "Suits: " + ", ".join(
    f"{code} {mark} {name}" for code, name, mark in zip(SUIT_CODES, SUIT_NAMES, MARKS, strict=True)
)


def side_names(names: Sequence[str]) -> tuple[str, str]:
    """ "Anna & Carla" and "Bruno & Dario": side 0 is seats 0 and 2."""
    first, second = (" & ".join(names[seat] for seat in seats_of(side)) for side in (0, 1))
    return first, second


def scoresheet(
    match: Match,
    names: Sequence[str] = DEFAULT_NAMES,
    *,
    kinds: Sequence[str] | None = None,
    when: str | None = None,
) -> str:
    """The whole scoresheet of ``match`` (finished or not) with the players' ``names`` by seat,
    their ``kinds`` ("human" or a bot level) and the time it was played, when known."""
    sides = side_names(names)
    rows = match_rows(match)
    parts = [_heading(match, names, kinds, when)]
    for row in rows:
        parts.append(_hand(row, names, sides))
    parts.append(_summary(rows, names, sides, match))
    return "\n\n".join(parts) + "\n"


def _heading(
    match: Match, names: Sequence[str], kinds: Sequence[str] | None, when: str | None
) -> str:
    deal = f"seed {match.seed}" if match.seed is not None else "shuffled from fresh entropy"
    facts = [f"target {match.rules.target}", deal]
    if when:
        facts.insert(0, "ended " + local_time(when))
    seats = [f"{n} ({k})" if kinds else n for n, k in zip(names, kinds or names, strict=True)]
    sides = side_names(names)
    return "\n".join(
        [
            "Tarocchino · Ottocento · scoresheet",
            " · ".join(facts),
            *_listed("Seats in turn order: ", [f"{s}," for s in seats[:-1]] + seats[-1:]),
            *_listed("Sides: ", [sides[0], f"against {sides[1]}"]),
            SUITS,
        ]
    )


def _listed(lead: str, items: list[str]) -> list[str]:
    """``lead`` and the items after it in lines of 80 columns at most, broken between items
    (long names), the lines after the first under the first item."""
    return Hanging(lead, items).wrap(PAGE)


def _hand(row: HandRow, names: Sequence[str], sides: tuple[str, str]) -> str:
    lines = ["=" * WIDTH, f"Hand {row.number} · dealer {names[row.dealer]}"]
    if row.called_out is not None:
        lines.append(
            _said(
                f"{sides[row.called_out]} call out with their declarations: no cards "
                "are counted, each side scores its declarations."
            )
        )
    else:
        lines += _listed(
            "Tricks won: ",
            [f"{sides[0]} {row.sides[0].tricks},", f"{sides[1]} {row.sides[1].tricks}."],
        )
        if row.discard_side is not None:
            lines.append(_said(f"The discard went to {sides[row.discard_side]}."))
        if row.matto_exchange is not None:
            giver, receiver, card = row.matto_exchange
            lines.append(
                _said(f"Matto: {sides[giver]} kept it and gave {CODES[card]} to {sides[receiver]}.")
            )
    for i in (0, 1):
        lines += ["-" * WIDTH, _side(row.sides[i], sides[i], names, row.called_out is not None)]
    scores = [f"{sides[0]} {row.sides[0].score} ·", f"{sides[1]} {row.sides[1].score}"]
    lines += ["-" * WIDTH, *_listed(f"Match score after hand {row.number}: ", scores)]
    return "\n".join(lines)


def _said(sentence: str) -> str:
    """A sentence as wide as the sheet at most (a call-out's took 100 columns and more),
    measured in columns (a wide character takes two), broken between words only."""
    return "\n".join(Hanging("", sentence.split()).wrap(WIDTH))


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


def _summary(
    rows: Sequence[HandRow], names: Sequence[str], sides: tuple[str, str], match: Match
) -> str:
    """The hands in a table, a row each, then who won. The sides head their columns; when
    their names would take the table past the printed page (80 columns: two 16-letter names a
    side), the columns are A and B, and two lines above say who each is."""
    lines = ["=" * WIDTH, "Summary"]
    dealer = max(6, *(cell_len(n) for n in names))  # a wide character takes two columns
    scores = [f"{r.sides[0].score} – {r.sides[1].score}" for r in rows]
    notes = ["  called out" if r.called_out is not None else "" for r in rows]
    rest = max((len(s) + len(n) for s, n in zip(scores, notes, strict=True)), default=5)
    heads = sides
    width = max(12, *(cell_len(s) for s in sides))
    if 4 + 2 + dealer + 2 * (2 + width) + 2 + rest > PAGE:
        lines += [f"{letter}: {side}" for letter, side in zip("AB", sides, strict=True)]
        totals = [len(str(s.total)) for r in rows for s in r.sides]
        heads, width = ("A", "B"), max(5, *totals) if totals else 5
    left, right = (aligned(head, width, right=True) for head in heads)
    lines.append(
        f"{'Hand':>4}  {aligned('Dealer', dealer)}  {left}  {right}  Score"
        if rows
        else "No hand is finished yet."
    )
    for row, score, note in zip(rows, scores, notes, strict=True):
        a, b = row.sides
        lines.append(
            f"{row.number:>4}  {aligned(names[row.dealer], dealer)}  "
            f"{a.total:>{width}}  {b.total:>{width}}  {score}{note}"
        )
    totals = match.scores
    if match.winner is not None:
        w = match.winner
        how = " by calling out" if rows and rows[-1].called_out is not None else ""
        lines.append(
            _said(
                f"{sides[w]} win the match{how}, {totals[w]} to {totals[other_side(w)]} "
                f"(target {match.rules.target})."
            )
        )
    else:
        lines.append(
            _said(
                f"The match is not over: {sides[0]} {totals[0]} · {sides[1]} "
                f"{totals[1]} (target {match.rules.target})."
            )
        )
    return "\n".join(lines)
