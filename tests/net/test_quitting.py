"""Quitting the game (Ctrl+Q) while seated at a table tells the table first, as leaving with q
does: the stand-in takes the seat at once, and the others do not wait for the away timeout
(127.0.0.1, a free port, bounded in time)."""

from __future__ import annotations

from pathlib import Path

from net.client import JoinRequest
from tests.support.net import serve, wait_until
from tests.support.screens import FAST, wait_for
from tui.app import TarocchinoApp
from tui.screens.start import StartScreen


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
            await pilot.press("ctrl+q")
        await wait_until(lambda: server.seats[0].conn is None, "Anna's connection to end")
        assert server.seats[0].left and server.seats[0].stand_in  # left, not dropped
    finally:
        await server.close()
