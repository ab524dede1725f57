"""The start screen in the middle of the terminal's height at every size, whole: at 100x32 it sat
at the top with 9 empty rows under it (it was put in the middle from 36 rows only), and before
that at 200x60 with 37 empty rows under it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Footer

from tests.support.screens import make_app, wait_for
from tui.screens.start import StartScreen


@pytest.mark.parametrize(
    "size", [(80, 24), (100, 32), (120, 40), (160, 50), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}"
)
@pytest.mark.parametrize("saved", [False, True], ids=["new", "saved"])
async def test_the_start_page_sits_in_the_middle(
    tmp_path: Path, size: tuple[int, int], saved: bool
) -> None:
    if saved:  # a match to resume: the page is taller
        app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: len(app.screen_stack) > 1)
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.pause()
        page = app.screen.query_one("#start-page").region
        footer = app.screen.query_one(Footer).region
        above, under = page.y, footer.y - page.bottom
        assert under >= 0, (above, under)  # whole, above the footer
        assert abs(above - under) <= 1, (above, under)
