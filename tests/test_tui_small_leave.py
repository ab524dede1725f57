"""Leaving the table (the sheet's m, the hand-over's or the declarations' q) when its callback
runs after the terminal became too small: Textual's dismiss pops the screen on top, which is then
the too-small screen, not the table (found by the monkey, seed 1013; not fixed yet)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_tui_support import _flush, make_app, table_of, wait_for

from tui.screens.scoring import MENU
from tui.screens.too_small import TooSmallScreen


@pytest.mark.xfail(strict=True, reason="the too-small screen is popped in the table's place")
async def test_leaving_the_table_under_the_too_small_screen_keeps_it_on_top(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: table_of(app) is not None)
        table = table_of(app)
        await pilot.resize_terminal(30, 8)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        table._leave(MENU)  # as the sheet's or the hand-over's callback does, a moment late
        for _ in range(20):
            await _flush(pilot)
        assert isinstance(app.screen, TooSmallScreen), app.screen_stack
