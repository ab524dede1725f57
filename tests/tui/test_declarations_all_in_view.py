"""Every declaration of the hand in view without scrolling at 100x32. Seed 19: Bruno, Carla and
Dario declare in the first trick while what is still out takes ten rows beside them. The score
box kept the height of its form before (the hand so far in lines of its own: two blank rows) and
the log its fourth row, so the list showed two declarations and scrolled for the third. Now the
box is as tall as its lines, the log gives rows down to its least for a line a seat, and where
even that is short the declarations are listed in a line (names and points)."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import App, ComposeResult

from tests.support.screens import make_app
from tests.tui.test_narrow import region_text
from tests.tui.test_status import to_the_cards
from tui.widgets.log import LineList
from tui.widgets.scoreboard import ScoreBoard


async def test_three_declarations_of_the_first_trick_in_view_at_100x32(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=19)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await to_the_cards(pilot)
        for _ in range(4):
            await pilot.pause()
        declared = [d for d in table.session.match.hand.declarations if d and d.families]
        assert len(declared) == 3 and not table.session.match.hand.tricks
        assert table.query_one("#out").display  # what is still out, beside
        board = table.query_one(ScoreBoard)
        assert board.size.height == len(board._lines(board.size.width))  # no blank rows
        listed = table.query_one("#declarations")
        assert listed.virtual_size.height <= listed.region.height  # nothing scrolled away
        shown = " ".join(region_text(app, listed))
        for d in declared:
            assert f"{table.names[d.seat]} {d.points}: " in shown, shown
        assert table.query_one("#log").region.height >= 3


class _List(App[None]):
    def compose(self) -> ComposeResult:
        yield LineList(id="listed")


async def test_where_a_line_a_player_does_not_fit_the_declarations_share_a_line() -> None:
    digest = [
        Text(f"{name} {points}: Re, Spade, Coppe, Denari")
        for name, points in (("Anna", 45), ("Bruno", 26), ("Carla", 15), ("Dario", 60))
    ]
    packed = Text(" · ").join(
        Text(f"{name} {points}")
        for name, points in (("Anna", 45), ("Bruno", 26), ("Carla", 15), ("Dario", 60))
    )
    app = _List()
    async with app.run_test(size=(34, 10)) as pilot:
        listed = app.query_one(LineList)
        listed.styles.max_height = 2
        listed.show(digest + [Text("  the cards")], digest, packed)
        await pilot.pause()
        rows = [line.plain for line in listed.form()]
        assert len(rows) <= 2, rows
        assert all(
            f"{name} {points}" in " ".join(rows)
            for name, points in (("Anna", 45), ("Bruno", 26), ("Carla", 15), ("Dario", 60))
        ), rows
        listed.styles.max_height = 4  # a row each: the digest, cut
        rows = [line.plain for line in listed.form()]
        assert len(rows) == 4 and rows[0].startswith("Anna 45: Re"), rows
