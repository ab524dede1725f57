"""The hot-seat hand-over: an opaque screen naming the next player; no card is on it."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.widgets import Button, Static

from game.phase import Phase
from game.view import PlayerView
from text.language import N_, _
from text.render import UNICODE, Look
from tui.keys import held_over
from tui.screens.base import GameScreen
from tui.screens.help import HELP_KEY
from tui.screens.scoring import MENU
from tui.widgets.footer import Footer
from tui.widgets.hand_view import CARD_KEYS


def your_turn(name: str, view: PlayerView) -> str:
    """What the person at the seat of ``view`` is to do now, said to him by name. In the first
    trick, to play a card, whether or not his hand has something to declare first: everybody
    sees this screen, and "to declare and play" told them what only he may know (and said what
    was not so when the next screen said "Nothing to declare")."""
    if view.phase == Phase.DISCARD:
        words = _("{name}, it is your turn to discard two cards.")
    else:
        words = _("{name}, it is your turn to play a card.")
    return words.format(name=name)


class HandOverScreen(GameScreen[str | None]):
    """Covers the whole table until the named player presses Enter (or clicks); meanwhile the
    help may be read, or the match left for the menu (it is saved: dismissed with ``MENU``)."""

    BINDINGS = [
        # not a priority binding: a key typed as the screen came is stopped first (on_key)
        Binding("enter,space", "ready", N_("Show the hand")),
        HELP_KEY,
        Binding("q,escape", "menu", N_("Menu")),
        # the table's keys (a card's, a hint, the last trick, ...): said why they do nothing yet
        Binding(",".join(["t", "p", "u", "s", *CARD_KEYS]), "not_yet", show=False),
    ]

    def __init__(
        self,
        name: str,
        doing: str,
        context: str,
        look: Look = UNICODE,
        *,
        not_before: float | None = None,
    ) -> None:
        """``doing``: what the person is to do, said to him (:func:`your_turn`).
        ``not_before``: the time (of Textual's events) before which Enter and Space do not show
        the hand: the previous person's Enter pressed twice (or held) would show him the next
        person's cards."""
        super().__init__()
        self.player, self.doing, self.context, self.look = name, doing, context, look
        self.not_before = not_before
        self.pressed_at: float | None = None  # the Enter or Space that showed the hand

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(id="handover-box"):
            yield Static(Text(self.context, style="dim"), classes="handover-context")
            yield Static(Text(_("Pass the keyboard to")), classes="handover-line")
            yield Static(Text(self.player, style="bold"), id="handover-name")
            yield Static(Text(self.doing), classes="handover-line")
            yield Static(
                Text(_("Everybody else, please look away."), style="dim"), classes="handover-line"
            )
            button = Button(
                _("Show {name}'s hand").format(name=self.player) + f"  {self.look.enter}",
                id="handover-ready",
                variant="primary",
                compact=self.look.ascii,
            )  # no block borders
            button.can_focus = False
            yield Center(button)
        yield Footer()  # how to quit: the keyboard may reach somebody who wants to stop

    def on_key(self, event: events.Key) -> None:
        if event.key not in ("enter", "space"):
            return
        if held_over(event, self.not_before):
            return  # the tail of the Enter that played the card before: not for this screen
        if self.pressed_at is not None:
            # A second press that came with the first (typed together, or while the screen was
            # still going): it would reach the table's keys as the hand is drawn, unseen.
            event.stop()
            event.prevent_default()
        else:
            self.pressed_at = event.time

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        if self.is_active:
            self.dismiss(None)

    def action_not_yet(self) -> None:
        self.notify(_("First Enter: it shows {name}'s hand.").format(name=self.player), timeout=3)

    def action_menu(self) -> None:
        if self.is_active:
            self.dismiss(MENU)
