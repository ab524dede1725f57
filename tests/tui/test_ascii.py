"""ASCII mode (`--ascii`, the settings' suit marks) draws nothing a plain terminal font may lack:
no suit marks, box drawing, block glyphs (the scroll bars' ends), dashes or dots, on the
review, the help, the past matches, the statistics and the too-small message (letters such as
the é of Bégato are words, not marks)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

import ai.judge
from game import record
from table.session import parse_seats
from tests.support.matches import played_match, recorded_matches
from tests.support.screens import (
    FAST,
    idle,
    make_app,
    marks_beyond_ascii,
    press,
    resize,
    screen_text,
    wait_for,
)
from text.hand_review import ReviewSource
from tui.app import TarocchinoApp
from tui.screens.help import HelpScreen, help_text
from tui.screens.matches import PastMatchesScreen
from tui.screens.review import ReviewScreen
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen
from tui.screens.too_small import TooSmallScreen


async def _shown(pilot: Pilot, screen: type) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, screen))
    await pilot.app.workers.wait_for_complete()
    await idle(pilot)


async def test_the_review_in_ascii(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai.judge, "DEFAULT_ITERATIONS", 4)
    path = tmp_path / "match.json"
    record.save(played_match(6, 400, "random"), path)
    source = ReviewSource.of(record.load(path), parse_seats(["human", "easy", "easy", "easy"]))
    app = TarocchinoApp(
        settings=FAST, directory=tmp_path, persist=False, review=ReviewScreen(source, 0)
    )
    async with app.run_test(size=(120, 40)) as pilot:  # wide: every card listed, scrolled
        await _shown(pilot, ReviewScreen)
        await press(pilot, "end")  # (nothing press() can see changes: no wait for it)
        await idle(pilot)
        assert not marks_beyond_ascii(app)


async def test_the_help_in_ascii(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _shown(pilot, StartScreen)
        await press(pilot, "f1")
        await _shown(pilot, HelpScreen)
        for _ in range(3):  # page by page to the keys' table
            assert not marks_beyond_ascii(app)
            await press(pilot, "pagedown")  # (pilot's press: these keys move no game state)
        await press(pilot, "slash", *"keys", "enter")  # the search and what it says
        await idle(pilot)
        assert not marks_beyond_ascii(app) and '"keys"' in screen_text(app)
        assert "Left Right or h l" in help_text(ascii=True)


async def test_past_matches_statistics_and_too_small_in_ascii(tmp_path: Path) -> None:
    recorded_matches(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await _shown(pilot, StartScreen)
        assert not marks_beyond_ascii(app)
        for key, screen in (("p", PastMatchesScreen), ("s", StatisticsScreen)):
            await press(pilot, key)
            await _shown(pilot, screen)
            assert not marks_beyond_ascii(app), screen
            await press(pilot, "q")
            await _shown(pilot, StartScreen)
        await resize(pilot, 50, 12)
        await _shown(pilot, TooSmallScreen)
        assert not marks_beyond_ascii(app)


# ------------------------------------------------------------------------------------ ascii notices
# In ASCII mode a notification is drawn in plain characters too: its edge was Textual's half block
# (▌) beside "The saved match was kept as autosave.json.backup." at an --ascii table.


@pytest.mark.parametrize("severity", ["information", "warning", "error"])
async def test_a_notification_in_ascii_has_no_block_edge(tmp_path: Path, severity: str) -> None:
    app = make_app(tmp_path)  # the tests' settings: ASCII marks
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        app.notify("The saved match was kept as autosave.json.backup.", severity=severity)
        await wait_for(pilot, lambda: bool(app.screen.query("Toast")))
        await idle(pilot)
        assert not marks_beyond_ascii(app)
