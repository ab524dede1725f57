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
from text.counting import in_pairs
from text.language import _, number
from text.plaintext import PAGE, TEXT, WIDTH, Sheet, card_point_rows, combination_sections
from text.words import aligned, bot_level, shown_name
from text.wrapping import Hanging

# as the game numbers seats (1 to 4): "Seat 1" … in the language spoken (see default_names)
DEFAULT_NAMES = ("Seat 1", "Seat 2", "Seat 3", "Seat 4")
# the sheet writes cards in their codes; the table shows the suits by marks (KC is K♥, not K♣)
MARKS = SUIT_MARKS


def suits_line() -> str:
    """ "Suits: S ♠ Spade, B ♣ Bastoni, …": the codes the sheet writes, with their marks."""
    suits = ", ".join(
        f"{code} {mark} {name}"
        for code, name, mark in zip(SUIT_CODES, SUIT_NAMES, MARKS, strict=True)
    )
    return _("Suits: {suits}").format(suits=suits)


def default_names() -> tuple[str, ...]:
    """The seats' names when none are known: "Seat 1" … "Seat 4"."""
    return tuple(_("Seat {n}").format(n=seat) for seat in range(1, 5))


def side_names(names: Sequence[str]) -> tuple[str, str]:
    """ "Anna & Carla" and "Bruno & Dario": side 0 is seats 0 and 2."""
    first, second = (" & ".join(names[seat] for seat in seats_of(side)) for side in (0, 1))
    return first, second


def scoresheet(
    match: Match,
    names: Sequence[str] | None = None,
    *,
    kinds: Sequence[str] | None = None,
    when: str | None = None,
) -> str:
    """The whole scoresheet of ``match`` (finished or not) with the players' ``names`` by seat,
    their ``kinds`` ("human" or a bot level) and the time it was played, when known."""
    names = [shown_name(n) for n in names] if names is not None else list(default_names())
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
    if match.seed is not None:
        deal = _("seed {seed}").format(seed=match.seed)
    else:
        deal = _("shuffled from fresh entropy")
    facts = [_("target {n}").format(n=number(match.rules.target)), deal]
    if when:
        facts.insert(0, _("ended {when}").format(when=local_time(when)))
    seats = [
        f"{n} ({kind_word(k)})" if kinds else n for n, k in zip(names, kinds or names, strict=True)
    ]
    sides = side_names(names)
    return "\n".join(
        [
            _("Tarocchino · Ottocento · scoresheet"),
            " · ".join(facts),
            *_listed(_("Seats in turn order:") + " ", [f"{s}," for s in seats[:-1]] + seats[-1:]),
            *_listed(_("Sides:") + " ", [sides[0], _("against {side}").format(side=sides[1])]),
            suits_line(),
        ]
    )


def kind_word(kind: str) -> str:
    """Who plays a seat, in a word: "human", or the bot's level ("hard")."""
    return _("human") if kind == "human" else bot_level(kind)


def _listed(lead: str, items: list[str]) -> list[str]:
    """``lead`` and the items after it in lines of 80 columns at most, broken between items
    (long names), the lines after the first under the first item."""
    return Hanging(lead, items).wrap(PAGE)


