"""SVG snapshots of the screens after the hand at 80×24 and 120×40: the score history and its chart
at the end of a match, the hand review with the bot's judgement, the statistics and the past
matches. Regenerate with `--snapshot-update` and look at every SVG before accepting it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

import ai.judge
import store.stats
from game import record
from table.session import parse_seats
from tests.support.local_time import zone
from tests.support.matches import played_match, recorded_matches
from tests.support.screens import (
    LOOK,
    SIZES,
    make_app,
    press_each,
    resume,
    save_at_the_last_tricks,
    wait_for,
)
from text.hand_review import ReviewSource
from tui.app import TarocchinoApp
from tui.screens.review import ReviewScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.start import StartScreen

IDS = {"ids": lambda s: f"{s[0]}x{s[1]}"}


@pytest.fixture(autouse=True)
def _steady(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(ai.judge, "DEFAULT_ITERATIONS", 8)
    # the database's place is shown on screen: the same words on every machine
    monkeypatch.setattr(
        store.stats, "path_of", lambda _: Path("~/.local/share/tarocchino/stats.sqlite3")
    )
    with zone("UTC"):  # the times shown are local: the same zone on every machine
        yield


async def _match_over_history(pilot: Pilot) -> None:
    """Four bots watched to the end of the match (Enter after each sheet), then the history."""
    for _ in range(20):
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ScoringScreen), limit=20000)
        sheet = pilot.app.screen
        assert isinstance(sheet, ScoringScreen)
        if sheet.summary.winner is not None:
            await press_each(pilot, "h")
            return
        await press_each(pilot, "enter")
    raise AssertionError("the match never ended")


async def _resumed_to_the_history(pilot: Pilot) -> None:
    await resume(pilot)
    await _match_over_history(pilot)


@pytest.mark.parametrize("size", SIZES, **IDS)
def test_match_history(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    """(Watched from the last two tricks of the match's last hand, from a save: a match watched
    whole to its end, a sheet after each hand, is tests/test_tui_review.py's
    test_a_match_played_at_the_table_is_recorded.)"""
    save_at_the_last_tricks(tmp_path, parse_seats(["easy"] * 4), 1, target=600, hand=0)
    app = make_app(tmp_path, None, settings=LOOK)
    assert snap_compare(app, terminal_size=size, run_before=_resumed_to_the_history)


def _review_app(tmp_path: Path) -> TarocchinoApp:
    match = played_match(6, 400, "easy")
    path = tmp_path / "match.json"
    record.save(match, path)
    seats = parse_seats(["human", "easy", "easy", "easy"], ["Anna", "Bruno", "Carla", "Dario"])
    source = ReviewSource.of(record.load(path), seats, title="match.json")
    return TarocchinoApp(
        settings=LOOK, directory=tmp_path, persist=False, review=ReviewScreen(source, 0)
    )


async def _reviewing(pilot: Pilot) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReviewScreen))
    await pilot.app.workers.wait_for_complete()
    await press_each(pilot, "down", "down", "right", "right")  # into the third trick
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, **IDS)
def test_review(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(_review_app(tmp_path), terminal_size=size, run_before=_reviewing)


def _opening(key: str):
    async def run(pilot: Pilot) -> None:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, StartScreen))
        await press_each(pilot, key)
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

    return run


@pytest.mark.parametrize("size", SIZES, **IDS)
def test_statistics(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    recorded_matches(tmp_path)
    assert snap_compare(
        make_app(tmp_path, None, settings=LOOK), terminal_size=size, run_before=_opening("s")
    )


@pytest.mark.parametrize("size", SIZES, **IDS)
def test_past_matches(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    recorded_matches(tmp_path)
    assert snap_compare(
        make_app(tmp_path, None, settings=LOOK), terminal_size=size, run_before=_opening("p")
    )
