"""In ASCII mode a notification is drawn in plain characters too: its edge was Textual's half
block (▌) beside "The saved match was kept as autosave.json.backup." at an --ascii table."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.screens import make_app, wait_for
from tests.tui.test_ascii import marks
from tui.screens.start import StartScreen


@pytest.mark.parametrize("severity", ["information", "warning", "error"])
async def test_a_notification_in_ascii_has_no_block_edge(tmp_path: Path, severity: str) -> None:
    app = make_app(tmp_path)  # the tests' settings: ASCII marks
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        app.notify("The saved match was kept as autosave.json.backup.", severity=severity)
        await wait_for(pilot, lambda: bool(app.screen.query("Toast")))
        await pilot.pause()
        assert not marks(app)
