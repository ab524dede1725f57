"""The start page at 80x24 in Unicode (its title three rows of letters) with a saved match whose
line wraps: whole above the footer, with no scroll bar (its empty message row made it one row too
tall, and the screen scrolled); a message, when there is one, still shows."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Footer, Static

from store.settings import Settings
from table.session import parse_seats
from tests.support.screens import make_app, save_at_the_last_tricks, screen_text, wait_for
from tui.screens.start import StartScreen

UNICODE_LOOK = Settings(bot_delay=0.0, trick_pause=0.0, suit_marks="unicode")


async def test_the_start_page_fits_80x24_in_unicode_with_a_saved_match(tmp_path: Path) -> None:
    save_at_the_last_tricks(tmp_path, parse_seats(["human", "easy", "human", "easy"], None), 2)
    app = make_app(tmp_path, None, settings=UNICODE_LOOK)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await pilot.pause()
        screen = app.screen
        info = screen.query_one("#resume-info", Static)
        assert info.region.height == 2  # the saved match's line wraps
        assert screen.query_one("#title", Static).region.height == 3
        page = screen.query_one("#start-page").region
        assert page.bottom <= screen.query_one(Footer).region.y
        assert screen.max_scroll_y == 0 and not screen.show_vertical_scrollbar
        screen.show_message("Make at least one seat Human: yours.", error=True)
        await wait_for(pilot, lambda: "Make at least one seat Human" in screen_text(app))
