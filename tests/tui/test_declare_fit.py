"""The declarations dialog fits its max-height: roomy (blank rows and buttons) when that fits,
tight otherwise, and never a row cut off, at 80x24, 100x32 and 120x40, with the most families a
hand can have, with none switched on, and with the call-out line; measured at the width it has
over the felt (narrower than 72 columns where the felt is), so that it lies over the felt only.
Where even its tight form does not show every line over the felt (ten families and the call-out
line at 80x24), it goes as little wider as shows them all, over the sidebar's left columns."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.pilot import Pilot

from game.actions import declare
from game.cards import mask_of, parse_cards
from game.scoring import declarable_families
from tests.support.screens import make_app, settle, wait_for
from tui.screens.declare import DeclareScreen
from tui.screens.dialog import EDGE, MARGIN, max_height
from tui.screens.table import TableScreen

# Ten families (4 cricche, 6 sequences: the longest total, wrapped, with both doublings).
MOST = "KS QS KB NB KC QC NC KD QD ND ANG MON MO3 MO4 BEG"
# Seven families, 3 cricche and 4 sequences: with the call-out line the roomy dialog is one row
# taller than 24 rows allow (the dialog's max-height is a share of the rows above its footer).
SEVEN = "KS QS KB QB JB KC QD AD 10D ANG MON T15 MO1 MO2 MAT"
# Two families: roomy over the felt at every size.
FEW = "KS KB KC KD MO3 MO4 BEG"
SIZES = [(80, 24), (100, 32), (120, 40)]


def _cut(screen: DeclareScreen) -> list[str]:
    """The parts of the dialog that reach below its frame (a row cut off)."""
    box = screen.query_one("#declare-dialog")
    inside = box.content_region
    return [
        str(part)
        for part in box.children
        if part.display and part.region.height and part.region.bottom > inside.bottom
    ]


def _over_the_felt(screen: DeclareScreen, table: TableScreen) -> bool:
    """Over the felt only, a column of felt either side, clear of the sidebar."""
    box = screen.query_one("#declare-dialog").region
    felt = table.query_one("#felt").content_region  # (inside its frame, if any)
    return (
        felt.x + MARGIN <= box.x
        and box.right <= felt.right - MARGIN
        and not box.overlaps(table.query_one("#sidebar").region)
    )


async def _open(
    pilot: Pilot, table: TableScreen, cards: str, needs: int | None, none_on: bool = False
) -> DeclareScreen:
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
                    # over the felt only, but for ten families and the call-out line in 24 rows
                    wider = size == (80, 24) and cards == MOST and needs is not None
                    assert _over_the_felt(screen, table) != wider, case
                    tight = screen.has_class("-tight")
                    # roomy wherever it fits: always from 32 rows on
                    assert not tight or size == (80, 24), case
                    screen.dismiss(())
                    await wait_for(pilot, lambda: app.screen is table)


async def test_over_the_felt_at_24_rows_seven_families_go_tight_two_stay_roomy(
    tmp_path: Path,
) -> None:
    """Over the 52 columns of felt at 80x24 (the dialog 50 wide), seven families go tight with
    the call-out line and without it, their buttons' keys in the footer; two families keep
    the roomy dialog, buttons and all."""
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        for cards, needs, tight in ((SEVEN, 10, True), (SEVEN, None, True), (FEW, 10, False)):
            screen = await _open(pilot, table, cards, needs)
            case = (len(screen.combos), needs)
            assert screen.query_one("#declare-dialog").region.width == 50, case
            assert _over_the_felt(screen, table) and not _cut(screen), case
            assert screen.has_class("-tight") == tight, case
            assert bool(screen.query_one(".dialog-buttons").region.height) != tight, case
            screen.dismiss(())
            await wait_for(pilot, lambda: app.screen is table)


async def test_too_many_rows_for_the_felt_the_dialog_goes_as_little_wider_as_it_must(
    tmp_path: Path,
) -> None:
    """Ten families and the call-out line in 24 rows: over the felt (50 columns) even the tight
    dialog would cut its last rows. It is as wide as shows every row (a column less would not),
    as near the felt's middle as a column from the screen's edge lets it, whole; once the
    terminal has the rows (90x28), it is over the felt only again."""
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        screen = await _open(pilot, table, MOST, 10)
        box = screen.query_one("#declare-dialog")
        limit = max_height(box, screen.room(), app.size)
        assert screen.has_class("-tight") and not _cut(screen)
        assert box.region.width > 50 and box.region.x == EDGE
        assert (
            screen.rows_needed(box.region.width) <= limit < screen.rows_needed(box.region.width - 1)
        )
        assert not _over_the_felt(screen, table)
        await pilot.resize_terminal(90, 28)
        await wait_for(pilot, lambda: _over_the_felt(screen, table))
        await pilot.pause()
        assert screen.has_class("-tight") and not _cut(screen)
