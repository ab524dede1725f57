"""Without colour (NO_COLOR, the monochrome setting) a player still sees where he is: the focused
select box of the settings and of the start screen, and the declaration under the cursor, are
drawn reversed as a focused button is (not by a tint only); an open select box's list is framed
by lines."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from textual.widget import Widget
from textual.widgets import Select
from textual.widgets._select import SelectOverlay

from game.scoring import declarable_families
from tests.support.deals import seed_where
from tests.support.screens import FAST, idle, make_app, press, settle, wait_for
from tui.screens.declare import DeclareScreen
from tui.screens.settings import SettingsScreen
from tui.screens.start import StartScreen
from tui.widgets.families import FamilyRow

MONO = replace(FAST, color=False)


def reversed_cells(widget: Widget) -> int:
    """How many cells of ``widget``'s first line are drawn reversed on the screen."""
    region = widget.region
    strip = widget.screen._compositor.render_strips()[region.y]
    strip = strip.crop(region.x, region.right)
    return sum(
        len(segment.text)
        for segment in strip
        if segment.style is not None and segment.style.reverse
    )


async def test_the_focused_select_box_is_reversed(tmp_path: Path) -> None:
    app = make_app(tmp_path, settings=MONO)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        kind = app.screen.query_one("#kind-1", Select)
        assert reversed_cells(kind) == 0
        kind.focus()
        await idle(pilot)
        assert reversed_cells(kind) > 10
        app.action_settings()
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await idle(pilot)
        first, second = list(app.screen.query(Select))[:2]
        assert first.has_focus and reversed_cells(first) > 3 and reversed_cells(second) == 0
        await press(pilot, "enter")  # its list opens, framed by lines (ASCII here), not a tint
        await idle(pilot)
        overlay = first.query_one(SelectOverlay)
        assert overlay.display and overlay.styles.border.top[0] == "ascii"


async def test_the_declaration_under_the_cursor_is_reversed(tmp_path: Path) -> None:
    seed = seed_where(
        lambda m: m.first_dealer == 3 and len(declarable_families(m.hand.hands[0])) > 1
    )
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=seed, settings=MONO)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await settle(pilot)
        assert isinstance(dialog, DeclareScreen)
        await idle(pilot)
        rows = list(dialog.query(FamilyRow))
        assert reversed_cells(rows[0]) > 10 and reversed_cells(rows[1]) == 0
