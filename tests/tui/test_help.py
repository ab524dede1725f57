"""The help over the table: searched with `/` (every place that mentions the words, one after
the other), left with Escape, and the table is as it was."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from tests.support.screens import idle, make_app, press, screen_text, settle, to_the_cards, wait_for
from text import language
from text.resources import read_asset
from tui.screens.help import FOUND, HelpScreen, at_network_table, folded, help_text
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen
from tui.widgets import lazy_markdown
from tui.widgets.lazy_markdown import LazyMarkdown

BOTS3 = ["human", "random", "random", "random"]


def test_the_search_ignores_case_accents_and_markdown() -> None:
    assert folded("**Bégato** and the `MAT`") == "begato and the mat"
    assert "take back your card" in folded("| u | undo: take back your   card |")


# In the help (no move of the game follows a key) keys are pressed with Pilot's own press,
# which waits for the app to be idle: the game's press() would wait for a move each time.


async def test_the_help_is_searched_and_left_with_the_table_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lazy_markdown, "PAUSE", 3600.0)  # the rest of the help: for the search
    app = make_app(tmp_path, BOTS3, seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await to_the_cards(pilot)
        table = await settle(pilot)  # your card to play
        assert isinstance(table, TableScreen)
        before, moves = screen_text(app), len(table.session.match.actions)
        await press(pilot, "question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        search = help_screen.query_one("#help-search", Input)
        scroll = help_screen.query_one("#help-scroll", VerticalScroll)
        assert not search.display and not help_screen.whole

        await press(pilot, "slash")
        await wait_for(pilot, lambda: search.has_focus)
        await press(pilot, *"begato", "enter")  # Bégato, the Bagatto, as the help spells it
        await wait_for(pilot, lambda: not search.display)
        places = help_screen.places
        assert (
            help_screen.whole
            and len(places) >= 3
            and all("gato" in folded(p.source or "") for p in places)
        )
        found = help_screen.query_one("#help-found", Static)
        assert f"1 of {len(places)}" in str(found.render())
        for step, index in (("n", 1), ("n", 2), ("N", 1)):
            await press(pilot, step)
            await idle(pilot)
            shown = places[index]
            assert FOUND in shown.classes and FOUND not in places[0].classes
            assert scroll.region.contains_region(shown.region), (shown.region, scroll.region)
            assert f"{index + 1} of {len(places)}" in str(found.render())

        await press(pilot, "slash")  # q and ? typed in the box are words, not keys
        await wait_for(pilot, lambda: search.has_focus)
        await press(pilot, "q", "question_mark")  # (the keys as a terminal sends them)
        assert app.screen is help_screen and search.value.endswith("q?")
        await press(pilot, "ctrl+u", *"xyzzy", "enter")
        await wait_for(pilot, lambda: not search.display)
        assert "Nothing in the help mentions" in str(found.render())
        assert not help_screen.query(f".{FOUND}")

        await press(pilot, "slash")
        await wait_for(pilot, lambda: search.has_focus)
        await press(pilot, "escape")  # leaves the search, not the help
        assert app.screen is help_screen and not search.display
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is table)
        await idle(pilot)
        assert len(table.session.match.actions) == moves and screen_text(app) == before


async def test_the_first_page_comes_first_and_end_goes_to_the_end_of_the_rest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The help opens on its first page with the rest still to come (here never, but for the
    keys): End goes to the end of the whole help (the search: the test above)."""
    monkeypatch.setattr(lazy_markdown, "PAUSE", 3600.0)
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, "question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        await idle(pilot)
        assert not help_screen.whole and "Ottocento in five minutes" in screen_text(app)
        await press(pilot, "end")
        await wait_for(pilot, lambda: help_screen.whole)
        scroll = help_screen.query_one("#help-scroll", VerticalScroll)
        await wait_for(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y > 0)
        await idle(pilot)
        last_block = help_screen.query(LazyMarkdown).last().children[-1]
        assert scroll.region.contains_region(last_block.region)


# ----------------------------------------------------------------------------------- help score box
# The help's key table quotes the score box as it is drawn: "5 tricks · 39 points: Re 17, 22 in
# cards", "+39 pts" beside a score and "hand: 5–2 tricks" (it quoted "5 tricks · 39: …", "+39" and
# "tricks 5–2", forms the box no longer writes).


def _w_row() -> str:
    help_text = read_asset("help.md")
    return next(line for line in help_text.splitlines() if line.startswith("| w |"))


def test_the_help_quotes_the_score_box_as_drawn() -> None:
    quoted = re.findall(r"`([^`]*)`", _w_row())
    assert quoted == ["5 tricks · 39 points: Re 17, 22 in cards", "+39 pts", "hand: 5–2 tricks"]


# ------------------------------------------------------------------------------ help in Italian
# The help shows the page of the language spoken (assets/help.it.md in Italian), the English one
# for a language that has none, and says its own words (footer, search) in that language.


@pytest.fixture
def italian() -> Iterator[None]:
    language.use("it")
    yield
    language.use("en")


def test_a_language_without_a_page_reads_the_english_one() -> None:
    english = help_text(language="en")
    assert english.startswith("# Tarocchino: Ottocento, the Bolognese tarot game")
    assert help_text(language="xx") == english
    assert help_text(language="it").startswith("# Tarocchino: l'Ottocento")


@pytest.mark.parametrize("code", ["en", "it"])
def test_each_page_in_ascii_has_no_mark_beyond_ascii(code: str) -> None:
    text = help_text(ascii=True, language=code)
    assert not {ch for ch in text if ord(ch) > 127 and unicodedata.category(ch)[0] != "L"}


@pytest.mark.parametrize("code", ["en", "it"])
def test_each_page_says_what_q_does_at_a_network_table(code: str) -> None:
    text = help_text(language=code)
    network = at_network_table(text)
    (q_row,) = [line for line in network.splitlines() if line.startswith("| q |")]
    assert network != text and q_row not in text


async def test_the_help_speaks_italian(tmp_path: Path, italian: None) -> None:
    app = make_app(tmp_path, None, seed=None)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        source = help_screen.source
        assert source == help_text(ascii=True, language="it")  # (the app plays in ASCII)
        await idle(pilot)
        shown = screen_text(app)
        assert "Tarocchino: l'Ottocento" in shown
        assert "Indietro" in shown and "Cerca" in shown

        await pilot.press("slash")
        search = help_screen.query_one("#help-search", Input)
        await wait_for(pilot, lambda: search.has_focus)
        assert search.placeholder == "Cerca nell'aiuto (Enter: trova, Esc: annulla)"
        await pilot.press(*"begato", "enter")
        await wait_for(pilot, lambda: not search.display)
        found = str(help_screen.query_one("#help-found", Static).render())
        assert "1 di" in found and "n successivo" in found
        await pilot.press("slash")
        await wait_for(pilot, lambda: search.has_focus)
        await pilot.press("ctrl+u", *"xyzzy", "enter")
        await wait_for(pilot, lambda: not search.display)
        found = str(help_screen.query_one("#help-found", Static).render())
        assert found.startswith("Nell'aiuto non c'è niente che parli di")
