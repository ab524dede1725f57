"""The scoring sheet's rows read whole at 80 columns (two sheets side by side) and at 100: the
criccone row ("criccone  4 cricche  +N") and the Matto note ("Matto kept; 10♦ to Bruno &
Dario") are not broken in the middle."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.screens import engine_match, make_app, open_sheet, screen_text
from text.render import UNICODE, card_text
from tui.screens.scoring import HandSummary
from tui.widgets.sheet import ScoreSheet

SEED, HAND = 5, 0  # Anna & Carla: criccone of 4 cricche, and the Matto kept for a card given


def sheet_rows(app, sheet: ScoreSheet) -> list[str]:
    """The sheet's rows as on the screen, inside its frame."""
    r = sheet.region
    return [
        line[r.x + 1 : r.right - 1].rstrip()
        for line in screen_text(app).splitlines()[r.y + 1 : r.bottom - 1]
    ]


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_the_sheet_rows_are_not_broken_at_80_and_100_columns(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    match = engine_match(SEED, 300, ["easy"] * 4)
    result = match.results[HAND]
    breakdown = result.sides[0].breakdown
    giver, receiver, card = result.matto_exchange
    assert breakdown.criccone and len(breakdown.cricche) == 4 and giver == 0
    sides = ("Anna & Carla", "Bruno & Dario")
    summary = HandSummary(HAND, result, sides, None, 300)
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        await open_sheet(pilot, summary)
        rows = sheet_rows(app, app.screen.query_one("#sheet-0", ScoreSheet))
        doubled = [row for row in rows if "cricche" in row]
        assert len(doubled) == 1, rows
        assert "criccone" in doubled[0] and "4 cricche" in doubled[0], rows
        assert doubled[0].endswith(f"+{breakdown.cricche_points // 2}"), rows
        given = card_text(card, UNICODE).plain
        note = [row for row in rows if "Matto" in row]
        assert len(note) == 1 and f"{given} to {sides[receiver]}" in note[0], rows
