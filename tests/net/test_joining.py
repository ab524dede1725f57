"""Joining a table from the game's screens when it does not go as planned: a table that does not
answer, a wrong password, the join dialog after leaving; every case says it once, in words, and
nothing is left stuck (loopback only, free ports from the system, bounded waits)."""

from __future__ import annotations

import asyncio
import dataclasses
import socket
from pathlib import Path

from textual.widgets import Input, Static

from cli.join import come_back_words
from net.client import Address, JoinRequest, TableClient, TokenStore
from tests.support.net import FAST as NET_FAST
from tests.support.net import serve
from tests.support.screens import FAST, click, idle, press, seated_at, wait_for
from tui.app import TarocchinoApp
from tui.screens.network import HostScreen, JoiningScreen, JoinScreen
from tui.screens.start import StartScreen


def _closed_port() -> int:
    """A port of the loopback nobody listens on (taken from the system, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _seated(app: TarocchinoApp) -> bool:
    """The table screen is up (a dialog of the first decision may be over it)."""
    table = app.network.table
    return table is not None and table.is_mounted and bool(table.query("#seat-bottom"))


def _joining_says(app: TarocchinoApp) -> str:
    screen = app.screen
    if not isinstance(screen, JoiningScreen):
        return ""
    return " ".join(str(s.render()) for s in screen.query(Static))


def _notices(app: TarocchinoApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_table_that_does_not_answer_is_given_up_for_the_next_one(tmp_path: Path) -> None:
    """Joining an address where nothing answers keeps trying (the table may not be up yet), and
    says why in words; joining another table meanwhile gives that one up instead of refusing
    with "leave the table you are at first"."""
    server, address = await serve(["human", "easy", "easy", "easy"])
    nowhere = Address("127.0.0.1", _closed_port())
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            app.join_table(JoinRequest(nowhere, "Anna"))
            # (said in the joining dialog: tests/test_net_joining_cancel.py)
            await wait_for(pilot, lambda: "nothing answers there" in _joining_says(app))
            said = _joining_says(app)
            assert str(nowhere) in said and "Connect call failed" not in said
            first = app.network.session
            app.join_table(JoinRequest(address, "Anna"))
            await wait_for(pilot, lambda: _seated(app))
            assert "Leave the table you are at first." not in _notices(app)
            assert f"Stopped trying the table at {nowhere}." in _notices(app)
            assert first is not None and first.client._closing
            assert server.seats[0].conn is not None
    finally:
        await server.close()


async def test_a_wrong_password_asks_again_in_the_join_dialog(tmp_path: Path) -> None:
    """Refused before taking a seat: the join dialog comes back with the address and the name
    filled in and the reason in it, the password field ready; the refusal is said once."""
    server, address = await serve(config=dataclasses.replace(NET_FAST, password="secret"))
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            app.join_table(JoinRequest(address, "Anna", 2, "wrong"))
            await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
            await idle(pilot)
            dialog = app.screen
            assert dialog.query_one("#address", Input).value == str(address)
            assert dialog.query_one("#name", Input).value == "Anna"
            assert dialog.query_one("#seat").value == 2
            said = str(dialog.query_one("#net-error", Static).render())
            assert said == f"The table at {address} refused: wrong password."
            assert app.focused is dialog.query_one("#password", Input)
            assert not [n for n in _notices(app) if "password" in n]  # the dialog says it
            dialog.query_one("#password", Input).value = "secret"
            await press(pilot, "enter")
            await wait_for(pilot, lambda: _seated(app))
            assert app.network.session is not None and app.network.session.seat == 2
    finally:
        await server.close()


async def test_the_join_dialog_offers_the_table_joined_last(tmp_path: Path) -> None:
    """After leaving a table (or in a later game, from the seat kept in the data directory) the
    join dialog has its address and the name filled in: Enter goes back."""
    tokens = TokenStore(tmp_path)
    tokens.put(Address("127.0.0.1", 7801), "Old", "t" * 20, 0)
    await asyncio.sleep(0.01)
    tokens.put(Address("192.168.1.20", 7851), "Bruno", "u" * 20, 2)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await click(pilot, "#join")
        await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
        assert app.screen.query_one("#address", Input).value == "192.168.1.20:7851"
        assert app.screen.query_one("#name", Input).value == "Bruno"
    assert TokenStore(tmp_path / "nothing").latest() is None


async def test_leaving_a_table_and_joining_it_again_from_the_start_screen(tmp_path: Path) -> None:
    server, address = await serve(["human", "easy", "easy", "easy"])
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await seated_at(pilot, app, address)
            await press(pilot, "q")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert app.network.left == JoinRequest(address, "Anna")  # its seat is kept
            assert come_back_words(app.network.left) == (
                f"You left the table at {address}: a bot plays your seat until you come back "
                f"with  tarocchino join {address} --name Anna"
            )
            await click(pilot, "#join")
            await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
            assert app.screen.query_one("#address", Input).value == str(address)
            await press(pilot, "enter")
            await wait_for(pilot, lambda: _seated(app))
            assert server.seats[0].conn is not None and not server.seats[0].stand_in
    finally:
        await server.close()


async def test_the_host_dialog_says_who_can_join() -> None:
    app = TarocchinoApp(settings=FAST, persist=False)
    async with app.run_test(size=(100, 32)) as pilot:
        for people, words in [
            (1, "nobody can join"),
            (2, "the other Human seat is for a "),
            (3, "the other 2 Human seats are for"),
        ]:
            app.push_screen(HostScreen(people))
            await wait_for(pilot, lambda: isinstance(app.screen, HostScreen))
            await idle(pilot)
            text = str(app.screen.query_one(".dialog-body", Static).render())
            assert words in text and "seat(s)" not in text
            await press(pilot, "escape")


async def test_a_bot_client_refused_says_it_once(tmp_path: Path) -> None:
    """A refusal that ends a client reaches its owner once (run() returns it), not also as a
    status line and a message."""
    server, address = await serve(config=dataclasses.replace(NET_FAST, password="secret"))
    said: list[str] = []
    heard: list[object] = []
    client = TableClient(
        address, "Anna", heard.append, password="x", on_status=said.append, retry_for_s=5
    )
    try:
        refused = await asyncio.wait_for(client.run(), 30)
        assert refused is not None and refused.code == "password"
        assert not [s for s in said if "password" in s]
        assert heard == [refused]
    finally:
        await server.close()
