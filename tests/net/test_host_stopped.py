"""The host stops the table: each seat is told so in plain words, once; a person waiting for
another whose turn limit counts down sees no countdown while the table cannot be reached, and
"Cannot reach the table" goes once the host starts again (127.0.0.1, a free port)."""

from __future__ import annotations

import asyncio
import dataclasses
import re
import time
from pathlib import Path

from net import protocol as p
from net.client import JoinRequest, TableClient, closing_words
from net.server import TableServer
from tests.support.deals import seed_dealer
from tests.support.net import FAST as NET_FAST
from tests.support.net import LIMIT_S, RawClient, run_until, serve, wait_until
from tests.support.screens import FAST, at_table, wait_for
from tests.support.screens import idle as settled
from tui.app import TarocchinoApp
from tui.screens.start import StartScreen


async def _idle(client: RawClient) -> None:
    while await client.receive() is not None:
        pass


async def test_no_countdown_while_the_table_is_out_of_reach(tmp_path: Path) -> None:
    """Bea's window reads the countdown on a clock the test turns forward (no waiting for
    Carla's time to run out) and looks at it when told (as it does every half second)."""
    config = dataclasses.replace(NET_FAST, turn_limit_s=60.0, stand_in="easy", away_timeout_s=600)
    seed = seed_dealer(2)  # Carla deals: her discard is the first decision waited for
    server, address = await serve(["easy", "human", "human", "easy"], seed=seed, config=config)
    carla = await RawClient.connect(address)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    again: TableServer | None = None
    seen: list[str] = []
    ahead = 0.0  # how far Bea's clock is turned forward
    try:
        await carla.hello("Carla", seat=2)
        idle = asyncio.ensure_future(_idle(carla))
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            table = await at_table(pilot, app, JoinRequest(address, "Bea", 1))
            session = app.network.session
            assert session is not None
            session.clock = lambda: time.monotonic() + ahead

            def status() -> str:
                found = table.query("#status")  # (none until the table is composed)
                text = found.first().text.plain if found else ""
                if not seen or seen[-1] != text:
                    seen.append(text)
                return text

            async def looked_at() -> str:
                """The countdown looked at now, and the status line as then drawn."""
                app.network._tick()
                await settled(pilot)
                return status()

            # Carla (idle) is waited for, ten seconds before her time runs out
            await run_until(pilot, lambda: (session.time_left() or (None,))[0] == 2)
            ahead = session.time_left()[1] - 10
            await looked_at()  # (drawn at once, or at the next look under load)
            await run_until(pilot, lambda: re.match(r"Waiting for Carla: \d+ s left", status()))
            await server.close()
            await run_until(pilot, lambda: "Cannot reach the table" in status())
            out_of_reach = len(seen)
            ahead += 30  # past the moment Carla's time would have run out: nothing counted
            assert "Cannot reach the table" in await looked_at()
            assert not any(" s left" in text for text in seen[out_of_reach - 1 :]), seen
            # the host starts again with the same table: Bea is back, and told so
            claimed = [s.claim for s in server.seats]
            again = TableServer(server.session, config, claimed=claimed)
            await again.start("127.0.0.1", address.port)
            await run_until(
                pilot,
                lambda: (
                    session.client.connected
                    and session.state is not None
                    and again is not None
                    and again.seats[1].conn is not None
                ),
            )
            assert "Cannot reach the table" not in await looked_at(), seen
        idle.cancel()
    finally:
        await carla.close()
        await server.close()
        if again is not None:
            await again.close()


def test_the_words_say_it_once() -> None:
    assert closing_words(p.STOPPED) == "the host stopped the table"
    assert closing_words("something new") == "the host stopped the table"
    assert closing_words(p.OVER) == "the host stopped the table (the match is over)"


async def test_a_seat_hears_that_the_host_stopped_the_table() -> None:
    server, address = await serve(["human", "easy", "easy", "easy"])
    said: list[str] = []
    client = TableClient(
        address, "Anna", lambda message: None, seat=0, on_status=said.append, retry_for_s=0.5
    )
    running = asyncio.ensure_future(client.run())
    try:
        await wait_until(lambda: client.connected, "Anna to join")
        await server.close()
        await wait_until(lambda: any("stopped" in s for s in said), "the word of the host")
    finally:
        await client.close()
        await asyncio.wait_for(running, LIMIT_S)
        await server.close()
    stopped = [s for s in said if "stopped" in s]
    assert stopped == ["the host stopped the table"], said
