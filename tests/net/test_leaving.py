"""Leaving a network table mid-match (q at the table, or quitting the game): the table is told,
the window says where the seat went and how to come back, and the start screen offers the table
left until it keeps no seat for this player (127.0.0.1, a free port, bounded in time)."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from textual.widgets import Static

from net.client import JoinRequest
from net.server import TableConfig, TableServer
from table.session import Session, parse_seats
from tests.support.net import remote_bot, serve, wait_until
from tests.support.screens import FAST, press, seated_at, wait_for
from tui.app import TarocchinoApp
from tui.screens.network import JoinScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen


async def test_leaving_says_who_plays_the_seat_and_how_to_come_back(tmp_path: Path) -> None:
    server, address = await serve(["human", "easy", "easy", "easy"])
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await seated_at(pilot, app, address)
            app.clear_notifications()
            await press(pilot, "q")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            said = [str(n.message) for n in app._notifications]
            assert (
                f"You left the table at {address}: the medium bot plays your seat until you "
                "come back (Join a table, as Anna)."
            ) in said, said
            await wait_until(lambda: server.seats[0].stand_in, "the stand-in to take the seat")
    finally:
        await server.close()


# ----------------------------------------------------------------------------------------- quitting
# Quitting the game (Ctrl+Q) while seated at a table tells the table first, as leaving with q does:
# the stand-in takes the seat at once, and the others do not wait for the away timeout (127.0.0.1, a
# free port, bounded in time).


async def test_quitting_the_game_at_a_table_leaves_it(tmp_path: Path) -> None:
    server, address = await serve(["human", "easy", "easy", "easy"])
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            app.join_table(JoinRequest(address, "Anna"))
            await wait_for(
                pilot, lambda: app.network.table is not None and server.seats[0].conn is not None
            )
            await press(pilot, "ctrl+q")
        await wait_until(lambda: server.seats[0].conn is None, "Anna's connection to end")
        assert server.seats[0].left and server.seats[0].stand_in  # left, not dropped
    finally:
        await server.close()


# --------------------------------------------------------------------------------------- left table
# A person who left a network table with q (its stand-in plays the seat until he comes back) finds
# it on the start screen: which table, at which address, which seat, and a way back to it (Back to
# the table, j); once back at it, or when the table there keeps no seat for him, the start screen no
# longer speaks of it (127.0.0.1, a free port, bounded in time).


# the bots think long: nothing moves at the table while its person is away (the test's pace)
SLOW = TableConfig(bot_delay_s=600, trick_pause_s=0, heartbeat_s=0)


def _row(app: TarocchinoApp) -> tuple[bool, str, str]:
    start = app.screen
    assert isinstance(start, StartScreen)
    row = start.query_one("#left-row")
    text = str(start.query_one("#left-info", Static).render())
    return bool(row.display), str(row.border_title or ""), text


async def test_the_start_screen_says_which_table_was_left_and_brings_back_to_it(
    tmp_path: Path,
) -> None:
    server, address = await serve(["human", "easy", "easy", "easy"], seed=2, config=SLOW)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert _row(app)[0] is False  # no table left yet
            await seated_at(pilot, app, address)
            await press(pilot, "q")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen) and _row(app)[0])
            shown, title, text = _row(app)
            assert title == f"You left the table at {address}"
            assert "bot plays seat 1 for you until you come back" in text
            assert "Join a table as Anna" in text
            await press(pilot, "j")  # back to the seat kept (the token)
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            assert app.network.left is None and app.network.session is not None
            assert app.network.session.seat == 0
            await press(pilot, "q")  # leaving again says it again
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen) and _row(app)[0])
    finally:
        await server.close()


async def test_a_table_that_keeps_no_seat_for_him_is_no_longer_offered(tmp_path: Path) -> None:
    """The table left is gone and another one listens there, its seats taken: coming back is
    refused (the seat's token is not this table's, and there is no seat for a newcomer), the
    join dialog says why, and the start screen forgets the table left."""
    server, address = await serve(["human", "easy", "easy", "easy"], seed=2, config=SLOW)
    other = None
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await seated_at(pilot, app, address)
            await press(pilot, "q")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen) and _row(app)[0])
            await server.close()
            other = TableServer(
                Session.new(parse_seats(["human", "easy", "easy", "easy"]), seed=3), SLOW
            )
            await other.start(address.host, address.port)
            robot = remote_bot(address, 0, "easy", name="Robot")  # takes its only seat
            running = asyncio.ensure_future(robot.run())
            await wait_until(lambda: other.statuses()[0].player != "open", "Robot seated")
            await press(pilot, "j")
            await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
            assert app.network.left is None
            await press(pilot, "escape")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert _row(app)[0] is False
    finally:
        await server.close()
        if other is not None:
            await other.close()
            running.cancel()  # (the robot would keep trying the table closed)
            with contextlib.suppress(asyncio.CancelledError):
                await running
