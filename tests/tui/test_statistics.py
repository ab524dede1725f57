"""The statistics and the past matches screens: their words and alignment, the database they
name, the keys and clicks that review a match."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from textual.widgets import Static

from store.statsdb import path_of
from tests.support.matches import recorded, recorded_matches
from tests.support.screens import (
    FAST,
    click,
    idle,
    make_app,
    press,
    screen_text,
    wait_for,
)
from tui.screens.matches import PastMatchesScreen
from tui.screens.review import ReviewScreen
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen
from tui.widgets.matchtable import MatchTable

# -------------------------------------------------------------------------------------- match click
# Past matches and the statistics say "Enter or a click reviews one": one click anywhere on a
# match's row opens its review. (A click on the highlighted row did nothing unless it fell in the
# column the table's cursor was in, the number: the first click on "Ended" or a name only moved that
# cursor, and a second click was needed.)


@pytest.mark.parametrize("key, kind", [("p", PastMatchesScreen), ("s", StatisticsScreen)])
async def test_one_click_on_a_row_reviews_that_match(tmp_path: Path, key, kind) -> None:
    recorded_matches(tmp_path, 2)
    app = make_app(tmp_path, None, settings=FAST)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, key)
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, kind) and app.screen.query_one(MatchTable).row_count == 2
            ),
        )
        table = app.screen.query_one(MatchTable)
        assert table.cursor_coordinate == (0, 0)
        rows = [table.coordinate_to_cell_key((r, 0)).row_key.value for r in range(2)]
        # the second row (the first match), on its third column (a name): not where the cursor is
        y = table.header_height + table.ordered_rows[0].height
        x = sum(c.get_render_width(table) for c in table.ordered_columns[:2]) + 2
        await click(pilot, MatchTable, offset=(x, y))
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-caption"))
            ),
            limit=5000,
        )
        assert sum(isinstance(s, ReviewScreen) for s in app.screen_stack) == 1
        assert app.screen.source.title.startswith(f"match {rows[1]}, ")  # the row clicked


# ---------------------------------------------------------------------------------- match list keys
# Past matches and the statistics name Enter in their footers ("⏎ Review"; "Enter Review" with plain
# characters) while a match is listed, as every screen names its first key; the footer said only "q
# Back ? Help Ctrl+Q Quit". With nothing recorded, no Review is offered.


def _footer(app) -> str:
    return screen_text(app).splitlines()[-1]


@pytest.mark.parametrize("key, kind", [("p", PastMatchesScreen), ("s", StatisticsScreen)])
async def test_enter_is_named_and_reviews_the_match(tmp_path: Path, key, kind) -> None:
    recorded_matches(tmp_path, 1)
    app = make_app(tmp_path, None, settings=replace(FAST, suit_marks="unicode"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, key)
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, kind) and app.screen.query_one(MatchTable).row_count == 1
            ),
        )
        await idle(pilot)
        assert "⏎ Review" in _footer(app), _footer(app)
        await press(pilot, "enter")
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, ReviewScreen) and bool(app.screen.query("#review-caption"))
            ),
            limit=5000,
        )


@pytest.mark.parametrize("kind", [PastMatchesScreen, StatisticsScreen])
async def test_nothing_recorded_no_review_offered(tmp_path: Path, kind) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await app.push_screen(kind(tmp_path))
        await wait_for(
            pilot, lambda: "recorded" in screen_text(app) or "no match" in screen_text(app).lower()
        )
        await idle(pilot)
        assert "Review" not in _footer(app) and "q Back" in _footer(app), _footer(app)


async def test_in_plain_characters(tmp_path: Path) -> None:
    recorded_matches(tmp_path, 1)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, "p")
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, PastMatchesScreen)
                and app.screen.query_one(MatchTable).row_count == 1
            ),
        )
        await idle(pilot)
        assert "Enter Review" in _footer(app), _footer(app)


# ----------------------------------------------------------------------------- statistics alignment
# The statistics page's first line begins in the column of its titles and tables ("People", "Latest
# matches"), as on the past matches' page (it began one column further in).


async def test_the_first_line_is_in_line_with_the_titles(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    columns = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        for key, kind in (("s", StatisticsScreen), ("p", PastMatchesScreen)):
            await press(pilot, key)
            await wait_for(pilot, lambda kind=kind: isinstance(app.screen, kind))
            message = app.screen.query_one("#matches-message", Static)
            await wait_for(pilot, lambda message=message: message.content_region.width > 0)
            columns[kind] = message.content_region.x
            if kind is StatisticsScreen:
                page = app.screen.query_one("#stats-page")
                assert columns[kind] == page.content_region.x  # where "People" begins
            await press(pilot, "q")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    assert columns[StatisticsScreen] == columns[PastMatchesScreen] == 1


# ---------------------------------------------------------------------------------- statistics path
# The statistics screen and the past matches name the database; a long path breaks after a slash,
# the rest under its start, within 80 columns (Rich broke it anywhere: in the middle of a
# directory's name).


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
        await idle(pilot)
        await idle(pilot)
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
    recorded_matches(directory)
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


# --------------------------------------------------------------------------------------- stats hint
# The statistics screen says "Left and Right scroll" under Latest matches only when that table is
# wider than the screen (it fits at 80 and 120 columns: no such words there).


SCROLL = "Left and Right scroll"


async def _statistics(pilot) -> tuple[str, MatchTable]:
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    await press(pilot, "s")
    await wait_for(
        pilot,
        lambda: (
            isinstance(app.screen, StatisticsScreen)
            and any(t.row_count for t in app.screen.query(MatchTable))
        ),
    )
    await idle(pilot)
    await idle(pilot)
    return screen_text(app), app.screen.query_one(MatchTable)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_scroll_words_when_the_table_fits(tmp_path: Path, size: tuple[int, int]) -> None:
    recorded(tmp_path, datetime.now(UTC) - timedelta(minutes=5))
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        text, table = await _statistics(pilot)
        assert table.max_scroll_x == 0
        assert "Latest matches" in text and "Enter or a click reviews one" in text
        assert SCROLL not in text


async def test_the_scroll_words_when_the_table_is_wider(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the table given more columns than the screen has: it is drawn wider than the screen
    monkeypatch.setattr("tui.widgets.matchtable.MARGIN", -100)
    recorded(tmp_path, datetime.now(UTC) - timedelta(minutes=5))
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        text, table = await _statistics(pilot)
        await wait_for(pilot, lambda: SCROLL in screen_text(app))
        assert table.max_scroll_x > 0
