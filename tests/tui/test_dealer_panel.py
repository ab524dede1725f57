"""The dealer's own panel at the bottom of the table says three things when he has declared: who
he is, his discard, what he declared. At 100x32 (80 columns of table or more, fewer than 34 rows)
the panel had two rows and the third line, "declared 70: Coppe, Assi, Mori", was cut off, with
room to spare in the middle of the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.actions import discard
from game.cards import FIVES, sorted_for_display
from game.scoring import declarable_families
from tests.support.screens import make_app, play_until
from tests.tui.test_dialogs import _seed
from tests.tui.test_narrow import region_text

BOTS3 = ["human", "random", "random", "random"]


def _declares_after_discarding(match) -> bool:
    """The person (seat 0) deals and still declares after the test's discard (the first two
    cards that may go)."""
    if match.first_dealer != 0:
        return False
    hand = match.hand.hands[0]
    a, b = [c for c in sorted_for_display(hand) if not FIVES >> c & 1][:2]
    assert discard(a, b)
    return bool(declarable_families(hand & ~(1 << a) & ~(1 << b)))


@pytest.mark.parametrize("size", [(100, 32), (120, 40)])
async def test_the_dealers_panel_shows_his_discard_and_his_declaration(
    tmp_path: Path, size
) -> None:
    app = make_app(tmp_path, BOTS3, seed=_seed(_declares_after_discarding))
    async with app.run_test(size=size) as pilot:
        table = await play_until(pilot, lambda v: v.declarations[0] is not None)
        await pilot.pause()
        panel = " ".join(region_text(app, table.query_one("#seat-bottom")))
        assert "discard" in panel and "declared" in panel, panel
