"""The discard's question shows its keys in its footer, in the words of its buttons (Discard,
Change) with the help's, as the declarations dialog does: the screen's last row is not left
empty. The start screen's question (a new match over a saved one) says its own words."""

from __future__ import annotations

from pathlib import Path

from textual.widgets._footer import FooterKey

from tests.support.screens import ask_the_discard, make_app, press, screen_text, settle, wait_for
from tui.screens.confirm import ConfirmScreen
from tui.screens.help import HelpScreen
from tui.screens.table import TableScreen


def _footer(screen) -> list[tuple[str, str]]:
    return [(key.key_display, key.description) for key in screen.query(FooterKey)]


async def test_the_discard_question_shows_its_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
        await ask_the_discard(pilot, table)
        question = app.screen
        await wait_for(pilot, lambda: _footer(question))
        assert [words for _, words in _footer(question)] == ["Discard", "Change", "Help"]
        last_row = screen_text(app).rstrip("\n").split("\n")[-1]
        assert "Discard" in last_row and "Change" in last_row, last_row
        await press(pilot, "question_mark")  # the help from the question, and back to it
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is question)
        await press(pilot, "escape")  # Change: the question goes, the last mark is taken back
        await wait_for(pilot, lambda: app.screen is table)
        assert len(table.marked) == 1


async def test_the_new_match_question_says_its_own_words(tmp_path: Path) -> None:
    question = ConfirmScreen(
        "A saved match is kept as a backup. Start a new one?", yes="New match", no="Cancel"
    )
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(question)
        await wait_for(pilot, lambda: _footer(question))
        assert [words for _, words in _footer(question)] == ["New match", "Cancel", "Help"]
        await press(pilot, "enter")
        await wait_for(pilot, lambda: not question.is_attached)
