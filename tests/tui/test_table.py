"""The table screen's layout: what each part shows at 80x24 (the side seats, the dealer's panel,
the trick's caption), and its parts taken down while a timer still ticks."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from rich.text import Text
from textual.app import App, ComposeResult

from game.actions import discard
from game.cards import FIVES, INDEX, sorted_for_display
from game.scoring import declarable_families
from tests.support.deals import seed_where
from tests.support.screens import (
    FAST,
    idle,
    make_app,
    play_until,
    region_text,
    screen_text,
    settle,
    table_of,
    wait_for,
)
from text.narrate import _trick_line
from text.render import UNICODE, Look
from tui.app import TarocchinoApp
from tui.screens.start import StartScreen
from tui.widgets.log import hanging
from tui.widgets.seat import SeatPanel
from tui.widgets.trick import TrickView

# --------------------------------------------------------------------------------- table 80x24 rows
# At 80x24 three things ran into each other: a side seat's lines (a bot "thinking…" under its name,
# the dealer's tag and the cards) came down onto the row of the trick's caption ("Trick 4: Dario led
# Bastoni thinking…", read as one line); in plain characters "-> Dario takes trick 12" wrapped
# "trick 12" alone onto a line of the log; on the start screen "Hard bot, 0.25 s a move" touched its
# box's arrow. A side seat's lines now end above the captions, the log's arrow line has the name
# where it is with "→", and the kinds' column is a cell wider.


ASCII = Look(ascii=True)


async def test_a_side_seats_lines_end_above_the_tricks_caption(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await play_until(pilot, lambda view: len(view.trick) == 3)  # a trick led
        right = table.query_one("#seat-right", SeatPanel)
        # the longest a side seat says at 80x24: the dealer, a bot, thinking
        right.show(Text("> Bruno\ndealer\nopponent\nhard bot\n10 cards\nthinking..."))
        await idle(pilot)
        rows = screen_text(app).splitlines()
        caption = next(i for i, row in enumerate(rows) if " led " in row)
        thinking = next(i for i, row in enumerate(rows) if "thinking..." in row)
        assert thinking < caption, "\n".join(rows)
        # a short block stays in the middle of the height, as before
        right.show(Text("Bruno\nopponent\neasy bot\n10 cards"))
        await idle(pilot)
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
            app.screen.query_one(f"#kind-{seat}").value = "hard"  # 0.25 s, the widest label
        await idle(pilot)
        await idle(pilot)
        rows = [row for row in screen_text(app).splitlines() if "0.25 s a move" in row]
        assert len(rows) == 3, screen_text(app)
        for row in rows:
            assert re.search(r"0\.25 s a move {2,}[v▼]", row), row


# ------------------------------------------------------------------------------------- dealer panel
# The dealer's own panel at the bottom of the table says three things when he has declared: who he
# is, his discard, what he declared. At 100x32 (80 columns of table or more, fewer than 34 rows) the
# panel had two rows and the third line, "declared 70: Coppe, Assi, Mori", was cut off, with room to
# spare in the middle of the table.


BOTS3 = ["human", "random", "random", "random"]


def _declares_after_discarding(match) -> bool:
    """The person (seat 0) deals and still declares after the test's discard (the first two
    cards that may go)."""
    if match.first_dealer != 0:
        return False
    hand = match.hand.hands[0]
    a, b = [c for c in sorted_for_display(hand) if not FIVES >> c & 1][:2]
    assert discard(a, b)
    return bool(declarable_families(hand & ~(1 << a) & ~(1 << b)))


@pytest.mark.parametrize("size", [(100, 32), (120, 40)])
async def test_the_dealers_panel_shows_his_discard_and_his_declaration(
    tmp_path: Path, size
) -> None:
    app = make_app(tmp_path, BOTS3, seed=seed_where(_declares_after_discarding))
    async with app.run_test(size=size) as pilot:
        table = await play_until(pilot, lambda v: v.declarations[0] is not None)
        await idle(pilot)
        panel = " ".join(region_text(app, table.query_one("#seat-bottom")))
        assert "discard" in panel and "declared" in panel, panel


# ------------------------------------------------------------------------------------ trick caption
# A trick's caption too long for the middle of an 80x24 table breaks after its colon: "Trick 14:"
# over "Dario led Bastoni", not "Trick 14: Dario led" over a lone "Bastoni" that read as a caption
# of its own ("Last trick: Dario led" / "Coppe" the same).


class _Middle(App[None]):
    CSS = "TrickView { width: 26; height: 12; }"

    def compose(self) -> ComposeResult:
        yield TrickView(id="trick")


def _rows(trick: TrickView) -> list[str]:
    return [row.strip() for row in trick.render().plain.splitlines() if row.strip()]


async def test_a_long_caption_breaks_after_its_colon() -> None:
    app = _Middle()
    async with app.run_test(size=(40, 14)) as pilot:
        trick = app.query_one(TrickView)
        cards = {3: INDEX["10B"], 0: INDEX["QB"], 1: INDEX["9S"], 2: INDEX["JB"]}
        trick.show(
            cards,
            bottom=0,
            look=Look(ascii=True),
            highlight=0,
            captions=(Text("Trick 14: Dario led Bastoni"), Text("Bruno takes it")),
        )
        await idle(pilot)
        rows = _rows(trick)
        assert rows[-3:] == ["Trick 14:", "Dario led Bastoni", "Bruno takes it"]
        # what fits on a line stays on it; what cannot break at its colon breaks between words
        trick.show(
            cards,
            bottom=0,
            look=Look(ascii=True),
            captions=(Text("Trick 1: You led the Matto: Denari to follow"), Text("Carla takes it")),
        )
        await idle(pilot)
        assert _rows(trick)[-3:] == [
            "Trick 1: You led the",
            "Matto: Denari to follow",
            "Carla takes it",
        ]
        trick.show(
            {},
            bottom=0,
            look=Look(ascii=True),
            captions=(Text("Bruno led Coppe"), Text("Dario is winning")),
        )
        await idle(pilot)
        assert _rows(trick)[-2:] == ["Bruno led Coppe", "Dario is winning"]


# ----------------------------------------------------------------------------------- table teardown
# The table screen's timers may tick while its parts are being taken down (the app closing, a
# network table's countdown): saying something then changes nothing and raises nothing.


async def test_a_word_for_the_status_line_after_its_parts_are_gone_is_kept_not_drawn(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert table is not None
        assert table.status_fits(table.prompt())
        await table.query_one("#status").remove()  # as when the screen is taken down
        table.say("Waiting for Carla: 3 s left, then the easy bot decides.")
        table.redraw()
        assert table.status_fits(table.prompt())
        assert table.notice is not None and table.notice.plain.startswith("Waiting for Carla")
