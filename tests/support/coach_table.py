"""The coach at the table in the tests: a judgement that stands in for the hard bot's (quick, and
costly or not as the test wants), and the person's first card with a choice."""

from __future__ import annotations

from textual.pilot import Pilot

from ai.coach import Lesson
from ai.explain import explain_card
from ai.judge import Verdict
from game.view import PlayerView
from tests.support.screens import press_for, settle
from tui.screens.table import TableScreen


class Judged:
    """Stands in for the coach's judgement: records the views it is given, and calls every card
    costly (23 points, against the first other legal card, with its reason) or none."""

    def __init__(self, costly: bool) -> None:
        self.costly = costly
        self.views: list[tuple[PlayerView, int]] = []

    def __call__(self, view: PlayerView, card: int, iterations: int | None = None):
        self.views.append((view, card))
        if not self.costly:
            return None
        best = next(a.card for a in view.legal if a.card != card)
        verdict = Verdict(view.seat, 0, card, best, 23.0, -40.0, -17.0, len(view.legal), 2.0)
        return Lesson(verdict, explain_card(view, best))


async def first_choice(pilot: Pilot, table: TableScreen) -> None:
    """Play on until the person has a card to choose among two or more, then choose."""
    while True:
        view = table.my_turn()
        if view is not None and view.phase == "play" and len(view.legal) > 1:
            await press_for(pilot, table)
            return
        if view is not None:
            await press_for(pilot, table)
        screen = await settle(pilot)
        assert isinstance(screen, TableScreen)
        table = screen
