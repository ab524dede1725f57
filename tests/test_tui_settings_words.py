"""The settings' colour row reads as a sentence: "Colours  as the theme has them" or "Colours
none (monochrome)", not "Colours  colour" (a label and a value saying the same word)."""

from __future__ import annotations

import re
from pathlib import Path

from test_tui_support import make_app, screen_text, wait_for
from textual.widgets import Select

from tui.screens.settings import SettingsScreen
from tui.screens.start import StartScreen


async def test_the_colour_row_does_not_say_colour_twice(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.pause()
        row = next(line for line in screen_text(app).splitlines() if "Colours" in line)
        assert re.search(r"Colours +as the theme has them", row), row
        select = app.screen.query_one("#color", Select)
        labels = [str(prompt) for prompt, _ in select._options]
        assert labels == ["as the theme has them", "none (monochrome)"]
        assert not any("colour" in label.lower() for label in labels)
