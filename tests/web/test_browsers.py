"""Each browser keeps its own seats under `tarocchino web`: the page gives every browser a name
of its own (a cookie), each tab's game is told it, and the seats a tab takes at a table are kept
under it. Before, every tab's game kept its seats in the host's one data directory, so a friend
joining under another's name took that person's seat, and his cards. Served on 127.0.0.1 with a
port the OS chooses."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Input

from net.client import BROWSER_ENV, WEB_DRIVER_ENV, Address, TokenStore, browser_of
from tests.support.net import serve
from tests.support.screens import FAST, click, idle, press, screen_text, wait_for
from tests.support.web import open_tabs, recorder
from tui import online as play
from tui.app import TarocchinoApp
from tui.screens.network import JoinScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen
from web.door import BrowserServer


async def _open_tabs(out: Path, plan: list[tuple[int, bool]]) -> list[str]:
    """Open a tab for each (browser, page first?) in turn; what each tab's game was told."""
    server = BrowserServer(recorder(out, BROWSER_ENV), host="127.0.0.1", port=0, key=None)
    return await open_tabs(server, out, plan)


def test_each_browser_s_tabs_are_told_its_own_name(tmp_path: Path) -> None:
    told = asyncio.run(
        _open_tabs(tmp_path / "told.txt", [(0, True), (1, True), (0, True), (0, False)])
    )
    first, second, again, socket_only = told
    assert len(first) == 32 and len(second) == 32
    assert first != second  # two browsers, two names
    assert again == first and socket_only == first  # a reload, a second tab: the same browser


def test_a_tab_without_the_page_s_cookie_is_told_nothing(tmp_path: Path) -> None:
    assert asyncio.run(_open_tabs(tmp_path / "told.txt", [(1, False)])) == ["-"]


def test_a_seat_taken_in_one_browser_is_not_offered_to_another(tmp_path: Path) -> None:
    table = Address("127.0.0.1", 7800)
    anna = TokenStore(tmp_path, "A" * 32)
    anna.put(table, "Anna", "anna-s-token", 0)
    assert anna.get(table, "Anna") == "anna-s-token"
    assert TokenStore(tmp_path, "A" * 32).latest() == ("127.0.0.1:7800", "Anna")
    for other in (TokenStore(tmp_path, "B" * 32), TokenStore(tmp_path)):
        assert other.get(table, "Anna") is None
        assert other.latest() is None


def test_which_browser_a_game_plays_for() -> None:
    web = {WEB_DRIVER_ENV: "textual.drivers.web_driver:WebDriver"}
    assert browser_of({}) is None  # a terminal
    assert browser_of({BROWSER_ENV: "x" * 32}) is None  # only a tab is told
    assert browser_of({**web, BROWSER_ENV: "x" * 32}) == "x" * 32
    for told in ({}, {BROWSER_ENV: "../../etc"}, {BROWSER_ENV: "short"}):
        first, second = browser_of({**web, **told}), browser_of({**web, **told})
        assert first and second and first != second  # a name of its own, never shared


async def test_a_browser_cannot_take_another_browser_s_seat_by_its_name(
    tmp_path: Path,
    monkeypatch,  # noqa: ANN001
) -> None:
    """Three tabs' games in one data directory (the host's, as under `tarocchino web`): Anna
    sits down in browser A and closes her tab; a friend in browser B who joins as Anna is
    refused and sees nothing of hers; Anna's own browser takes her seat back."""
    server, address = await serve(["human", "human", "easy", "easy"], seed=3, target=800)

    def seated(app: TarocchinoApp) -> bool:
        return any(isinstance(screen, TableScreen) for screen in app.screen_stack)

    async def join(browser: str, refused: bool) -> str:
        monkeypatch.setattr(play, "browser_of", lambda environ: browser)
        app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            await click(pilot, "#join")
            await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
            offered = app.screen.query_one("#name", Input).value
            for selector, text in (("#address", str(address)), ("#name", "Anna")):
                app.screen.query_one(selector, Input).value = text
                await idle(pilot)
            await press(pilot, "enter")
            if refused:
                await wait_for(pilot, lambda: "Anna is already at this table" in screen_text(app))
                assert not seated(app)
            else:
                await wait_for(pilot, lambda: seated(app))
        return offered

    try:
        await join("A" * 32, refused=False)
        assert await join("B" * 32, refused=True) != "Anna"  # not even offered her name
        assert await join("A" * 32, refused=False) == "Anna"  # her browser remembers her
    finally:
        await server.close()
