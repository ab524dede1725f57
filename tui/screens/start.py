"""The start screen: a new match (seats, names, target, seed, signals), watching four bots play
(at a chosen pace), resuming the saved match, hosting or joining a table, the past matches and
the statistics, help, quit. The last setup is remembered."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static
from textual.worker import Worker, WorkerState

from ai.hard import DEFAULT_BUDGET_S
from game.cards import INDEX
from game.rules import DEFAULT_TARGET, is_target
from game.seats import side_of
from store.lastmatch import LastMatch, LastMatchNote, NoteError
from store.match_setup import MAX_TARGET, MatchSetup
from store.save import SaveError, SaveStore
from store.settings import WATCH_PACES
from store.stats import match_number
from table.session import (
    BOT_LEVELS,
    DEFAULT_NAMES,
    HUMAN,
    NAME_CHARS,
    SLOW_HARD,
    Seat,
    parse_seats,
)
from text.hand_review import ReviewSource
from text.language import N_, _, decimal
from text.lastmatch import last_match_parts, last_match_title, unread_note
from text.problems import error_words
from text.render import Look, box_lines
from text.saved import damaged_words, saved_parts
from text.statistics import stats_problem
from text.storage import pace_words
from text.words import capitalized, shown_name
from text.wrapping import Hanging, Pairs
from tui.keys import key_name
from tui.screens.base import GameScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HELP_KEY
from tui.screens.matches import PastMatchesScreen
from tui.screens.review import ReviewScreen
from tui.screens.statistics import StatisticsScreen
from tui.screens.too_small import fit_breakpoints
from tui.widgets.arrows import plain_arrows
from tui.widgets.checkbox import PlainCheckbox
from tui.widgets.footer import Footer

TITLE = r"""
╔╦╗╔═╗╦═╗╔═╗╔═╗╔═╗╦ ╦╦╔╗╔╔═╗
 ║ ╠═╣╠╦╝║ ║║  ║  ╠═╣║║║║║ ║
 ╩ ╩ ╩╩╚═╚═╝╚═╝╚═╝╩ ╩╩╝╚╝╚═╝""".strip("\n")
ASCII_TITLE = "T A R O C C H I N O"
BUSY_HERE = N_("Another game is using this data directory: here you can host or join a table.")
# The same in a browser tab (`tarocchino web`), whose player knows tabs, not data directories:
# another tab of the browser holds its saves (or, on the serving machine, a game in a terminal).
BUSY_IN_TAB = N_(
    "Another tab or window is playing with these saves: in this tab you can host or join a table."
)


def busy_here(web: bool) -> str:
    """Why this game cannot start or resume a match (another holds the data directory), in a
    browser's words in a tab (``web``)."""
    return _(BUSY_IN_TAB if web else BUSY_HERE)


