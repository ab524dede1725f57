"""`tarocchino web`'s door (web/door.py): pages and tabs for this machine's own addresses
or, served to a network, for the address with its key; a tab only from the game's own page; sane
sizes; a bounded number of games. Served on 127.0.0.1 with a port the OS chooses."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
from aiohttp.test_utils import TestServer

from cli import web
from net.addresses import this_machine_only
from web.door import MAX_TABS, BrowserServer

LIMIT_S = 20
Http = aiohttp.ClientSession


@asynccontextmanager
async def served(key: str | None) -> AsyncIterator[tuple[BrowserServer, str, Http]]:
    server = BrowserServer("true", host="127.0.0.1", port=0, key=key)  # a tab's game: `true`
    test = TestServer(await server._make_app(), host="127.0.0.1")
    await test.start_server()
    try:
        async with Http(
            timeout=aiohttp.ClientTimeout(total=LIMIT_S), cookie_jar=aiohttp.CookieJar(unsafe=True)
        ) as http:
            yield server, f"127.0.0.1:{test.port}", http
        await _games_ended(server)
    finally:
        await test.close()


async def _games_ended(server: BrowserServer) -> None:
    """Wait (up to 20 s) for the tabs just closed to end their games."""
    for _ in range(200):
        if server.tabs == 0:
            return
        await asyncio.sleep(0.1)


async def _status(http: aiohttp.ClientSession, url: str, **headers: str) -> tuple[int, str]:
    async with http.get(url, headers=headers) as answer:
        return answer.status, await answer.text()


async def _tab(http: aiohttp.ClientSession, url: str, **headers: str) -> int:
    try:
        async with http.ws_connect(url, headers=headers) as ws:
            await ws.close()
            return 101
    except aiohttp.WSServerHandshakeError as refused:
        return refused.status


async def test_this_machine_only_without_a_key() -> None:
    async with served(None) as (_server, where, http):
        status, page = await _status(http, f"http://{where}/")
        assert status == 200
        assert f'data-session-websocket-url="ws://{where}/ws"' in page  # where the browser went
        assert f'src="http://{where}/static/js/textual.js"' in page
        for name in ("localhost:80", "127.0.0.2:7880", "[::1]:7880", "LOCALHOST"):
            assert (await _status(http, f"http://{where}/", Host=name))[0] == 200
        # a name of somebody else's that points here (DNS rebinding) opens nothing
        status, said = await _status(http, f"http://{where}/", Host="evil.example:80")
        assert status == 403 and "this machine only" in said
        assert await _tab(http, f"ws://{where}/ws", Host="evil.example") == 403
        # another site's page in the same browser cannot open a tab
        assert await _tab(http, f"ws://{where}/ws", Origin="http://evil.example") == 403
        assert (
            await _tab(http, f"ws://{where}/ws?width=80&height=24", Origin=f"http://{where}") == 101
        )


async def test_a_network_needs_the_key_which_the_page_hands_its_tab() -> None:
    async with served("s3cret-key") as (server, where, http):
        status, said = await _status(http, f"http://{where}/")
        assert status == 403 and "needs its key" in said
        assert (await _status(http, f"http://{where}/?key=guess"))[0] == 403
        assert await _tab(http, f"ws://{where}/ws") == 403  # no cookie yet
        assert (await _status(http, f"http://{where}/static/js/textual.js"))[0] == 200
        status, page = await _status(http, f"http://{where}/?key=s3cret-key", Host="192.0.2.7:7880")
        assert status == 200 and 'data-session-websocket-url="ws://192.0.2.7:7880/ws"' in page
        assert "s3cret-key" not in page
        cookie = http.cookie_jar.filter_cookies(aiohttp.client.URL(f"http://{where}/"))
        assert cookie[server.cookie].value == "s3cret-key"
        assert await _tab(http, f"ws://{where}/ws", Origin=f"http://{where}") == 101
        assert await _tab(http, f"ws://{where}/ws", Origin="http://evil.example") == 403


async def test_sizes_and_the_number_of_games_are_bounded() -> None:
    async with served(None) as (server, where, http):
        for query in ("width=1000000000&height=24", "width=80&height=-3", "width=x&height=9"):
            assert await _tab(http, f"ws://{where}/ws?{query}") == 400
        assert await _tab(http, f"ws://{where}/ws?width=1&height=1") == 101  # the too-small page
        await _games_ended(server)
        server.tabs = MAX_TABS
        for page in ("/", "/ws"):
            status, said = await _status(http, f"http://{where}{page}")
            assert status == 503 and "close a tab" in said
        server.tabs = 0
        status, page = await _status(http, f"http://{where}/?fontsize=999999")
        assert 'data-font-size="16"' in page


def test_served_to_a_network_it_says_the_addresses_with_the_key(monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(
        web, "for_others", lambda bind: ["192.0.2.7"] if bind == "0.0.0.0" else [bind]
    )
    lines = web.where_to_go("0.0.0.0", 7880, "K3y")
    assert "anyone with the address and its key" in lines[0]
    assert lines[1:] == ["    http://127.0.0.1:7880/?key=K3y", "    http://192.0.2.7:7880/?key=K3y"]
    assert web.where_to_go("fe80::1", 7880, "K3y")[1:] == ["    http://[fe80::1]:7880/?key=K3y"]
    assert web.where_to_go("127.0.0.1", 7880, None) == [
        "Open http://127.0.0.1:7880 in a browser on this machine (Ctrl+C stops serving)."
    ]
    assert all(map(this_machine_only, ("127.0.0.1", "::1", "localhost")))
    assert not this_machine_only("0.0.0.0") and not this_machine_only("192.0.2.7")


def test_it_says_where_to_go_and_nothing_else(tmp_path: Path) -> None:
    env = {**os.environ, "TAROCCHINO_DATA_DIR": str(tmp_path)}
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    served = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "web", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        stdin=subprocess.DEVNULL,
        env=env,
    )
    try:
        assert served.stdout is not None
        said = served.stdout.readline()
        for _ in range(200):  # up to 20 s for the server to listen
            with socket.socket() as knock:
                if knock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
    finally:
        served.send_signal(signal.SIGINT)
        out, err = served.communicate(timeout=LIMIT_S)
    assert (
        said == f"Open http://127.0.0.1:{port} in a browser on this machine (Ctrl+C stops "
        "serving).\n"
    )
    assert out == "" and "textual" not in err.lower()  # no banner, no log of each page
