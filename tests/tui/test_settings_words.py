"""The settings' words, read as a new player reads them at 80x24: what their two pauses are
("Bot delay" and "Trick pause" alone left a new player guessing what waits, and for what), and a
colour row that reads as a sentence ("Colours  as the theme has them" or "Colours  none
(monochrome)", not "Colours  colour": a label and a value saying the same word)."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from textual.widgets import Select

from tests.support.screens import make_app, screen_text, wait_for
from tui.app import TarocchinoApp
from tui.screens.settings import SettingsScreen
from tui.screens.start import StartScreen


@asynccontextmanager
async def _settings_open(tmp_path: Path) -> AsyncIterator[TarocchinoApp]:
    """The settings opened from the start screen (F2) at 80x24."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.pause()
        yield app


async def test_the_settings_say_what_the_pauses_are(tmp_path: Path) -> None:
    async with _settings_open(tmp_path) as app:
        region = app.screen.query_one("#settings-dialog").region  # (not the screen under it)
        rows = screen_text(app).splitlines()[region.y : region.bottom]
        text = " ".join(
            " ".join(row[region.x : region.right] for row in rows)
            .replace("|", " ")
            .replace("│", " ")
            .split()
        )
        assert "Bot delay: how long each bot waits before its move." in text
        assert (
            "Trick pause: how long a finished trick stays on the table before a bot leads the next."
        ) in text
        assert "Save Ctrl+S" in text  # the buttons still in view at 80x24


async def test_the_colour_row_does_not_say_colour_twice(tmp_path: Path) -> None:
    async with _settings_open(tmp_path) as app:
        row = next(line for line in screen_text(app).splitlines() if "Colours" in line)
        assert re.search(r"Colours +as the theme has them", row), row
        select = app.screen.query_one("#color", Select)
        labels = [str(prompt) for prompt, _ in select._options]
        assert labels == ["as the theme has them", "none (monochrome)"]
        assert not any("colour" in label.lower() for label in labels)
