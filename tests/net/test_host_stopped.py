"""The host stops while a person waits for another one whose turn limit is counting down, then
starts again (127.0.0.1, a free port, bounded in time): while the table cannot be reached the
status line says so and counts nothing down (no "0 s left, then the bot decides" that nobody
can carry out); reached again, "Cannot reach the table" is gone from it."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from pathlib import Path

from net.client import JoinRequest
from net.server import TableServer
from tests.support.net import FAST as NET_FAST
from tests.support.net import LIMIT_S, RawClient, serve
from tests.support.screens import FAST, at_table, wait_for
from tui.app import TarocchinoApp
from tui.screens.start import StartScreen


async def _idle(client: RawClient) -> None:
    while await client.receive() is not None:
        pass


async def test_no_countdown_while_the_table_is_out_of_reach(tmp_path: Path) -> None:
    config = dataclasses.replace(NET_FAST, turn_limit_s=6.0, stand_in="easy", away_timeout_s=60)
    server, address = await serve(["easy", "human", "human", "easy"], seed=3, config=config)
    carla = await RawClient.connect(address)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    again: TableServer | None = None
    seen: list[str] = []
    try:
        await carla.hello("Carla", seat=2)
        idle = asyncio.ensure_future(_idle(carla))
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            table = await at_table(pilot, app, JoinRequest(address, "Bea", 1))
            session = app.network.session
            assert session is not None

            def status() -> str:
                found = table.query("#status")  # (none until the table is composed)
                text = found.first().text.plain if found else ""
                if not seen or seen[-1] != text:
                    seen.append(text)
                return text

            async def until(condition) -> None:  # noqa: ANN001
                deadline = time.monotonic() + LIMIT_S
                while not condition():
                    assert time.monotonic() < deadline, f"never: {seen[-3:]}"
                    await pilot.pause(0.01)

            # Carla (idle) is waited for: Bea's table counts down her time
            await until(lambda: status().startswith("Waiting for Carla: "))
            due = session.time_left()
            assert due is not None and due[0] == 2
            await server.close()
            await until(lambda: "Cannot reach the table" in status())
            out_of_reach = len(seen)
            # past the moment Carla's time would have run out: still nothing counted down
            after = time.monotonic() + due[1] + 0.5
            await until(lambda: status() and time.monotonic() > after)
            assert not any(" s left" in text for text in seen[out_of_reach - 1 :]), seen
            # the host starts again with the same table: Bea is back, and told so
            claimed = [s.claim for s in server.seats]
            again = TableServer(server.session, config, claimed=claimed)
            await again.start("127.0.0.1", address.port)
            await until(
                lambda: (
                    session.client.connected
                    and session.state is not None
                    and again is not None
                    and again.seats[1].conn is not None
                )
            )
            for _ in range(5):
                await pilot.pause(0.02)
            assert "Cannot reach the table" not in status(), seen
        idle.cancel()
    finally:
        await carla.close()
        await server.close()
        if again is not None:
            await again.close()
