"""The matches recorded in the statistics, the latest first: choose one to review its hands.

:class:`RecordedMatches` is what this screen and the statistics screen share: reading the
database and opening a recorded match in a worker (the database may be locked for a moment by
another program), and the review screen on top."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from store.stats import Statistics, read_statistics
from text.hand_review import ReviewSource
from text.language import N_, _, ngettext, number
from text.render import Look, look_of
from text.statistics import nothing_recorded, read_words
from text.wrapping import Hanging
from tui.screens.base import GameScreen
from tui.screens.help import HELP_KEY
from tui.screens.review import ReviewScreen
from tui.widgets.footer import Footer
from tui.widgets.line import TextLine
from tui.widgets.matchtable import MatchTable

LISTED = 100  # matches listed at most


class RecordedMatches(GameScreen[None]):
    """A screen that reads the statistics of ``directory`` (the data directory when None) and
    reviews the match chosen in its :class:`MatchTable`."""

    BINDINGS = [
        # the footer names it as every screen names its first key (the table under the cursor
        # takes Enter first otherwise, and says it nowhere)
        Binding("enter", "review", N_("Review"), priority=True),
        Binding("q,escape", "close", N_("Back")),
        HELP_KEY,
    ]
    RECENT = LISTED

    # Sentences no wider than the help's on a wide terminal (a long line is hard to follow)
    DEFAULT_CSS = """
    RecordedMatches #matches-message, RecordedMatches #stats-people,
    RecordedMatches #stats-pairings { max-width: 104; }
    """

    def __init__(self, directory: Path | None = None) -> None:
        super().__init__()
        self.directory = directory

    @property
    def look(self) -> Look:
        return look_of(getattr(self.app, "settings", None))

    def read(self) -> None:
        """Read the statistics in a worker; :meth:`show` gets them."""
        self.say(Text(_("Reading the statistics") + self.look.ellipsis, style="dim"))
        directory, recent = self.directory, self.RECENT
        self.run_worker(
            lambda: read_statistics(directory, recent=recent),
            thread=True,
            name="read",
            exit_on_error=False,
        )

    def say(self, text: RenderableType) -> None:
        self.query_one("#matches-message", Static).update(text)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if event.state == WorkerState.ERROR:
            self.say(
                Text(
                    _("The statistics could not be read: {problem}").format(problem=worker.error),
                    style="bold red",
                )
            )
        elif event.state == WorkerState.SUCCESS and worker.name == "read" and worker.result:
            figures, message = worker.result
            self.show(figures, read_words(message))
            self.refresh_bindings()  # (Enter Review, once a match is listed)
        elif event.state == WorkerState.SUCCESS and worker.name == "open":
            found = worker.result
            if isinstance(found, str):
                self.notify(found, severity="error", timeout=8)
            elif isinstance(found, ReviewSource):
                self.app.push_screen(ReviewScreen(found, look=self.look))

    def show(self, figures: Statistics, message: str | None) -> None:
        """Fill the screen with what was read; ``message``: what went wrong, if anything."""
        raise NotImplementedError

    def on_match_table_chosen(self, event: MatchTable.Chosen) -> None:
        event.stop()
        directory, match_id = self.directory, event.match_id
        self.notify(_("Opening match {n}").format(n=match_id) + self.look.ellipsis, timeout=2)
        self.run_worker(
            lambda: ReviewSource.recorded(directory, match_id),
            thread=True,
            name="open",
            group="open",
            exclusive=True,
            exit_on_error=False,
        )

    def _listing(self) -> MatchTable | None:
        """The table of matches, when it lists one."""
        tables = self.query(MatchTable)
        table = tables.first() if tables else None
        return table if table is not None and table.display and table.row_count else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":  # (shown while a match is listed)
            return self._listing() is not None
        return True

    def action_review(self) -> None:
        """Enter: the match under the table's cursor."""
        table = self._listing()
        if table is not None:
            table.action_select_cursor()

    def action_close(self) -> None:
        app: Any = self.app
        if len(app.screen_stack) > 1:
            self.dismiss(None)


