"""Helpers of the `tarocchino web` tests: tabs opened against a BrowserServer served on
127.0.0.1 (a port the OS chooses), each tab's game a one-line recorder of its environment."""

from __future__ import annotations

import asyncio
import gc
import shlex
import sys
from pathlib import Path

import aiohttp
from aiohttp.test_utils import TestServer

from web.door import BrowserServer

LIMIT_S = 20


def recorder(out: Path, variable: str) -> str:
    """A tab's game that writes down one variable of its environment ('-' if unset), then ends."""
    code = f"import os; open({str(out)!r}, 'a').write(os.environ.get({variable!r}, '-') + chr(10))"
    return f"{shlex.quote(sys.executable)} -c {shlex.quote(code)}"


async def open_tabs(
    server: BrowserServer, out: Path, plan: list[tuple[int, bool]], key: str | None = None
) -> list[str]:
    """Open a tab for each (browser 0 or 1, the page first?) of ``plan`` in turn; what each
    tab's game wrote in ``out`` (its server's command is a :func:`recorder`)."""
    test = TestServer(await server._make_app(), host="127.0.0.1")
    await test.start_server()
    timeout = aiohttp.ClientTimeout(total=LIMIT_S)
    jars = [aiohttp.CookieJar(unsafe=True) for _ in range(2)]
    page = "/" if key is None else f"/?key={key}"
    try:
        for count, (browser, first) in enumerate(plan, start=1):
            async with aiohttp.ClientSession(timeout=timeout, cookie_jar=jars[browser]) as http:
                base = f"127.0.0.1:{test.port}"
                if first:
                    async with http.get(f"http://{base}{page}") as answer:
                        assert answer.status == 200
                async with http.ws_connect(f"ws://{base}/ws") as ws:
                    for _ in range(200):  # the game writes its line and ends
                        if out.exists() and len(out.read_text().splitlines()) >= count:
                            break
                        await asyncio.sleep(0.1)
                    await ws.close()
    finally:
        await test.close()
        gc.collect()  # the tabs' finished processes let go while their loop still runs
    return out.read_text().splitlines()
