"""The hint (t): the move a bot would make in the person's place, thought in a worker, said under
the hand with the cursor put on its card."""

from __future__ import annotations

import random
from typing import Any, Protocol

from rich.text import Text
from textual.worker import Worker, WorkerState

from ai.explain import Explanation
from game.actions import PLAY, Action
from game.phase import Phase
from game.view import PlayerView
from table.hinting import suggest
from table.session import TableSession
from text.language import _
from text.presenter import hint_text
from text.render import Look
from tui.screens.table_notices import Notices
from tui.screens.working import Working
from tui.widgets.hand_view import HandView

Hinted = tuple[
    Action, Explanation, tuple[int, int]
]  # the move, why, and the turn (ply, seat) it is for


class HintTable(Working, Protocol):
    """The table screen as its hint sees it."""

    @property
    def session(self) -> TableSession: ...
    @property
    def look(self) -> Look: ...
    @property
    def hand(self) -> HandView: ...

    def my_turn(self) -> PlayerView | None: ...
    def not_now(self) -> str: ...
    def say(self, message: Text | str) -> None: ...


class Hint:
    """Asks for a hint at the person's turn and says it once thought, if that turn is still on."""

    def __init__(self, table: HintTable, notices: Notices) -> None:
        self.table, self.notices = table, notices
        self.worker: Worker[Hinted] | None = None  # the hint being thought

    def ask(self) -> None:
        table = self.table
        view = table.my_turn()
        if view is None or view.phase not in (Phase.PLAY, Phase.DISCARD):
            self.notices.refuse(_("No hint: {why}").format(why=table.not_now()), until_turn=True)
            return
        table.say(Text(_("Thinking of a hint") + table.look.ellipsis, style="dim"))
        key = (table.session.ply, view.seat)
        rng = random.Random()

        def think() -> Hinted:
            action, reason = suggest(view, view.legal, rng)
            return action, reason, key

        self.worker = table.run_worker(
            think,
            name=self._name(view),
            thread=True,
            group="hint",
            exclusive=True,
            exit_on_error=False,
        )

    def _name(self, view: PlayerView) -> str:
        """The worker's name: the turn it was asked for."""
        return f"hint {self.table.session.ply} {view.seat}"

    def changed(self, worker: Worker[Any], state: WorkerState) -> None:
        """A worker of the screen changed state: the hint, once thought, is said."""
        hinting = self.worker
        if hinting is None or worker is not hinting:
            return
        if state == WorkerState.SUCCESS:
            self.worker = None
            if hinting.result is not None:
                self._show(*hinting.result)
        elif state == WorkerState.ERROR:
            self.worker = None
            view = self.table.my_turn()
            if view is not None and worker.name == self._name(view):  # else: overtaken
                self.table.say(_("No hint: {why}").format(why=worker.error))

    def cancel(self) -> None:
        """The hint being thought is not wanted any more."""
        worker, self.worker = self.worker, None
        if worker is not None:
            worker.cancel()

    def _show(self, action: Action, reason: Explanation, key: tuple[int, int]) -> None:
        table = self.table
        view = table.my_turn()
        if view is None or key != (table.session.ply, view.seat):
            return
        # the cursor goes to the card (for the discard: the first not marked yet), so that
        # Enter plays or marks it
        hand = table.hand
        cards = (action.card,) if action.kind == PLAY else action.cards
        chosen = [c for c in cards if c in hand.cards and c not in hand.marked]
        if chosen:
            hand.cursor = hand.cards.index(chosen[0])
            hand.refresh()
        table.say(hint_text(action, reason, table.look))
