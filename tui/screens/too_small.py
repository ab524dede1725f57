"""Shown while the terminal is smaller than the table needs.

The app alone puts it up and takes it down (:meth:`TarocchinoApp.check_size`), and holds back any
other screen that would open meanwhile, so it is always the top screen while it is up.

The page is clean: no notification is drawn over it (in a few rows it would hide the page's
words, and it could not be read whole either). The notifications on screen when it went up and
those said while it is up are held, and said again, each for its whole time, when the game comes
back; one taken back meanwhile (a hint of a turn that has passed) is stale and is not."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.notifications import Notification, Notifications
from textual.screen import Screen
from textual.widgets import Static
from textual.widgets._toast import ToastRack

from text.language import _
from text.render import UNICODE, Look, look_of
from tui.screens.base import GameScreen

MIN_WIDTH, MIN_HEIGHT = 80, 24


def big_enough(width: int, height: int) -> bool:
    return width >= MIN_WIDTH and height >= MIN_HEIGHT


def fit_breakpoints(screen: Screen[Any]) -> None:
    """Gives ``screen`` the breakpoint classes of the terminal's size now; called as it starts
    to compose, before it has children.

    Textual gives them on the screen's first Resize, after its first frame, so a small terminal
    would draw the roomy layout once and then jump to the short one. Given before the children
    are mounted, the screen keeps one layout from its first frame on, and each child is styled
    once (given after, every one of them would be styled again)."""
    app = screen.app
    width, height = app.size
    horizontal = (
        app.HORIZONTAL_BREAKPOINTS
        if screen.HORIZONTAL_BREAKPOINTS is None
        else screen.HORIZONTAL_BREAKPOINTS
    ) or []
    vertical = (
        app.VERTICAL_BREAKPOINTS
        if screen.VERTICAL_BREAKPOINTS is None
        else screen.VERTICAL_BREAKPOINTS
    ) or []
    classes = {name: False for _, name in horizontal + vertical}
    for size, breakpoints in ((width, horizontal), (height, vertical)):
        for name in screen._get_breakpoint_classes(size, breakpoints):
            classes[name] = True
    before = set(screen.classes)
    screen.update_classes(classes, update=False)
    if screen.classes != before:  # (the screen alone: its children are styled as they mount)
        app.stylesheet.apply(screen)


def too_small_text(width: int, height: int, look: Look = UNICODE, web: bool = False) -> Text:
    """The message, most important first, in short lines (it must fit a tiny terminal).
    ``web``: the game is in a browser tab, whose window is made larger or its text smaller."""
    by = "x" if look.ascii else "×"
    return Text.assemble(
        (_("Window too small") if web else _("Terminal too small"), "bold"),
        "\n",
        _("It is {size}; the game needs {needed}.").format(
            size=f"{width}{by}{height}", needed=f"{MIN_WIDTH}{by}{MIN_HEIGHT}"
        ),
        "\n",
        _("Widen the window or zoom out (Ctrl+-):\nthe game comes back as it was.")
        if web
        else _("Enlarge it: the game comes back as it was."),
        "\n",
        # (in a tab Ctrl+Q would close the whole browser: not named there)
        (
            _("Closing the tab is safe: the match is saved.")
            if web
            else _("Ctrl+Q quits (the match is saved)."),
            "dim",
        ),
        justify="center",
    )


class TooSmallScreen(GameScreen[None]):
    """Says how big the terminal is and how big it must be; never dismisses itself."""

    def __init__(self) -> None:
        super().__init__()
        self.held: dict[str, Notification] = {}  # by identity: said again when it goes

    def compose(self) -> ComposeResult:
        yield Static(id="too-small-text")

    def on_mount(self) -> None:
        # Textual's toasts: the app gives this screen's rack the notifications to show; here
        # they are held instead (the app asks again after every change). The rack's own method
        # is replaced on purpose, which the type checker refuses unless told.
        for rack in self.query(ToastRack):
            rack.show = self._hold  # type: ignore[method-assign]
        self._hold(self.app._notifications)
        self.show_size()

    def _hold(self, notifications: Notifications) -> None:
        """Hold the notifications said now; let go of one taken back before its time."""
        now = {notification.identity: notification for notification in notifications}
        for identity, notification in list(self.held.items()):
            if identity not in now and not notification.has_expired:
                del self.held[identity]  # withdrawn: stale
        self.held.update(now)

    def on_unmount(self) -> None:
        """The game comes back: what was held is said again, each for its whole time."""
        for notification in sorted(self.held.values(), key=lambda n: n.raised_at):
            self.app.notify(
                notification.message,
                title=notification.title,
                severity=notification.severity,
                timeout=notification.timeout,
                markup=notification.markup,
            )
        self.held.clear()

    def on_screen_resume(self) -> None:
        self.show_size()

    async def speak_again(self) -> None:
        self.show_size()

    def on_resize(self, event: events.Resize) -> None:
        self.show_size()

    def show_size(self) -> None:
        width, height = self.app.size
        look = look_of(getattr(self.app, "settings", None))
        self.query_one("#too-small-text", Static).update(
            too_small_text(width, height, look, web=self.app.is_web)
        )
