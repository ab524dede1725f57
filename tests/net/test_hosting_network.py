"""Hosting a table for "my network too" from the start screen: the notice gives this machine's
address on the network (not a HOST to fill in). The table here listens on 127.0.0.1 only (the
test puts it there) on a free port, bounded in time."""

from __future__ import annotations

from pathlib import Path

from net import addresses
from net.config import HostRequest
from net.server import TableServer
from table.session import parse_seats
from tests.support.screens import FAST, wait_for
from tui.app import TarocchinoApp
from tui.screens.start import StartScreen

LAN = "192.0.2.7"  # this machine's address on its network, as the test pretends


async def test_hosting_for_the_network_says_this_machines_address(
    tmp_path: Path, monkeypatch
) -> None:
    start = TableServer.start
    asked: list[str] = []

    async def on_the_loopback(self: TableServer, host: str = "127.0.0.1", port: int = 0) -> int:
        asked.append(host)
        return await start(self, "127.0.0.1", port)

    monkeypatch.setattr(TableServer, "start", on_the_loopback)
    monkeypatch.setattr(addresses, "this_machines", lambda **_: [LAN])
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        seats = parse_seats(["human", "human", "easy", "easy"])
        await app.network.host(seats, None, 800, HostRequest(0, "0.0.0.0", None))
        server = app.network.server
        assert asked == ["0.0.0.0"] and server is not None and server.doorway.addresses
        port = server.doorway.addresses[0][1]
        await wait_for(pilot, lambda: any("Hosting" in str(n.message) for n in app._notifications))
        said = [str(n.message) for n in app._notifications if "Hosting" in str(n.message)]
        assert said == [
            f"Hosting on port {port} (your network): others join with `tarocchino "
            f"join {LAN}:{port} --name NAME` (or Join a table, address "
            f"{LAN}:{port})."
        ]
        warned = [str(n.message) for n in app._notifications if n.severity == "warning"]
        assert warned == [
            "Without a password, anyone who can reach this machine over the network can take "
            "the open seats. Without TLS (tarocchino host --cert), everything, passwords "
            "included, crosses the network in clear: whoever can see the traffic (the same "
            "Wi-Fi, say) reads it."
        ]
        await app.network.close()
