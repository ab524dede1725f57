"""The lesson (*Learn to play*): the table's widgets around a guided first hand, and a pane that
says what each step teaches.

The lesson itself (the deal, the script, what a try does) is :class:`table.lesson.Lesson`; its
words are :mod:`text.lesson`; its progress is saved by :mod:`store.lesson` after every step, so
the lesson resumes where it was left. The screen draws the lesson's hand as the table does
(:func:`text.presenter.present`), the pack or the sheet in the felt's place where a step shows
them, and routes the keys, the clicks and the declarations' dialog to the lesson.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from game.actions import DECLARE, DISCARD, PLAY
from game.cards import Card
from game.phase import Phase
from game.rules import DEFAULT_TARGET
from store.lesson import LessonProgress
from store.match_setup import MatchSetup
from table import lesson as script
from table.lesson import NAMES, NOT_NOW, RIGHT, STEPS, YOU, Attempt, Lesson
from table.session import HUMAN, Seat, parse_seats
from text.language import N_, _
from text.lesson import attempt_words, pack_lines, progress_problem, step_count, step_text
from text.presenter import Scene, discardable, present
from text.render import Look, face, look_of
from text.storage import write_problem
from tui.keys import key_name
from tui.messages import CardChosen
from tui.screens.base import GameScreen
from tui.screens.declare import DeclareScreen
from tui.screens.help import HELP_KEY
from tui.screens.scoring import MENU
from tui.screens.too_small import fit_breakpoints
from tui.widgets.felt import felt
from tui.widgets.hand_view import HandView
from tui.widgets.keybar import KeyBar
from tui.widgets.line import TextLine
from tui.widgets.seat import SeatPanel
from tui.widgets.sheet import ScoreSheet
from tui.widgets.trick import TrickView

_PLACES = ("seat-bottom", "seat-right", "seat-top", "seat-left")  # by seat from the bottom
# The seats as the table shows them: by name only (no bot level: the script plays the others).
SEATS = tuple(Seat(HUMAN, name) for name in NAMES)
# Steps after which the trick just taken stays on the table to be looked at.
_SHOW_TAKEN = frozenset(
    {"trick_won", "round_order", "trumped", "mori_won", "matto_kept", "play_on", "last_taken"}
)
# The sheet's line each sheet step speaks of (its label): the sheet is scrolled so that it shows
# where the sheet does not fit (80x24); "" for its end (the totals).
_SHEET_LINE = {
    "sheet_cards": N_("Card points"),
    "sheet_last": N_("Last trick"),
    "sheet_declarations": N_("Declared by"),
    "sheet_total": "",
}
# What the key bar calls Enter at each kind of step.
_ENTER = {"read": N_("Go on"), PLAY: N_("Play"), DISCARD: N_("Choose"), DECLARE: N_("Declare")}


class LessonScreen(GameScreen[None]):
    """The guided first hand. Enter goes on (or plays, declares), r repeats the step, s skips
    it, p goes back one, q leaves (the place is kept)."""

    # (its style: assets/app.tcss)
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    BINDINGS = [
        # (the hand's own Enter where it has the focus; this one where it is hidden: the sheet)
        Binding("enter", "enter", N_("Go on"), show=False),
        HELP_KEY,
        Binding("r", "repeat", N_("Repeat")),
        Binding("s", "skip", N_("Skip")),
        Binding("p", "back", N_("Back")),
        Binding("q,escape", "leave", N_("Menu")),
        # (words longer than their pane are read on with these)
        Binding("pagedown", "scroll_pane(1)", N_("Read on"), show=False),
        Binding("pageup", "scroll_pane(-1)", N_("Read back"), show=False),
    ]

    def __init__(self, directory: Path | None, *, start: int | None = None) -> None:
        """``directory``: where the progress is kept (None: nowhere, as in tests); ``start``:
        the step to begin at instead of the saved one."""
        super().__init__()
        self.progress = LessonProgress(directory, len(STEPS)) if directory is not None else None
        self.problem: str | None = None  # why the saved place could not be read
        step = 0
        if self.progress is not None:
            step, error = self.progress.read_telling()
            if error is not None:
                self.problem = progress_problem(error)
        self.lesson = Lesson(step if start is None else start)
        self.said: Text | None = None  # why the last try was not the step's
        self._write_failed = False

    def compose(self) -> ComposeResult:
        fit_breakpoints(self)  # (else drawn once in the roomy layout first)
        yield TextLine(id="topbar")
        with Horizontal(id="main"):
            yield from felt()
            with VerticalScroll(id="board"):
                yield Static(id="pack")
                yield ScoreSheet(id="lesson-sheet")
            with VerticalScroll(id="lesson-pane"):
                yield Static(id="lesson-title")
                yield Static(id="lesson-body")
        yield HandView(id="hand")
        yield TextLine(id="status")
        yield KeyBar([], id="keybar")

    def on_mount(self) -> None:
        self.query_one(HandView).focus()
        if self.problem is not None:
            self.notify(self.problem, severity="warning", timeout=10)
            self.save()
        self.redraw()

    @property
    def look(self) -> Look:
        return look_of(getattr(self.app, "settings", None))

    async def speak_again(self) -> None:
        """Drawn again in the language spoken now."""
        self.said = None
        self.redraw()

    # ----------------------------------------------------------------- drawing
    def redraw(self) -> None:
        lesson, look = self.lesson, self.look
        step = lesson.current
        text = step_text(lesson, look)
        topbar = Text.assemble((_("Learn to play"), "bold"), "  ", (step_count(lesson), "dim"))
        self.query_one("#topbar", TextLine).show(topbar)
        self.query_one("#lesson-title", Static).update(Text(text.title, style="bold"))
        self.query_one("#lesson-body", Static).update(Text("\n\n").join(text.body))
        board = step.key in script.PACK_STEPS or step.key in script.SHEET_STEPS
        self.set_class(board, "-board")
        pack = self.query_one("#pack", Static)
        sheet = self.query_one(ScoreSheet)
        pack.display = step.key in script.PACK_STEPS
        sheet.display = step.key in script.SHEET_STEPS
        if pack.display:
            pack.update(Text("\n").join(pack_lines(look)))
        if sheet.display:
            self._show_sheet(look)
            self.call_after_refresh(self._scroll_sheet, _SHEET_LINE.get(step.key))
        self._draw_table(look)
        self.query_one("#status", TextLine).show(self.said if self.said is not None else text.todo)
        self.query_one(KeyBar).set_entries(self._keys())

    def _draw_table(self, look: Look) -> None:
        lesson = self.lesson
        view = lesson.view()
        step = lesson.current
        shown = view
        if view.declarations[YOU] is not None and view.discard:
            # (the seat has two lines: its declaration there now, the discard said before)
            shown = replace(view, discard=None)
        scene = Scene(
            view=shown,
            seats=SEATS,
            bottom=YOU,
            look=look,
            hand_shown=True,
            over=view.phase == Phase.OVER,
            marked=tuple(lesson.marked),
            show_last=step.key in _SHOW_TAKEN and bool(view.tricks) and not view.trick,
        )
        texts = present(scene)
        for place, seat in zip(_PLACES, texts.seats, strict=True):
            self.query_one(f"#{place}", SeatPanel).show_seat(seat)
        trick = texts.trick
        self.query_one(TrickView).show(
            trick.cards,
            bottom=YOU,
            look=look,
            highlight=trick.highlight,
            captions=trick.captions,
            short=trick.short,
        )
        hand = self.query_one(HandView)
        hand.display = view.phase != Phase.OVER  # (the sheet takes its rows)
        if step.kind == PLAY:
            hand.show_view(view, look=look, choosable=frozenset(a.card for a in view.legal))
        elif step.kind == DISCARD:
            hand.show_view(
                view, look=look, choosable=discardable(view), marked=frozenset(lesson.marked)
            )
        else:
            hand.show_view(view if view.hand else None, look=look)

    def _show_sheet(self, look: Look) -> None:
        result = self.lesson.hand.result
        assert result is not None
        declared = [
            (_("You") if d.seat == YOU else NAMES[d.seat], d)
            for d in self.lesson.hand.declarations
            if d is not None and d.families and d.seat % 2 == YOU % 2
        ]
        self.query_one(ScoreSheet).show(
            _("You & Carla"),
            result.sides[0],
            look=look,
            before=0,
            notes=[],
            declared=declared,
        )

    def _scroll_sheet(self, label: str | None) -> None:
        """The sheet scrolled to the line that starts with ``label`` (translated), to its end for
        "", to its top for None."""
        board = self.query_one("#board", VerticalScroll)
        if label is None:
            board.scroll_home(animate=False)
            return
        if not label:
            board.scroll_end(animate=False)
            return
        sheet = self.query_one(ScoreSheet)
        width = sheet.content_region.width
        if width <= 0 or sheet.drawn is None:
            return
        console = self.app.console
        lines = console.render_lines(sheet.drawn, console.options.update_width(width))
        said = _(label)
        row = next(
            (
                i
                for i, line in enumerate(lines)
                if "".join(s.text for s in line).strip().startswith(said)
            ),
            None,
        )
        if row is None:
            return
        top = sheet.virtual_region.y + (sheet.content_region.y - sheet.region.y) + row
        board.scroll_to(y=max(0, top - 1), animate=False)

    def _keys(self) -> list[tuple[str, str, str]]:
        """The key bar: Enter's word for this step, then repeat, skip, back and the way out."""
        ascii = self.look.ascii
        kind = self.lesson.current.kind
        enter = _("Start a match") if self.lesson.finished else _(_ENTER[kind])
        return [
            (key_name("enter", ascii=ascii), enter, "enter"),
            ("r", _("Repeat"), "repeat"),
            ("s", _("Skip"), "skip"),
            ("p", _("Back"), "back"),
            ("?", _("Help"), "app.help"),
            ("q", _("Menu"), "leave"),
        ]

    # ----------------------------------------------------------------- moving on
    def moved(self) -> None:
        """The lesson moved to another step: saved, and drawn (its words from their start)."""
        self.said = None
        self.save()
        self.redraw()
        self.query_one("#lesson-pane", VerticalScroll).scroll_home(animate=False)

    def save(self) -> None:
        if self.progress is None:
            return
        failed = self.progress.write(self.lesson.step)
        if failed is not None and not self._write_failed:
            self._write_failed = True
            self.notify(write_problem(failed), severity="warning", timeout=8)

    def tell(self, words: str) -> None:
        self.said = Text(words, style="bold")
        self.query_one("#status", TextLine).show(self.said)

    def action_enter(self) -> None:
        """Enter: on from a step to read, the declarations' dialog, or the card under the
        cursor (the hand's own Enter)."""
        lesson = self.lesson
        kind = lesson.current.kind
        if lesson.finished:
            self.start_match()
        elif kind == "read":
            lesson.next()
            self.moved()
        elif kind == DECLARE:
            self.declare()
        else:
            self.query_one(HandView).action_choose()

    def declare(self) -> None:
        view = self.lesson.view()

        def answered(families: tuple[str, ...] | str | None) -> None:
            if families is None or families == MENU:
                return
            assert isinstance(families, tuple)
            attempt = self.lesson.try_declare(families)
            if attempt.outcome == RIGHT:
                self.moved()
            else:
                self.tell(attempt_words(attempt, self.lesson, "", self.look))

        self.app.push_screen(DeclareScreen(view, _("You"), self.look, None), answered)

    def action_repeat(self) -> None:
        self.lesson.repeat()
        self.moved()

    def action_skip(self) -> None:
        if self.lesson.finished:
            return
        self.lesson.skip()
        self.moved()

    def action_back(self) -> None:
        self.lesson.back()
        self.moved()

    def action_scroll_pane(self, direction: int) -> None:
        """The lesson's words a page on (1) or back (-1)."""
        pane = self.query_one("#lesson-pane", VerticalScroll)
        if direction > 0:
            pane.scroll_page_down(animate=False)
        else:
            pane.scroll_page_up(animate=False)

    def action_leave(self) -> None:
        self.dismiss(None)

    def start_match(self) -> None:
        """The real thing: a match to the target, against the bots the start screen offers. The
        lesson is done: the next one starts from its beginning."""
        app: Any = self.app
        self.lesson.go(0)
        self.save()
        self.dismiss(None)
        if hasattr(app, "start_match"):
            seats = parse_seats(list(MatchSetup().kinds))
            app.start_match(seats, seed=None, target=DEFAULT_TARGET)

    # ----------------------------------------------------------------- the hand
    def on_card_chosen(self, event: CardChosen) -> None:
        event.stop()
        self.choose(event.card)

    def choose(self, c: Card) -> None:
        lesson = self.lesson
        before = lesson.step
        attempt = lesson.try_card(c)
        if lesson.step != before:
            self.moved()
        elif attempt.outcome == RIGHT:  # a card marked for the discard
            self.said = None
            self.redraw()
        else:
            self.tell(attempt_words(attempt, lesson, face(c, self.look), self.look))

    def on_hand_view_key_unused(self, event: HandView.KeyUnused) -> None:
        """Enter (or a click) where no card may be chosen goes on; a card's key says why no
        card is played now (a step to read, the declarations first)."""
        event.stop()
        if event.index is None:
            self.action_enter()
        else:
            self.tell(attempt_words(Attempt(NOT_NOW), self.lesson, "", self.look))
