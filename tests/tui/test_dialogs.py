"""Dialogs over the table: the footer of a dialog over the table shows the dialog's keys
(not the table's, which do nothing there), help from the declarations dialog, undo while
discarding, `play --seed --target` without seats."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console
from textual.containers import Horizontal
from textual.widgets import Footer, Input, Static
from textual.widgets._footer import FooterKey

from cli.main import build_parser
from game.scoring import declarable_families
from table.session import parse_seats
from tests.support.deals import seed_where
from tests.support.screens import (
    FAST,
    ask_the_discard,
    idle,
    make_app,
    notices,
    press,
    resume,
    save_at_a_turn,
    screen_text,
    settle,
    table_of,
    wait_for,
)
from tui.app import TarocchinoApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.help import HelpScreen
from tui.screens.settings import SettingsScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen
from tui.widgets.log import LineList, PlayLog
from tui.widgets.scoreboard import ScoreBoard
from tui.widgets.underneath import Beneath, redraw_over

BOTS3 = ["human", "random", "random", "random"]
TABLE_KEYS = {"Play", "Mark", "Last trick", "Hint", "Undo", "Menu"}


def footer_keys(screen) -> set[str]:
    """The descriptions in the footer drawn by ``screen`` (the one on top)."""
    return {key.description for key in screen.query(FooterKey)}


async def test_the_declarations_dialog_shows_its_keys_and_opens_the_help(tmp_path: Path) -> None:
    seed = seed_where(lambda m: m.first_dealer == 3 and declarable_families(m.hand.hands[0]))
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
    app = make_app(tmp_path, BOTS3, seed=seed_where(lambda m: m.first_dealer == 0))
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
    app = make_app(tmp_path, BOTS3, seed=seed_where(lambda m: m.first_dealer == 0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
        await press(pilot, "u")  # nothing marked: said so, nothing changes
        assert table.marked == [] and "No card is marked" in notices(app)
        await press(pilot, "3")
        marked = list(table.marked)
        await press(pilot, "4", "escape")  # the question, then "Change": the second mark goes
        await wait_for(pilot, lambda: app.screen is table)
        assert table.marked == marked
        await press(pilot, "u")
        assert table.marked == [] and "no longer marked for the discard" in notices(app)
        assert table.current_view().phase == "discard"


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
        await press(pilot, "enter")
        await idle(pilot)
        assert app.screen is start
        assert "The four names must be different." in screen_text(app)


# ----------------------------------------------------------------------------------- confirm layout
# The discard's yes/no dialog: one blank row between the question and its buttons (the blank the
# other dialogs have there), not two, at 80x24 and 120x40.


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_one_blank_row_above_the_buttons(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=2)
    async with app.run_test(size=size) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
        await ask_the_discard(pilot, table)
        dialog = app.screen
        question = dialog.query_one(".dialog-body", Static)
        buttons = dialog.query_one(".dialog-buttons", Horizontal)
        text_end = question.content_region.bottom  # the row under the question's last line
        first_button = min(b.region.y for b in buttons.children)
        assert first_button - text_end == 1
        # and nothing below the buttons but the frame
        frame = dialog.query_one("#confirm-dialog")
        assert max(b.region.bottom for b in buttons.children) == frame.content_region.bottom


# ------------------------------------------------------------------------------------- discard keys
# The discard's question shows its keys in its footer, in the words of its buttons (Discard, Change)
# with the help's, as the declarations dialog does: the screen's last row is not left empty. The
# start screen's question (a new match over a saved one) says its own words.


def _footer(screen) -> list[tuple[str, str]]:
    return [(key.key_display, key.description) for key in screen.query(FooterKey)]


async def test_the_discard_question_shows_its_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
        await ask_the_discard(pilot, table)
        question = app.screen
        await wait_for(pilot, lambda: _footer(question))
        assert [words for _, words in _footer(question)] == ["Discard", "Change", "Help"]
        last_row = screen_text(app).rstrip("\n").split("\n")[-1]
        assert "Discard" in last_row and "Change" in last_row, last_row
        await press(pilot, "question_mark")  # the help from the question, and back to it
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is question)
        await press(pilot, "escape")  # Change: the question goes, the last mark is taken back
        await wait_for(pilot, lambda: app.screen is table)
        assert len(table.marked) == 1


async def test_the_new_match_question_says_its_own_words(tmp_path: Path) -> None:
    question = ConfirmScreen(
        "A saved match is kept as a backup. Start a new one?", yes="New match", no="Cancel"
    )
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(question)
        await wait_for(pilot, lambda: _footer(question))
        assert [words for _, words in _footer(question)] == ["New match", "Cancel", "Help"]
        await press(pilot, "enter")
        await wait_for(pilot, lambda: not question.is_attached)


# ------------------------------------------------------------------------------------- under dialog
# The table shows through a dialog (the declarations, a confirmation): what it says meanwhile (a
# network countdown, a word on the status line) reaches the screen under the dialog too; its
# repaints were not always passed on to the dialog's screen, which then kept the old words.


async def test_the_status_line_under_the_declarations_dialog_follows_what_is_said(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(await settle(pilot), DeclareScreen)
        table = table_of(app)
        assert table is not None
        for seconds in (9, 8, 7, 6):
            words = f"Waiting for you: {seconds} s left, then the easy bot decides."
            table.say(words)
            await wait_for(pilot, lambda w=words: w in screen_text(app))
        assert isinstance(app.screen, DeclareScreen)  # the dialog stayed on top all along


# ------------------------------------------------------------------------------------- redraw above
# One rule for what shows through a dialog (tui.widgets.underneath.redraw_above): the table's
# repaints and the log's rewrite (after a resize) under a dialog ask the dialog's screen to draw
# again; under a screen that covers the table wholly (the help) they ask nothing of it.


def _asked(*widgets) -> list:
    """What ``widgets`` ask to be done after their next refresh, from now on: each callback
    with its arguments."""
    asked: list = []
    for widget in widgets:

        def later(callback, *args, _call=widget.call_after_refresh, **kwargs):
            asked.append((callback, *args))
            return _call(callback, *args, **kwargs)

        widget.call_after_refresh = later
    return asked


async def test_what_shows_through_a_dialog_is_drawn_again_and_nothing_else(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = await settle(pilot)
        assert isinstance(dialog, DeclareScreen)
        table = table_of(app)
        assert table is not None
        log = table.query_one(PlayLog)
        asked = _asked(log, table)
        log._rewrite()  # as after a resize
        assert asked.count((redraw_over, dialog)) == 1
        table.redraw()
        assert asked.count((redraw_over, dialog)) == 2
        # the help covers the table wholly: nothing of the table shows, nothing drawn again
        await press(pilot, "question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        before = len(asked)
        log._rewrite()
        table.redraw()
        assert not [entry for entry in asked[before:] if entry[0] is redraw_over]


# ------------------------------------------------------------------------------ the view beneath
# A dialog keeps its dimmed view of the table beneath (tui.screens.modal) until the table changes:
# what it shows is at every step what it shows when it draws the table afresh.


def _styled(app: TarocchinoApp) -> str:
    """The screen as the terminal would show it, colours and all."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True)
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text(styles=True)


