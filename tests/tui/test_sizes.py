"""Terminals of every size: larger than 80x24 the sheets, the help and the review keep widths a
reader's eye can follow, the sentences of big terminals no wider than a line is read; smaller,
the too-small page alone, clean of notifications, which come back with the game."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets._toast import Toast

import ai.judge
from table.session import parse_seats
from tests.support.matches import recorded_matches
from tests.support.screens import (
    idle,
    make_app,
    press,
    resize,
    resume,
    save_at_the_last_tricks,
    screen_text,
    settle,
    wait_for,
)
from tui.screens.help import HelpScreen
from tui.screens.matches import PastMatchesScreen
from tui.screens.review import ReviewScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen
from tui.screens.table import TableScreen
from tui.screens.too_small import TooSmallScreen
from tui.widgets.matchtable import MatchTable
from tui.widgets.sheet import ScoreSheet

LARGE = (220, 60)


async def test_the_sheet_the_help_and_the_review_on_a_large_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai.judge, "DEFAULT_ITERATIONS", 4)  # (the judging is not looked at)
    save_at_the_last_tricks(tmp_path, parse_seats(["random"] * 4), 3)  # (watched from there)
    app = make_app(tmp_path, None)
    async with app.run_test(size=LARGE) as pilot:
        await resume(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, ScoringScreen), limit=30000)
        sheet = app.screen
        await idle(pilot)
        left, right = sheet.query(ScoreSheet)
        assert left.size.width <= 66 and right.size.width <= 66
        middle = (left.region.x + right.region.right) // 2
        assert abs(middle - LARGE[0] // 2) <= 2  # side by side in the middle
        await press(pilot, "question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await idle(pilot)
        assert all(text.size.width <= 104 for text in app.screen.query(".help-text"))
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is sheet)
        await press(pilot, "r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await idle(pilot)
        review = app.screen
        assert review.query_one("#review-left").size.width <= 120
        await press(pilot, "q")


async def test_the_sheets_keep_their_padding_at_100_columns(tmp_path: Path) -> None:
    save_at_the_last_tricks(tmp_path, parse_seats(["random"] * 4), 3)  # (watched from there)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(100, 32)) as pilot:
        await resume(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, ScoringScreen), limit=30000)
        await idle(pilot)
        assert all(s.styles.padding.left == 1 for s in app.screen.query(ScoreSheet))
        await resize(pilot, 80, 24)
        await idle(pilot)
        assert all(s.styles.padding.left == 0 for s in app.screen.query(ScoreSheet))


# ------------------------------------------------------------------------------------ big terminals
# Big terminals (160x50, 200x60): the sentences of the past matches and the statistics no wider than
# the help's (they ran to 198 columns), the score history and its chart under the two sheets and as
# wide as they are (they ran to the right edge, off centre). The start screen in the middle of the
# height at every size: tests/test_tui_start_page.py.


BIG = [(160, 50), (200, 60)]
IDS = {"ids": lambda s: f"{s[0]}x{s[1]}"}


async def _opened(tmp_path: Path, size: tuple[int, int], key: str, screen: type):
    recorded_matches(tmp_path)
    app = make_app(tmp_path, None)
    pilot_cm = app.run_test(size=size)
    pilot = await pilot_cm.__aenter__()
    await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    await press(pilot, key)
    await wait_for(pilot, lambda: isinstance(app.screen, screen))
    await app.workers.wait_for_complete()
    await wait_for(pilot, lambda: app.screen.query_one(MatchTable).row_count == 3)
    await idle(pilot)
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
        await idle(pilot)
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
    from tests.support.screens import first_layouts

    seen = first_layouts(monkeypatch, StartScreen)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: bool(seen))
        assert "-towering" in seen[0], seen[0]


# ------------------------------------------------------------------------------------ small notices
# The too-small page is clean: no notification is drawn over it. What was on screen when the
# terminal shrank and what is said while it is small comes back, each for its whole time, when the
# terminal is big enough again (even one whose time ran out meanwhile: nobody could read it); one
# taken back meanwhile (withdrawn: stale) does not.


BEFORE = "Shown as the terminal shrank"
MEANWHILE = "Said while it was small"
STALE = "Taken back while it was small"


def _toasts(app) -> dict[str, Toast]:
    return {toast._notification.message: toast for toast in app.screen.query(Toast)}


async def test_the_too_small_page_holds_the_notifications(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=2)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        app.notify(BEFORE, timeout=30)
        await wait_for(pilot, lambda: BEFORE in _toasts(app))
        await resize(pilot, 30, 8)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        page = app.screen
        await idle(pilot)
        assert not _toasts(app) and "shrank" not in screen_text(app)  # a clean page
        app.notify(MEANWHILE, timeout=0.05)
        app.notify(STALE, timeout=30)
        await wait_for(pilot, lambda: MEANWHILE in {n.message for n in page.held.values()})
        app.withdraw({STALE})
        # the time of the one said meanwhile runs out while nobody can read it
        await wait_for(
            pilot, lambda: all(n.has_expired for n in page.held.values() if n.message == MEANWHILE)
        )
        await idle(pilot)
        shown = screen_text(app)
        assert not _toasts(app), _toasts(app)
        assert "Terminal too small" in shown and "shrank" not in shown and "Said" not in shown
        said: list[tuple[str, float | None]] = []
        notify = app.notify

        def told(message: str, **kwargs) -> None:
            said.append((message, kwargs.get("timeout")))
            notify(message, **kwargs)

        app.notify = told
        await resize(pilot, 80, 24)
        await wait_for(pilot, lambda: app.screen is table)
        await wait_for(pilot, lambda: BEFORE in _toasts(app))
        # said again, each for its whole time (counted from now), in the order first said
        assert said == [(BEFORE, 30), (MEANWHILE, 0.05)]
        assert _toasts(app)[BEFORE]._notification.time_left > 25
