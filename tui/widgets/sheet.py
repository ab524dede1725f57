"""One side's scoring sheet at the end of a hand (RULES.md §8)."""

from __future__ import annotations

from rich.console import Group
from rich.rule import Rule
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from game.hand import SideResult
from game.scoring import Combination
from game.view import Declaration
from tui.render import Look, cards_text
from tui.words import plural, short_name


def _combo_rows(table: Table, title: str, combos: tuple[Combination, ...], doubled: bool,
                subtotal: int, doubling: str, look: Look) -> None:
    """A section of the sheet; ``doubling`` names its doubling ("criccone"), said in the label
    column: the middle one says of how many (short enough for a sheet at 80 columns)."""
    table.add_row(Text(title, style="bold underline"), "", "")
    if not combos:
        table.add_row(Text("  none", style="dim"), "", Text("0", style="dim"))
        return
    for c in combos:
        table.add_row(Text(f"  {c.family}"), cards_text(c.cards, look), Text(str(c.points)))
    if doubled:
        table.add_row(Text(f"  {doubling}", style="italic"),
                      Text(f"{len(combos)} {title.lower()}", style="italic"),  # 3 or more
                      Text(f"+{subtotal // 2}", style="italic"))


def _declared_rows(table: Table, declared: list[tuple[str, Declaration]], look: Look) -> None:
    """Who declared what (*accusi*): each player's combinations with their cards and points,
    and the doubling (a called-out hand was never seen on the table: this is where it is told)."""
    table.add_row(Text("Declarations", style="bold underline"), "", "")
    for name, d in declared:
        combos = d.combinations
        for i, c in enumerate(combos):
            who = Text(f"  {short_name(name, 10, look.ellipsis)}" if i == 0 else "")
            table.add_row(who, Text.assemble(f"{c.family} ", cards_text(c.cards, look)),
                          Text(str(c.points)))
        extra = d.points - sum(c.points for c in combos)
        if extra:
            table.add_row("", Text("doubled", style="italic"), Text(f"+{extra}", style="italic"))


def _grid() -> Table:
    """Label, cards, points: fixed outer columns so that two grids line up."""
    table = Table.grid(expand=True, padding=(0, 1))
    table.add_column(width=12, no_wrap=True)
    table.add_column(ratio=1)
    table.add_column(width=4, justify="right", no_wrap=True)
    return table


class ScoreSheet(Static):
    """Captured combinations with their cards, card points, last trick, declarations, the raw
    and the rounded total, and the match score before and after."""

    DEFAULT_CSS = """
    ScoreSheet { height: auto; padding: 0 1; }
    """

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
        table = _grid()
        if not called_out:
            b = result.breakdown
            _combo_rows(table, "Cricche", b.cricche, b.criccone, b.cricche_points,
                        "criccone", look)
            _combo_rows(table, "Sequences", b.sequences, b.sequences_doubled, b.sequences_points,
                        "doubled", look)
            table.add_row(Text("Combinations"), "", Text(str(result.captured_combinations)))
            table.add_row(Text("Card points"), Text(plural(len(b.cards), "card"), style="dim"),
                          Text(str(result.card_points)))
            table.add_row(Text("Last trick"), "", Text(str(result.last_trick)))
        if declared:
            _declared_rows(table, declared, look)
        table.add_row(Text("Declarations"), "", Text(str(result.declarations)))
        totals = _grid()
        totals.add_row(Text("Raw total"), "", Text(str(result.raw)))
        totals.add_row(Text("Hand total", style="bold"), Text("rounded to 5", style="dim"),
                       Text(str(result.total), style="bold"))
        totals.add_row(Text("Match", style="bold"), Text(f"{before} {look.arrow}", justify="right"),
                       Text(str(before + result.total), style="bold"))
        heading = Text(title, style="bold reverse", justify="center")
        rule = Rule(style="dim", characters="-" if look.ascii else "─")
        parts: list = [heading, *notes, rule, table, rule, totals]
        self.update(Group(*parts))
