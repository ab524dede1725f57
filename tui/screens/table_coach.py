"""The coach (i turns it off and on): after the card of the person at the keyboard, the hard
bot's judgement of it, thought in a worker from his own view (never a hidden card), said at once
when the card cost his side points, with the better card and why.

Only for one person at the screen: at a shared screen (hot-seat) the word would come after the
next person took the keyboard, and the better card names a card of the hand just hidden."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from rich.text import Text
from textual.app import App
from textual.worker import Worker, WorkerState

from ai.coach import Lesson, lesson
from game.cards import Card
from game.view import PlayerView
from store.newcomer import coach_on
from text.coach import lesson_text
from text.language import _
from text.presenter import COACH_KEY
from text.render import Look
from tui.screens.table_notices import Notices
from tui.screens.table_turns import Seating
from tui.screens.working import Working

Judged = tuple[Lesson | None, int, int]  # what to say (None: nothing), the card, its hand


class CoachTable(Working, Protocol):
    """The table screen as its coach sees it."""

    @property
    def app(self) -> App[Any]: ...
    @property
    def look(self) -> Look: ...
    @property
    def seating(self) -> Seating: ...

    @property
    def final(self) -> PlayerView | None: ...

    def current_view(self) -> PlayerView: ...
    def redraw(self) -> None: ...


def offered(seating: Seating) -> bool:
    """The coach can speak at a screen of ``seating``: one person plays at it."""
    return seating.people == 1


class Coach:
    """Judges the person's cards while the coach is on, and says those that cost points."""

    def __init__(self, table: CoachTable, notices: Notices) -> None:
        self.table, self.notices = table, notices
        self.cards = 0  # the person's cards judged so far: a verdict speaks of the latest only
        # what the coach says of the person's last card: in the status line while the others
        # play, then before his prompt, until his next card
        self.word: Text | None = None
        # on or off, as the settings and the statistics said for the setting ``_chosen``
        self._wanted, self._chosen = False, ""

    @property
    def on(self) -> bool:
        """The coach speaks at this screen now (the statistics are asked again only when the
        setting changes)."""
        if not offered(self.table.seating):
            return False
        app: Any = self.table.app
        settings = getattr(app, "settings", None)
        if settings is None:
            return False
        if settings.coach != self._chosen:
            self._chosen = settings.coach
            self._wanted = coach_on(settings, getattr(app, "directory", None))
        return self._wanted

    def played(self, view: PlayerView, card: Card) -> None:
        """The person played ``card`` from ``view``: judged in a worker, when the coach is on."""
        self.cards += 1
        self.word = None
        if not self.on or len(view.legal) < 2:
            return
        number = self.cards

        def think() -> Judged:
            return lesson(view, card), number, view.hand_number

        self.table.run_worker(
            think, name=f"coach {number}", thread=True, group="coach", exit_on_error=False
        )

    def taken_back(self) -> None:
        """The card was taken back: what is said of it would be about nothing on the table."""
        self.cards += 1
        self.word = None

    def changed(self, worker: Worker[Any], state: WorkerState) -> None:
        """A worker of the screen changed state: a costly card, once judged, is said."""
        if worker.group != "coach" or state != WorkerState.SUCCESS or worker.result is None:
            return
        said, number, hand = worker.result
        if said is None or number != self.cards or not self.on:
            return
        table = self.table
        text = lesson_text(said, table.look)
        if table.final is None and table.current_view().hand_number == hand:
            self.word = text
            table.redraw()
        else:  # the hand is over: its sheet is in view
            self.notices.tell(text.plain, timeout=max(8.0, len(text.plain) / 12))

    def toggle(self) -> None:
        """i: the coach off (or on again), remembered in the settings."""
        app: Any = self.table.app
        wanted = not self.on
        self.word = None
        settings = getattr(app, "settings", None)
        if settings is not None and hasattr(app, "apply_settings"):
            app.apply_settings(replace(settings, coach="on" if wanted else "off"))
        if wanted:
            said = _("The coach is on: after a costly card it says what was better.")
        else:
            said = _("The coach is off. The key {key} turns it on again.").format(key=COACH_KEY)
        self.notices.tell(said)
        self.table.redraw()