async def _drawn_afresh(pilot) -> str:
    Beneath.changed()
    pilot.app.screen.refresh()
    await pilot.pause()
    return _styled(pilot.app)


async def test_the_table_beneath_a_dialog_shows_as_it_is_now(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(await settle(pilot), DeclareScreen)
        table = table_of(app)
        assert table is not None
        steps = [
            lambda: table.say("Waiting for you: 9 s left, then the easy bot decides."),
            lambda: app.apply_settings(replace(app.settings, suit_marks="unicode")),
            lambda: app.apply_settings(replace(app.settings, theme="daylight")),
            lambda: app.apply_settings(replace(app.settings, color=False)),
        ]
        seen = [_styled(app)]
        for step in steps:
            step()
            await pilot.pause()
            now = _styled(app)
            assert now == await _drawn_afresh(pilot)
            seen.append(now)
        assert len(set(seen)) == len(seen)  # (each step changed what shows)
        assert isinstance(app.screen, DeclareScreen)


# ----------------------------------------------------------------------------------- covered layout
# The table under a dialog is laid out anew when what it shows changes size: Textual lays out the
# top screen only, so the table under the declarations dialog kept the layout it had before. Resumed
# at the declarations (100x32), the score box took its short form (two lines and the target) but
# kept the rows of its long one: two blank rows above the declarations, which the dialog then showed
# through; a bot's declaration made as the dialog came could be left blank.


SEATS = parse_seats(["human", "easy", "easy", "easy"])


@pytest.mark.parametrize("size", [(100, 32), (80, 24), (120, 40)])
async def test_resumed_at_the_declarations_the_table_under_them_is_laid_out(
    tmp_path: Path, size
) -> None:
    # seed 5: Dario declares three sequences before the person's first turn
    save_at_a_turn(tmp_path, SEATS, 5, lambda view: view.phase == "declare")
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        await resume(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
        table = app.screen_stack[-2]
        board = table.query_one(ScoreBoard)
        listed = table.query_one("#declarations", LineList)

        title = table.query(".side-title").first()

        def laid_out() -> bool:  # the box as tall as its lines, the declarations right under
            lines = len(board._lines(board.content_size.width))
            under = board.region.bottom + board.styles.margin.bottom
            return board.region.height == lines + board.styles.gutter.height and (
                title.region.y == under and listed.region.y == under + 1
            )

        await wait_for(pilot, laid_out)
        rows = screen_text(app).splitlines()
        side = [row[title.region.x :].rstrip() for row in rows]
        assert side[title.region.y].strip() == "Declarations"
        assert "Dario" in side[title.region.y + 1] and "60" in side[title.region.y + 1], "\n".join(
            side
        )
