"""At 80x24 three things ran into each other: a side seat's lines (a bot "thinking…" under its
name, the dealer's tag and the cards) came down onto the row of the trick's caption ("Trick 4:
Dario led Bastoni   thinking…", read as one line); in plain characters "-> Dario takes trick 12"
wrapped "trick 12" alone onto a line of the log; on the start screen "Hard bot, 0.25 s a move"
touched its box's arrow. A side seat's lines now end above the captions, the log's arrow line
has the name where it is with "→", and the kinds' column is a cell wider."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from rich.text import Text

from tests.support.screens import FAST, make_app, play_until, screen_text, wait_for
from text.narrate import _trick_line
from text.render import UNICODE, Look
from tui.app import TarocchinoApp
from tui.screens.start import StartScreen
from tui.widgets.log import hanging
from tui.widgets.seat import SeatPanel

ASCII = Look(ascii=True)


async def test_a_side_seats_lines_end_above_the_tricks_caption(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await play_until(pilot, lambda view: len(view.trick) == 3)  # a trick led
        right = table.query_one("#seat-right", SeatPanel)
        # the longest a side seat says at 80x24: the dealer, a bot, thinking
        right.show(Text("> Bruno\ndealer\nopponent\nhard bot\n10 cards\nthinking..."))
        await pilot.pause()
        rows = screen_text(app).splitlines()
        caption = next(i for i, row in enumerate(rows) if " led " in row)
        thinking = next(i for i, row in enumerate(rows) if "thinking..." in row)
        assert thinking < caption, "\n".join(rows)
        # a short block stays in the middle of the height, as before
        right.show(Text("Bruno\nopponent\neasy bot\n10 cards"))
        await pilot.pause()
        rows = screen_text(app).splitlines()
        name = next(i for i, row in enumerate(rows) if i and row[:52].rstrip().endswith("Bruno"))
        assert name + 3 < caption and "10 cards" in rows[name + 3], "\n".join(rows)


@pytest.mark.parametrize("look", [UNICODE, ASCII], ids=["unicode", "ascii"])
def test_a_trick_taken_fits_the_logs_24_columns_in_either_look(look: Look) -> None:
    for name in ("Bruno", "Carla", "Dario"):
        line = _trick_line(1, [], 0, 12, ["You", name, "Carla", "Dario"], look)
        assert line.plain.endswith(f"{look.arrow} {name} takes trick 12")
        assert line.plain.index(name) == 4  # the name where it is with either arrow
        assert len(hanging(line, 24, None, look.ellipsis)) == 1, line.plain


async def test_a_trick_taken_is_one_log_row_at_80x24_in_plain_characters(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=3)  # (FAST: plain marks)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_until(pilot, lambda view: len(view.tricks) == 12)
        text = screen_text(app)
        assert re.search(r"-> \S+ takes? trick 12\b", text), text
        assert not re.search(r"\|\s+trick 12\b", text), text  # (not alone on a row of its own)


@pytest.mark.parametrize("suit_marks", ["unicode", "ascii"])
async def test_every_kind_clears_its_arrow_at_80_columns(tmp_path: Path, suit_marks: str) -> None:
    app = TarocchinoApp(
        settings=replace(FAST, suit_marks=suit_marks), directory=tmp_path, persist=False
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        for seat in range(1, 4):
            app.screen.query_one(f"#kind-{seat}").value = "hard:budget_s=0.25"
        await pilot.pause()
        await pilot.pause()
        rows = [row for row in screen_text(app).splitlines() if "0.25 s a move" in row]
        assert len(rows) == 3, screen_text(app)
        for row in rows:
            assert re.search(r"0\.25 s a move {2,}[v▼]", row), row
