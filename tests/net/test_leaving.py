"""Leaving a table mid-match from the table screen (q): the window says where the seat went and
how to come back, since the start screen it goes back to says nothing of the table (127.0.0.1,
a free port, bounded in time)."""

from __future__ import annotations

from pathlib import Path

from tests.support.net import serve, wait_until
from tests.support.screens import FAST, press, seated_at, wait_for
from tui.app import TarocchinoApp
from tui.screens.start import StartScreen


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
