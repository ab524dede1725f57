"""The settings' footer names its keys in the order of its buttons (Save, then Cancel), as the
other dialogs' footers do."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button
from textual.widgets._footer import FooterKey

from tests.support.screens import make_app, press, settle, wait_for
from tui.screens.settings import SettingsScreen
from tui.screens.table import TableScreen


async def test_the_settings_footer_follows_its_buttons(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(await settle(pilot), TableScreen)
        await press(pilot, "s")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.query(FooterKey))
        keys = [key.description for key in screen.query(FooterKey)]
        buttons = [str(button.label).split()[0] for button in screen.query(Button)]
        assert buttons == ["Save", "Cancel"]
        assert [key for key in keys if key in buttons] == buttons, keys
