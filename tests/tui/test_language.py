"""The language chosen on the settings screen: kept in the settings, and spoken at once by every
screen on the stack, nothing of what they hold lost (the setup typed on the start screen, the
match, the hand's cursor)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Input, Select

from store.settings import load_settings
from tests.support.deals import seed_dealer
from tests.support.screens import idle, make_app, play_until, press, screen_text, wait_for
from tests.support.snapshot_steps import BOTS3
from text.language import current, use
from tui.app import TarocchinoApp
from tui.language import language_options
from tui.screens.settings import SettingsScreen
from tui.screens.start import StartScreen
from tui.widgets.hand_view import HandView


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    use("en")
    yield
    use("en")


async def _choose(pilot, key: str, language: str) -> None:
    """Open the settings with ``key``, choose ``language`` and save."""
    app = pilot.app
    await press(pilot, key)
    await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
    app.screen.query_one("#language", Select).value = language
    await press(pilot, "ctrl+s")
    await wait_for(pilot, lambda: not isinstance(app.screen, SettingsScreen))
    for _ in range(5):  # (the screens composed anew in a worker)
        await idle(pilot)


async def test_the_start_screen_speaks_the_language_chosen_keeping_the_setup(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, None, seed=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert "Start new match" in screen_text(app)
        app.screen.query_one("#name-1", Input).value = "Zeno"
        app.screen.query_one("#target", Input).value = "600"
        app.screen.query_one("#kind-2", Select).value = "easy"
        await _choose(pilot, "f2", "it")
        assert app.settings.language == "it" and current() == "it"
        shown = screen_text(app)
        assert "Nuova partita" in shown and "Start new match" not in shown
        assert "F2 Opzioni" in shown  # (the footer too)
        screen = app.screen
        assert isinstance(screen, StartScreen)
        assert screen.query_one("#name-1", Input).value == "Zeno"
        assert screen.query_one("#target", Input).value == "600"
        assert screen.query_one("#kind-2", Select).value == "easy"
        await _choose(pilot, "f2", "en")
        assert current() == "en" and "Start new match" in screen_text(app)


async def test_the_table_and_the_screen_under_it_speak_it_the_match_going_on(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, BOTS3, seed=seed_dealer(1))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await play_until(pilot, lambda view: view.phase == "play")
        hand = table.query_one(HandView)
        await press(pilot, "right")
        await _choose(pilot, "s", "")  # (the dialog's own way with the cursor: not the language's)
        cursor, session, ply = hand.cursor, table.session, table.session.ply
        assert "Declarations" in screen_text(app)
        await _choose(pilot, "s", "it")
        assert app.screen is table and table.session is session and session.ply == ply
        assert table.query_one(HandView).cursor == cursor
        shown = screen_text(app)
        assert "Accusi" in shown and "Declarations" not in shown
        await press(pilot, "q")  # (the start screen under it is composed as it comes into view)
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen) and app.screen.built)
        assert "Nuova partita" in str(app.screen.query_one("#start").label)


async def test_the_language_chosen_is_remembered(tmp_path: Path) -> None:
    app = TarocchinoApp(directory=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await _choose(pilot, "f2", "it")
    assert load_settings(tmp_path).language == "it"


def test_each_language_is_offered_in_its_own_words() -> None:
    use("it")
    assert language_options() == [("quella del sistema", ""), ("English", "en"), ("Italiano", "it")]
