"""At 80x24 the table's key bar shows every key in every state: the person's turn with Unicode
marks (exactly 80 columns) or ASCII ones ("Enter Play" is four columns longer: s Settings was
left out), the discard, a hot-seat table, watching bots. Where the entries do not fit with two
spaces between them, they go one space apart before any is left out."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.support.screens import FAST, make_app, press, settle, wait_for
from tui.screens.table import TableScreen
from tui.widgets.keybar import KeyBar

ASCII, UNICODE = FAST, replace(FAST, suit_marks="unicode")


def _whole(table: TableScreen) -> None:
    bar = table.query_one(KeyBar)
    shown = bar.render().plain  # type: ignore[union-attr]
    assert bar.shown(bar.size.width) == bar.entries, shown
    assert len(shown) <= bar.size.width == 80, shown
    for key, description, _ in bar.entries:
        assert f"{key} {description}" in shown, (key, description, shown)


@pytest.mark.parametrize("settings", [ASCII, UNICODE], ids=["ascii", "unicode"])
async def test_the_person_to_play_and_the_discard(tmp_path: Path, settings) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=2, settings=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)  # the person deals: "Mark"
        assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
        _whole(table)
        await press(pilot, "t")  # a hint
        await wait_for(
            pilot, lambda: table.notice is not None and table.notice.plain.startswith("Hint")
        )
        _whole(table)


async def test_hot_seat(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "human", "easy"], seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):  # the hand-overs, the declarations, the discard's question
            screen = await settle(pilot)
            if isinstance(screen, TableScreen):
                break
            await press(pilot, "enter")
        assert isinstance(screen, TableScreen) and screen.hot_seat
        _whole(screen)


async def test_watching_bots(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["easy", "easy", "easy", "easy"], seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        await press(pilot, "space")  # paused: "Go on"
        await pilot.pause()
        _whole(table)
