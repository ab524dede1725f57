"""Every dialog that opens at the table (the discard's question, the declarations, the hand so
far, the settings) lies over the felt only (inside its frame, a column of it free either side),
centred on it: the sidebar beside it (the score, the declarations, what is still out, the log)
stays whole. It is narrower than its stylesheet says where the felt is (62 columns at 100x32, 50
at 80x24), its words wrapped into more rows, and every line, button and key of it is still shown
(the hand so far's lines scroll). At 100x32 the declarations dialog was 72 columns wide over a
felt of 64: it covered the sidebar's first columns and cut its words ("ut (2 discarded)"); at
80x24 every dialog did. Checked at the sizes the layouts change at and between them, with ASCII
marks and with Unicode ones, opened at a size and followed as the terminal is resized."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Footer

from store.settings import Settings
from table.session import parse_seats
from tests.support.deals import seed_declaring
from tests.support.screens import (
    FAST,
    ask_the_discard,
    idle,
    make_app,
    over_the_felt,
    press,
    resize,
    resume,
    save_at_a_turn,
    screen_text,
    settle,
    table_of,
    wait_for,
)
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.dialog import MARGIN
from tui.screens.settings import SettingsScreen
from tui.screens.sofar import COUNTED, SoFarScreen
from tui.screens.table import TableScreen

SIZES = [(80, 24), (90, 28), (100, 32), (110, 36), (120, 40), (160, 50), (200, 60)]
IDS = {"ids": lambda s: f"{s[0]}x{s[1]}"}
BOTS = ["human", "easy", "easy", "easy"]
UNICODE_LOOK = Settings(bot_delay=0.0, trick_pause=0.0)  # ♠ ♣ ♥ ♦ and round frames


def over_the_felt_only(app) -> None:
    """The dialog on top lies over the felt, centred, clear of the sidebar, and whole: every
    part of it inside its frame, the frame above its own keys."""
    table = table_of(app)
    assert isinstance(table, TableScreen)
    dialog = app.screen.query_one(".dialog")
    box, inside = dialog.region, dialog.content_region
    felt = table.query_one("#felt").content_region  # (inside its frame, if any)
    sidebar = table.query_one("#sidebar").region
    case = (app.size, box, felt, sidebar)
    assert felt.x + MARGIN <= box.x and box.right <= felt.right - MARGIN, case
    assert not box.overlaps(sidebar), case
    assert abs(box.x + box.width / 2 - (felt.x + felt.width / 2)) <= 1, case
    assert 1 <= box.y and box.bottom <= app.screen.query_one(Footer).region.y, case
    for part in dialog.children:
        if part.display:
            assert part.region.height and part.region.bottom <= inside.bottom, (part, case)
    if isinstance(app.screen, DeclareScreen):
        assert not app.screen.has_class("-tight") or app.size[1] < 32, case
        if app.size[1] >= 32:  # roomy: the buttons too
            assert app.screen.query_one(".dialog-buttons").region.height, case


async def _discard(pilot: Pilot) -> None:
    table = await settle(pilot)
    assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
    await ask_the_discard(pilot, table)


async def _declarations(pilot: Pilot) -> None:
    assert isinstance(await settle(pilot), DeclareScreen)


def _late(view) -> bool:
    """Late in the hand: the hand so far has the most to say (both sides' piles, the Matto)."""
    return view.phase == "play" and len(view.tricks) >= 8


async def _key(pilot: Pilot, key: str, dialog: type) -> None:
    await resume(pilot)  # (the match saved late in its hand: see _app)
    await settle(pilot)
    await press(pilot, key)
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, dialog))


async def _so_far(pilot: Pilot) -> None:
    await _key(pilot, "w", SoFarScreen)


async def _settings(pilot: Pilot) -> None:
    await _key(pilot, "s", SettingsScreen)


async def _so_far_key(pilot: Pilot) -> None:
    await press(pilot, "w")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, SoFarScreen))


async def _settings_key(pilot: Pilot) -> None:
    await press(pilot, "s")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, SettingsScreen))


DIALOGS = {  # the seed, how the dialog is opened, and whether from a save late in the hand
    "discard": (2, _discard, ConfirmScreen, False),  # the person deals
    "declarations": (seed_declaring(), _declarations, DeclareScreen, False),
    "so_far": (1, _so_far, SoFarScreen, True),
    "settings": (1, _settings, SettingsScreen, True),
}


def _app(tmp_path: Path, dialog: str, settings: Settings = FAST):
    """The app that opens ``dialog``: a match started at once, or the start screen of a match
    saved late in its first hand (the engine plays it there: the hand played through the keys
    is tests/test_tui_play.py's), resumed by the dialog's way of opening."""
    seed, _, _, saved = DIALOGS[dialog]
    if not saved:
        return make_app(tmp_path, BOTS, seed=seed, settings=settings)
    save_at_a_turn(tmp_path, parse_seats(BOTS), seed, _late)
    return make_app(tmp_path, None, settings=settings)


def _laid_out(app, width: int) -> bool:
    """The table under the dialog laid out again for a terminal ``width`` columns wide."""
    table = table_of(app)
    return table.query_one("#felt").region.right + table.query_one("#sidebar").region.width == width


async def _placed(pilot: Pilot) -> None:
    await idle(pilot)
    await idle(pilot)


