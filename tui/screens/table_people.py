"""The people at a table screen: at his turn the person at the keyboard chooses a card (to play,
or to mark for the discard, then asked to confirm), declares in the declarations dialog, or takes
back his card (undo); at a shared screen the keyboard is handed over before his hand is shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rich.text import Text
from textual import _time  # the clock of Textual's events (a key's time)
from textual.app import App

from ai.coach import holding
from game.actions import Action, declare, discard, play
from game.cards import Card
from game.phase import Phase
from game.view import PlayerView
from table.session import TableSession
from text.coach import declarations_coach
from text.language import _
from text.presenter import (
    card_note,
    card_refusal,
    discard_question,
    handover_context,
    nothing_to_declare,
    trick_so_far,
)
from text.render import Look, face
from tui.keys import DOUBLE_ENTER_S
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import declare_screen
from tui.screens.handover import HandOverScreen, your_turn
from tui.screens.scoring import MENU
from tui.screens.table_coach import Coach
from tui.screens.table_notices import Notices
from tui.widgets.hand_view import HandView


def undo_refusal(session: TableSession, *, over: bool) -> str | None:
    """Why undo cannot take back a card now (None: it takes back the one person's card of the
    trick in progress); ``over``: the hand is over."""
    humans = session.humans
    if len(humans) > 1:
        return _("No undo with two or more people at the table: what the others have seen stays.")
    if len(humans) != 1 or over:
        return _("Nothing to undo.")
    if session.undo_point(humans[0]) is None:
        return _("Only your card of the trick in progress can be taken back.")
    return None


class PeopleTable(Protocol):
    """The table screen as its people's turns see it."""

    @property
    def app(self) -> App[Any]: ...
    @property
    def session(self) -> TableSession: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def look(self) -> Look: ...
    @property
    def network(self) -> bool: ...
    @property
    def final(self) -> PlayerView | None: ...
    @property
    def hand(self) -> HandView: ...
    @property
    def is_attached(self) -> bool: ...

    viewer: int | None
    bottom: int
    marked: list[Card]
    coach: Coach
    notice: Text | None

    def my_turn(self) -> PlayerView | None: ...
    def say(self, message: Text | str) -> None: ...
    def say_first(self, lead_in: Text, ply: int) -> None: ...
    def redraw(self) -> None: ...
    def perform(self, action: Action) -> None: ...
    def take_back(self, seat: int) -> None: ...
    def advance(self) -> None: ...
    def leave(self, choice: str) -> None: ...
    def call_after_refresh(self, callback: Callable[[], object]) -> bool: ...


