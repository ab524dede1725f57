"""The table's keys: what each does, and why one does nothing now (in a word to the person at
the keyboard, the status line keeping its prompt)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding

from game.phase import Phase
from store.settings import WATCH_PACES
from text.presenter import DOING, hand_stage, so_far_lines
from text.render import face
from text.words import capitalized, possessive, verb
from tui.messages import TrickClicked
from tui.screens.help import HelpScreen
from tui.screens.scoring import MENU
from tui.screens.settings import SettingsScreen
from tui.screens.sofar import TITLE as SO_FAR_TITLE
from tui.screens.sofar import SoFarScreen
from tui.widgets.hand import CARD_KEYS, HandView

if TYPE_CHECKING:
    from tui.screens.table import TableScreen

TABLE_KEYS = [
    Binding("question_mark,f1", "help", "Help"),
    Binding("p", "last_trick", "Last trick"),
    Binding("o", "cards_out", "Out"),
    Binding("w", "so_far", "Won"),
    Binding("t", "hint", "Hint"),
    Binding("u", "undo", "Undo"),
    Binding("s", "settings", "Settings"),
    Binding("q,escape", "leave", "Menu"),
    Binding("space", "pause", "Pause", show=False, priority=True),  # before the hand's
    Binding("plus,equals_sign", "faster", "Faster", show=False),
    Binding("minus", "slower", "Slower", show=False),
]


class TableKeys:
    """The actions of :data:`TABLE_KEYS` (and of the hand's keys that choose nothing), mixed into
    :class:`~tui.screens.table.TableScreen`; the hint (t), thought in a worker, is the table's."""

    def action_play(self: TableScreen) -> None:
        self.query_one(HandView).action_choose()

    def check_action(self: TableScreen, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Fixed for the whole match (each change rebuilds the bindings): undo exists only for a
        # lone person against bots, the pace keys only when watching; when a key can do nothing
        # right now, pressing it says why.
        if action == "undo":  # hot-seat: the dealer's own marks, else a word on why not
            return self._undo_offered or self.hot_seat
        if action in ("pause", "faster", "slower"):
            return self.watching
        if action == "hint":
            return not self.watching
        return True

    def action_help(self: TableScreen) -> None:
        self.app.push_screen(HelpScreen())

    def action_settings(self: TableScreen) -> None:
        app: Any = self.app

        def done(settings: Any) -> None:
            if settings is not None and hasattr(app, "apply_settings"):
                app.apply_settings(settings)
            self.redraw()

        self.app.push_screen(SettingsScreen(app.settings), done)

    def action_last_trick(self: TableScreen) -> None:
        view = self.current_view()
        if not view.tricks:
            self.refuse("No trick has been played yet in this hand.")
        elif not view.trick and not self.show_last:  # between two tricks: it is in view
            self.refuse(f"The last trick is the one on the table: trick {len(view.tricks)}.")
        else:
            self.show_last = not self.show_last
            self.redraw()

    def action_cards_out(self: TableScreen) -> None:
        if self.watching:
            return
        self.show_out = not self.out_shown
        self._fit_out()
        self.redraw()  # (the key bar: o Log while the list takes the log's place)

    def action_so_far(self: TableScreen) -> None:
        """The hand so far in full, over the table (the score box says it in a line a side)."""
        view = self.current_view()
        scene = self.scene()
        # the dealer's own discard, on his screen only (as his panel shows it)
        mine = view.discard if scene.hand_shown and view.seat == view.dealer else None
        stage = hand_stage(view.phase, len(view.tricks))
        heading = f"{SO_FAR_TITLE} {self.look.dot} hand {view.hand_number + 1}"
        lines = so_far_lines(view, self.session.seats, self.look, self.bottom, mine or 0)
        self.app.push_screen(SoFarScreen(heading + (f", {stage}" if stage else ""), lines))

    def on_trick_clicked(self: TableScreen, event: TrickClicked) -> None:
        event.stop()
        self.action_last_trick()

    def action_leave(self: TableScreen) -> None:
        self._leave(MENU)

    def action_pause(self: TableScreen) -> None:
        self.paused = not self.paused
        if self.paused:
            if self.runner is not None:
                self.runner.cancel()  # the move being thought is asked again on going on
            self.thinking = None
            self.redraw()
        elif self.final is None:
            self.advance()

    def _set_pace(self: TableScreen, step: int) -> None:
        paces = sorted({*WATCH_PACES, self.delay})
        i = paces.index(self.delay)
        self.pace = paces[max(0, min(len(paces) - 1, i + step))]
        self.redraw()

    def action_faster(self: TableScreen) -> None:
        self._set_pace(-1)

    def action_slower(self: TableScreen) -> None:
        self._set_pace(1)

    def _not_now(self: TableScreen) -> str:
        """Why nothing can be chosen at this screen now (a sentence to follow "No hint: ")."""
        session = self.session
        if self.final is not None:
            return "the hand is over."
        if session.winner is not None:
            return "the match is over."
        seat = session.turn
        if seat < 0:
            return "the match has not started yet."
        who = self.names[seat]
        doing = DOING.get(session.phase, "to play")
        if self.viewer is None and seat in session.humans:  # at a shared screen
            return f"{possessive(who)} hand is shown after the hand-over."
        if self.viewer is None:
            return f"no hand is shown while {who} {verb(who, 'is')} {doing}."
        if seat == self.viewer:
            return "first the declarations."
        return f"it is {possessive(who)} turn {doing}."

    def on_hand_view_key_unused(self: TableScreen, event: HandView.KeyUnused) -> None:
        """A card key (or Enter) that chooses nothing now: say why in one line."""
        event.stop()
        hand = self.query_one(HandView)
        if event.index is not None and hand.interactive:
            last = CARD_KEYS[len(hand.cards) - 1]
            self.refuse(
                f"No card has the key {CARD_KEYS[event.index]}: the keys of your "
                f"{len(hand.cards)} cards go from 1 to {last}."
            )
        else:
            self.refuse(capitalized(self._not_now()), until_turn=True)

    def refuse(self: TableScreen, message: str, *, until_turn: bool = False) -> None:
        """Say why a key can do nothing now, in a notification: the status line keeps telling
        whose turn it is and what to do."""
        self.tell(message, severity="warning", timeout=4, until_turn=until_turn)

    def action_undo(self: TableScreen) -> None:
        view = self._my_turn()
        if view is not None and view.phase == Phase.DISCARD:
            self._unmark_last()
            return
        humans = self.session.humans
        if self.hot_seat:
            self.refuse(
                "No undo with two or more people at the table: what the others have seen stays."
            )
            return
        if len(humans) != 1 or self.final is not None:
            self.refuse("Nothing to undo.")
            return
        seat = humans[0]
        if self.session.undo_point(seat) is None:
            self.refuse("Only your card of the trick in progress can be taken back.")
            return
        self._stop()
        self.session.undo(seat)
        self.marked, self.show_last = [], False
        self._save()
        self.viewer = self.bottom = seat
        self.notice = None
        self.advance()
        self.notify("Your card is back in your hand.", timeout=4)

    def _unmark_last(self: TableScreen) -> None:
        """Undo while discarding: the card marked last is no longer marked."""
        if not self.marked:
            self.refuse("No card is marked for the discard yet.")
            return
        c = self.marked.pop()
        self.notice = None
        self.redraw()
        self.tell(f"{face(c, self.look)} is no longer marked for the discard.")
