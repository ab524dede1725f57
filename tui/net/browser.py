"""The game in a browser (`tarocchino web`): textual-serve runs one game process for each tab;
this module guards the door. A page and its tab open only for this machine's own addresses, or,
when the game is served to a network, for whoever has the address with its key (the page keeps
it in a cookie for its tab's socket); a tab's socket comes only from this game's own page (not
from another site a browser happens to show); a tab asks for a sane terminal size, and keeps to
one when it resizes; a message that is not one a page sends is passed over; and there are at most
:data:`MAX_TABS` games running at once. Each browser is told apart by a cookie of its own, which
its tabs' games are given: the seats a browser takes at a table are kept for it alone. Served to
a network, a browser on another machine plays in a data directory of its own (its saves, past
matches, statistics and settings), never in the host's."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import re
import secrets
import shutil
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from game.files import private_folders
from tui.net.addresses import this_machine_only
from tui.net.client import BROWSER_ENV, BROWSER_NAME
from tui.settings import DATA_DIR_ENV

MAX_TABS = 8  # games running at once (each is a process of its own)
BROWSERS = "browsers"  # under the host's data directory: one directory per browser elsewhere
BROWSER_COOKIE_S = 365 * 24 * 3600  # how long a browser keeps the name it is given
SIZES = {"width": (1, 1000), "height": (1, 500)}  # a tab's terminal, columns and rows
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def new_key() -> str:
    """The key a network's browsers need (128 bits, for the address bar)."""
    return secrets.token_urlsafe(16)