def kind_options(extra: list[str] | tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """Human and the levels, and ``extra`` kinds given on the command line (a bot with options,
    another bot)."""
    options = [(_("Human"), HUMAN)]
    for level in BOT_LEVELS:
        if level == "hard":  # thinking time, by feel
            options.append((_hard(DEFAULT_BUDGET_S), level))
            options.extend((_hard(s), kind) for kind, s in SLOW_HARD.items())
        else:
            options.append((_(LEVELS[level]) if level in LEVELS else level, level))
    for kind in dict.fromkeys(extra):
        if kind not in (value for _, value in options):
            options.append((kind, kind))
    return options


def _hard(budget: float) -> str:
    return _("Hard bot, {seconds} s a move").format(seconds=decimal(budget))


# The bots by level, as the seat's choice names them.
LEVELS = {
    "random": N_("Random bot"),
    "easy": N_("Easy bot"),
    "medium": N_("Medium bot"),
    "hard": N_("Hard bot"),
}


class StartScreen(GameScreen[None]):
    """Everything before the first card; the app's bottom screen."""

    # The page sits in the middle of the terminal's height at every size (from the first frame:
    # see fit_breakpoints); -short: no hero, the title without its blank row
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall"), (36, "-towering")]

    DEFAULT_CSS = """
    #left-row { height: auto; border: round $warning; padding: 0 1; margin: 0 0 1 0; }
    #left-row.-ascii { border: ascii $accent; }
    #left-info { width: 1fr; }
    """

    BINDINGS = [
        HELP_KEY,  # (? typed in a text box stays there, as q does)
        Binding("f2", "settings", N_("Settings")),
        Binding("w", "watch", N_("Watch bots")),
        Binding("p", "past_matches", N_("Past matches")),
        Binding("s", "statistics", N_("Statistics")),
        # (the buttons name them: the footer has no room for them at 80 columns)
        Binding("n", "new_match", N_("Start new match"), show=False),
        Binding("r", "resume_or_review", N_("Resume, or review the last match"), show=False),
        Binding("j", "rejoin", N_("Back to the table left"), show=False),
        Binding("l", "learn", N_("Learn to play"), show=False),
        Binding("q", "app.quit", N_("Quit"), show=False),  # typed in a text box, it stays there
    ]

    def __init__(
        self,
        store: SaveStore | None,
        defaults: dict[str, Any] | None = None,
        setup: MatchSetup | None = None,
        *,
        local: bool = True,
        seed: int | None = None,
        target: int | None = None,
        signals: bool = False,
    ) -> None:
        """``defaults``: the seat kinds, target and signals of ``play --seats`` (else
        ``setup``, the last match set up here); ``local=False``: another game holds the data
        directory, so only tables are played here; ``seed``, ``target``, ``signals``: given to
        ``play`` without seats, filled in (signals: ticked)."""
        super().__init__()
        self.given_seed, self.given_target, self.given_signals = seed, target, signals
        self.store = store
        self.defaults = defaults or {}
        self.setup = setup or MatchSetup()
        self.local = local
        self.last: LastMatch | None = None  # the last match noted, when no match is saved
        self._note_problem: tuple[NoteError, bool] | None = None  # why the note could not be read
        # The setup as it was when the screen is composed anew (another language)
        self._kept: tuple[list[str], list[str], str, str, float, bool] | None = None
        self.built = True  # the page composed and there (see compose)
        self._held_back = False  # compose leaves the page out until it first comes into view
        self._composed = False  # compose has run once

    def compose(self) -> ComposeResult:
        """The page, or nothing yet while another screen opened over it at once (``play
        --seats``, ``resume``, ``join``, ``learn``): it is composed when it first comes into
        view (:meth:`_uncovered`), not at every start of a match from the command line."""
        stack = self.app.screen_stack
        if not self._composed and self in stack and stack[-1] is not self:
            self.built, self._held_back = False, True
        self._composed = True
        if not self._held_back:
            fit_breakpoints(self)  # (else drawn at the top of a tall terminal, then centred)
            yield from self._page()

    def _page(self) -> ComposeResult:
        kinds = self.defaults.get("kinds") or list(self.setup.kinds)
        names = list(self.setup.names) if not self.defaults else ["", "", "", ""]
        target = str(self.given_target or self.defaults.get("target", self.setup.target))
        seed = "" if self.given_seed is None else str(self.given_seed)
        pace = self.setup.pace
        signals = self.given_signals or self.defaults.get("signals", self.setup.signals)
        if self._kept is not None:
            kinds, names, target, seed, pace, signals = self._kept
        with Vertical(id="start-page"):
            yield Static(id="title")
            yield Static(
                Text(_("Ottocento, the tarot game of Bologna"), style="dim"), id="subtitle"
            )
            yield Static(id="hero")
            with Horizontal(id="left-row"):  # shown when this player left a table mid-match
                yield Static(id="left-info")
                rejoin = Button(
                    _("Back to the table") + "  j", id="rejoin", variant="warning", compact=True
                )
                rejoin.can_focus = False  # (j, or a click; not the first focus of the screen)
                yield rejoin
            with Horizontal(id="resume-row"):
                yield Static(id="resume-info")
                yield Button(_("Resume") + "  r", id="resume", variant="success", compact=True)
            with Horizontal(id="last-row"):  # shown when no match is saved
                yield Static(id="last-info")
                yield Button(_("Review") + "  r", id="last-review", compact=True)
            yield Static(id="new-title", classes="section-title")
            with Grid(id="seats-grid"):
                for seat in range(4):
                    side = "AB"[side_of(seat)]
                    yield Label(
                        _("Seat {seat}, side {side}").format(seat=seat + 1, side=side),
                        classes="seat-label",
                    )
                    yield Input(
                        names[seat],
                        placeholder=DEFAULT_NAMES[seat],
                        id=f"name-{seat}",
                        compact=True,
                        max_length=NAME_CHARS,
                    )
                    yield Select(
                        kind_options(kinds),
                        value=kinds[seat],
                        allow_blank=False,
                        id=f"kind-{seat}",
                        compact=True,
                    )
            with Horizontal(id="options-row"):
                yield Label(_("Target"), classes="option-label")
                yield Input(
                    target,
                    id="target",
                    type="integer",
                    compact=True,
                    max_length=len(str(MAX_TARGET)),
                    valid_empty=True,
                )
                yield Label(_("Seed"), classes="option-label")
                yield Input(
                    seed,
                    placeholder=_("random"),
                    id="seed",
                    type="integer",
                    compact=True,
                    valid_empty=True,
                )
                yield Label(_("Watch pace"), classes="option-label", id="pace-label")
                yield Select(
                    [(pace_words(p), p) for p in sorted({*WATCH_PACES, pace})],
                    value=pace,
                    allow_blank=False,
                    id="pace",
                    compact=True,
                )
                # the partners' signals (RULES.md §10a): busso, striscio, volo
                yield PlainCheckbox(_("Signals"), signals, id="signals", compact=True)
            with Horizontal(id="start-buttons"):
                yield Button(
                    _("Start new match") + "  n", id="start", variant="primary", compact=True
                )
                yield Button(_("Watch bots") + "  w", id="watch", compact=True)
                # (each with its key, as "Watch bots  w": the keys of the footer)
                yield Button(_("Rules & help") + "  ?", id="help", compact=True)
                yield Button(_("Settings") + f"  {key_name('f2')}", id="settings", compact=True)
                # (Ctrl+Q Quit: the footer's; no room here at 80 columns)
                yield Button(_("Quit"), id="quit", variant="error", compact=True)
            with Horizontal(id="net-buttons"):
                yield Static(Text(_("Play together"), style="bold"), classes="net-label")
                yield Button(_("Host a table"), id="host", compact=True)
                yield Button(_("Join a table"), id="join", compact=True)
            with Horizontal(id="start-more"):
                yield Button(_("Learn to play") + "  l", id="learn", compact=True)
                yield Static(Text(_("Look back"), style="bold"), classes="row-label")
                yield Button(_("Past matches") + "  p", id="past-matches", compact=True)
                yield Button(_("Statistics") + "  s", id="statistics", compact=True)
            # (no rows while it says nothing: on a small terminal the page is full)
            message = Static(id="start-message")
            message.display = False
            yield message
        yield Footer()

    def on_mount(self) -> None:
        # Told the moment it is on top again, before anything is drawn: the screen resumed is
        # drawn once before its ScreenResume is handled, and so showed for one frame what it
        # said when it was covered (the "Saved match" of a match that has just ended).
        self.app.screen_change_signal.subscribe(self, self._uncovered, immediate=True)
        if self.built:
            self._fill()

    async def _build(self) -> None:
        """The page composed now that it is in view (see :meth:`compose`); built once its
        widgets are there, so that nothing fills them while they are being mounted."""
        if not self._held_back or not self.is_attached:
            return
        self._held_back = False
        await self.recompose()
        self.built = True
        if self.is_attached:  # (not when the app quits as the page comes into view)
            self._fill()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key acts before the page is composed (a moment after it first comes into view)."""
        return self.built

    async def speak_again(self) -> None:
        """Composed anew in the language spoken now, with the setup as the player left it."""
        if not self.built:
            return  # (composed in the language spoken when it comes into view)
        self._kept = (
            [str(self.query_one(f"#kind-{i}", Select).value) for i in range(4)],
            [self.query_one(f"#name-{i}", Input).value for i in range(4)],
            self.query_one("#target", Input).value,
            self.query_one("#seed", Input).value,
            float(self.query_one("#pace", Select).value),  # type: ignore[arg-type]
            self.query_one("#signals", PlainCheckbox).value,
        )
        await self.recompose()
        self._kept = None
        self._fill()

    def _fill(self) -> None:
        """What the page says besides its fixed words: the title, the saved or last match."""
        self._hero()
        self.refresh_resume()
        self._placeholders()
        if not self.local:
            self.query_one("#start", Button).disabled = True
            self.query_one("#watch", Button).disabled = True
            self.show_message(busy_here(self.app.is_web))

    @property
    def look(self) -> Look:
        settings = getattr(self.app, "settings", None)
        return Look(
            ascii=bool(settings and settings.ascii), color=bool(settings is None or settings.color)
        )

    def on_select_changed(self, event: Select.Changed) -> None:
        self._placeholders()

    def _hero(self) -> None:
        """The title, and a fan of the cards that matter most: the Tarocchi and the Kings."""
        look = self.look
        self.call_after_refresh(plain_arrows, self, look)  # once the select boxes are drawn
        self.query_one("#title", Static).update(
            Text(ASCII_TITLE if look.ascii else TITLE, style="bold")
        )
        dot = look.dot
        self.query_one("#new-title", Static).update(
            Text.assemble(
                (_("New match"), "bold"),
                (
                    "   " + _("side A: seats 1 and 3 {dot} side B: seats 2 and 4").format(dot=dot),
                    "dim",
                ),
            )
        )
        cards = [INDEX[c] for c in ("ANG", "MON", "KS", "KB", "KC", "KD", "BEG", "MAT")]
        boxes = [box_lines(c, look) for c in cards]
        rows = [Text(" ").join(box[r] for box in boxes) for r in range(3)]
        self.query_one("#hero", Static).update(Text("\n").join(rows))

    def _placeholders(self) -> None:
        """Show the names a blank name field will get (a lone human is "You")."""
        kinds = [str(self.query_one(f"#kind-{i}", Select).value) for i in range(4)]
        try:
            seats = parse_seats(kinds)
        except ValueError:
            return
        for i, seat in enumerate(seats):
            self.query_one(f"#name-{i}", Input).placeholder = shown_name(seat.name)

    def _uncovered(self, screen: Screen) -> None:
        if screen is not self or not self.is_attached:
            return
        if not self.built:
            self.call_next(self._build)
        else:
            self.on_screen_resume()
            self.refresh(layout=True)  # laid out anew before the first frame, not after it

    def on_screen_resume(self) -> None:
        if not self.built:
            return
        self._hero()
        self.refresh_resume()

    def refresh_resume(self) -> None:
        """Show the saved match, if any; a damaged save is set aside with a clear message.
        Without one, how the last match ended. Above them, the table left mid-match. (Nothing
        before the page is composed: it is filled in then.)"""
        if not self.built:
            return
        self.refresh_left()
        info_widget = self.query_one("#resume-info", Static)
        button = self.query_one("#resume", Button)
        row = self.query_one("#resume-row")
        if self.store is None or not self.store.exists():
            row.display = False
            self.refresh_last()
            self.query_one("#start", Button).focus()
            return
        self.query_one("#last-row").display = False
        try:
            info = self.store.info()
        except SaveError as exc:
            row.display = False
            self.show_message(
                _("{problem} Start a new match.").format(
                    problem=damaged_words(exc, self.store.set_aside())
                ),
                error=True,
            )
            self.refresh_last()
            self.query_one("#start", Button).focus()
            return
        row.display = True
        row.border_title = _("Saved match")
        # (wrapped between its parts, never inside one: a side's name stays with its score; the
        # scores and the target they go to on a row of their own where all do not fit one)
        stage, *scores = saved_parts(info)
        dot = f" {self.look.dot} "
        info_widget.update(Pairs([Text(stage), Hanging("", [Text(s) for s in scores], dot)], dot))
        button.focus()

    def refresh_last(self) -> None:
        """How the last match ended (from its note beside the autosave: the statistics are not
        read here), and Review to look at it; a note that cannot be read is said in a line."""
        row = self.query_one("#last-row")
        self.last = None
        if self.store is None:
            row.display = False
            return
        self.last, problem = LastMatchNote(self.store.directory).read_telling()
        # a damaged note is set aside as it is said: said again until another match is noted
        self._note_problem = None if self.last is not None else problem or self._note_problem
        problem = self._note_problem
        row.display = self.last is not None or problem is not None
        row.border_title = last_match_title(self.last) if self.last is not None else _("Last match")
        joined = self.last is not None and self.last.uid is None  # at another's table
        # (a match joined at another person's table is in its host's statistics, not here)
        row.border_subtitle = (
            _("its record: the host's statistics")
            if joined
            else _("every match: {past_matches}").format(past_matches=_("Past matches") + "  p")
        )
        button = self.query_one("#last-review", Button)
        button.display = self.last is not None and not joined
        info = self.query_one("#last-info", Static)
        if self.last is not None:
            info.update(Pairs([Text(part) for part in last_match_parts(self.last)], " "))
        elif problem is not None:
            info.update(Text(unread_note(problem), style="dim"))

    def refresh_left(self) -> None:
        """The network table this player left while its match went on (q at the table): where,
        under which name, that a bot plays the seat meanwhile and how to come back. Said until
        the player is back at it, or the table says it keeps no seat for him now."""
        row = self.query_one("#left-row")
        network = getattr(self.app, "network", None)
        left = getattr(network, "left", None)
        row.display = left is not None
        if network is None or left is None:
            return
        row.border_title = _("You left the table at {address}").format(address=left.address)
        row.border_subtitle = _("your seat is kept while that table is there")
        row.set_class(self.look.ascii, "-ascii")
        seat = network.left_seat
        seat_words = _("seat {n}").format(n=seat + 1) if seat is not None else _("your seat")
        level = network.left_to
        bot = _(LEVELS[level]) if level in LEVELS else _("A bot")
        words = _(
            "{bot} plays {seat} for you until you come back: Back to the table, or "
            "Join a table as {name}."
        )
        self.query_one("#left-info", Static).update(
            Text(words.format(bot=bot, seat=seat_words, name=left.name))
        )

    def action_rejoin(self) -> None:
        """Back to the seat kept at the table left (the seat's token brings this player back)."""
        app = self.app
        left = getattr(getattr(app, "network", None), "left", None)
        if left is not None and self.is_current and hasattr(app, "join_table"):
            app.join_table(left)

    def action_new_match(self) -> None:
        """n: the match set up here, as the Start new match button (and Enter on it)."""
        if self.local and self.is_active:
            self.start()

    def action_resume_or_review(self) -> None:
        """r: the saved match, when there is one (its row says "Resume  r"); else the review
        of the last match (its row says "Review  r")."""
        if not self.is_active:
            return
        if self.query_one("#resume-row").display:
            app: Any = self.app
            app.resume_match()
        else:
            self.action_review_last()

    def action_review_last(self) -> None:
        """The review of the last match, found in the statistics by its identity (in a worker:
        the database may be locked for a moment by another program)."""
        last = self.last
        if last is None or self.store is None:
            self.action_past_matches()
            return
        if last.uid is None:
            self.notify(
                _(
                    "The last match was played at the table at {address}: its host's "
                    "statistics keep it (and its review)."
                ).format(address=last.table),
                timeout=6,
            )
            return
        directory, key = self.store.directory, last.uid
        self.notify(_("Opening the last match") + self.look.ellipsis, timeout=2)

        def find() -> ReviewSource | str:
            number, why = match_number(directory, key)
            if number is None:
                return _(
                    "The last match cannot be reviewed: {why}. Past matches (p) lists the "
                    "recorded ones."
                ).format(why=stats_problem(why))
            return ReviewSource.recorded(directory, number)

        self.run_worker(
            find, thread=True, name="last", group="last", exclusive=True, exit_on_error=False
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker.name != "last":
            return
        if event.state == WorkerState.ERROR:
            self.notify(
                _("The last match cannot be reviewed: {why}").format(why=event.worker.error),
                severity="error",
                timeout=8,
            )
        elif event.state == WorkerState.SUCCESS:
            found = event.worker.result
            if isinstance(found, str):
                self.notify(found, severity="error", timeout=8)
            elif isinstance(found, ReviewSource) and self.is_active:  # (not under a dialog)
                self.app.push_screen(ReviewScreen(found, look=self.look))

    def show_message(self, text: str, error: bool = False) -> None:
        message = self.query_one("#start-message", Static)
        message.update(Text(text, style="bold red" if error else "dim"))
        message.display = bool(text)
        if text:  # (where the page is taller than the terminal, scrolled into view)
            self.call_after_refresh(message.scroll_visible, animate=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if not self.is_active:
            return  # a press handled after a key typed with it opened a screen (Enter then w)
        app: Any = self.app
        match event.button.id:
            case "start":
                self.start()
            case "watch":
                self.action_watch()
            case "resume":
                app.resume_match()
            case "last-review":
                self.action_review_last()
            case "rejoin":
                self.action_rejoin()
            case "host":
                self.start(host=True)
            case "join":
                from tui.screens.network import JoinScreen

                app.push_screen(JoinScreen(), lambda request: request and app.join_table(request))
            case "help":
                app.action_help()
            case "settings":
                app.action_settings()
            case "quit":
                app.exit()
            case "past-matches":
                self.action_past_matches()
            case "statistics":
                self.action_statistics()
            case "learn":
                self.action_learn()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.start()

    def start(self, watch: bool = False, host: bool = False) -> None:
        """Start the match set up here (``watch``: human seats are played by hard bots;
        ``host``: at a table that others join)."""
        app: Any = self.app
        kinds = [str(self.query_one(f"#kind-{i}", Select).value) for i in range(4)]
        names = [self.query_one(f"#name-{i}", Input).value for i in range(4)]
        chosen = tuple(kinds)
        if watch:
            kinds = ["hard" if k == HUMAN else k for k in kinds]
        try:
            seats = parse_seats(kinds, names)
            target_text = self.query_one("#target", Input).value.strip() or str(DEFAULT_TARGET)
            target = int(target_text)
            if not is_target(target):
                raise ValueError(_("the target must be a positive multiple of 5 (scores are)"))
            seed_text = self.query_one("#seed", Input).value.strip()
            seed = int(seed_text) if seed_text else None
        except ValueError as exc:  # said as a sentence (the command line's words are lower case)
            self.show_message(f"{capitalized(error_words(exc)).rstrip('.')}.", error=True)
            return
        shown = self.query_one("#pace", Select).selection
        assert shown is not None  # (it offers no blank)
        pace = float(shown)
        signals = self.query_one("#signals", PlainCheckbox).value
        self.show_message("")
        self.setup = MatchSetup(chosen, tuple(n.strip() for n in names), target, pace, signals)
        if hasattr(app, "remember_setup"):
            app.remember_setup(self.setup)
        if host:
            self._host(seats, seed, target, signals)
            return
        if self.store is None or not self.store.exists():
            app.start_match(seats, seed=seed, target=target, pace=pace, signals=signals)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                app.start_match(seats, seed=seed, target=target, pace=pace, signals=signals)

        question = _("Start a new match? The saved match will be kept as {name}.").format(
            name=self.store.next_backup_name()
        )
        app.push_screen(
            ConfirmScreen(question, yes=_("New match"), no=_("Cancel"), look=self.look), answered
        )

    def _host(self, seats: tuple[Seat, ...], seed: int | None, target: int, signals: bool) -> None:
        """Host a table with these seats (``signals``: partners' signals allowed): the Human
        seats are for people who join."""
        from tui.screens.network import HostScreen

        app: Any = self.app
        people = sum(s.human for s in seats)
        if not people:
            self.show_message(_("Make at least one seat Human: yours."), error=True)
            return

        def hosted(request: Any) -> None:
            if request is not None:
                app.run_worker(
                    app.host_table(
                        seats, seed=seed, target=target, signals=signals, request=request
                    )
                )

        app.push_screen(HostScreen(people), hosted)

    def action_watch(self) -> None:
        self.start(watch=True)

    def action_past_matches(self) -> None:
        self.app.push_screen(PastMatchesScreen(getattr(self.app, "directory", None)))

    def action_learn(self) -> None:
        app: Any = self.app
        app.open_lesson()

    def action_statistics(self) -> None:
        self.app.push_screen(StatisticsScreen(getattr(self.app, "directory", None)))

    def action_settings(self) -> None:
        app: Any = self.app
        app.action_settings()
