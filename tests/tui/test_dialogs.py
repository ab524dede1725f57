"""Dialogs over the table: the footer of a dialog over the table shows the dialog's keys
(not the table's, which do nothing there), help from the declarations dialog, undo while
discarding, `play --seed --target` without seats."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Footer, Input
from textual.widgets._footer import FooterKey

from cli.main import build_parser
from game.match import Match
from game.scoring import declarable_families
from tests.support.screens import FAST, make_app, press, screen_text, settle, wait_for
from tui.app import TarocchinoApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.help import HelpScreen
from tui.screens.settings import SettingsScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen

BOTS3 = ["human", "random", "random", "random"]
TABLE_KEYS = {"Play", "Mark", "Last trick", "Hint", "Undo", "Menu"}


def _seed(condition) -> int:
    return next(s for s in range(1, 10_000) if condition(Match(s)))


def footer_keys(screen) -> set[str]:
    """The descriptions in the footer drawn by ``screen`` (the one on top)."""
    return {key.description for key in screen.query(FooterKey)}


async def test_the_declarations_dialog_shows_its_keys_and_opens_the_help(tmp_path: Path) -> None:
    seed = _seed(lambda m: m.first_dealer == 3 and declarable_families(m.hand.hands[0]))
    app = make_app(tmp_path, BOTS3, seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settle(pilot)
        assert isinstance(screen, DeclareScreen)
        await wait_for(pilot, lambda: footer_keys(screen))
        keys = footer_keys(screen)
        # (q goes back to the menu from the dialog too: its own key)
        assert {"Help", "Toggle", "Menu"} <= keys and not keys & (TABLE_KEYS - {"Menu"}), keys
        await press(pilot, "question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is screen)  # still to declare


async def test_the_discard_question_and_the_settings_hide_the_tables_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=_seed(lambda m: m.first_dealer == 0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        await press(pilot, "s")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await wait_for(pilot, lambda: footer_keys(app.screen))
        keys = footer_keys(app.screen)
        assert {"Save", "Cancel"} <= keys and not keys & TABLE_KEYS, keys
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is table)
        view = table.current_view()
        await press(pilot, "3", "4")  # two cards marked: the question
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert view.phase == "discard"
        assert app.screen.query(Footer)  # over the table's key bar: the question's own keys
        await wait_for(pilot, lambda: footer_keys(app.screen))
        keys = footer_keys(app.screen)
        assert {"Discard", "Change", "Help"} == keys and not keys & TABLE_KEYS, keys


async def test_undo_while_discarding_takes_back_the_last_mark(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=_seed(lambda m: m.first_dealer == 0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
        await press(pilot, "u")  # nothing marked: said so, nothing changes
        assert table.marked == [] and "No card is marked" in _notices(app)
        await press(pilot, "3")
        marked = list(table.marked)
        await press(pilot, "4", "escape")  # the question, then "Change": the second mark goes
        await wait_for(pilot, lambda: app.screen is table)
        assert table.marked == marked
        await press(pilot, "u")
        assert table.marked == [] and "no longer marked for the discard" in _notices(app)
        assert table.current_view().phase == "discard"


def _notices(app) -> str:
    return " ".join(str(n.message) for n in app._notifications)


async def test_play_with_a_seed_and_a_target_but_no_seats_fills_them_in(tmp_path: Path) -> None:
    args = build_parser().parse_args(["play", "--seed", "7", "--target", "500"])
    assert (args.seed, args.target) == (7, 500)
    assert build_parser().parse_args(["play"]).target is None  # the remembered target stays
    app = TarocchinoApp(
        settings=FAST, directory=tmp_path, persist=False, seed=args.seed, target=args.target
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.screen.query_one("#seed", Input).value == "7"
        assert app.screen.query_one("#target", Input).value == "500"


async def test_a_setup_refused_on_the_start_screen_is_said_as_a_sentence(tmp_path: Path) -> None:
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        start = app.screen
        start.query_one("#name-2", Input).value = "Bruno"  # as seat 2's name
        start.query_one("#start").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is start
        assert "The four names must be different." in screen_text(app)
