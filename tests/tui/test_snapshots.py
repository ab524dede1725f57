"""SVG snapshots of the main screens at 80×24 and 120×40 (pytest-textual-snapshot).

Regenerate with `pytest tests/test_tui_snapshots.py --snapshot-update`, and look at them (the
report pytest writes on a failure, or the SVG files under tests/__snapshots__) before accepting.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot

from game.match import Match
from game.scoring import declarable_families
from store.settings import Settings
from table.session import parse_seats
from tests.support.deals import seed_dealer, seed_declaring
from tests.support.screens import (
    LOOK,
    SIZES,
    make_app,
    save_at_the_last_tricks,
    wait_for,
)
from tests.support.snapshot_steps import (
    BOTS3,
    declaring,
    discard_one_marked,
    handover,
    mid_hand,
    resumed_to_the_sheet,
    start,
)
from text.themes import DEFAULT_THEME, theme_names
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen
from tui.screens.too_small import TooSmallScreen


@pytest.fixture(autouse=True)
def _colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_start_screen(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(
        make_app(tmp_path, None, seed=None, settings=LOOK), terminal_size=size, run_before=start
    )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_mid_hand(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, BOTS3, seed=seed_dealer(1), settings=LOOK)
    assert snap_compare(app, terminal_size=size, run_before=mid_hand(5))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_discard(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, BOTS3, seed=seed_dealer(0), settings=LOOK)
    assert snap_compare(app, terminal_size=size, run_before=discard_one_marked)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_declarations(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, BOTS3, seed=seed_declaring(), settings=LOOK)
    assert snap_compare(app, terminal_size=size, run_before=declaring)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_scoring_sheet(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    """(The hand's last two tricks played here, from a save: the hand played whole through the
    keys is tests/test_tui_play.py's.)"""
    save_at_the_last_tricks(tmp_path, parse_seats(BOTS3), seed_dealer(2))
    app = make_app(tmp_path, None, settings=LOOK)
    assert snap_compare(app, terminal_size=size, run_before=resumed_to_the_sheet)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_hand_over(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, ["human"] * 4, seed=seed_dealer(1), settings=LOOK)
    assert snap_compare(app, terminal_size=size, run_before=handover)


@pytest.mark.parametrize("theme", [n for n in theme_names() if n != DEFAULT_THEME])
def test_table_theme(snap_compare, tmp_path: Path, theme: str) -> None:
    """The table mid-hand at 80x24 in each theme but the default (whose look the other
    snapshots keep)."""
    app = make_app(tmp_path, BOTS3, seed=seed_dealer(1), settings=replace(LOOK, theme=theme))
    assert snap_compare(app, terminal_size=(80, 24), run_before=mid_hand(5))


def test_snapshot_helpers_find_their_seeds() -> None:
    m = Match(seed_declaring())
    assert m.first_dealer == 3 and len(declarable_families(m.hand.hands[0])) >= 2


async def _watching_paused(pilot: Pilot) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, TableScreen))
    await pilot.press("space")  # a bot waits a minute before its move: nothing has been played
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_watching_bots(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(
        tmp_path,
        ["easy"] * 4,
        seed=seed_dealer(1),
        settings=Settings(bot_delay=60.0, trick_pause=0.0),
    )
    assert snap_compare(app, terminal_size=size, run_before=_watching_paused)


def test_too_small(snap_compare, tmp_path: Path) -> None:
    async def shrunk(pilot: Pilot) -> None:  # (over the start screen, as soon as it is up)
        await wait_for(
            pilot,
            lambda: (
                isinstance(pilot.app.screen, TooSmallScreen)
                and any(isinstance(s, StartScreen) for s in pilot.app.screen_stack)
            ),
        )
        await pilot.pause()

    assert snap_compare(
        make_app(tmp_path, None, settings=LOOK), terminal_size=(60, 16), run_before=shrunk
    )
