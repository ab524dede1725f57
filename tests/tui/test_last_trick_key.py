"""p shows the last trick in place of the trick in progress, and p again brings that one back: the
key bar says so while the last trick is shown ("p This trick"; it kept saying "p Last trick",
and nothing on the screen said how to go back)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.screens import make_app, play_until, press, screen_text
from tui.widgets.keybar import KeyBar


def _bar(table) -> str:
    return table.query_one(KeyBar).render().plain


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
