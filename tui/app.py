"""The Textual application: the start screen, the table, and what they share (settings, save)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Any

from textual import events
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.filter import LineFilter, Monochrome
from textual.notifications import Notify
from textual.screen import Screen
from textual.widget import AwaitMount

from ai.contain import close_all
from game.rules import DEFAULT_TARGET
from net.client import JoinRequest
from net.config import HostRequest
from store.match_setup import MatchSetup, load_setup, save_setup
from store.save import SaveError, SaveStore
from store.settings import Settings, data_dir, load_settings, read_settings, save_settings
from table.session import KINDS, Seat, Session
from text.language import N_, _, choose, use
from text.render import use_palette
from text.resources import asset_path, read_asset
from text.saved import damaged_words, kept_words, save_problem
from text.storage import settings_unread, tell_saved, write_problem
from text.themes import CLASSIC, load_theme, stylesheet_defaults
from text.words import capitalized
from tui.keys import key_name, show_key_otherwise
from tui.online import NetworkPlay
from tui.screens.help import HelpScreen
from tui.screens.lesson import LessonScreen
from tui.screens.settings import SettingsScreen
from tui.screens.start import StartScreen, busy_here
from tui.screens.table import TableScreen
from tui.screens.too_small import TooSmallScreen, big_enough
from tui.terminal import CHECK_EVERY_S, terminal_gone, terminal_input
from tui.textual_theme import textual_theme
from tui.widgets.scrollbars import use_plain_scroll_bars

STYLESHEET = "app.tcss"  # in assets/
_STYLESHEET_FILE = asset_path(STYLESHEET)  # (None: the installation keeps it in a zip)


class TarocchinoApp(App[None]):
    """Ottocento in the terminal.

    ``seats`` given: a match starts at once (``tarocchino play --seats …``); ``resume``: the saved
    match is resumed; ``review``: that screen (a hand review) is shown, and closing it quits;
    otherwise the start screen is shown. ``persist=False`` keeps settings changes for this run
    only (tests)."""

    CSS_PATH = _STYLESHEET_FILE
    CSS = "" if _STYLESHEET_FILE else read_asset(STYLESHEET)
    TITLE = "Tarocchino"
    SUB_TITLE = "Ottocento"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+q", "quit", N_("Quit"), priority=True),
        # The match is saved after every action, so Ctrl+C quits at once; it resumes next time.
        Binding("ctrl+c", "quit", N_("Quit"), priority=True, show=False),
    ]

    def __init__(
        self,
        *,
        settings: Settings | None = None,
        directory: Path | None = None,
        seats: tuple[Seat, ...] | None = None,
        seed: int | None = None,
        target: int | None = None,
        signals: bool = False,
        resume: bool = False,
        persist: bool = True,
        join: JoinRequest | None = None,
        local: bool = True,
        review: Screen | None = None,
        lesson: bool = False,
    ) -> None:
        """``lesson``: the lesson (Learn to play) first, over the start screen."""
        super().__init__()
        self.directory = Path(directory) if directory is not None else data_dir()
        self.settings = settings if settings is not None else load_settings(self.directory)
        self.persist = persist
        self.store = SaveStore(self.directory)
        self._start = (
            (seats, seed, DEFAULT_TARGET if target is None else target)
            if seats is not None
            else None
        )
        self._given = (seed, target)  # without seats: filled in on the start screen
        self.signals = signals  # `play --signals`: partners' signals (RULES.md §10a) ticked
        self._resume = resume
        self._join = join
        self.local = local  # False: another game holds the data directory; tables only here
        self.network = NetworkPlay(self, self.directory)  # a table joined or hosted
        self._review = review  # `tarocchino review`: this screen first, and quit when it closes
        self._lesson = lesson  # `tarocchino learn`
        self._monochrome = Monochrome()
        self._held_screens: list[tuple[Screen, Any]] = []  # opened while the terminal was small
        self._use_theme()  # before the stylesheet is read (a problem is told on mounting)

    # ----------------------------------------------------------------- screens
    def on_mount(self) -> None:
        self._set_look()
        if self.is_web:
            self._quit_key_unnamed()
        defaults: dict[str, Any] = {}
        if self._start is not None:
            seats, _seed, chosen = self._start
            defaults = {"target": chosen, "kinds": [s.kind for s in seats], "signals": self.signals}
        setup = load_setup(self.directory, KINDS)
        seed, target = self._given if self._start is None else (None, None)
        self.push_screen(
            StartScreen(
                self.store if self.local else None,
                defaults,
                setup,
                local=self.local,
                seed=seed,
                target=target,
                signals=self.signals,
            )
        )
        if self._start is not None:
            seats, seed, target = self._start
            self.start_match(seats, seed=seed, target=target, signals=self.signals)
        elif self._resume:
            self.resume_match()
        elif self._join is not None:
            self.join_table(self._join)
        elif self._review is not None:
            self.push_screen(self._review, lambda _: self.exit())
        elif self._lesson:
            self.open_lesson()
        self.call_after_refresh(self.check_size)
        problem = read_settings(self.directory)[1] if self.persist else None
        if problem:
            self.notify(settings_unread(problem), severity="warning", timeout=10)
        fd = None if self.is_headless else terminal_input()
        if fd is not None:  # quit when the window is closed (every move is saved already)

            def quit_when_gone() -> None:
                if terminal_gone(fd):
                    self.exit()

            self.set_interval(CHECK_EVERY_S, quit_when_gone)

    def _quit_key_unnamed(self) -> None:
        """In a browser tab Ctrl+Q closes the browser itself (Firefox on Linux: the page never
        sees it), so no footer names it there; the key still quits where it reaches the game.
        The start screen's q and Quit button, and the menu, are the way out."""
        show_key_otherwise(self, "ctrl+q", show=False)
        self.refresh_bindings()

    def start_match(
        self,
        seats: tuple[Seat, ...],
        *,
        seed: int | None,
        target: int,
        pace: float | None = None,
        signals: bool = False,
    ) -> None:
        """A new match; a saved one is kept as a backup first (the caller asked the player).
        ``pace``: seconds a bot move takes when the four seats are bots; ``signals``: partners'
        signals allowed (RULES.md §10a)."""
        if self._not_local():
            return
        kept = self.store.keep_as_backup()
        if kept is not None:
            self.notify(kept_words(kept), timeout=8)
        session = Session.new(seats, seed=seed, target=target, signals=signals)
        tell_saved(self.store, session, self.notify)
        watching = not session.humans
        self.push_screen(TableScreen(session, self.store, pace=pace if watching else None))

    def remember_setup(self, setup: MatchSetup) -> None:
        """Keep the start screen's setup for the next launch (not fatal if it cannot be)."""
        if not self.persist:
            return
        try:
            save_setup(setup, self.directory)
        except OSError:
            pass

    def join_table(self, request: JoinRequest) -> None:
        """Take a seat at a table server (``tarocchino join``, or Join on the start screen)."""
        self.network.join(request)

    async def host_table(
        self,
        seats: tuple[Seat, ...],
        *,
        seed: int | None,
        target: int,
        request: HostRequest,
        signals: bool = False,
    ) -> None:
        """Host a table with these seats in this game (``signals``: partners' signals allowed)
        and sit at its first Human seat."""
        await self.network.host(seats, seed, target, request, signals)

    def resume_match(self) -> bool:
        """Resume the autosaved match; a damaged save gives a message, never a traceback."""
        if self._not_local():
            return False
        try:
            session = self.store.read()
        except SaveError as exc:
            message = (
                damaged_words(exc, self.store.set_aside())
                if self.store.exists()
                else f"{capitalized(save_problem(exc))}."
            )
            self.notify(
                _("{problem} Start a new match.").format(problem=message),
                severity="error",
                timeout=10,
            )
            return False
        self.push_screen(TableScreen(session, self.store))
        return True

    def open_lesson(self) -> None:
        """The lesson (Learn to play), where it was left."""
        self.push_screen(LessonScreen(self.directory if self.persist else None))

    def _not_local(self) -> bool:
        """Another game holds the data directory (its autosave is not ours): say so."""
        if not self.local:
            self.notify(busy_here(self.is_web), severity="warning", timeout=8)
        return not self.local

    def new_match_screen(self) -> None:
        """Back to the start screen to set up a new match."""
        if isinstance(self.screen, StartScreen) and self.screen.built:
            self.screen.query_one("#start").focus()

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    def _on_notify(self, event: Notify) -> None:
        """A notification still shown is replaced by the same one said again (a key pressed
        again and again), not stacked on top of it."""
        self._drop({event.notification.message})
        super()._on_notify(event)

    def withdraw(self, messages: Collection[str]) -> None:
        """Take the notifications that say any of ``messages`` off the screen."""
        self._drop(messages)
        self._refresh_notifications()

    def _drop(self, messages: Collection[str]) -> None:
        for shown in [n for n in self._notifications if n.message in messages]:
            self._unnotify(shown, refresh=False)

    def action_settings(self) -> None:
        def done(settings: Settings | None) -> None:
            if settings is not None:
                self.apply_settings(settings)

        self.push_screen(SettingsScreen(self.settings), done)

    def apply_settings(self, settings: Settings) -> None:
        spoken = self.settings.language
        self.settings = settings
        self._set_look()
        if settings.language != spoken:  # (else --lang, or the environment's, still holds)
            use(choose(None, settings.language))
            self.run_worker(self.speak_again(), group="language", exclusive=True)
        if self.persist:
            try:
                save_settings(settings, self.directory)
            except OSError as exc:
                self.notify(
                    _("Could not save the settings: {problem}.").format(problem=write_problem(exc)),
                    severity="error",
                )
        self.refresh(repaint=True, layout=True)
        for screen in self.screen_stack:
            screen.refresh(repaint=True)

    async def speak_again(self) -> None:
        """Every screen on the stack in the language spoken now, as it was otherwise: a screen
        that holds what the player did (the table, the start screen's setup) says its words
        again itself (``speak_again``); any other is composed anew."""
        for screen in list(self.screen_stack):
            again = getattr(screen, "speak_again", None)
            if again is not None:
                await again()
            elif not isinstance(screen, TooSmallScreen):
                await screen.recompose()
            screen.refresh_bindings()  # (its footer, composed anew in the new words)
        self.refresh(repaint=True, layout=True)

    def _set_look(self) -> None:
        """ASCII mode or not, as the settings say: the stylesheet's and the scroll bars'; and
        the theme (a theme that cannot be used: the default one, and a message)."""
        self.set_class(self.settings.ascii, "-ascii")
        use_plain_scroll_bars(self.settings.ascii)
        problem = self._use_theme()
        if problem:
            self.notify(problem, severity="warning", timeout=10)

    def _use_theme(self) -> str | None:
        """Textual's theme and the table's colours as the settings' theme says (its stylesheet
        variables change at once); why it cannot be used, or None."""
        theme, problem = load_theme(self.settings.theme)
        use_palette(theme.palette)
        if theme.textual_name not in self.available_themes:
            self.register_theme(textual_theme(theme))
        if self.theme != theme.textual_name:
            self.theme = theme.textual_name
        return problem

    def get_theme_variable_defaults(self) -> dict[str, str]:
        """The stylesheet's own variables ($felt, $felt-border, $sheet-border) under any theme."""
        textual = self.current_theme.to_color_system().generate()
        return {**super().get_theme_variable_defaults(), **stylesheet_defaults(textual)}

    def get_key_display(self, binding: Binding) -> str:
        """Keys in footers as every screen names them ("Esc", "Ctrl+Q": tui.keys.key_name),
        plain names in ASCII mode ("Enter" rather than a symbol)."""
        if binding.key_display:
            return binding.key_display
        return key_name(binding.key, ascii=self.settings.ascii)

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = list(super().get_line_filters())
        if not self.settings.color and not self.no_color:
            filters.append(self._monochrome)
        return filters

    # ----------------------------------------------------------------- terminal size
    async def on_unmount(self) -> None:
        close_all()  # bots in processes of their own (ai.contain) stop now, even mid-thought
        use_palette(CLASSIC)  # (a Look made after this app has gone takes the default colours)
        await self.network.close()

    def on_resize(self, event: events.Resize) -> None:
        # In the app's own queue: a call after the refresh waits with the screen on top, and is
        # lost with it when that screen leaves first (a dialog answered as the terminal shrank).
        self.call_later(self.check_size)

    def check_size(self) -> None:
        """Put the too-small screen up, or take it down and open what was held back meanwhile.

        Only this method removes it, and only from the top of the stack (a dialog opening while
        the terminal is small waits in ``_held_screens``)."""
        width, height = self.size
        on_top = isinstance(self.screen, TooSmallScreen)
        if not big_enough(width, height):
            if not on_top:
                self.push_screen(TooSmallScreen())
            return
        if on_top:
            super().pop_screen()
        held, self._held_screens = self._held_screens, []
        for screen, callback in held:
            self.push_screen(screen, callback)

    def pop_screen(self) -> AwaitComplete:
        """As Textual's, except under the too-small screen: a screen that leaves while it is up
        (its dismiss, a key handled a moment after the terminal shrank) is the one under it, and
        the too-small screen stays on top (Textual would pop the too-small screen instead)."""
        stack = self._screen_stack
        if len(stack) <= 2 or not isinstance(stack[-1], TooSmallScreen):
            return super().pop_screen()
        leaving = stack.pop(-2)
        leaving._pop_result_callback()

        async def remove() -> None:
            await self._replace_screen(leaving)

        return AwaitComplete(remove()).call_next(self)

    def push_screen(
        self,
        screen: Any,
        callback: Any = None,
        wait_for_dismiss: bool = False,
        *,
        mode: str | None = None,
    ) -> Any:
        """As Textual's, except that a screen opened under the too-small screen waits for the
        terminal to be big enough again (so that screen stays on top and is never buried)."""
        if (
            not wait_for_dismiss
            and isinstance(screen, Screen)
            and mode is None
            and not isinstance(screen, TooSmallScreen)
            and self.screen_stack
            and isinstance(self.screen, TooSmallScreen)
        ):
            self._held_screens.append((screen, callback))
            return AwaitMount(self.screen, [])
        if wait_for_dismiss:
            return super().push_screen(screen, callback, wait_for_dismiss=True, mode=mode)
        return super().push_screen(screen, callback, mode=mode)
