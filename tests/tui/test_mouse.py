"""The mouse: a click on an entry of the key bar (the table's, the review's) does what its key
does."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest
from textual import events
from textual.screen import Screen
from textual.widgets import Static

import ai.judge
import tui
from game.scoring import declarable_families
from store.settings import Settings
from table.session import parse_seats
from tests.support.deals import seed_where
from tests.support.screens import (
    click,
    click_entry,
    idle,
    make_app,
    notices,
    press,
    resume,
    save_at_a_turn,
    save_at_the_last_tricks,
    settle,
    wait_for,
)
from tui.screens.base import GameScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.handover import HandOverScreen
from tui.screens.help import HelpScreen
from tui.screens.review import ReviewScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.table import TableScreen
from tui.widgets.hand_view import HandView
from tui.widgets.underneath import LaidOutUnder


async def test_a_click_on_the_key_bar_does_what_the_key_does(tmp_path: Path) -> None:
    app = make_app(
        tmp_path,
        ["human", "random", "random", "random"],
        seed=seed_where(lambda m: m.first_dealer == 1 and not declarable_families(m.hand.hands[0])),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        await click_entry(pilot, "help")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is table)
        ply = table.session.ply
        await click_entry(pilot, "play")  # the card under the cursor
        await wait_for(pilot, lambda: table.session.ply > ply)


async def test_a_click_on_back_in_the_review_goes_back_to_the_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai.judge, "DEFAULT_ITERATIONS", 4)  # (the judging is not looked at)
    save_at_the_last_tricks(tmp_path, parse_seats(["random"] * 4), 3)  # (watched from there)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, ScoringScreen), limit=30000)
        sheet = app.screen
        await press(pilot, "r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await click_entry(pilot, "close")
        await wait_for(pilot, lambda: app.screen is sheet)


# --------------------------------------------------------------------------------------- mouse hand
# A hand played with the mouse alone: the cards, the dialogs' buttons, the hand-over's button; a
# card clicked while another player is to act says why nothing happens.


FAST = Settings(bot_delay=0.0, trick_pause=0.0, suit_marks="ascii")


async def _click_card(pilot, hand: HandView, index: int) -> None:
    size, stride, margin = hand._geometry()
    await click(pilot, HandView, offset=(margin + index * stride + 1, 3))


async def _mouse_hand(pilot, app) -> int:
    """Click through one hand until its sheet; the number of cards clicked."""
    clicks = 0
    for _ in range(300):
        screen = await settle(pilot)
        if isinstance(screen, ScoringScreen):
            return clicks
        if isinstance(screen, HandOverScreen):
            await click(pilot, "#handover-ready")
        elif isinstance(screen, ConfirmScreen):
            await click(pilot, "#yes")
        elif isinstance(screen, DeclareScreen):
            await click(pilot, "#declare")
        else:
            assert isinstance(screen, TableScreen)
            hand = screen.query_one(HandView)
            marking = screen.current_view().phase == "discard"
            for _ in range(2 if marking else 1):  # the dealer marks two cards
                index = next(
                    i for i, c in enumerate(hand.cards) if c in hand.legal and c not in hand.marked
                )
                await _click_card(pilot, hand, index)
                clicks += 1
    raise AssertionError("the hand never ended")


async def test_a_hand_played_with_the_mouse_alone(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=2, settings=FAST)
    async with app.run_test(size=(100, 32)) as pilot:
        assert await _mouse_hand(pilot, app) >= 15


async def test_hot_seat_a_hand_played_with_the_mouse_alone(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "human", "easy"], seed=2, settings=FAST)
    async with app.run_test(size=(80, 24)) as pilot:
        assert await _mouse_hand(pilot, app) >= 30


async def test_a_card_clicked_while_a_bot_plays_says_whose_turn_it_is(tmp_path: Path) -> None:
    slow = Settings(bot_delay=1.0, trick_pause=0.0, suit_marks="ascii")
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=2, settings=slow)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
        hand = table.query_one(HandView)
        marks = [i for i, c in enumerate(hand.cards) if c in hand.legal][:2]
        for i in marks:
            await _click_card(pilot, hand, i)
            await idle(pilot)
        await click(pilot, "#yes")  # the discard made: Bruno leads
        await wait_for(pilot, lambda: table.thinking == 1 and app.screen is table)
        await _click_card(pilot, hand, 0)
        await wait_for(pilot, lambda: "It is Bruno's turn to" in notices(app))


# A widget taken off a screen stays in Textual's map of the screen until the next layout; a press
# there (the table's sidebar is put together anew as the game goes on) is nothing, not an error.


@pytest.mark.parametrize("at", ["start", "table"])
async def test_a_press_on_a_widget_just_taken_away_is_nothing(tmp_path: Path, at: str) -> None:
    seats = parse_seats(["human", "random", "random", "random"])
    save_at_a_turn(tmp_path, seats, 3, lambda view: view.phase == "play")
    app = make_app(tmp_path, seed=None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await resume(pilot) if at == "table" else app.screen
        await settle(pilot)
        assert app.screen is screen
        widget = next(w for w in screen.query(Static) if w.region and str(w.render()).strip())
        x, y = widget.region.offset
        await widget.remove()
        down = events.MouseDown(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y)
        screen._forward_event(down)  # (as the app hands a press to the screen under it)
        await settle(pilot)
        assert app.screen is screen and app.is_running


def test_every_screen_of_the_game_takes_presses_only_on_what_is_there() -> None:
    found = []
    for module in pkgutil.walk_packages(tui.__path__, "tui."):
        classes = inspect.getmembers(importlib.import_module(module.name), inspect.isclass)
        found += [kind for _, kind in classes if issubclass(kind, Screen)]
    screens = {kind for kind in found if kind.__module__.startswith("tui.")} - {LaidOutUnder}
    assert TableScreen in screens and DeclareScreen in screens
    assert [kind for kind in screens if not issubclass(kind, GameScreen)] == []
