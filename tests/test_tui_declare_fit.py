"""The declarations dialog fits its max-height: roomy (blank rows and buttons) when that fits,
tight otherwise, and never a row cut off, at 80x24, 100x32 and 120x40, with the most families a
hand can have, with none switched on, and with the call-out line."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from test_tui_support import make_app, settle, wait_for
from textual.pilot import Pilot

from game.actions import declare
from game.cards import mask_of, parse_cards
from game.scoring import declarable_families
from tui.screens.declare import DeclareScreen
from tui.screens.table import TableScreen

# Ten families (4 cricche, 6 sequences: the longest total, wrapped, with both doublings).
MOST = "KS QS KB NB KC QC NC KD QD ND ANG MON MO3 MO4 BEG"
# Seven families, 3 cricche and 4 sequences: with the call-out line the roomy dialog is one row
# taller than 24 rows allow (the dialog's max-height is a share of the rows above its footer).
SEVEN = "KS QS KB QB JB KC QD AD 10D ANG MON T15 MO1 MO2 MAT"
SIZES = [(80, 24), (100, 32), (120, 40)]


def _cut(screen: DeclareScreen) -> list[str]:
    """The parts of the dialog that reach below its frame (a row cut off)."""
    box = screen.query_one("#declare-dialog")
    inside = box.content_region
    return [str(part) for part in box.children
            if part.display and part.region.height and part.region.bottom > inside.bottom]


async def _open(pilot: Pilot, table: TableScreen, cards: str, needs: int | None,
                none_on: bool = False) -> DeclareScreen:
    view = table.current_view()
    hand = mask_of(parse_cards(cards))
    view = replace(view, hand=hand, legal=(declare(declarable_families(hand)),))
    screen = DeclareScreen(view, "Anna", table.look, needs)
    await pilot.app.push_screen(screen)
    await wait_for(pilot, lambda: screen.is_active and screen.query_one("#declare-dialog").size)
    if none_on:
        for index in range(len(screen.combos)):
            screen.families.toggle(index)
    await pilot.pause()
    await pilot.pause()
    return screen


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
async def test_the_declarations_fit_their_rows_at_every_size(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=2)
    async with app.run_test(size=size) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        for cards in (MOST, SEVEN):
            for needs in (None, 10):
                for none_on in (False, True):
                    screen = await _open(pilot, table, cards, needs, none_on)
                    case = (size, len(screen.combos), needs, none_on)
                    assert not _cut(screen), (case, _cut(screen))
                    tight = screen.has_class("-tight")
                    # roomy wherever it fits: always from 32 rows on
                    assert not tight or size == (80, 24), case
                    screen.dismiss(())
                    await wait_for(pilot, lambda: app.screen is table)


async def test_seven_families_and_the_call_out_go_tight_at_24_rows(tmp_path: Path) -> None:
    """One row too many for the roomy dialog: tight, with the buttons' keys in the footer
    (without the call-out line the roomy dialog fits, buttons and all)."""
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        screen = await _open(pilot, table, SEVEN, 10)
        assert screen.has_class("-tight") and not _cut(screen)
        screen.dismiss(())
        await wait_for(pilot, lambda: app.screen is table)
        screen = await _open(pilot, table, SEVEN, None)
        assert not screen.has_class("-tight") and not _cut(screen)
        assert screen.query_one(".dialog-buttons").region.height
