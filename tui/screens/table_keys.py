"""The table's keys: which are offered, what the keys that change what is shown do (or open over
the table), and why a key does nothing now (in a word to the person at the keyboard, the status
line keeping its prompt). The keys of the turns are the parts' that play them: the people's
(undo), the bots' (pause, pace) and the hint's."""

from __future__ import annotations

from typing import Any, Protocol

from textual.app import App
from textual.binding import Binding, BindingType

from game.phase import Phase
from game.view import PlayerView
from table.session import TableSession
from text.language import N_, _
from text.presenter import COACH_KEY, Scene, hand_stage, so_far_lines
from text.render import Look
from text.words import capitalized
from tui.screens.help import HelpScreen
from tui.screens.settings import SettingsScreen
from tui.screens.sofar import TITLE as SO_FAR_TITLE
from tui.screens.sofar import SoFarScreen
from tui.screens.table_coach import offered as coach_offered
from tui.screens.table_notices import Notices
from tui.screens.table_turns import Seating
from tui.widgets.hand_view import CARD_KEYS, HandView

TABLE_KEYS: list[BindingType] = [
    Binding("question_mark,f1", "help", N_("Help")),
    Binding("p", "last_trick", N_("Last trick")),
    Binding("o", "cards_out", N_("Out")),
    Binding("w", "so_far", N_("Won")),
    Binding("t", "hint", N_("Hint")),
    Binding("u", "undo", N_("Undo")),
    Binding(COACH_KEY, "coach", N_("Coach"), show=False),  # (in the key bar while it is on)
    Binding("s", "settings", N_("Settings")),
    Binding("q,escape", "leave", N_("Menu")),
    Binding("space", "pause", N_("Pause"), show=False, priority=True),  # before the hand's
    Binding("plus,equals_sign", "faster", N_("Faster"), show=False),
    Binding("minus", "slower", N_("Slower"), show=False),
]
# While nobody's hand is shown: what the seat to act is to do (a sentence to follow "No hint: ")
WAITING = {
    Phase.DISCARD: N_("no hand is shown while {name} is to discard two cards."),
    Phase.DECLARE: N_("no hand is shown while {name} is to declare and play."),
    Phase.PLAY: N_("no hand is shown while {name} is to play a card."),
}
# Another seat's turn, seen from the hand shown
TURN_OF = {
    Phase.DISCARD: N_("it is {name}'s turn to discard two cards."),
    Phase.DECLARE: N_("it is {name}'s turn to declare and play."),
    Phase.PLAY: N_("it is {name}'s turn to play a card."),
}


def offered(action: str, seating: Seating) -> bool:
    """The key of ``action`` is offered at a screen of ``seating``. Fixed for the whole match
    (each change rebuilds the bindings): undo exists only for a lone person against bots (and
    in hot-seat, for the dealer's own marks: else a word on why not), the pace keys only when
    watching; when a key can do nothing right now, pressing it says why."""
    if action == "undo":
        return seating.undo_offered or seating.hot_seat
    if action in ("pause", "faster", "slower"):
        return seating.watching
    if action == "hint":
        return not seating.watching
    if action == "coach":
        return coach_offered(seating)
    return True


def why_not_now(session: TableSession, viewer: int | None, names: list[str], *, over: bool) -> str:
    """Why nothing can be chosen at the screen showing the hand of ``viewer`` (None: no hand)
    now, ``over``: the hand is over (a sentence to follow "No hint: ")."""
    if over:
        return _("the hand is over.")
    if session.winner is not None:
        return _("the match is over.")
    seat = session.turn
    if seat < 0:
        return _("the match has not started yet.")
    who = names[seat]
    if viewer is None and seat in session.humans:  # at a shared screen
        return _("{name}'s hand is shown after the hand-over.").format(name=who)
    if viewer is None:
        return _(WAITING.get(session.phase, WAITING[Phase.PLAY])).format(name=who)
    if seat == viewer:
        return _("first the declarations.")
    return _(TURN_OF.get(session.phase, TURN_OF[Phase.PLAY])).format(name=who)


def last_trick_refusal(view: PlayerView, shown: bool) -> str | None:
    """Why p cannot show the last trick of ``view`` (None: it shows it, or ``shown``, hides it)."""
    if not view.tricks:
        return _("No trick has been played yet in this hand.")
    if not view.trick and not shown:  # between two tricks: it is in view
        return _("The last trick is the one on the table: trick {n}.").format(n=len(view.tricks))
    return None


def card_key_refusal(index: int, cards: int) -> str:
    """Why the card key of ``index`` chooses nothing in a hand of ``cards`` cards."""
    return _("No card has the key {key}: the keys of your {n} cards go from 1 to {last}.").format(
        key=CARD_KEYS[index], n=cards, last=CARD_KEYS[cards - 1]
    )


class KeysTable(Protocol):
    """The table screen as its keys see it."""

    @property
    def app(self) -> App[Any]: ...
    @property
    def session(self) -> TableSession: ...
    @property
    def look(self) -> Look: ...
    @property
    def bottom(self) -> int: ...
    @property
    def out_shown(self) -> bool: ...
    @property
    def watching(self) -> bool: ...
    @property
    def hand(self) -> HandView: ...

    show_last: bool
    show_out: bool | None

    def current_view(self) -> PlayerView: ...
    def scene(self) -> Scene: ...
    def redraw(self) -> None: ...
    def fit_out(self) -> None: ...
    def not_now(self) -> str: ...


class TableKeys:
    """The keys that change what the table shows or open a screen over it: the help, the
    settings, the last trick (p), the cards still out (o), the hand so far (w); and the word on
    a card key that chooses nothing."""

    def __init__(self, table: KeysTable, notices: Notices) -> None:
        self.table, self.notices = table, notices

    def help(self) -> None:
        self.table.app.push_screen(HelpScreen())

    def settings(self) -> None:
        table = self.table
        app: Any = table.app

        def done(settings: Any) -> None:
            if settings is not None and hasattr(app, "apply_settings"):
                app.apply_settings(settings)
            table.redraw()

        app.push_screen(SettingsScreen(app.settings), done)

    def last_trick(self) -> None:
        table = self.table
        refusal = last_trick_refusal(table.current_view(), table.show_last)
        if refusal:
            self.notices.refuse(refusal)
        else:
            table.show_last = not table.show_last
            table.redraw()

    def cards_out(self) -> None:
        table = self.table
        if table.watching:
            return
        table.show_out = not table.out_shown
        table.fit_out()
        table.redraw()  # (the key bar: o Log while the list takes the log's place)

    def so_far(self) -> None:
        """The hand so far in full, over the table (the score box says it in a line a side)."""
        table = self.table
        view = table.current_view()
        scene = table.scene()
        # the dealer's own discard, on his screen only (as his panel shows it)
        mine = view.discard if scene.hand_shown and view.seat == view.dealer else None
        stage = hand_stage(view.phase, len(view.tricks))
        heading = _("{title} {dot} hand {n}").format(
            title=_(SO_FAR_TITLE), dot=table.look.dot, n=view.hand_number + 1
        )
        lines = so_far_lines(view, table.session.seats, table.look, table.bottom, mine or 0)
        table.app.push_screen(SoFarScreen(heading + (f", {stage}" if stage else ""), lines))

    def unused(self, index: int | None) -> None:
        """A card key (``index``; None: Enter) that chooses nothing now: say why in one line."""
        hand = self.table.hand
        if index is not None and hand.interactive:
            self.notices.refuse(card_key_refusal(index, len(hand.cards)))
        else:
            self.notices.refuse(capitalized(self.table.not_now()), until_turn=True)