class PastMatchesScreen(RecordedMatches):
    """The list of recorded matches; Enter or a click reviews one."""

    _listed: tuple[int, int] | None = None  # the matches recorded and listed, once they are

    def compose(self) -> ComposeResult:
        yield TextLine(id="matches-top")
        yield Static(id="matches-message")
        yield MatchTable(id="matches")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#matches-top", TextLine).show(
            Text.assemble(
                (_("PAST MATCHES"), "bold"),
                ("   " + _("choose one to look back at its hands"), "dim"),
            )
        )
        self.query_one(MatchTable).display = False
        self.read()

    def show(self, figures: Statistics, message: str | None) -> None:
        table = self.query_one(MatchTable)
        if message:
            self.say(Text(message, style="bold red"))
        elif not figures.recent:
            self.say(with_path(nothing_recorded(figures), figures.database, "dim"))
        else:
            self._listed = (figures.matches, len(figures.recent))
            self._say_listed()
        table.display = bool(figures.recent)
        table.show(figures.recent)
        if figures.recent:
            table.focus()
            self.call_after_refresh(self._say_listed)

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._say_listed)  # (the table is drawn again for the width)

    def on_match_table_resized(self, event: MatchTable.Resized) -> None:
        """The table laid out (first shown, or for a new width): the refresh after its rows came
        may have been before, with nothing to scroll yet."""
        self.call_after_refresh(self._say_listed)

    def _say_listed(self) -> None:
        """How many matches, and "Left and Right scroll" only when the table is wider than the
        screen."""
        if not self.is_attached or self._listed is None:
            return
        table = self.query_one(MatchTable)
        scrolls = table.display and table.max_scroll_x > 0
        recorded, shown = self._listed
        if recorded > shown:
            count = ngettext(
                "{n} recorded match (the latest {shown} of {n}).",
                "{n} recorded matches (the latest {shown} of {n}).",
                recorded,
            )
        else:
            count = ngettext("{n} recorded match.", "{n} recorded matches.", recorded)
        how = (
            _(
                "Enter or a click reviews one: every hand, card by card, with the hard bot's "
                "judgement; Left and Right scroll the table."
            )
            if scrolls
            else _(
                "Enter or a click reviews one: every hand, card by card, with the hard bot's "
                "judgement."
            )
        )
        words = count.format(n=number(recorded), shown=number(shown)) + " " + how
        self.say(Text(words, style="dim"))


_SPLIT_BEFORE = re.compile(r"(.*?)(\s*)(\S*)", re.DOTALL)  # words, gap, what the path follows
_SPLIT_AFTER = re.compile(r"(\S*)(.*)", re.DOTALL)  # what the path is followed by, words


def with_path(sentence: str, path: object, style: str = "") -> Hanging | Text:
    """``sentence`` wrapped between its words, and the file ``path`` in it broken only after a
    slash where it does not fit in a row, the rest of it under its start, so it reads whole."""
    where = str(path)
    before, found, after = sentence.partition(where)
    if not where or not found:
        return Text(sentence, style=style)
    split_before, split_after = _SPLIT_BEFORE.fullmatch(before), _SPLIT_AFTER.fullmatch(after)
    assert split_before and split_after  # (each pattern matches any text)
    words, gap, opening = split_before.groups()
    closing, rest = split_after.groups()
    steps = re.findall(r"[^/\\]*[/\\]|[^/\\]+", where)  # each directory with its slash
    steps[0] = opening + steps[0]
    steps[-1] += closing
    pieces: list[Text | Hanging] = [Text(words, style=style)] if words else []
    pieces.append(
        Hanging(Text(steps[0], style=style), [Text(s, style=style) for s in steps[1:]], "")
    )
    if rest.strip():
        pieces.append(Text(rest.strip(), style=style))
    return Hanging("", pieces, gap or " ")
