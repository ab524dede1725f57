"""`tarocchino join` refused as every command refuses: options that mean nothing together (a
person's --delay, a bot's --ascii), a table that says no (a wrong password, a full table: status
2, nothing was done), something that is no table at all (a web page, another program: said at
once in words, status 1), each in one line `tarocchino join: error: ...` (loopback only, ports
from the system, bounded in time and messages)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest
from aiohttp import web

from cli.main import main
from net.client import Address, TableClient
from net.config import TableConfig
from tests.support.net import LIMIT_S, serve
from tests.support.screens import idle


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["--name", "Anna", "--delay", "1"],
            "--delay is for a bot's seat (with --bot): leave it out to play yourself",
        ),
        (
            ["--bot", "easy", "--ascii", "--retry-for", "0"],
            "--ascii is for a person's table: a bot's seat (--bot) shows no cards",
        ),
    ],
)
def test_options_that_mean_nothing_together_are_refused(
    argv: list[str], said: str, capsys, tmp_path, monkeypatch
) -> None:
    import tui.app

    class NoGame:  # a person's table that opened would fail the test (not wait for keys)
        def __init__(self, **kwargs: object) -> None:
            pytest.fail("the table opened")

    monkeypatch.setattr(tui.app, "TarocchinoApp", NoGame)
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    assert main(["join", "127.0.0.1:9", *argv]) == 2
    assert capsys.readouterr().err == f"tarocchino join: error: {said}\n"
    assert list(tmp_path.iterdir()) == []  # nothing was done


async def _join(address: Address, data: Path, *argv: str) -> tuple[int, str, str]:
    """`tarocchino join ADDRESS --bot easy ...` in a process of its own: status, out, err."""
    env = dict(os.environ, TAROCCHINO_DATA_DIR=str(data))
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "cli.main",
        "join",
        str(address),
        "--bot",
        "easy",
        "--delay",
        "0",
        *argv,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(), LIMIT_S)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    return process.returncode, out.decode(), err.decode()


async def test_a_table_that_says_no_is_status_2_in_one_line(tmp_path: Path) -> None:
    server, address = await serve(
        ["human", "easy", "easy", "easy"],
        config=TableConfig(password="secret", bot_delay_s=0, trick_pause_s=0, heartbeat_s=0),
    )
    try:
        status, _, err = await _join(address, tmp_path / "a", "--name", "Anna", "--password", "no")
        assert (status, err) == (2, "tarocchino join: error: wrong password\n")
        status, _, err = await _join(address, tmp_path / "a", "--name", "Anna")
        assert status == 2
        assert err == "tarocchino join: error: this table needs a password (--password)\n"
    finally:
        await server.close()


async def _web_page(port_of: list[int]) -> web.AppRunner:
    """A web server on 127.0.0.1 that answers every page (no table)."""

    async def page(request: web.Request) -> web.Response:
        return web.Response(text="hello")

    app = web.Application()
    app.router.add_get("/", page)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port_of.append(site._server.sockets[0].getsockname()[1])  # type: ignore[union-attr]
    return runner


async def _another_program(port_of: list[int]) -> asyncio.Server:
    """A program on 127.0.0.1 that says its own greeting and hangs up (no web server)."""

    async def greet(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"SSH-2.0-OpenSSH_9.6\r\n")
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(greet, "127.0.0.1", 0)
    port_of.append(server.sockets[0].getsockname()[1])
    return server


@pytest.mark.parametrize(
    ("other", "said"),
    [
        (_web_page, "is not a Tarocchino table: it answered with a web page (is the port right?)"),
        (_another_program, "is not a Tarocchino table: what answers there is no web server"),
    ],
)
async def test_what_is_no_table_is_said_at_once_in_words(other, said: str, tmp_path: Path) -> None:
    port_of: list[int] = []
    running = await other(port_of)
    address = Address("127.0.0.1", port_of[0])
    try:
        told: list[str] = []
        client = TableClient(
            address, "Anna", lambda message: None, on_status=told.append, retry_for_s=LIMIT_S
        )
        refused = await asyncio.wait_for(client.run(), LIMIT_S)
        assert refused is not None and refused.message == f"{address} {said}"
        assert told == [refused.message]  # not tried again and again: a wrong port stays wrong
        status, _, err = await _join(address, tmp_path, "--name", "Robot")
        assert (status, err) == (1, f"tarocchino join: error: {address} {said}\n")
    finally:
        if isinstance(running, web.AppRunner):
            await running.cleanup()
        else:
            running.close()
            await running.wait_closed()


async def test_the_join_dialog_says_what_is_no_table_at_once(tmp_path: Path) -> None:
    """A person who joins a web page's port gets the join dialog back at once, with the reason
    in one sentence (not tried again and again meanwhile)."""
    from textual.widgets import Static

    from net.client import JoinRequest
    from tests.support.screens import FAST, wait_for
    from tui.app import TarocchinoApp
    from tui.screens.network import JoinScreen
    from tui.screens.start import StartScreen

    port_of: list[int] = []
    running = await _web_page(port_of)
    address = Address("127.0.0.1", port_of[0])
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            app.join_table(JoinRequest(address, "Anna"))
            await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
            await idle(pilot)
            said = str(app.screen.query_one("#net-error", Static).render())
            assert said == (
                f"{address} is not a Tarocchino table: it answered with a web page "
                "(is the port right?)."
            )
            assert not [n for n in app._notifications if "trying again" in str(n.message)]
    finally:
        await running.cleanup()
