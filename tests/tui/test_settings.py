"""The settings screen: its words as a new player reads them, its keys in the order of its
buttons, and keys typed ahead while it opens."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from textual import events
from textual.widgets import Button, Select
from textual.widgets._footer import FooterKey

from store.settings import Settings
from tests.support.screens import idle, make_app, play_until, press, screen_text, settle, wait_for
from tui.app import TarocchinoApp
from tui.screens.settings import SettingsScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen

# ----------------------------------------------------------------------------- settings typed ahead
# Keys typed ahead in Settings: the first press answers, a key typed just after it does nothing.
# Enter on Save then Escape cancelled (the Save button's press came after the Escape); Enter on
# Cancel then Ctrl+S saved. Nothing typed with it reaches the screen under the dialog (an Escape at
# the table would leave the match).


FIRST_WINS = [
    ("save", "escape"),
    ("save", "ctrl+s"),
    ("save", "enter"),
    ("cancel", "ctrl+s"),
    ("cancel", "escape"),
]


def _type(app, *keys: str) -> None:
    """The keys queued at once, as a terminal hands over what was typed meanwhile."""
    for key in keys:
        app._driver.send_message(events.Key(key, key if len(key) == 1 else None))


async def _typed_ahead(pilot, button: str, then: str) -> list:
    """What Settings answered (each time it did) to Enter on ``button`` and ``then`` typed."""
    app = pilot.app
    answers: list = []
    app.push_screen(SettingsScreen(app.settings), answers.append)
    await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
    app.screen.query_one(f"#{button}").focus()
    await idle(pilot)
    _type(app, "enter", then)
    await wait_for(pilot, lambda: not isinstance(app.screen, SettingsScreen))
    for _ in range(20):  # (the press of the button, handled after the other key)
        await idle(pilot)
    return answers


def _first(button: str, answers: list) -> None:
    assert len(answers) == 1, answers
    assert isinstance(answers[0], Settings) if button == "save" else answers[0] is None, answers


async def test_at_the_table(tmp_path: Path) -> None:
    """Each of FIRST_WINS in turn, at one table."""
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await play_until(pilot, lambda view: view.phase == "play")
        for button, then in FIRST_WINS:
            _first(button, await _typed_ahead(pilot, button, then))
            assert app.screen is table, (button, then, app.screen_stack)  # still there, on top


async def test_over_the_start_screen(tmp_path: Path) -> None:
    """Each of FIRST_WINS in turn, over one start screen."""
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        for button, then in FIRST_WINS:
            _first(button, await _typed_ahead(pilot, button, then))
            assert isinstance(app.screen, StartScreen), (button, then, app.screen_stack)


# ----------------------------------------------------------------------------------- settings words
# The settings' words, read as a new player reads them at 80x24: what their two pauses are ("Bot
# delay" and "Trick pause" alone left a new player guessing what waits, and for what), and a colour
# row that reads as a sentence ("Colours as the theme has them" or "Colours none (monochrome)", not
# "Colours colour": a label and a value saying the same word).


@asynccontextmanager
async def _settings_open(tmp_path: Path) -> AsyncIterator[TarocchinoApp]:
    """The settings opened from the start screen (F2) at 80x24."""
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, "f2")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await idle(pilot)
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


# ------------------------------------------------------------------------------------ settings keys
# The settings' footer names its keys in the order of its buttons (Save, then Cancel), as the other
# dialogs' footers do.


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
