"""Big terminals (160x50, 200x60): the sentences of the past matches and the statistics no wider
than the help's (they ran to 198 columns), the score history and its chart under the two sheets
and as wide as they are (they ran to the right edge, off centre). The start screen in the middle
of the height at every size: tests/test_tui_start_page.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from table.session import parse_seats
from tests.support.screens import make_app, press, resume, save_at_the_last_tricks, wait_for
from tests.tui.test_snapshots_review import _database
from tui.screens.matches import PastMatchesScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen
from tui.widgets.matchtable import MatchTable
from tui.widgets.sheet import ScoreSheet

BIG = [(160, 50), (200, 60)]
IDS = {"ids": lambda s: f"{s[0]}x{s[1]}"}


async def _opened(tmp_path: Path, size: tuple[int, int], key: str, screen: type):
    _database(tmp_path)
    app = make_app(tmp_path, None)
    pilot_cm = app.run_test(size=size)
    pilot = await pilot_cm.__aenter__()
    await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    await press(pilot, key)
    await wait_for(pilot, lambda: isinstance(app.screen, screen))
    await app.workers.wait_for_complete()
    await wait_for(pilot, lambda: app.screen.query_one(MatchTable).row_count == 3)
    await pilot.pause()
    return pilot_cm, pilot


@pytest.mark.parametrize("size", BIG, **IDS)
async def test_the_past_matches_say_it_in_lines_a_reader_can_follow(tmp_path, size) -> None:
    cm, pilot = await _opened(tmp_path, size, "p", PastMatchesScreen)
    try:
        message = pilot.app.screen.query_one("#matches-message")
        assert message.size.width <= 104
        text = str(message.render())
        assert text.startswith("3 recorded matches.") and "Left and Right" not in text
    finally:
        await cm.__aexit__(None, None, None)


async def test_the_past_matches_say_left_and_right_scroll_only_when_it_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It said "(Left and Right scroll a table wider than the screen)" at every width, the
    table wider or not; the statistics said it only when the table was wider."""
    monkeypatch.setattr(MatchTable, "max_scroll_x", property(lambda self: 12))
    cm, pilot = await _opened(tmp_path, (120, 40), "p", PastMatchesScreen)
    try:
        await wait_for(
            pilot,
            lambda: (
                "Left and Right scroll the table."
                in str(pilot.app.screen.query_one("#matches-message").render())
            ),
        )
    finally:
        await cm.__aexit__(None, None, None)


@pytest.mark.parametrize("size", BIG, **IDS)
async def test_the_statistics_keep_their_lines_to_the_help_s_width(tmp_path, size) -> None:
    cm, pilot = await _opened(tmp_path, size, "s", StatisticsScreen)
    try:
        screen = pilot.app.screen
        for name in ("#matches-message", "#stats-people", "#stats-pairings"):
            assert 0 < screen.query_one(name).size.width <= 104, name
    finally:
        await cm.__aexit__(None, None, None)


@pytest.mark.parametrize("size", BIG, **IDS)
async def test_the_history_sits_under_the_sheets(tmp_path: Path, size) -> None:
    save_at_the_last_tricks(tmp_path, parse_seats(["random"] * 4), 3)  # (watched from there)
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        await resume(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, ScoringScreen), limit=30000)
        await pilot.pause()
        left, right = app.screen.query(ScoreSheet)
        row = app.screen.query_one("#history-row").region
        title = app.screen.query_one("#history-title").region
        assert row.width <= 134 and title.width <= 134
        assert abs(row.x - left.region.x) <= 1 and abs(row.right - right.region.right) <= 2, (
            row,
            left.region,
            right.region,
        )
        assert abs(title.x - row.x) <= 1


async def test_the_start_screen_is_in_the_middle_from_its_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its breakpoint classes came with its first Resize, after the first frame: drawn once at
    the top, it then jumped to the middle."""
    from tests.tui.test_first_frame import _first_layouts

    seen = _first_layouts(monkeypatch, StartScreen)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: bool(seen))
        assert "-towering" in seen[0], seen[0]