def _hand(row: HandRow, names: Sequence[str], sides: tuple[str, str]) -> str:
    head = _("Hand {n} · dealer {name}").format(n=row.number, name=names[row.dealer])
    lines = ["=" * WIDTH, head]
    if row.called_out is not None:
        lines.append(
            _said(
                _(
                    "{side} call out with their declarations: no cards are counted, each side "
                    "scores its declarations."
                ).format(side=sides[row.called_out])
            )
        )
    else:
        lines += _listed(
            _("Tricks won:") + " ",
            [f"{sides[0]} {row.sides[0].tricks},", f"{sides[1]} {row.sides[1].tricks}."],
        )
        if row.discard_side is not None:
            said = _("The discard went to {side}.").format(side=sides[row.discard_side])
            lines.append(_said(said))
        if row.matto_exchange is not None:
            giver, receiver, card = row.matto_exchange
            said = _("Matto: {giver} kept it and gave {card} to {receiver}.").format(
                giver=sides[giver], card=CODES[card], receiver=sides[receiver]
            )
            lines.append(_said(said))
    for i in (0, 1):
        lines += ["-" * WIDTH, _side(row.sides[i], sides[i], names, row.called_out is not None)]
    scores = [
        f"{sides[0]} {number(row.sides[0].score)} ·",
        f"{sides[1]} {number(row.sides[1].score)}",
    ]
    lead = _("Match score after hand {n}:").format(n=row.number) + " "
    lines += ["-" * WIDTH, *_listed(lead, scores)]
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
        sheet.row(_("Combinations"), "", s.captured_combinations)
        n = len(s.captured.cards)
        sheet.row(_("Card points"), in_pairs(n), s.card_points)
        card_point_rows(sheet, s.captured.cards)
        sheet.row(_("Last trick"), "", s.last_trick)
    if s.declared:
        sheet.title(_("Declarations"))
        for d in s.declared:
            combos = d.combinations
            shown = "; ".join(f"{c.family} {format_cards(c.cards)}" for c in combos)
            if d.points != sum(c.points for c in combos):
                shown += " " + _("(doubled)")
            sheet.row(f"  {names[d.seat]}", shown, d.points)
        sheet.row("", _("subtotal"), s.declarations)
    else:
        sheet.row(_("Declarations"), "", s.declarations)
    sheet.row(_("Raw total"), "", s.raw)
    sheet.row(_("Hand total"), _("rounded to 5"), s.total)
    sheet.row(_("Match score"), f"{s.score - s.total} + {s.total}", s.score)
    return sheet.render(min_width=TEXT)


def _summary(
    rows: Sequence[HandRow], names: Sequence[str], sides: tuple[str, str], match: Match
) -> str:
    """The hands in a table, a row each, then who won. The sides head their columns; when
    their names would take the table past the printed page (80 columns: two 16-letter names a
    side), the columns are A and B, and two lines above say who each is."""
    lines = ["=" * WIDTH, _("Summary")]
    dealer = max(6, *(cell_len(n) for n in names))  # a wide character takes two columns
    scores = [f"{r.sides[0].score} – {r.sides[1].score}" for r in rows]
    notes = ["  " + _("called out") if r.called_out is not None else "" for r in rows]
    rest = max((len(s) + len(n) for s, n in zip(scores, notes, strict=True)), default=5)
    heads = sides
    width = max(12, *(cell_len(s) for s in sides))
    if 4 + 2 + dealer + 2 * (2 + width) + 2 + rest > PAGE:
        lines += [f"{letter}: {side}" for letter, side in zip("AB", sides, strict=True)]
        totals = [len(str(s.total)) for r in rows for s in r.sides]
        heads, width = ("A", "B"), max(5, *totals) if totals else 5
    left, right = (aligned(head, width, right=True) for head in heads)
    hand, dealer_head, score = _("Hand"), _("Dealer"), _("Score")
    number_width = max(4, cell_len(hand))
    lines.append(
        f"{aligned(hand, number_width, right=True)}  {aligned(dealer_head, dealer)}  {left}  "
        f"{right}  {score}"
        if rows
        else _("No hand is finished yet.")
    )
    for row, score, note in zip(rows, scores, notes, strict=True):
        a, b = row.sides
        lines.append(
            f"{row.number:>{number_width}}  {aligned(names[row.dealer], dealer)}  "
            f"{a.total:>{width}}  {b.total:>{width}}  {score}{note}"
        )
    totals = match.scores
    if match.winner is not None:
        w = match.winner
        if rows and rows[-1].called_out is not None:
            said = _("{side} win the match by calling out, {points} to {other} (target {target}).")
        else:
            said = _("{side} win the match, {points} to {other} (target {target}).")
        lines.append(
            _said(
                said.format(
                    side=sides[w],
                    points=number(totals[w]),
                    other=number(totals[other_side(w)]),
                    target=number(match.rules.target),
                )
            )
        )
    else:
        said = _(
            "The match is not over: {side} {points} · {other} {other_points} (target {target})."
        )
        lines.append(
            _said(
                said.format(
                    side=sides[0],
                    points=number(totals[0]),
                    other=sides[1],
                    other_points=number(totals[1]),
                    target=number(match.rules.target),
                )
            )
        )
    return "\n".join(lines)
