"""The statistics screen and the past matches name the database; a long path breaks after a
slash, the rest under its start, within 80 columns (Rich broke it anywhere: in the middle of a
directory's name)."""

from __future__ import annotations

from pathlib import Path

import pytest

from store.statsdb import path_of
from tests.support.screens import make_app, press, screen_text, wait_for
from tests.tui.test_snapshots_review import _database
from tui.screens.matches import PastMatchesScreen
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen


def _long(tmp_path: Path) -> Path:
    directory = tmp_path / "a-directory-with-a-rather-long-name" / "and-another-one-as-long"
    directory.mkdir(parents=True)
    return directory


def _text(app, widget) -> list[str]:
    """The widget's rows as the terminal shows them."""
    region = widget.content_region  # (within the message's padding)
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    rows = [row[region.x : region.right].rstrip() for row in rows]
    return [row for row in rows if row]


async def _message(directory: Path, key: str, screen: type) -> tuple[list[str], str]:
    app = make_app(directory, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, key)
        await wait_for(pilot, lambda: isinstance(app.screen, screen))
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.pause()
        return _text(app, app.screen.query_one("#matches-message")), str(path_of(directory))


def _broken_after_slashes(rows: list[str], path: str) -> None:
    text = "\n".join(rows)
    start = text.index(path[:10])
    part = [row.strip() for row in text[start:].splitlines()]
    joined = ""
    for row in part:
        joined += row
        if path in joined:
            break
        assert row.endswith("/"), rows  # broken after a directory's slash only
    assert path in joined, rows
    assert all(len(row) <= 78 for row in rows), rows


async def test_the_statistics(tmp_path: Path) -> None:
    directory = _long(tmp_path)
    _database(directory)
    rows, path = await _message(directory, "s", StatisticsScreen)
    assert rows[0].startswith("3 finished matches"), rows
    _broken_after_slashes(rows, path)


@pytest.mark.parametrize(
    "key, screen",
    [("s", StatisticsScreen), ("p", PastMatchesScreen)],
    ids=["statistics", "past-matches"],
)
async def test_nothing_recorded_yet(tmp_path: Path, key: str, screen: type) -> None:
    rows, path = await _message(_long(tmp_path), key, screen)
    assert rows[0].startswith("No finished match is recorded yet"), rows
    _broken_after_slashes(rows, path)
