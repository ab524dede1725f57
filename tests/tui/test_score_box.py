"""The score box says the scores and the target, not the hand's number: the top bar says that
("Hand 1 · trick 1 of 15"), and the box said it again ("Hand 1      target 800")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.screens import make_app, play_until
from tui.widgets.line import TextLine
from tui.widgets.scoreboard import ScoreBoard


@pytest.mark.parametrize("size", [(80, 24), (100, 32), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_hand_number_is_said_once(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=1)
    async with app.run_test(size=size) as pilot:
        for tricks in range(3):  # before the first trick and after (80x24: the compact form)
            table = await play_until(
                pilot, lambda view, n=tricks: view.phase == "play" and len(view.tricks) >= n
            )
            await pilot.pause()
            board = table.query_one(ScoreBoard)
            box = "\n".join(line.plain for line in board._lines(board.content_size.width))
            assert "Hand" not in box and box.splitlines()[-1].endswith("target 800"), box
            assert "Hand 1" in table.query_one("#topbar", TextLine).text.plain
