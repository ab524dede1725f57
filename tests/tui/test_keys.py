"""The keys every screen shares: ? (or F1) opens the help everywhere; Escape and q go back (a
dialog's No or Cancel, the menu from the table, its dialogs and the sheet); the key bar never
loses its way out at 80 columns."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

import ai.judge
from game import record
from game.scoring import declarable_families
from table.session import parse_seats
from tests.support.deals import seed_where
from tests.support.matches import played_match
from tests.support.screens import (
    FAST,
    idle,
    make_app,
    play_until,
    press,
    resume,
    save_at_the_last_tricks,
    settle,
    wait_for,
)
from text.hand_review import ReviewSource
from tui.app import TarocchinoApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.handover import HandOverScreen
from tui.screens.help import HelpScreen
from tui.screens.matches import PastMatchesScreen
from tui.screens.review import ReviewScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.settings import SettingsScreen
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen
from tui.screens.table import TableScreen
from tui.widgets.keybar import KeyBar

BOTS3 = ["human", "random", "random", "random"]


async def _help_and_back(pilot: Pilot, key: str = "question_mark") -> None:
    """``key`` opens the help over the screen on top, and Escape comes back to that screen."""
    app = pilot.app
    screen = app.screen
    await press(pilot, key)
    await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
    await press(pilot, "escape")
    await wait_for(pilot, lambda: app.screen is screen)


@pytest.mark.parametrize(
    ("opened", "key"),
    [(None, "question_mark"), ("p", "f1"), ("s", "question_mark"), ("settings", "f1")],
)
async def test_question_mark_or_f1_opens_the_help_on_the_start_screen_and_what_it_opens(
    tmp_path: Path, opened: str | None, key: str
) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        if opened == "settings":
            app.action_settings()
        elif opened:
            await press(pilot, opened)
        await wait_for(
            pilot,
            lambda: (
                isinstance(
                    app.screen, (StartScreen, PastMatchesScreen, StatisticsScreen, SettingsScreen)
                )
                and (opened is None or not isinstance(app.screen, StartScreen))
            ),
        )
        await _help_and_back(pilot, key)
        if opened is not None:
            await press(pilot, "q")  # and q goes back (the settings: cancelled)
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))


async def test_question_mark_typed_in_a_name_stays_there(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        name = app.screen.query_one("#name-0")
        name.focus()
        await press(pilot, "question_mark")
        await idle(pilot)
        assert isinstance(app.screen, StartScreen) and name.value.endswith("?")


async def test_escape_at_the_table_goes_back_to_the_menu_as_q_does(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=seed_where(lambda m: m.first_dealer == 0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        await _help_and_back(pilot)
        await press(pilot, "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.store.exists()  # saved: Resume brings it back


@pytest.mark.parametrize("key", ["q", "escape"])
async def test_the_declarations_dialog_can_be_left_for_the_menu(tmp_path: Path, key: str) -> None:
    seed = seed_where(lambda m: m.first_dealer == 3 and declarable_families(m.hand.hands[0]))
    app = make_app(tmp_path, BOTS3, seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await settle(pilot)
        assert isinstance(dialog, DeclareScreen)
        await press(pilot, key)
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.resume_match()  # nothing was declared: the question comes again
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))


async def test_q_answers_no_to_a_question_and_the_help_opens_over_it(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=seed_where(lambda m: m.first_dealer == 0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        await press(pilot, "3", "4")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await _help_and_back(pilot)
        await press(pilot, "q")  # "Change": the second mark is taken back
        await wait_for(pilot, lambda: app.screen is table)
        assert len(table.marked) == 1


async def test_escape_on_the_hand_over_goes_back_to_the_menu(tmp_path: Path) -> None:
    app = make_app(
        tmp_path, ["human", "random", "human", "random"], names=["Anna", "Bruno", "Carla", "Dario"]
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen), limit=20000)
        await _help_and_back(pilot)
        await press(pilot, "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))


async def test_the_help_opens_over_the_scoring_sheet(tmp_path: Path) -> None:
    save_at_the_last_tricks(tmp_path, parse_seats(["random"] * 4), 3)  # (watched from there)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await resume(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, ScoringScreen), limit=30000)
        sheet = app.screen
        await _help_and_back(pilot)
        assert app.screen is sheet


async def test_the_review_answers_question_mark_and_its_key_bar_keeps_back_at_80_columns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai.judge, "DEFAULT_ITERATIONS", 4)
    path = tmp_path / "match.json"
    record.save(played_match(6, 400, "random"), path)
    seats = parse_seats(["human", "easy", "easy", "easy"])
    source = ReviewSource.of(record.load(path), seats, title="match.json")
    app = TarocchinoApp(
        settings=FAST, directory=tmp_path, persist=False, review=ReviewScreen(source, 0)
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        bar = app.screen.query_one(KeyBar)
        await wait_for(pilot, lambda: bar.entries)
        shown = [description for _, description, _ in bar.shown(bar.size.width)]
        assert shown[-1] == "Back" and "Help" in shown, shown
        await _help_and_back(pilot)


async def test_p_between_two_tricks_says_the_last_trick_is_in_view(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await play_until(pilot, lambda v: v.phase == "play" and v.tricks and not v.trick)
        notices = app.notices
        await press(pilot, "p")  # the trick on the table is the last one: said so
        assert not screen.show_last and app.notices == notices + 1
        assert "The last trick is the one on the table" in " ".join(
            str(n.message) for n in app._notifications
        )


# ---------------------------------------------------------------------------------------- back keys
# The screens over the whole terminal that go back where they came from say so with the same key in
# their footers: "q Back" (the help said "esc Back", the review, the statistics and the past matches
# "q Back"; q and Escape work in all of them).


def _back(screen) -> list[str]:
    return [key.key_display for key in screen.query(FooterKey) if key.description == "Back"]


async def test_every_back_key_in_the_footers_is_q(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        for key, kind in (
            ("question_mark", HelpScreen),
            ("s", StatisticsScreen),
            ("p", PastMatchesScreen),
        ):
            await press(pilot, key)
            await wait_for(pilot, lambda kind=kind: isinstance(app.screen, kind))
            screen = app.screen
            await wait_for(pilot, lambda screen=screen: _back(screen))
            assert _back(screen) == ["q"], (kind, _back(screen))
            await press(pilot, "q")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
