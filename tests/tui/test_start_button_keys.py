"""The start screen's buttons say their keys as the footer does, all of them ("Rules & help  ?"
and "Settings  F2" beside "Watch bots  w", "Past matches  p"), whole at 80 columns."""

from __future__ import annotations

from pathlib import Path

import pytest

from store.settings import Settings
from tests.support.screens import make_app, screen_text, wait_for
from tui.screens.start import StartScreen


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
async def test_every_button_with_a_key_says_it(tmp_path: Path, ascii: bool) -> None:
    settings = Settings(suit_marks="ascii") if ascii else Settings()
    app = make_app(tmp_path, settings=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.pause()
        text = screen_text(app)
        for label in (
            "Watch bots  w",
            "Rules & help  ?",
            "Settings  F2",
            "Past matches  p",
            "Statistics  s",
            "Quit",
        ):
            assert label in text, (label, text)
