"""One side's scoring sheet at the end of a hand (RULES.md §8)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rich.console import Console, ConsoleOptions, Group
from rich.measure import Measurement
from rich.rule import Rule
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from game.cards import (
    BEG,
    GRANDE_ORDER,
    MAT,
    MORI_CARDS,
    SUIT,
    TRUMP,
    Card,
    follows_in_grande,
    rank_code,
)
from game.hand import SideResult
from game.scoring import Combination
from game.view import Declaration
from text.counting import (
    card_pairs,
    combination_rule,
    in_pairs,
    other_pairs,
    paired_note,
    worth,
    worth_note,
)
from text.language import _
from text.render import Look, card_style, card_text, mark
from text.words import short_name
from text.wrapping import Hanging

MORI = frozenset(MORI_CARDS)


def _shared(previous: Card, c: Card, look: Look) -> str | None:
    """What of ``c`` is said after ``previous`` in the short form: the rank after a card of the
    same suit (K♠ Q N), the mark after a card of the same rank (A♠ ♣ ♥), the number after a Moro
    (MO1 2 3); None when ``c`` starts afresh."""
    s, t = SUIT[previous], SUIT[c]
    if s < TRUMP and t < TRUMP:
        if s == t:
            return rank_code(c)
        if rank_code(previous) == rank_code(c):
            return mark(t, look)
    if previous in MORI and c in MORI:
        return str(c - min(MORI) + 1)
    return None


def short_groups(cards: Sequence[Card], look: Look) -> list[Text]:
    """``cards`` in the short form, a group of cards per item: what several cards share is
    written once (K♠ Q N J A, A♠ ♣ ♥ ♦, MO1 2 3), three or more trumps that follow each other in
    the Grande's order as a range (ANG–T7), and the two counters together (BEG MAT)."""
    groups: list[Text] = []
    i = 0
    dash = "-" if look.ascii else "–"
    while i < len(cards):
        c = cards[i]
        j = i + 1
        if c in GRANDE_ORDER:
            while j < len(cards) and follows_in_grande(cards[j - 1], cards[j]):
                j += 1
            if j - i >= 3:
                groups.append(
                    Text.assemble(card_text(c, look), (dash, "dim"), card_text(cards[j - 1], look))
                )
                i = j
                continue
            j = i + 1
        group = card_text(c, look)
        if c == BEG and j < len(cards) and cards[j] == MAT:  # the counters stay together
            groups.append(Text.assemble(group, " ", card_text(MAT, look)))
            i = j + 1
            continue
        kind = None
        while j < len(cards):
            piece = _shared(cards[j - 1], cards[j], look)
            same = SUIT[cards[j]] == SUIT[cards[j - 1]]
            if piece is None or kind not in (None, same):
                break
            kind = same
            group.append(" ")
            group.append(piece, style=card_style(cards[j], look))
            j += 1
        groups.append(group)
        i = j
    return groups


class CardList:
    """The cards of a combination in a cell of the sheet (after ``prefix``, a family's name):
    every face when they fit the cell; else the short form (:func:`short_groups`), on one
    line when it fits, else broken between its groups only, never inside one."""

    def __init__(self, cards: Sequence[Card], look: Look, prefix: str = "") -> None:
        head = [Text(prefix)] if prefix else []
        self.full = Text(" ").join([*head, *(card_text(c, look) for c in cards)])
        self.groups = [*head, *short_groups(cards, look)]

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        narrowest = max((g.cell_len for g in self.groups), default=0)
        return Measurement(narrowest, max(narrowest, self.full.cell_len))

    def lines(self, width: int) -> list[Text]:
        if self.full.cell_len <= width:
            return [self.full]
        rows: list[list[Text]] = []
        for group in self.groups:
            if rows and _cells(rows[-1]) + 1 + group.cell_len <= width:
                rows[-1].append(group)
            else:
                rows.append([group])
        # the last row never one card alone ("ANG MON LUN T16" / "BEG"): the group before
        # joins it when its row keeps two or more and they fit ("BEG MAT" is two cards)
        alone = len(rows) > 1 and len(rows[-1]) == 1 and _one_card(rows[-1][0])
        if alone and len(rows[-2]) > 2:
            if _cells([rows[-2][-1], *rows[-1]]) <= width:
                rows[-1].insert(0, rows[-2].pop())
        return [Text(" ").join(row) for row in rows]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        yield from self.lines(options.max_width)


class Noted:
    """The cards of a cell with a note after them (how they score, dim): on their last row when
    it fits there two cells after them, else on rows of its own below, broken between words."""

    def __init__(self, cards: CardList, note: str) -> None:
        self.cards, self.note = cards, Text(note, style="dim")

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        inner = self.cards.__rich_measure__(console, options)
        words = max((len(w) for w in self.note.plain.split()), default=0)
        narrowest = max(inner.minimum, words)
        return Measurement(narrowest, max(narrowest, inner.maximum + 2 + self.note.cell_len))

    def lines(self, width: int) -> list[Text]:
        rows = self.cards.lines(width)
        if rows[-1].cell_len + 2 + self.note.cell_len <= width:
            return [*rows[:-1], Text.assemble(rows[-1], "  ", self.note)]
        return [*rows, *Hanging.words(self.note).lines(width)]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Text]:
        yield from self.lines(options.max_width)


def _one_card(group: Text) -> bool:
    """A group of the short form that is a single card (not "BEG MAT", "MO1 2", "ANG–T7")."""
    return not any(mark in group.plain for mark in (" ", "–", "-"))


def _cells(groups: list[Text]) -> int:
    """The width of ``groups`` on one row, a space apart."""
    return sum(g.cell_len for g in groups) + len(groups) - 1


