"""The start screen names a key for each thing a newcomer comes to do there: Start new match (n,
whichever field or button has the focus; Enter only worked on the button while it had the
focus) and Resume (r, where a match is saved: the row of the last match, in its place, says
Review r), whole at 80 columns."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from store.save import SaveStore
from table.session import Session, parse_seats
from tests.support.screens import make_app, press, screen_text, table_of, wait_for
from tui.screens.start import StartScreen

SEATS = ["human", "random", "random", "random"]


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_n_starts_the_new_match_the_button_says_so(tmp_path: Path, size) -> None:
    app = make_app(tmp_path, None, target=300)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "Start new match  n" in text, text
        assert "Quit" in text  # (still whole beside it)
        app.screen.query_one("#watch").focus()  # Enter here would watch bots: n still starts
        await press(pilot, "n")
        await wait_for(pilot, lambda: table_of(app) is not None)
        table = table_of(app)
        assert table.session.humans == [0] and table.session.match.rules.target == 300


async def test_n_typed_in_a_name_stays_there(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        name = app.screen.query_one("#name-0", Input)
        name.value = ""
        name.focus()
        await press(pilot, "N", "i", "n", "a")
        assert name.value == "Nina"
        assert isinstance(app.screen, StartScreen)


async def test_r_resumes_the_saved_match_its_button_says_so(tmp_path: Path) -> None:
    SaveStore(tmp_path).write(Session.new(parse_seats(SEATS), seed=1, target=800))
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.pause()
        assert "Resume  r" in screen_text(app)
        app.screen.query_one("#start").focus()  # (Enter here would ask to start anew)
        await press(pilot, "r")
        await wait_for(pilot, lambda: table_of(app) is not None)
        assert table_of(app).session.match.rules.target == 800
