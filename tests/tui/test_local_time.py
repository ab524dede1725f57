"""Times are the player's own: the start screen's last match, Past matches, the statistics, the
review's title and the exported scoresheet all say when a match ended in the local time zone
(the statistics keep UTC), and none of them says "UTC". Each test fixes the zone (``zone``), so
what it sees is the same on every machine."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cli.main import main
from game import record
from store.stats import local_time, read_statistics
from tests.support.local_time import PLUS_TWO, zone
from tests.support.matches import finished_match, recorded
from tests.support.screens import idle, make_app, press, screen_text, start_row, wait_for
from text.hand_review import ReviewSource
from text.scoresheet import scoresheet
from tui.screens.matches import PastMatchesScreen
from tui.screens.review import ReviewScreen
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen
from tui.widgets.matchtable import MatchTable


def test_a_time_kept_in_utc_is_said_in_local_time() -> None:
    with zone(PLUS_TWO):
        assert local_time("2025-03-01T18:00:00+00:00") == "2025-03-01 20:00"
        assert local_time("2025-03-01T23:30:00+00:00") == "2025-03-02 01:30"  # the next day
        assert local_time("2025-03-01T18:00:00") == "2025-03-01 20:00"  # no zone: UTC
        assert local_time("not a time") == "not a time"
    with zone("UTC"):
        assert local_time("2025-03-01T18:00:00+00:00") == "2025-03-01 18:00"


async def test_every_screen_says_the_same_local_time(tmp_path: Path) -> None:
    """The start screen's line, Past matches, the statistics and the review's title agree on the
    clock, two hours ahead of UTC here, and none says UTC."""
    ended = (datetime.now(UTC) - timedelta(minutes=5)).replace(second=0, microsecond=0)
    recorded(tmp_path, ended)
    with zone(PLUS_TWO):
        clock = (ended + timedelta(hours=2)).strftime("%H:%M")
        day = (ended + timedelta(hours=2)).strftime("%Y-%m-%d")
        app = make_app(tmp_path, None)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(
                pilot,
                lambda: isinstance(app.screen, StartScreen) and "Last match" in screen_text(app),
            )
            assert f"at {clock}" in start_row(app)
            for key, screen in (("p", PastMatchesScreen), ("s", StatisticsScreen)):
                await press(pilot, key)
                await wait_for(
                    pilot,
                    lambda screen=screen: (
                        isinstance(app.screen, screen)
                        and any(t.row_count for t in app.screen.query(MatchTable))
                    ),
                )
                await idle(pilot)
                text = screen_text(app)
                assert f"{day} {clock}" in text and "UTC" not in text, text
                if key == "s":
                    break
                await press(pilot, "enter")
                await wait_for(
                    pilot,
                    lambda: (
                        isinstance(app.screen, ReviewScreen)
                        and f"match 1, ended {day} {clock}" in screen_text(app)
                    ),
                )
                assert "UTC" not in screen_text(app)
                await press(pilot, "q")
                await wait_for(pilot, lambda: isinstance(app.screen, PastMatchesScreen))
                await press(pilot, "q")
                await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))


def test_the_latest_match_and_the_scoresheet_say_local_time(tmp_path: Path) -> None:
    recorded(tmp_path, datetime(2025, 3, 1, 18, 5, tzinfo=UTC))
    with zone(PLUS_TWO):
        source = ReviewSource.recorded(tmp_path, None)
        assert isinstance(source, ReviewSource)
        assert source.title == "ended 2025-03-01 20:05"
        figures, _ = read_statistics(tmp_path)
        finished, match = finished_match()
        text = scoresheet(record.read(finished.record).match, when=figures.recent[0].played_at)
        assert "ended 2025-03-01 20:05 ·" in text and "UTC" not in text


def test_the_stats_command_says_local_time(tmp_path: Path, monkeypatch, capsys) -> None:
    """`tarocchino stats` as the screens: the player's clock (its --json keeps UTC)."""
    recorded(tmp_path, datetime(2025, 3, 1, 18, 5, tzinfo=UTC))
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    with zone(PLUS_TWO):
        assert main(["stats"]) == 0
        text = capsys.readouterr().out
        assert "2025-03-01 20:05" in text and "UTC" not in text, text
        assert main(["stats", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["recent"][0]["played_at"].startswith(
            "2025-03-01T18:05"
        )
