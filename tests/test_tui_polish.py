"""The table's words where a polished game is expected to get them right: a refused key leaves the
turn prompt in place, the declaration dialog says when declared points count, and right after a
person plays in hot-seat the status line speaks of what comes next."""

from __future__ import annotations

from pathlib import Path

from test_tui_support import make_app, press, press_for, settle
from textual.widgets import Static

from game.match import Match
from game.scoring import declarable_families
from tui.screens.declare import DeclareScreen
from tui.screens.table import TableScreen
from tui.widgets.line import TextLine

BOTS3 = ["human", "random", "random", "random"]


def _status(table: TableScreen) -> str:
    return table.query_one("#status", TextLine).text.plain


def _messages(app) -> list[str]:
    return [n.message for n in app._notifications]


def _seed_declaring() -> int:
    """A match whose human (seat 0) is eldest and may declare."""
    return next(s for s in range(1, 5000) if Match(s).first_dealer == 3
                and declarable_families(Match(s).hand.hands[0]))  # fmt: skip


async def test_a_refused_undo_leaves_the_turn_prompt(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        while True:  # to the human's first card of the hand: nothing of his to take back
            screen = await settle(pilot)
            if isinstance(screen, TableScreen) and screen._my_turn() is not None:
                if screen._my_turn().phase == "play":
                    break
                await press_for(pilot, screen)
            else:
                await press(pilot, "enter")
        table = screen
        prompt = _status(table)
        assert "your turn" in prompt.lower()
        await pilot.press("u")
        await pilot.pause()
        assert "Only your card of the trick in progress can be taken back." in _messages(app)
        assert _status(table) == prompt  # still says whose turn it is and what to do
        await pilot.press("p")  # no trick yet: the last trick is refused the same way
        await pilot.pause()
        assert "No trick has been played yet in this hand." in _messages(app)
        assert _status(table) == prompt


async def test_the_declaration_dialog_says_when_declared_points_count(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=_seed_declaring())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settle(pilot)
        assert isinstance(screen, DeclareScreen)
        body = str(screen.query_one(".dialog-body", Static).render())
        assert body == screen._explanation()
        assert "now" not in body.split()
        # RULES.md §5 and §8: in the hand's total when it is scored, at once towards calling out.
        assert "their points go to your side when the hand is scored" in body
        assert "count at once towards calling out at 800" in body
        without_call_out = DeclareScreen(screen.view, "Anna", screen.look, None)
        assert "calling out" not in without_call_out._explanation()
        assert "when the hand is scored" in without_call_out._explanation()