def _combo_rows(
    table: Table,
    title: str,
    combos: tuple[Combination, ...],
    doubled: bool,
    subtotal: int,
    doubling: str,
    counted: str,
    look: Look,
) -> None:
    """A section of the sheet; ``doubling`` names its doubling ("criccone"), said in the label
    column: the middle one says of how many (``counted``: "{n} sequences"; short enough for a
    sheet at 80 columns)."""
    table.add_row(Text(title, style="bold underline"), "", "")
    if not combos:
        table.add_row(Text("  " + _("none"), style="dim"), "", Text("0", style="dim"))
        return
    for c in combos:
        table.add_row(Text(f"  {c.family}"), _ruled(c, look), Text(str(c.points)))
    if doubled:
        table.add_row(
            Text(f"  {doubling}", style="italic"),
            Text(counted.format(n=len(combos)), style="italic"),  # 3 or more
            Text(f"+{subtotal // 2}", style="italic"),
        )


LABEL, POINTS = 12, 4  # the widths of the sheet's outer columns


def _ruled(c: Combination, look: Look) -> Noted:
    """A combination's cards and the rule that gives its points ("3 Kings = 17")."""
    return Noted(CardList(c.cards, look), combination_rule(c, look.ascii))


def _declared_rows(table: Table, declared: list[tuple[str, Declaration]], look: Look) -> None:
    """Who declared what (*accusi*): each player's name on a row of its own, then his
    combinations as the sections above show theirs (the family, its cards and rule, its points)
    and the doubling (a called-out hand was never seen on the table: this is where it is told).
    Every player's alike, whatever the width."""
    table.add_row(Text(_("Declared by"), style="bold underline"), "", "")
    for name, d in declared:
        combos = d.combinations
        table.add_row(Text(f"  {short_name(name, LABEL - 2, look.ellipsis)}"), "", "")
        for c in combos:
            table.add_row(Text(f"    {c.family}"), _ruled(c, look), Text(str(c.points)))
        extra = d.points - sum(c.points for c in combos)
        if extra:
            table.add_row(
                Text("    " + _("doubled"), style="italic"), "", Text(f"+{extra}", style="italic")
            )


def _card_rows(table: Table, result: SideResult, look: Look) -> None:
    """The card points, and under them how the pairs made them (RULES.md §8.1): the carte di
    valore by what each is worth, each with a scartino, then the pairs left (their numbers said
    in words: the points column holds the parts of the total only)."""
    cards = result.breakdown.cards
    table.add_row(
        Text(_("Card points")),
        Text(in_pairs(len(cards)), style="dim"),
        Text(str(result.card_points)),
    )
    pairs = card_pairs(cards)
    for value, valued in pairs.by_value():
        table.add_row(
            Text("  " + worth(value)), Noted(CardList(valued, look), worth_note(value, valued)), ""
        )
    paired = paired_note(pairs)
    if paired is not None:
        table.add_row("", Text(paired, style="dim"), "")
    left = other_pairs(pairs, look.ascii)
    if left is not None:
        label, said = left
        table.add_row(Text(f"  {label}" if label else ""), Text(said, style="dim"), "")


def _body(
    result: SideResult,
    look: Look,
    called_out: bool,
    declared: list[tuple[str, Declaration]] | None,
) -> Table:
    """The sheet's rows above its totals."""
    table = _grid()
    if not called_out:
        b = result.breakdown
        _combo_rows(
            table,
            _("Cricche"),
            b.cricche,
            b.criccone,
            b.cricche_points,
            "criccone",
            _("{n} cricche"),
            look,
        )
        _combo_rows(
            table,
            _("Sequences"),
            b.sequences,
            b.sequences_doubled,
            b.sequences_points,
            _("doubled"),
            _("{n} sequences"),
            look,
        )
        table.add_row(Text(_("Combinations")), "", Text(str(result.captured_combinations)))
        _card_rows(table, result, look)
        table.add_row(Text(_("Last trick")), "", Text(str(result.last_trick)))
    if declared:
        _declared_rows(table, declared, look)
    table.add_row(Text(_("Declarations")), "", Text(str(result.declarations)))
    return table


def _grid() -> Table:
    """Label, cards, points: fixed outer columns so that two grids line up."""
    table = Table.grid(expand=True, padding=(0, 1))
    table.add_column(width=LABEL, no_wrap=True)
    table.add_column(ratio=1)
    table.add_column(width=POINTS, justify="right", no_wrap=True)
    return table


class ScoreSheet(Static):
    """Captured combinations with their cards, card points, last trick, declarations, the raw
    and the rounded total, and the match score before and after."""

    DEFAULT_CSS = """
    ScoreSheet { height: auto; padding: 0 1; }
    """

    drawn: Group | None = None  # the sheet last shown

    def show(
        self,
        title: str,
        result: SideResult,
        *,
        look: Look,
        before: int,
        notes: list[Text],
        called_out: bool = False,
        declared: list[tuple[str, Declaration]] | None = None,
    ) -> None:
        """``declared``: the side's players' declarations, with their names."""
        table = _body(result, look, called_out, declared)
        totals = _grid()
        totals.add_row(Text(_("Raw total")), "", Text(str(result.raw)))
        totals.add_row(
            Text(_("Hand total"), style="bold"),
            Text(_("rounded to 5"), style="dim"),
            Text(str(result.total), style="bold"),
        )
        totals.add_row(
            Text(_("Match"), style="bold"),
            Text(f"{before} {look.arrow}", justify="right"),
            Text(str(before + result.total), style="bold"),
        )
        heading = Text(title, style="bold reverse", justify="center")
        rule = Rule(style="dim", characters="-" if look.ascii else "─")
        parts: list = [heading, *notes, rule, table, rule, totals]
        self.drawn = Group(*parts)  # (what the lesson measures to find a line)
        self.update(self.drawn)
