"""The people at a table screen: the person whose turn it is chooses a card (to play, or to
mark for the discard, then asked to confirm), or declares in the declarations dialog."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import _time  # the clock of Textual's events (a key's time)

from game.actions import declare, discard, play
from game.phase import Phase
from game.view import PlayerView
from text.presenter import card_note, card_refusal, discard_question
from tui.messages import CardChosen, CardHighlighted
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import declare_screen
from tui.screens.scoring import MENU
from tui.widgets.hand import HandView

if TYPE_CHECKING:
    from tui.screens.table import TableScreen


class PeopleAtTable:
    """Mixed into :class:`~tui.screens.table.TableScreen`: what the person at the keyboard
    chooses at his turn."""

    def _my_turn(self: TableScreen) -> PlayerView | None:
        """The viewer's view when it is the viewer's turn (and nothing else is going on)."""
        if self.viewer is None or self.final is not None:
            return None
        view = self.session.view(self.viewer)
        return view if view.turn == self.viewer else None

    def on_card_chosen(self: TableScreen, event: CardChosen) -> None:
        event.stop()
        view = self._my_turn()
        if view is None:
            return
        c = event.card
        refusal = card_refusal(view, c, self.look)
        if refusal:
            self.say(Text(refusal, style="bold"))
            return
        self._entered_at = self.query_one(HandView).entered_at
        if view.phase == Phase.PLAY:
            self.perform(play(c))
        elif view.phase == Phase.DISCARD:
            if c in self.marked:
                self.marked.remove(c)
            elif len(self.marked) < 2:
                self.marked.append(c)
            self.notice = None
            self.redraw()  # the cursor stays on the card: Enter again takes the mark back
            if len(self.marked) == 2:
                self._confirm_discard()

    def on_card_highlighted(self: TableScreen, event: CardHighlighted) -> None:
        event.stop()
        view = self._my_turn()
        if view is not None:
            self.say(card_note(view, event.card, self.look))

    def _confirm_discard(self: TableScreen) -> None:
        def answer(yes: bool | None) -> None:
            if yes and len(self.marked) == 2 and self._my_turn() is not None:
                self._entered_at = _time.get_time() if confirm.by_key else None
                self.perform(discard(*self.marked))
            else:
                if self.marked:
                    self.marked.pop()
                self.redraw()

        confirm = ConfirmScreen(
            discard_question(self.marked, self.look), "Discard", "Change", look=self.look
        )
        self.app.push_screen(confirm, answer)

    def _ask_declaration(self: TableScreen) -> None:
        view = self._my_turn()
        if view is None or view.phase != Phase.DECLARE:
            return
        if len(view.legal) == 1 and not view.legal[0].families:
            # Said to the person at the keyboard only, before the prompt of the card to play (a
            # notification would outlive the turn: at a shared screen the next person would
            # learn that this hand holds no combination).
            card_ply = self.session.ply + 1
            self.perform(declare(()))
            # Until that card is played (at a network table the prompt of the card comes with
            # the table's next state, a moment later).
            self.lead_in, self._lead_in_ply = Text("Nothing to declare. ", style="bold"), card_ply
            self.redraw()
            return

        def chosen(families: tuple[str, ...] | str | None) -> None:
            if families == MENU:
                self._leave(MENU)
            elif self._my_turn() is not None and self.session.phase == Phase.DECLARE:
                self.perform(declare(tuple(families or ())))

        needs = self.session.call_out_needs(view.seat)
        # the press that passed the hand-over (if it came just now), twice or held, declares
        # nothing unseen
        not_before = self.query_one(HandView).enter_after
        self.app.push_screen(
            declare_screen(
                view,
                self.names[view.seat],
                self.look,
                needs,
                not_before=not_before,
                network=self.network,
            ),
            chosen,
        )
