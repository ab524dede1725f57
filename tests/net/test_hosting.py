"""Hosting a table from the game's start screen (127.0.0.1, a free port, bounded in time): the
notice gives the exact way to join it, with nothing to fill in but a name when only this
machine may join, and this machine's address on the network when the network may join too."""

from __future__ import annotations

from pathlib import Path

from net import addresses
from net.config import HostRequest
from net.server import TableServer
from table.session import parse_seats
from tests.support.screens import FAST, wait_for
from tui.app import TarocchinoApp
from tui.screens.start import StartScreen


async def test_hosting_for_this_machine_says_the_exact_address(tmp_path: Path) -> None:
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        seats = parse_seats(["human", "human", "easy", "easy"])
        await app.network.host(seats, None, 800, HostRequest(0, "127.0.0.1", None))
        server = app.network.server
        assert server is not None and server.doorway.addresses
        port = server.doorway.addresses[0][1]
        await wait_for(pilot, lambda: any("Hosting" in str(n.message) for n in app._notifications))
        notes = [str(n.message) for n in app._notifications]
        said = [n for n in notes if "Hosting" in n]
        assert said == [
            f"Hosting on port {port} (this machine): others join with `tarocchino "
            f"join 127.0.0.1:{port} --name NAME` (or Join a table, address "
            f"127.0.0.1:{port})."
        ], notes
        assert not [n for n in notes if "seed" in n]  # no seed: nothing to say of it
        await app.network.close()


async def test_hosting_a_seeded_table_says_its_deals_can_be_worked_out(tmp_path: Path) -> None:
    """A seat's state holds a one-way hash of the match's seed (its bot's decision seed): a
    small seed is found from it at once, and with it every deal. The host is told."""
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        seats = parse_seats(["human", "human", "easy", "easy"])
        await app.network.host(seats, 42, 800, HostRequest(0, "127.0.0.1", None))
        await wait_for(pilot, lambda: any("seed 42" in str(n.message) for n in app._notifications))
        said = next(str(n.message) for n in app._notifications if "seed 42" in str(n.message))
        assert "work out every hand" in said and "random" in said
        await app.network.close()


# ---------------------------------------------------------------------------------- hosting network
# Hosting a table for "my network too" from the start screen: the notice gives this machine's
# address on the network (not a HOST to fill in). The table here listens on 127.0.0.1 only (the test
# puts it there) on a free port, bounded in time.


LAN = "192.0.2.7"  # this machine's address on its network, as the test pretends


async def test_hosting_for_the_network_says_this_machines_address(
    tmp_path: Path, monkeypatch
) -> None:
    start = TableServer.start
    asked: list[str] = []

    async def on_the_loopback(
        self: TableServer, host: str = "127.0.0.1", port: int = 0, tls: object = None
    ) -> int:
        asked.append(host)
        return await start(self, "127.0.0.1", port, tls)  # type: ignore[arg-type]

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
        warned = [str(n.message) for n in app._notifications if n.severity == "warning"]
        assert warned == [
            "Without a password, anyone who can reach this machine over the network can take "
            "the open seats. Without TLS (a certificate in the Certificate field), everything, "
            "passwords "
            "included, crosses the network in clear: whoever can see the traffic (the same "
            "Wi-Fi, say) reads it."
        ]
        said = [str(n.message) for n in app._notifications if "Hosting" in str(n.message)]
        assert said == [
            f"Hosting on port {port} (your network): others join with `tarocchino "
            f"join {LAN}:{port} --name NAME` (or Join a table, address "
            f"{LAN}:{port})."
        ]
        await app.network.close()