class BrowserServer(Server):
    """textual-serve's server with a door: ``key`` None serves this machine only (a page asked
    for by another name, a DNS rebinding, is refused); with a key, every page and tab needs it.
    ``home`` is the host's data directory: with a key, the tabs of a browser on another machine
    play in a directory of their own under it (:meth:`directory_for`)."""

    def __init__(
        self, command: str, *, host: str, port: int, key: str | None, home: Path | None = None
    ) -> None:
        super().__init__(command, host=host, port=port, title="Tarocchino")
        self.key = key
        self.home = home
        self.cookie = f"tarocchino_key_{port}"  # cookies are a host's, whatever the port
        self.browser_cookie = f"tarocchino_browser_{port}"
        self.tabs = 0

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._door)
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: `tarocchino web` has said where to go."""

    def initialize_logging(self) -> None:
        """Only what goes wrong is said (not every page and tab served)."""
        logging.basicConfig(level=logging.WARNING, format="tarocchino web: %(message)s")

    @web.middleware
    async def _door(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path.startswith("/static/"):
            return await handler(request)  # the page's scripts and styles: nothing of yours
        refusal = self.refusal(request)
        if refusal:
            return web.Response(status=403, text=f"Tarocchino: {refusal}\n")
        if request.path in ("/", "/ws") and self.tabs >= MAX_TABS:
            return web.Response(status=503, text=f"Tarocchino: {MAX_TABS} games are running "
                                                 "here already; close a tab and try again.\n")
        if request.path != "/ws":
            response = await handler(request)
            if request.path == "/":
                self._give_cookies(request, response)
            return response
        size = _size_problem(request)
        if size:
            return web.Response(status=400, text=f"Tarocchino: {size}\n")
        self.tabs += 1
        try:
            return await handler(request)
        finally:
            self.tabs -= 1

    def _give_cookies(self, request: web.Request, response: web.StreamResponse) -> None:
        """The page's cookies: the key (for its tab's socket), and the browser's own name, given
        once and kept (a year) so that a tab reloaded finds its seat again."""
        if self.key is not None:
            response.set_cookie(self.cookie, self.key, httponly=True, samesite="Strict")
        if self.browser_of(request) is None:
            response.set_cookie(self.browser_cookie, secrets.token_urlsafe(24), httponly=True,
                                samesite="Strict", max_age=BROWSER_COOKIE_S)  # fmt: skip

    def browser_of(self, request: web.Request) -> str | None:
        """The name this browser was given (None if it brings none, or not one of ours)."""
        given = request.cookies.get(self.browser_cookie, "")
        return given if BROWSER_NAME.fullmatch(given) else None

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab: its game in a process of its own, told which browser it plays for, its
        messages checked (:meth:`_process_messages`) until the tab or the game closes."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width, height = (int(request.query.get(what) or default)
                         for what, default in (("width", 80), ("height", 24)))  # fmt: skip
        service: TabService | None = None
        browser = self.browser_of(request)
        directory, throwaway = self.directory_for(browser, self.from_this_machine(request))
        try:
            await websocket.prepare(request)
            if directory is not None:  # browsers/ and the browser's own: the host's alone
                private_folders(directory)
            service = TabService(
                self.command, browser, directory, write_bytes=websocket.send_bytes,
                write_str=websocket.send_str, close=websocket.close,
                download_manager=self.download_manager)  # fmt: skip
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:  # a tab's game gone wrong ends that tab only
            logging.getLogger("textual-serve").exception("a tab's game failed")
        finally:
            if service is not None:
                await service.stop()
            if throwaway and directory is not None:
                shutil.rmtree(directory, ignore_errors=True)
        return websocket

    def from_this_machine(self, request: web.Request) -> bool:
        """Whether the tab's browser runs on this machine (it came through a loopback address)."""
        return this_machine_only(request.remote or "")

    def directory_for(self, browser: str | None, this_machine: bool) -> tuple[Path | None, bool]:
        """The data directory a tab's game plays in, and whether it goes when the tab closes.
        None (the host's own) when the game is served to this machine only, or to a browser on
        it; a browser elsewhere keeps one of its own under ``home``/browsers, named by a digest
        of its name; a tab that brings no name gets a new one, removed when it closes."""
        if self.key is None or this_machine or self.home is None:
            return None, False
        folder = Path(self.home) / BROWSERS
        if browser is None:
            private_folders(folder)
            return Path(tempfile.mkdtemp(prefix="tab-", dir=folder)), True
        return folder / hashlib.sha256(browser.encode()).hexdigest()[:32], False

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """A tab's messages to its game (textual-serve's loop), each checked first: keys as
        text, a resize kept within :data:`SIZES`; anything else a page never sends is passed
        over rather than ending the game."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            kind, data = _envelope(message.data)
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and (size := _resized(data)) is not None:
                await app_service.set_terminal_size(*size)
            elif kind == "ping" and isinstance(data, str | int | float):
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    def refusal(self, request: web.Request) -> str | None:
        """Why this request may not open a page or a tab; None when it may."""
        host = request.headers.get("Host", "")
        if not _HOST.match(host):
            return "this address is not one the game is served at."
        if self.key is None and not this_machine_only(_name_of(host)):
            return "the game is served to this machine only (open http://127.0.0.1)."
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc.lower() != host.lower():
            return "a tab opens only from the game's own page."
        if self.key is not None and not self.has_key(request):
            return "this game needs its key: open the address `tarocchino web` printed."
        return None

    def has_key(self, request: web.Request) -> bool:
        """The page is asked for with the key; its tab's socket brings it in the cookie."""
        if request.path == "/":
            given = request.query.get("key")
        else:
            given = request.cookies.get(self.cookie)
        return given is not None and hmac.compare_digest(given.encode(), str(self.key).encode())

    @aiohttp_jinja2.template("app_index.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        """The page, its scripts and its socket at the address the browser used (the bound
        address, 0.0.0.0 say, is no address for a browser)."""
        base = f"{request.scheme}://{request.headers['Host']}"
        socket = ("wss" if request.scheme == "https" else "ws") + base[base.index(":"):]
        return {
            "font_size": _whole(request.query.get("fontsize", ""), 16, 6, 64),
            "app_websocket_url": f"{socket}/ws",
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": self.title},
        }


class TabService(AppService):
    """One tab's game process, with the name of the browser it plays for in its environment,
    and the data directory it plays in when that is not the host's (``directory``)."""

    def __init__(
        self, command: str, browser: str | None, directory: Path | None = None, **kwargs: Any
    ) -> None:
        super().__init__(command, **kwargs)
        self.browser = browser
        self.directory = directory

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment.pop(BROWSER_ENV, None)
        if self.browser is not None:
            environment[BROWSER_ENV] = self.browser
        if self.directory is not None:
            environment[DATA_DIR_ENV] = str(self.directory)
        return environment


def _name_of(host: str) -> str:
    """The host name of a Host header, without its port or brackets."""
    if host.startswith("["):
        return host[1:host.index("]")].lower()
    return host.rsplit(":", 1)[0].lower() if ":" in host else host.lower()


def _whole(text: str, default: int, lo: int, hi: int) -> int:
    return int(text) if text.isdigit() and lo <= int(text) <= hi else default


def _envelope(text: str) -> tuple[str | None, Any]:
    """A page's message, ``["kind", data]``, as (kind, data); (None, None) when it is not one."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None, None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None, None
    return envelope[0], envelope[1] if len(envelope) > 1 else None


def _resized(data: Any) -> tuple[int, int] | None:
    """A resize's columns and rows, each brought within :data:`SIZES`; None if not numbers."""
    if not isinstance(data, dict):
        return None
    size = []
    for what, (lo, hi) in SIZES.items():
        value = data.get(what)
        if isinstance(value, bool) or not isinstance(value, int):
            return None
        size.append(min(max(value, lo), hi))
    return size[0], size[1]


def _size_problem(request: web.Request) -> str | None:
    for what, (lo, hi) in SIZES.items():
        text = request.query.get(what, "")
        if text and not (text.isdigit() and lo <= int(text) <= hi):
            return f"a tab's {what} must be from {lo} to {hi}."
    return None
