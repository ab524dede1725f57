"""Hot-seat: what was said to one person (a hint, a mark taken back, why a key did nothing) goes
with his hand: it is never on screen when the keyboard passes to the next person, and a hint
that comes after its card was played is dropped."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual import events

from game.cards import CODES
from store.settings import Settings
from tests.support.screens import make_app, press, press_for, settle, wait_for
from tests.tui.test_dialogs import _notices
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.handover import HandOverScreen
from tui.screens.table import TableScreen
from tui.widgets.hand import CARD_KEYS, HandView

HOT_SEAT = ["human", "easy", "human", "easy"]
NAMES = ["Anna", "Bruno", "Carla", "Dario"]
ANNA_DEALS = 2  # the seed: Anna (seat 1) deals the first hand
LONG = "; ".join(f"reason number {i} of a long hint" for i in range(12))


async def _annas_discard(pilot) -> TableScreen:
    screen = await settle(pilot)
    assert isinstance(screen, HandOverScreen) and screen.player == "Anna"
    await press(pilot, "enter")
    table = await settle(pilot)
    assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
    return table


async def _on_to_carlas_hand_over(pilot) -> None:
    screen = await settle(pilot)
    if isinstance(screen, ConfirmScreen):
        await press(pilot, "enter")
    await wait_for(
        pilot,
        lambda: isinstance(pilot.app.screen, HandOverScreen) and pilot.app.screen.player == "Carla",
    )


async def test_a_long_hint_told_in_a_notification_is_gone_at_the_hand_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def long_hint(view, legal, rng):
        return legal[0], LONG

    monkeypatch.setattr("tui.screens.table_hint.suggest", long_hint)
    app = make_app(tmp_path, HOT_SEAT, seed=ANNA_DEALS, names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _annas_discard(pilot)
        await press(pilot, "t")
        await wait_for(pilot, lambda: "reason number 11" in _notices(app))  # too long: told
        await press_for(pilot, table)  # Anna marks two cards, and says yes
        await _on_to_carlas_hand_over(pilot)
        assert "Hint" not in _notices(app) and "reason number" not in _notices(app)


async def test_a_mark_taken_back_is_not_told_to_the_next_person(tmp_path: Path) -> None:
    app = make_app(tmp_path, HOT_SEAT, seed=ANNA_DEALS, names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _annas_discard(pilot)
        hand = table.query_one(HandView)
        first = next(c for c in hand.cards if c in hand.legal)
        await press(pilot, CARD_KEYS[hand.cards.index(first)], "u")
        assert "no longer marked" in _notices(app)  # said to Anna: it names her card
        await press_for(pilot, table)
        await _on_to_carlas_hand_over(pilot)
        assert "no longer marked" not in _notices(app)
        assert CODES[first] not in _notices(app)


async def test_a_hint_overtaken_by_the_card_is_dropped_and_t_then_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Enter pressed before the hint came: the card is played, the hint never shown; t pressed
    again while no hand is on screen says so (not "your own turn"), and only until the hand-over."""
    release = threading.Event()

    def slow_hint(view, legal, rng):
        release.wait(30)
        return legal[0], "a reason"

    monkeypatch.setattr("tui.screens.table_hint.suggest", slow_hint)
    # Bruno thinks a while: the table is on screen with no hand on it
    slow = Settings(bot_delay=1.0, trick_pause=0.0, suit_marks="ascii")
    app = make_app(tmp_path, HOT_SEAT, seed=ANNA_DEALS, names=NAMES, settings=slow)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            table = await _annas_discard(pilot)
            await pilot.press("t")  # (press() sees no change but the status line's)
            status = table.query_one("#status")
            await wait_for(pilot, lambda: "Thinking of a hint" in status.text.plain)
            assert "Thinking of a hint" in table.query_one("#status").text.plain
            await press_for(pilot, table)  # the discard overtakes the hint
            assert isinstance(app.screen, ConfirmScreen)
            await press(pilot, "enter")
            await wait_for(pilot, lambda: table.viewer is None and app.screen is table)
            await press(pilot, "t")
            await wait_for(pilot, lambda: _notices(app))
            said = _notices(app)
            assert "your own turn" not in said and "No hint" in said, said
            release.set()
            await _on_to_carlas_hand_over(pilot)
            await wait_for(
                pilot, lambda: table.hint.worker is None or table.hint.worker.is_finished
            )
            assert "hint" not in _notices(app).lower()
            await press(pilot, "enter")  # Carla takes the keyboard
            screen = await settle(pilot)
            if isinstance(screen, DeclareScreen):
                # an Enter of her own (the hand-over's, twice, declares nothing: see
                # test_tui_declare_enter)
                dialog = screen
                await wait_for(pilot, lambda: dialog.is_active)  # (a key before it is lost)
                key = events.Key("enter", None)
                key.time = max(key.time, dialog.not_before or 0)
                app._driver.send_message(key)
                await wait_for(pilot, lambda: app.screen is not dialog)
                screen = await settle(pilot)
            assert isinstance(screen, TableScreen) and screen.viewer == 2
            assert "Hint" not in screen.query_one("#status").text.plain
            assert "hint" not in _notices(app).lower()
    finally:
        release.set()
