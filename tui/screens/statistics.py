"""The statistics of the finished matches: per person (matches played and won, hands, average
hand margin, best hand, declarations, wins by calling out), per partner and opponent level, and
the latest matches (Enter or a click reviews one). The same figures as `tarocchino stats`."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from store.stats import PersonStats, Statistics
from text.language import N_, _
from text.statistics import (
    NO_PERSON,
    nothing_recorded,
    pairing_line,
    person_row,
    totals_line,
)
from text.wrapping import Pairs
from tui.screens.matches import RecordedMatches, with_path
from tui.widgets.footer import Footer
from tui.widgets.line import TextLine
from tui.widgets.matchtable import MatchTable


class StatisticsScreen(RecordedMatches):
    """Read in a worker (the database may be locked a moment); a database that is empty,
    damaged or unreadable says so."""

    RECENT = 20

    def compose(self) -> ComposeResult:
        yield TextLine(id="stats-top")
        with VerticalScroll(id="stats-page"):
            yield Static(id="matches-message")
            yield Static(Text(_("People"), style="bold"), classes="stats-title", id="people-title")
            yield Static(id="stats-people")
            yield Static(id="stats-pairings")
            yield Static(_recent_title(scrolls=False), classes="stats-title", id="recent-title")
            yield MatchTable(id="stats-recent")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#stats-top", TextLine).show(
            Text.assemble(
                (_("STATISTICS"), "bold"), ("   " + _("every match played to the end"), "dim")
            )
        )
        for widget in self.query(".stats-title, #stats-people, #stats-pairings, MatchTable"):
            widget.display = False
        self.read()

    def show(self, figures: Statistics, message: str | None) -> None:
        lines: list[RenderableType] = []
        if message:
            lines.append(Text(message, style="bold red"))
        lines.append(
            with_path(totals_line(figures), figures.database)
            if figures.matches
            else with_path(nothing_recorded(figures), figures.database, "dim")
        )
        self.say(Group(*lines))
        if not figures.matches:
            return
        people = self.query_one("#stats-people", Static)
        people.update(_people(figures.people))
        pairings: RenderableType = Text(NO_PERSON, style="dim")
        if figures.people:  # a line that wraps goes on indented, under its own start
            pairings = Group(
                Text(_("With partner and opponents"), style="bold"),
                *(Padding(Text(pairing_line(p)), (0, 0, 0, 2)) for p in figures.pairings),
            )
        self.query_one("#stats-pairings", Static).update(pairings)
        self.query_one(MatchTable).show(figures.recent)
        for widget in self.query(".stats-title, #stats-pairings, MatchTable"):
            widget.display = True
        people.display = self.query_one("#people-title").display = bool(figures.people)
        self.query_one(MatchTable).focus()
        self.call_after_refresh(self._scroll_hint)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._scroll_hint)  # (the table is drawn again for the width)

    def on_match_table_resized(self, event: MatchTable.Resized) -> None:
        """The table laid out (first shown, or for a new width): the refresh after its rows came
        may have been before, with nothing to scroll yet."""
        self.call_after_refresh(self._scroll_hint)

    def _scroll_hint(self) -> None:
        """ "Left and Right scroll" only when the latest matches are wider than the screen."""
        if not self.is_attached:
            return
        table = self.query_one(MatchTable)
        scrolls = table.display and table.max_scroll_x > 0
        self.query_one("#recent-title", Static).update(_recent_title(scrolls=scrolls))


def _recent_title(*, scrolls: bool) -> Text:
    how = (
        _("Enter or a click reviews one; Left and Right scroll")
        if scrolls
        else _("Enter or a click reviews one")
    )
    return Text.assemble((_("Latest matches"), "bold"), (f"   {how}", "dim"))


def _people(people: tuple[PersonStats, ...]) -> Table:
    """Each person's name, then his figures as "label value" pairs that wrap under their own
    start, at any width, a pair never split."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    for p in people:
        cells = person_row(p)
        pairs: list[Text] = []
        for label, value in zip(_WORDS, cells[1:], strict=True):
            if label is None:  # the share won, beside the matches won
                pairs[-1].append(f" ({value})")
                continue
            pairs.append(Text.assemble((f"{_(label)} ", "dim"), value))
        grid.add_row(Text(cells[0], style="bold"), Pairs(pairs))
    return grid


# Each figure of a person's row (text.statistics.PEOPLE_HEADER, after the name) in words
_WORDS = (
    N_("played"),
    N_("won"),
    None,
    N_("hands"),
    N_("average hand margin"),
    N_("best hand"),
    N_("declarations"),
    N_("won by calling out"),
)