@pytest.mark.parametrize("size", SIZES, **IDS)
async def test_the_declarations_opened_over_the_felt_only(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    _, open_it, kind, _ = DIALOGS["declarations"]
    app = _app(tmp_path, "declarations")  # (ASCII marks, as --ascii)
    async with app.run_test(size=size) as pilot:
        await open_it(pilot)
        assert isinstance(app.screen, kind)
        await _placed(pilot)
        over_the_felt_only(app)
        over_the_felt(app)  # (and placed as tests/test_tui_dialog_placement.py says)


async def _shut(pilot: Pilot, dialog: str) -> None:
    """Close ``dialog`` (Escape), back at the table; the discard's question with its two marks
    taken back (Escape, "Change", takes the second; u the first)."""
    await press(pilot, "escape")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
    if dialog == "discard":
        await press(pilot, "u")
        await wait_for(pilot, lambda: not table_of(pilot.app).marked)


REOPENED = {"discard": _discard, "so_far": _so_far_key, "settings": _settings_key}


@pytest.mark.parametrize("dialog", list(REOPENED))
async def test_opened_over_the_felt_only(tmp_path: Path, dialog: str) -> None:
    """The dialogs that can be closed and opened again, opened at each size of SIZES in turn at
    one table: closed, the terminal resized and the table laid out for it, opened there again."""
    _, open_it, kind, saved = DIALOGS[dialog]
    app = _app(tmp_path, dialog)  # (ASCII marks, as --ascii)
    async with app.run_test(size=SIZES[0]) as pilot:
        if saved:
            await resume(pilot)  # (the match saved late in its hand: see _app)
        await settle(pilot)
        for size in SIZES:
            await resize(pilot, *size)
            await wait_for(pilot, lambda width=size[0]: _laid_out(app, width))
            await REOPENED[dialog](pilot)
            assert isinstance(app.screen, kind)
            await _placed(pilot)
            assert app.size == size
            over_the_felt_only(app)
            over_the_felt(app)  # (and placed as tests/test_tui_dialog_placement.py says)
            await _shut(pilot, dialog)


# Opened at 100x32, then resized: to the largest size (grown across every step of the table's
# layout at once), one step down (160x50: the felt narrower, as tall), to the smallest (shrunk
# across every step at once, the tight form), and through the sizes between the steps back to
# 100x32 (96x30 to 130x44 up across two steps, then down across them). The sizes of SIZES left
# out here (120x40, 110x36, 90x28) are each laid out by test_opened_over_the_felt_only (and
# test_the_declarations_opened_over_the_felt_only) with the same checks, and no step of the layout
# is crossed only on the way to them.
RESIZED = [(200, 60), (160, 50), (80, 24), (84, 26), (96, 30), (130, 44), (100, 32)]


@pytest.mark.parametrize("dialog", list(DIALOGS))
async def test_over_the_felt_only_as_the_terminal_is_resized(tmp_path: Path, dialog: str) -> None:
    _, open_it, kind, _ = DIALOGS[dialog]
    app = _app(tmp_path, dialog, UNICODE_LOOK)
    async with app.run_test(size=(100, 32)) as pilot:
        await open_it(pilot)
        await _placed(pilot)
        over_the_felt_only(app)
        for size in RESIZED:
            await resize(pilot, *size)
            await wait_for(pilot, lambda width=size[0]: _laid_out(app, width))
            await _placed(pilot)
            assert isinstance(app.screen, kind)
            over_the_felt_only(app)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], **IDS)
async def test_the_hand_so_far_scrolls_to_its_last_line_where_it_must(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Late in a hand at 80x24 the hand so far has more lines than rows over the felt: its
    footer says j (or Down) scrolls them, and the last line of its note comes into view (its
    scroll was taller than the box, which cut its last lines out of reach). Where they all fit
    (120x40), nothing scrolls and the footer says nothing of it."""
    app = _app(tmp_path, "so_far")
    async with app.run_test(size=size) as pilot:
        await _so_far(pilot)
        await _placed(pilot)
        screen = app.screen
        scroll = screen.query_one("#so-far-scroll")
        last = COUNTED.split()[-1]  # the note's last word: "end."
        footer = screen_text(app).splitlines()[-1]
        if size == (120, 40):
            assert not screen.scrolling and "Scroll" not in footer, footer
            assert scroll.max_scroll_y == 0 and last in screen_text(app)
            return
        assert screen.scrolling and "Scroll" in footer, footer
        assert last not in screen_text(app)
        await press(pilot, *["j"] * scroll.max_scroll_y)
        await wait_for(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y)
        await idle(pilot)
        assert last in screen_text(app)
        over_the_felt_only(app)


async def test_as_wide_as_the_felt_lets_it_from_the_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The declarations dialog is given its width (and its form for that width) before it is
    first laid out: never drawn 72 columns wide over the sidebar first."""
    first: list = []
    original = Screen._refresh_layout

    def refresh_layout(self: Screen, *args: object, **kwargs: object) -> None:
        if isinstance(self, DeclareScreen) and not first and self.outer_size:
            first.append(self.query_one(".dialog").styles.width)
        original(self, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", refresh_layout)
    _, open_it, _, _ = DIALOGS["declarations"]
    app = _app(tmp_path, "declarations")
    async with app.run_test(size=(100, 32)) as pilot:
        await open_it(pilot)
        await _placed(pilot)
        assert first and first[0] == app.screen.query_one(".dialog").styles.width, first
        assert app.screen.query_one(".dialog").region.width == 62
        over_the_felt_only(app)
