"""The table's key bar: at 80x24 it shows every key in every state, and the keys that switch
what the table shows (o for what is still out, p for the last trick) say how to switch back."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.support.screens import (
    FAST,
    idle,
    make_app,
    play_until,
    press,
    screen_text,
    settle,
    wait_for,
)
from tui.screens.table import TableScreen
from tui.widgets.keybar import KeyBar

# --------------------------------------------------------------------------------------- key bar 80
# At 80x24 the table's key bar shows every key in every state: the person's turn with Unicode marks
# (exactly 80 columns) or ASCII ones ("Enter Play" is four columns longer: s Settings was left out),
# the discard, a hot-seat table, watching bots. Where the entries do not fit with two spaces between
# them, they go one space apart before any is left out.


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
        await idle(pilot)
        _whole(table)


# ------------------------------------------------------------------------------------------ out key
# At 80x24, o lists what is still out in place of the declarations and the log, and o again brings
# them back: the key bar says so while the list is there ("o Log"; it kept saying "o Out", and
# nothing said where the log had gone). Where the list goes beside the log (100x32) the key bar says
# "o Out" either way.


def _bar(table) -> str:
    return table.query_one(KeyBar).render().plain


def _above_the_bar(app) -> str:
    return "\n".join(screen_text(app).splitlines()[:-1])


async def test_o_says_it_brings_the_log_back_at_80x24(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await play_until(pilot, lambda v: bool(v.tricks))
        assert "o Out" in _bar(table) and "Log" in _above_the_bar(app)
        await press(pilot, "o")
        assert "Still out" in _above_the_bar(app) and "Log" not in _above_the_bar(app)
        assert "o Log" in _bar(table), _bar(table)
        await press(pilot, "o")
        assert "Still out" not in _above_the_bar(app) and "Log" in _above_the_bar(app)
        assert "o Out" in _bar(table), _bar(table)


async def test_beside_the_log_o_says_out(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await play_until(pilot, lambda v: bool(v.tricks))
        assert "Still out" in screen_text(app) and "o Out" in _bar(table)
        await press(pilot, "o")
        assert "Still out" not in screen_text(app) and "o Out" in _bar(table)


# ----------------------------------------------------------------------------------- last trick key
# p shows the last trick in place of the trick in progress, and p again brings that one back: the
# key bar says so while the last trick is shown ("p This trick"; it kept saying "p Last trick", and
# nothing on the screen said how to go back).


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_the_key_bar_says_how_to_go_back_to_the_trick(tmp_path: Path, size) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=3)
    async with app.run_test(size=size) as pilot:
        table = await play_until(pilot, lambda v: bool(v.trick) and bool(v.tricks))
        assert "p Last trick" in _bar(table)
        await press(pilot, "p")
        assert table.show_last
        assert "Last trick: " in screen_text(app)
        assert "p This trick" in _bar(table) and "Last trick" not in _bar(table)
        await press(pilot, "p")
        assert not table.show_last
        assert "Last trick: " not in screen_text(app)
        assert "p Last trick" in _bar(table)
