"""What q does at a network table, as the screens say it: there q leaves the table (a bot plays
the seat until its person comes back), at a table of this screen q goes to the menu; the
table's key bar and the declarations dialog name it so."""

from __future__ import annotations

from pathlib import Path

from textual.app import App

from net.client import JoinRequest
from tests.support.net import serve
from tests.support.screens import FAST, make_app, press, seated_at, settle, wait_for
from tui.app import TarocchinoApp
from tui.screens.declare import DeclareScreen
from tui.screens.help import HelpScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen
from tui.widgets.keybar import KeyBar

# ------------------------------------------------------------------------------------- declare keys
# The declarations dialog says what q does where it is asked: at a table over the network q leaves
# the table (a bot plays the seat until its person comes back), so its own footer says "q Leave" as
# the table's key bar does; at a table of this screen it still says "q Menu" (127.0.0.1, a free
# port, bounded in time).


def _q_says(app: App) -> str:
    """What the footer of the screen on top says for q (and Escape, the same binding)."""
    bindings = app.screen.active_bindings
    assert bindings["escape"].binding.description == bindings["q"].binding.description
    return bindings["q"].binding.description


async def test_the_dialog_says_q_leaves_a_network_table(tmp_path: Path) -> None:
    # seed 1: seat 1 is not the dealer and holds the Re, so the dialog comes first thing
    server, address = await serve(["human", "easy", "easy", "easy"], seed=1)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            app.join_table(JoinRequest(address, "Anna"))
            await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
            assert _q_says(app) == "Leave"
            await press(pilot, "q")  # and it does leave: the seat is kept for Anna
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert app.network.left is not None and app.network.session is None
    finally:
        await server.close()


async def test_the_dialog_says_q_menu_at_a_table_of_this_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        assert isinstance(await settle(pilot), DeclareScreen)
        assert _q_says(app) == "Menu"


# ------------------------------------------------------------------------------------- network keys
# At a table over the network q leaves the table (a bot plays the seat until its person comes back):
# the key bar says "q Leave", not "q Menu", and so does the help's key table; a table at this screen
# still says "q Menu" (127.0.0.1, a free port, bounded in time).


NETWORK_Q = "| q | leave the table"
LOCAL_Q = "| q | back to the start screen"


def _q_entry(table: TableScreen) -> str:
    (entry,) = [d for k, d, _ in table.query_one(KeyBar).entries if k == "q"]
    return entry


async def _help_text(pilot) -> str:
    app = pilot.app
    await press(pilot, "question_mark")
    await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
    text = app.screen.source
    await press(pilot, "escape")
    return text


async def test_q_says_leave_at_a_network_table(tmp_path: Path) -> None:
    server, address = await serve(["human", "easy", "easy", "easy"])
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            table = await seated_at(pilot, app, address)
            await wait_for(pilot, lambda: table.query_one(KeyBar).entries)
            assert _q_entry(table) == "Leave"
            text = await _help_text(pilot)
            assert NETWORK_Q in text and LOCAL_Q not in text
    finally:
        await server.close()


async def test_q_says_menu_at_a_table_of_this_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=2)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        assert _q_entry(table) == "Menu"
        text = await _help_text(pilot)
        assert LOCAL_Q in text and NETWORK_Q not in text
