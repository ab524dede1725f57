"""At 80x24, o lists what is still out in place of the declarations and the log, and o again
brings them back: the key bar says so while the list is there ("o Log"; it kept saying "o Out",
and nothing said where the log had gone). Where the list goes beside the log (100x32) the key
bar says "o Out" either way."""

from __future__ import annotations

from pathlib import Path

from tests.support.screens import make_app, play_until, press, screen_text
from tui.widgets.keybar import KeyBar


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
