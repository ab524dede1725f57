"""The settings say what their two pauses are: "Bot delay" and "Trick pause" alone left a new
player guessing what waits, and for what."""

from __future__ import annotations

from pathlib import Path

from test_tui_support import make_app, screen_text, wait_for

from tui.screens.settings import SettingsScreen
from tui.screens.start import StartScreen


async def test_the_settings_say_what_the_pauses_are(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await pilot.pause()
        region = app.screen.query_one("#settings-dialog").region  # (not the screen under it)
        rows = screen_text(app).splitlines()[region.y:region.bottom]
        text = " ".join(" ".join(row[region.x:region.right] for row in rows)
                        .replace("|", " ").replace("│", " ").split())
        assert "Bot delay: how long each bot waits before its move." in text
        assert ("Trick pause: how long a finished trick stays on the table before a bot leads "
                "the next.") in text
        assert "Save Ctrl+S" in text  # the buttons still in view at 80x24
