"""SVG snapshots of the coach at 80×24 and 120×40: its word after a costly card (the judgement
stands in, tests.support.coach_table, so that the picture is the same on every machine), and its
advice in the declarations dialog.

Regenerate with `pytest tests/tui/test_snapshots_coach.py --snapshot-update`, and look at them
(tools: svgtext) before accepting."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.support.coach_table import Judged, first_choice
from tests.support.deals import seed_dealer, seed_declaring
from tests.support.screens import LOOK, SIZES, idle, make_app, to_the_cards, wait_for
from tests.support.snapshot_steps import BOTS3
from tui.screens.declare import DeclareScreen
from tui.screens.table import TableScreen

COACHED = replace(LOOK, coach="on")


@pytest.fixture(autouse=True)
def _colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)


async def _after_a_costly_card(pilot: Pilot) -> None:
    table = await to_the_cards(pilot)
    await first_choice(pilot, table)
    await idle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, TableScreen)
    await wait_for(pilot, lambda: "Coach:" in screen.query_one("#status").text.plain)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_coach_after_a_costly_card(
    snap_compare, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    monkeypatch.setattr("tui.screens.table_coach.lesson", Judged(costly=True))
    app = make_app(tmp_path, BOTS3, seed=seed_dealer(1), settings=COACHED)
    assert snap_compare(app, terminal_size=size, run_before=_after_a_costly_card)


async def _declaring(pilot: Pilot) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, DeclareScreen))
    await idle(pilot)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_coach_at_the_declarations(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, BOTS3, seed=seed_declaring(), settings=COACHED)
    assert snap_compare(app, terminal_size=size, run_before=_declaring)
