"""Hot-seat: the hand-over screen offers the help and the menu (the match is kept, and offered
back with the hand-over again, never a hand); undo takes back the dealer's own marks, and says
why a card cannot be taken back."""

from __future__ import annotations

from pathlib import Path

from tests.support.screens import make_app, press, settle, wait_for
from tests.tui.test_dialogs import _notices
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.handover import HandOverScreen
from tui.screens.help import HelpScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen
from tui.widgets.hand import HandView

HOT_SEAT = ["human", "easy", "human", "easy"]
NAMES = ["Anna", "Bruno", "Carla", "Dario"]
ANNA_DEALS = 2  # the seed: Anna (seat 1) deals the first hand


async def test_the_hand_over_offers_the_help_and_the_menu(tmp_path: Path) -> None:
    app = make_app(tmp_path, HOT_SEAT, seed=ANNA_DEALS, names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settle(pilot)
        assert isinstance(screen, HandOverScreen) and screen.player == "Anna"
        await press(pilot, "question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is screen)  # Anna's hand is not shown
        actions = list(app.store.read().match.actions)
        await press(pilot, "q")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.store.read().match.actions == actions  # kept as it was
        await press(pilot, "enter")  # Resume
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        assert app.screen.player == "Anna"


async def test_hot_seat_undo_takes_back_a_mark_and_says_why_not_a_card(tmp_path: Path) -> None:
    app = make_app(tmp_path, HOT_SEAT, seed=ANNA_DEALS, names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # Anna takes the keyboard
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
        await press(pilot, "3")
        assert table.marked
        await press(pilot, "u")
        assert table.marked == [] and "no longer marked for the discard" in _notices(app)
        app.clear_notifications()
        for _ in range(100):  # on to the first card a person plays
            screen = await settle(pilot)
            if isinstance(screen, TableScreen) and screen.current_view().phase == "play":
                break
            if isinstance(screen, TableScreen):
                hand = screen.query_one(HandView)
                for c in [c for c in hand.cards if c in hand.legal][:2]:
                    await press(pilot, "123456789"[hand.cards.index(c)])
            else:
                assert isinstance(screen, (HandOverScreen, ConfirmScreen, DeclareScreen))
                await press(pilot, "enter")
        moves = len(table.session.match.actions)
        await press(pilot, "u")
        assert "No undo with two or more people" in _notices(app)
        assert len(table.session.match.actions) == moves
