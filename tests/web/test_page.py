"""The page `tarocchino web` serves, and how it stops. The page's terminal font is served by the
game itself: textual-serve's page asked Google's font service for it, a request to another site
from every browser that opened the game, and on a network without the internet a browser fell
back to whatever font it had. A page put away closes its socket (its game ran on for minutes in
a browser that kept the page to come back to). Serving stops at once with tabs open: before,
aiohttp waited a minute for the open tabs before Ctrl+C took effect. Served on 127.0.0.1 with a
port the OS chooses."""

from __future__ import annotations

import asyncio
import gc
import shlex
import sys
from pathlib import Path

import aiohttp
from aiohttp import WSCloseCode, WSMsgType
from aiohttp.test_utils import TestServer

from web.door import BrowserServer, own_page

LIMIT_S = 20


async def test_the_page_s_font_comes_from_the_game_not_from_another_site() -> None:
    server = BrowserServer("true", host="127.0.0.1", port=0, key=None)
    test = TestServer(await server._make_app(), host="127.0.0.1")
    await test.start_server()
    try:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=LIMIT_S)) as http:
            base = f"http://127.0.0.1:{test.port}"
            async with http.get(f"{base}/") as answer:
                page = await answer.text()
            assert "googleapis" not in page and "https://" not in page
            assert page.count("@font-face") == 2
            fonts = [part.split('"')[0] for part in page.split('src: url("')[1:]]
            assert len(fonts) == 2
            for font in fonts:
                assert font.startswith(f"{base}/static/fonts/RobotoMono-")
                async with http.get(font) as answer:
                    assert answer.status == 200 and len(await answer.read()) > 100_000
            # the terminals start once the font is there (textual.js starts them on load), and
            # a page put away closes its socket (textual.js opens it on load too)
            assert page.index("js/textual.js") < page.index("const start = window.onload")
            assert page.index("js/textual.js") < page.index("window.WebSocket = class")
            assert 'addEventListener("pagehide"' in page
    finally:
        await test.close()


def test_a_page_that_asks_nothing_of_google_is_left_as_it_is() -> None:
    page = '<html><head><script src="x/js/textual.js"></script></head></html>'
    assert own_page(page) == page


async def test_serving_stops_at_once_with_a_tab_open(tmp_path: Path) -> None:
    """The server stops: its tab is closed (going away) and its game told to end, not waited
    for; the game here ends when it reads the quit textual-serve sends it."""
    ended = tmp_path / "ended"
    code = f"import sys; sys.stdin.buffer.read(1); open({str(ended)!r}, 'w').write('')"
    server = BrowserServer(
        f"{shlex.quote(sys.executable)} -c {shlex.quote(code)}", host="127.0.0.1", port=0, key=None
    )
    test = TestServer(await server._make_app(), host="127.0.0.1")
    await test.start_server()
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=LIMIT_S)) as http:
        base = f"127.0.0.1:{test.port}"
        async with http.get(f"http://{base}/") as answer:
            assert answer.status == 200
        socket = await http.ws_connect(f"ws://{base}/ws")
        for _ in range(200):
            if server.sockets:
                break
            await asyncio.sleep(0.05)
        stopping = asyncio.ensure_future(test.close())
        message = await socket.receive(timeout=LIMIT_S)  # before: nothing for a minute
        assert message.type == WSMsgType.CLOSE and message.data == WSCloseCode.GOING_AWAY
        await asyncio.wait_for(stopping, LIMIT_S)
    gc.collect()
    for _ in range(200):  # the tab's game was told to end
        if ended.exists():
            break
        await asyncio.sleep(0.05)
    assert ended.exists()
    assert not server.sockets
