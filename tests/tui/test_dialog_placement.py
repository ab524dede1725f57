"""Dialogs over the table (the discard's question, the declarations, the hand so far, the
settings) sit over the felt, so that the score, the declarations and the log beside it stay in
view: in its middle where they fit in it, else as near it as leaves a column free at the
screen's edge, and never cut off (they were in the middle of the whole screen, 18 columns right
of the felt's middle at 100x32, over the sidebar). Over the start screen, a dialog is in the
middle of the screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import Screen

from tests.support.screens import (
    idle,
    make_app,
    over_the_felt,
    play_until,
    press,
    resize,
    wait_for,
)
from tui.screens.settings import SettingsScreen
from tui.screens.sofar import SoFarScreen
from tui.screens.start import StartScreen

SIZES = [(80, 24), (100, 32), (120, 40)]
IDS = {"ids": lambda s: f"{s[0]}x{s[1]}"}
BOTS = ["human", "easy", "easy", "easy"]


# The discard's question, the declarations and the settings opened at the table are checked
# with over_the_felt (and more) at seven sizes by tests/test_tui_dialog_felt.py (its checks serving
# both files'); the hand so far early in the hand (a few lines) is checked here, opened at each
# size and opened at 90x28 then resized to each, at one table.


async def test_the_hand_so_far(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS, seed=1)
    async with app.run_test(size=SIZES[0]) as pilot:
        table = await play_until(pilot, lambda view: view.phase == "play")
        for size in SIZES:
            await resize(pilot, *size)
            await press(pilot, "w")
            await wait_for(pilot, lambda: isinstance(app.screen, SoFarScreen))
            await idle(pilot)
            assert app.size == size
            over_the_felt(app)
            await press(pilot, "escape")
            await wait_for(pilot, lambda: app.screen is table)


async def test_the_dialog_follows_the_felt_when_the_terminal_is_resized(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS, seed=1)
    async with app.run_test(size=(90, 28)) as pilot:
        await play_until(pilot, lambda view: view.phase == "play")
        await press(pilot, "w")
        await wait_for(pilot, lambda: isinstance(app.screen, SoFarScreen))
        for size in SIZES:
            await resize(pilot, 90, 28)
            await resize(pilot, *size)
            await idle(pilot)
            await idle(pilot)
            assert app.size == size and isinstance(app.screen, SoFarScreen)
            over_the_felt(app)


@pytest.mark.parametrize("size", SIZES, **IDS)
async def test_over_the_start_screen_in_the_middle(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, "f2")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await idle(pilot)
        box = app.screen.query_one(".dialog").region
        assert abs(box.x + box.width / 2 - size[0] / 2) <= 1, box


async def test_over_the_felt_from_the_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Placed before it is first laid out: never drawn in the middle of the screen first."""
    first: list = []
    original = Screen._refresh_layout

    def refresh_layout(self: Screen, *args: object, **kwargs: object) -> None:
        if isinstance(self, SoFarScreen) and not first and self.outer_size:
            first.append(self.query_one(".dialog").styles.offset)
        original(self, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", refresh_layout)
    app = make_app(tmp_path, BOTS, seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await play_until(pilot, lambda view: view.phase == "play")
        await press(pilot, "w")
        await wait_for(pilot, lambda: isinstance(app.screen, SoFarScreen) and first)
        await idle(pilot)
        assert first[0] == app.screen.query_one(".dialog").styles.offset, first
        assert first[0].x.value < 0  # left of the screen's middle, over the felt
