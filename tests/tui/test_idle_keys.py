"""Keys that choose nothing at the table say why in one short line: Enter or a card's key while
another player is to act, a card key that no card has."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from game.scoring import declarable_families
from store.settings import Settings
from table.session import parse_seats
from tests.support.deals import seed_where
from tests.support.screens import (
    make_app,
    notices,
    play_until,
    press,
    press_for,
    resume,
    save_at_the_last_tricks,
    screen_text,
    settle,
    wait_for,
)
from tui.screens.declare import DeclareScreen
from tui.screens.handover import HandOverScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.table import TableScreen
from tui.widgets.hand_view import HandView

# The bots take their time: the table waits for them with the hand on screen.
SLOW = Settings(bot_delay=1.0, trick_pause=0.0, suit_marks="ascii")
QUICK = Settings(bot_delay=0.0, trick_pause=0.0, suit_marks="ascii")


async def test_a_card_key_no_card_has_says_which_keys_there_are(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"])
    async with app.run_test(size=(100, 32)) as pilot:
        table = await play_until(pilot, lambda v: v.phase == "play")
        cards = len(table.query_one(HandView).cards)
        assert cards < 17
        await press(pilot, "g")
        await wait_for(pilot, lambda: "No card has the key g" in notices(app))
        assert f"your {cards} cards go from 1 to" in notices(app)
        assert table.my_turn() is not None  # nothing was played


async def test_enter_while_a_bot_plays_says_whose_turn_it_is(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], settings=QUICK)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await play_until(pilot, lambda v: v.phase == "play")
        app.settings = SLOW  # (read at each bot move: quick bots on the way to the cards)
        for _ in range(20):  # a card of ours after which a bot is to play
            await press_for(pilot, table)
            if table.my_turn() is None and table.session.turn != 0:
                break
            table = await settle(pilot)
        assert isinstance(app.screen, TableScreen) and table.thinking is not None
        bot = table.names[table.session.turn]
        moves = table.session.ply
        await press(pilot, "enter")
        await wait_for(pilot, lambda: f"It is {bot}'s turn to" in notices(app))
        await press(pilot, "1")
        assert table.session.ply == moves or table.session.turn != 0  # no card of ours went


async def test_hot_seat_enter_with_no_hand_on_screen_says_so_until_the_hand_over(
    tmp_path: Path,
) -> None:
    app = make_app(
        tmp_path,
        ["human", "easy", "human", "easy"],
        seed=2,
        settings=SLOW,
        names=["Anna", "Bruno", "Carla", "Dario"],
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # Anna takes the keyboard: her discard
        table = await settle(pilot)
        await press_for(pilot, table)
        await press(pilot, "enter")  # yes, discard them
        await wait_for(pilot, lambda: table.viewer is None and app.screen is table)
        await press(pilot, "enter")
        await wait_for(pilot, lambda: "No hand is shown while Bruno is to" in notices(app))
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        assert "No hand is shown" not in notices(app)  # said to Anna, gone for Carla


async def test_hot_seat_the_no_hand_note_is_centred_under_the_table(tmp_path: Path) -> None:
    app = make_app(
        tmp_path,
        ["human", "easy", "human", "easy"],
        seed=2,
        settings=SLOW,
        names=["Anna", "Bruno", "Carla", "Dario"],
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")
        table = await settle(pilot)
        await press_for(pilot, table)
        await press(pilot, "enter")
        await wait_for(pilot, lambda: table.viewer is None and app.screen is table)
        line = next(row for row in screen_text(app).splitlines() if "No hand is shown" in row)
        left = len(line) - len(line.lstrip())
        right = 80 - len(line.rstrip())
        assert abs(left - right) <= 1, repr(line)


@pytest.mark.parametrize("key", ["p", "u", "s"])  # (t gives the coach's advice: test_coach)
async def test_the_tables_keys_in_the_declarations_dialog_say_declare_first(
    tmp_path: Path, key: str
) -> None:
    seed = seed_where(lambda m: m.first_dealer == 3 and declarable_families(m.hand.hands[0]))
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await settle(pilot)
        assert isinstance(dialog, DeclareScreen)
        await press(pilot, key)
        await wait_for(pilot, lambda: "Declarations first" in notices(app))
        assert app.screen is dialog


async def test_declare_first_goes_as_soon_as_the_declarations_are_made(tmp_path: Path) -> None:
    """It stayed over cards 8 to 15 of the hand for about 4 s after declaring."""
    seed = seed_where(lambda m: m.first_dealer == 3 and bool(declarable_families(m.hand.hands[0])))
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await settle(pilot)
        assert isinstance(dialog, DeclareScreen)
        await press(pilot, "p")
        await wait_for(pilot, lambda: "Declarations first" in notices(app))
        await press(pilot, "enter")
        await wait_for(pilot, lambda: app.screen is not dialog)
        assert "Declarations first" not in notices(app)
        assert "Declarations first" not in screen_text(app)


async def test_wait_said_while_a_bot_plays_goes_when_the_turn_comes(tmp_path: Path) -> None:
    """Enter pressed during the last bot's turn before ours: "It is Dario's turn" is not
    left on screen once it is our turn (it would say the opposite of the status line)."""
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], settings=QUICK)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await play_until(pilot, lambda v: v.phase == "play")
        app.settings = SLOW  # (read at each bot move: quick bots on the way to the cards)
        for _ in range(20):
            await press_for(pilot, table)
            await wait_for(pilot, lambda: table.session.turn == 0 or table.thinking == 3)
            if table.thinking == 3:
                break
            assert await settle(pilot) is table
        assert table.thinking == 3
        await press(pilot, "enter")
        await wait_for(pilot, lambda: "It is Dario's turn" in notices(app))
        await settle(pilot)
        assert table.my_turn() is not None
        assert "It is Dario's turn" not in notices(app)


@pytest.mark.parametrize("key", ["t", "3"])
async def test_the_tables_keys_on_the_hand_over_say_enter_first(tmp_path: Path, key: str) -> None:
    app = make_app(
        tmp_path,
        ["human", "easy", "human", "easy"],
        seed=2,
        names=["Anna", "Bruno", "Carla", "Dario"],
    )
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settle(pilot)
        assert isinstance(screen, HandOverScreen)
        await press(pilot, key)
        await wait_for(pilot, lambda: "First Enter: it shows Anna's hand." in notices(app))
        assert app.screen is screen


async def test_enter_on_the_last_table_says_the_hand_is_over_until_the_sheet(
    tmp_path: Path,
) -> None:
    save_at_the_last_tricks(tmp_path, parse_seats(["human", "easy", "easy", "easy"]), 1)
    app = make_app(tmp_path, None)  # (the hand resumed at its last two tricks)
    async with app.run_test(size=(100, 32)) as pilot:
        await resume(pilot)
        table = await play_until(pilot, lambda v: len(v.tricks) == 14)
        app.settings = replace(app.settings, trick_pause=1.0)  # the last trick stays a moment
        await press_for(pilot, table)
        await wait_for(pilot, lambda: table.final is not None)
        await press(pilot, "enter")
        await wait_for(pilot, lambda: "The hand is over." in notices(app))
        await wait_for(pilot, lambda: isinstance(app.screen, ScoringScreen))
        assert "The hand is over." not in notices(app)  # the sheet says it
