"""The declarations dialog's footer names the number keys beside the families with Space, which
switch them on and off as Space does: "Space/1-3 Toggle" (it said only "Space Toggle"), and the
whole footer still fits at 80x24 (q Menu, the way out, last)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.support.screens import FAST, make_app, press, screen_text, wait_for
from tui.screens.declare import DeclareScreen
from tui.widgets.families import family_keys


def test_the_keys_beside_the_families_are_named_as_a_range() -> None:
    assert family_keys(1) == "1" and family_keys(3) == "1-3" and family_keys(10) == "1-a"


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
async def test_the_footer_names_the_number_keys_and_fits_at_80x24(
    tmp_path: Path, ascii: bool
) -> None:
    app = make_app(
        tmp_path,
        ["human", "easy", "easy", "easy"],
        seed=1,
        settings=replace(FAST, suit_marks="ascii" if ascii else "unicode"),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
        dialog = app.screen
        assert isinstance(dialog, DeclareScreen)
        await pilot.pause()
        count = len(dialog.combos)
        assert count >= 1
        footer = screen_text(app).rstrip("\n").splitlines()[-1]
        assert f"Space/{family_keys(count)} Toggle" in footer, footer
        assert footer.rstrip().endswith("q Menu"), footer  # all of it fits
        before = dialog.families.chosen
        await press(pilot, "1")  # the key named switches the first family off
        assert dialog.families.chosen == before[1:], dialog.families.chosen