class PeopleTurns:
    """What the person at the keyboard does at his turn, and the hand-over to him."""

    def __init__(self, table: PeopleTable, notices: Notices) -> None:
        self.table, self.notices = table, notices
        self._entered_at: float | None = None  # the Enter that made a person's last move

    def choose(self, card: Card) -> None:
        """``card`` chosen in the hand (Enter, its key, a click): played, or (un)marked for the
        discard, the discard confirmed once two are marked."""
        table = self.table
        view = table.my_turn()
        if view is None:
            return
        refusal = card_refusal(view, card, table.look)
        if refusal:
            table.say(Text(refusal, style="bold"))
            return
        self._entered_at = table.hand.entered_at
        if view.phase == Phase.PLAY:
            table.perform(play(card))
        elif view.phase == Phase.DISCARD:
            if card in table.marked:
                table.marked.remove(card)
            elif len(table.marked) < 2:
                table.marked.append(card)
            table.notice = None
            table.redraw()  # the cursor stays on the card: Enter again takes the mark back
            if len(table.marked) == 2:
                self._confirm_discard()

    def highlighted(self, card: Card) -> None:
        """The hand's cursor on ``card``: what it would do, under the hand."""
        view = self.table.my_turn()
        if view is not None:
            self.table.say(card_note(view, card, self.table.look))

    def _confirm_discard(self) -> None:
        table = self.table

        def answer(yes: bool | None) -> None:
            if yes and len(table.marked) == 2 and table.my_turn() is not None:
                self._entered_at = _time.get_time() if confirm.by_key else None
                table.perform(discard(*table.marked))
            else:
                if table.marked:
                    table.marked.pop()
                table.redraw()

        confirm = ConfirmScreen(
            discard_question(table.marked, table.look), _("Discard"), _("Change"), look=table.look
        )
        table.app.push_screen(confirm, answer)

    def undo(self) -> None:
        """Undo: while discarding, the card marked last is no longer marked; else the lone
        person's card of the trick in progress is taken back, or a word says why not."""
        table = self.table
        view = table.my_turn()
        if view is not None and view.phase == Phase.DISCARD:
            self._unmark_last()
            return
        refusal = undo_refusal(table.session, over=table.final is not None)
        if refusal:
            self.notices.refuse(refusal)
            return
        table.take_back(table.session.humans[0])

    def _unmark_last(self) -> None:
        table = self.table
        if not table.marked:
            self.notices.refuse(_("No card is marked for the discard yet."))
            return
        card = table.marked.pop()
        table.notice = None
        table.redraw()
        self.notices.tell(
            _("{card} is no longer marked for the discard.").format(card=face(card, table.look))
        )

    def ask_declaration(self) -> None:
        """The declarations dialog for the person at the keyboard (nothing asked when there is
        nothing to declare)."""
        table = self.table
        view = table.my_turn()
        if view is None or view.phase != Phase.DECLARE:
            return
        if nothing_to_declare(view):
            # Said to the person at the keyboard only, before the prompt of the card to play (a
            # notification would outlive the turn: at a shared screen the next person would
            # learn that this hand holds no combination).
            card_ply = table.session.ply + 1
            table.perform(declare(()))
            # Until that card is played (at a network table the prompt of the card comes with
            # the table's next state, a moment later).
            said = Text(_("Nothing to declare.") + " ", style="bold")
            if table.coach.on:  # what the hand holds, and why there is nothing to declare
                said = Text.assemble(declarations_coach(holding(view)), " ")
            table.say_first(said, card_ply)
            return

        def chosen(families: tuple[str, ...] | str | None) -> None:
            if families == MENU:
                table.leave(MENU)
            elif table.my_turn() is not None and table.session.phase == Phase.DECLARE:
                table.perform(declare(tuple(families or ())))

        needs = table.session.call_out_needs(view.seat)
        # the press that passed the hand-over (if it came just now), twice or held, declares
        # nothing unseen
        not_before = table.hand.enter_after
        table.app.push_screen(
            declare_screen(
                view,
                table.names[view.seat],
                table.look,
                needs,
                not_before=not_before,
                network=table.network,
                coach=table.coach.on,
                trick=trick_so_far(view, table.names, table.look),
            ),
            chosen,
        )

    def hand_over(self, seat: int) -> None:
        """At a shared screen: the keyboard goes to the person at ``seat`` (an opaque screen
        naming him) before his hand is shown."""
        table, session = self.table, self.table.session
        if session.turn != seat or not table.is_attached:
            return
        context = handover_context(session.public_view(seat), session.seats, table.look)
        handover = HandOverScreen(
            table.names[seat],
            your_turn(table.names[seat], session.view(seat)),
            context,
            table.look,
            not_before=self._double_enter_until(),
        )

        def shown(choice: str | None) -> None:
            if choice == MENU:
                table.leave(MENU)
                return
            # the press that passed the hand-over, twice or held, plays no card unseen
            pressed = handover.pressed_at
            table.hand.enter_after = None if pressed is None else pressed + DOUBLE_ENTER_S
            if session.turn == seat:
                table.viewer = table.bottom = seat
            table.advance()

        table.app.push_screen(handover, shown)
        # a notice still on its way when the hand went (a key pressed a moment before)
        table.call_after_refresh(self.notices.withdraw_private)

    def _double_enter_until(self) -> float | None:
        """Until when an Enter is the same press as the one that made the last move (pressed
        twice, or held down): it must not show the next person's hand."""
        entered, self._entered_at = self._entered_at, None
        return None if entered is None else entered + DOUBLE_ENTER_S
