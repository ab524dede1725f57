"""The table at 80x24 read as a player reads it: every declaration in view without scrolling,
long names shortened the same way everywhere, a log that starts with an entry, a discard hint
that fits the status lines; and the past matches and statistics readable at 80 columns."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_tui_status import to_the_cards
from test_tui_support import make_app, press_for, screen_text, settle

from tui.screens.table import TableScreen


def region_text(app, widget) -> list[str]:
    """The lines of the screen inside ``widget``'s region."""
    r = widget.region
    return [line[r.x:r.right] for line in screen_text(app).splitlines()[r.y:r.bottom]]


async def to_every_declaration(pilot) -> TableScreen:
    """Play on until every player has made his declaration (or declared nothing)."""
    table = await to_the_cards(pilot)
    while any(d is None for d in table.session.match.hand.declarations):
        await press_for(pilot, table)
        screen = await settle(pilot)
        assert isinstance(screen, TableScreen)
        table = screen
    return table


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_three_declarations_are_all_in_view_without_scrolling(tmp_path: Path,
                                                                    size) -> None:
    # Seed 38: you hold five combinations (117 points), Bruno two, Carla one.
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=38)
    async with app.run_test(size=size) as pilot:
        table = await to_every_declaration(pilot)
        declared = [d for d in table.session.match.hand.declarations if d and d.families]
        assert len(declared) == 3
        listed = table.query_one("#declarations")
        assert listed.virtual_size.height <= listed.region.height  # nothing scrolled away
        shown = " ".join(region_text(app, listed))
        for d in declared:
            assert table.names[d.seat] in shown and str(d.points) in shown
            for family in d.families:
                assert family in shown, (family, shown)
        if size == (120, 40):  # room enough: each combination with its cards
            for d in declared:
                for c in d.combinations:
                    assert f"{c.family} {c.points}:" in shown
