"""The game in a browser (`tarocchino web`): textual-serve runs one game process for each tab;
this module guards the door. A page and its tab open only for this machine's own addresses, or,
when the game is served to a network, for whoever has the address with its key (the page keeps
it in a cookie for its tab's socket); a tab's socket comes only from this game's own page (not
from another site a browser happens to show); a tab asks for a sane terminal size, and keeps to
one when it resizes; a message that is not one a page sends is passed over; and there are at most
:data:`MAX_TABS` games running at once. Each browser is told apart by a cookie of its own, which
its tabs' games are given: the seats a browser takes at a table are kept for it alone. Served to
a network, a browser on another machine plays in a data directory of its own (its saves, past
matches, statistics and settings), never in the host's; one that holds nothing worth keeping
goes when the browser's last tab closes, the host lists and removes the others (`tarocchino web
--browsers`), and there are at most :data:`MAX_BROWSERS`."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import re
import secrets
import signal
import ssl
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from game.files import FileReadError, loads, private_folders
from net.addresses import this_machine_only
from net.client import BROWSER_ENV, BROWSER_NAME
from store.lock import RETRIES
from store.settings import DATA_DIR_ENV
from text.language import _
from web.browsers import (
    BROWSERS,
    MAX_BROWSERS,
    BrowserInUse,
    InUse,
    browser_directory,
    count_browsers,
    game_plays,
    holds_nothing,
    remove_unless_used,
    sweep,
)

MAX_TABS = 8  # games running at once (each is a process of its own)
LEAVE_TRIES = 100  # looks, 0.1 s apart, for a closed tab's game to let its directory go
FULL_TOLD_EVERY_S = 60.0  # the host is told that browsers are turned away at most this often
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
        self,
        command: str,
        *,
        host: str | list[str],
        port: int,
        key: str | None,
        home: Path | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        # textual-serve says a host is a str; it hands it to aiohttp's run_app, which listens
        # on each of a list too (:: as IPv4 and IPv6 alike: net.addresses.listen_hosts)
        super().__init__(command, host=host, port=port, title="Tarocchino")  # type: ignore[arg-type]
        self.key = key
        self.home = home
        self.tls = tls  # served over TLS (https://, wss://) with this context, or not
        self.cookie = f"tarocchino_key_{port}"  # cookies are a host's, whatever the port
        self.browser_cookie = f"tarocchino_browser_{port}"
        self.tabs = 0
        self.max_browsers = MAX_BROWSERS
        self.in_use: dict[Path, InUse] = {}  # the directories tabs play in now
        self.sockets: set[web.WebSocketResponse] = set()  # the tabs open now
        self._told_full = -FULL_TOLD_EVERY_S  # when the host was last told of a browser refused

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C, as textual-serve does, over TLS with :attr:`tls` (textual-serve's
        own serving has none)."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, self.request_exit)
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            ssl_context=self.tls,
            handle_signals=False,
            loop=loop,
            print=lambda *args: None,
        )

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._door)
        aiohttp_jinja2.setup(app, loader=jinja2.FunctionLoader(self._page))
        return app

    def _page(self, name: str) -> str | None:
        """textual-serve's page, as this game serves it (:func:`own_page`)."""
        try:
            return own_page((Path(self.templates_path) / name).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            return None

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: `tarocchino web` has said where to go. The browsers' directories that hold
        nothing (left by a server that was stopped with tabs open) go now."""
        if self.key is not None and self.home is not None:
            sweep(Path(self.home))

    async def on_shutdown(self, app: web.Application) -> None:
        """Serving stops (Ctrl+C): every tab is closed now, and its game ends, rather than
        being waited for (aiohttp waits a minute for what is still running)."""
        for socket in list(self.sockets):
            await socket.close(code=WSCloseCode.GOING_AWAY, message=b"no longer served")

    def initialize_logging(self) -> None:
        """Only what goes wrong is said (not every page and tab served)."""
        logging.basicConfig(level=logging.WARNING, format="tarocchino web: %(message)s")

    @web.middleware
    async def _door(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path.startswith("/static/"):
            return await handler(request)  # the page's scripts and styles: nothing of yours
        refusal = self.refusal(request)
        if refusal:
            return web.Response(status=403, text=_said(refusal))
        if request.path in ("/", "/ws") and self.tabs >= MAX_TABS:
            said = _("{n} games are running here already; close a tab and try again.")
            return web.Response(status=503, text=_said(said.format(n=MAX_TABS)))
        if request.path in ("/", "/ws") and self.no_room_for(request):
            said = _(
                "this game keeps the saves of {n} browsers already, the most it keeps, and "
                "has no room for this one's. Ask the person who serves it to remove some "
                "(`tarocchino web --browsers` lists them)."
            )
            return web.Response(status=503, text=_said(said.format(n=self.max_browsers)))
        if request.path != "/ws":
            response = await handler(request)
            if request.path == "/":
                self._give_cookies(request, response)
            return response
        size = _size_problem(request)
        if size:
            return web.Response(status=400, text=_said(size))
        self.tabs += 1
        try:
            return await handler(request)
        finally:
            self.tabs -= 1

    def _give_cookies(self, request: web.Request, response: web.StreamResponse) -> None:
        """The page's cookies: the key (for its tab's socket), and the browser's own name, given
        once and kept (a year) so that a tab reloaded finds its seat again."""
        secure = self.tls is not None  # (then sent back over TLS only)
        if self.key is not None:
            response.set_cookie(
                self.cookie, self.key, httponly=True, samesite="Strict", secure=secure
            )
        if self.browser_of(request) is None:
            response.set_cookie(
                self.browser_cookie,
                secrets.token_urlsafe(24),
                httponly=True,
                samesite="Strict",
                max_age=BROWSER_COOKIE_S,
                secure=secure,
            )

    def no_room_for(self, request: web.Request) -> bool:
        """Whether this browser would need a directory of its own, and :attr:`max_browsers`
        are kept already (the host is told, at most once a minute). A page asked for without a
        name is a new browser's; a tab without one plays in a directory that goes with it."""
        if self.key is None or self.home is None or self.from_this_machine(request):
            return False
        browser = self.browser_of(request)
        if browser is None and request.path == "/ws":
            return False
        if browser is not None and browser_directory(Path(self.home), browser).is_dir():
            return False
        if count_browsers(Path(self.home)) < self.max_browsers:
            return False
        now = asyncio.get_running_loop().time()
        if now - self._told_full >= FULL_TOLD_EVERY_S:
            self._told_full = now
            logging.getLogger("tarocchino").warning(
                _(
                    "a browser was turned away: the saves of {n} browsers are kept already, "
                    "the most this game keeps (`tarocchino web --browsers` lists them, "
                    "--forget-browser ID removes one)"
                ).format(n=self.max_browsers)
            )
        return True

    def browser_of(self, request: web.Request) -> str | None:
        """The name this browser was given (None if it brings none, or not one of ours)."""
        given = request.cookies.get(self.browser_cookie, "")
        return given if BROWSER_NAME.fullmatch(given) else None

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab: its game in a process of its own, told which browser it plays for, its
        messages checked (:meth:`_process_messages`) until the tab or the game closes."""
        websocket = web.WebSocketResponse(heartbeat=15)
        width, height = (
            int(request.query.get(what) or default)
            for what, default in (("width", 80), ("height", 24))
        )
        service: TabService | None = None
        browser = self.browser_of(request)
        directory, throwaway = self.directory_for(browser, self.from_this_machine(request))
        in_use = None
        if directory is not None:  # browsers/ and the browser's own: the host's alone
            try:
                in_use = await self._enter(directory)
            except (BrowserInUse, OSError):
                # textual-serve says this handler answers with a WebSocketResponse; aiohttp
                # takes any response, and this one refuses the tab before the upgrade
                return web.Response(  # type: ignore[return-value]
                    status=503,
                    text=_said(
                        _(
                            "this browser's saves cannot be used just now (are they being "
                            "removed?); reload the page."
                        )
                    ),
                )
        self.sockets.add(websocket)
        try:
            await websocket.prepare(request)
            service = TabService(
                self.command,
                browser,
                directory,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
            )
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:  # a tab's game gone wrong ends that tab only
            logging.getLogger("textual-serve").exception("a tab's game failed")
        finally:
            self.sockets.discard(websocket)
            if service is not None:
                await service.stop()
            if in_use is not None:
                await self._leave(in_use, throwaway)
        return websocket

    async def _enter(self, directory: Path) -> InUse:
        """A tab opens in ``directory``: it is marked in use (made when missing) until its
        browser's last tab closes. BrowserInUse if it is being removed (a moment at most)."""
        in_use = self.in_use.get(directory)
        if in_use is None:
            in_use = InUse(directory)
            for _try in range(RETRIES * 4):
                try:
                    in_use.take()
                    break
                except BrowserInUse:  # `--forget-browser` has it, or looks at it: a moment
                    await asyncio.sleep(0.05)
            else:
                raise BrowserInUse(directory.name)
            if directory in self.in_use:  # another tab of the browser took it meanwhile
                in_use.release()
                in_use = self.in_use[directory]
            self.in_use[directory] = in_use
        in_use.tabs += 1
        return in_use

    async def _leave(self, in_use: InUse, throwaway: bool) -> None:
        """A tab has closed: when it was its browser's last, the browser's directory goes if it
        holds nothing worth keeping (:func:`holds_nothing`; a throwaway tab's always), once the
        tab's game has let it go, unless another tab of the browser opens meanwhile."""
        in_use.tabs -= 1
        directory = in_use.directory
        for _try in range(LEAVE_TRIES):
            if in_use.tabs or self.in_use.get(directory) is not in_use:
                return  # another tab of the browser keeps it
            if not game_plays(directory):
                break
            await asyncio.sleep(0.1)  # the tab's game is still ending
        del self.in_use[directory]
        in_use.release()
        if throwaway or holds_nothing(directory):
            with contextlib.suppress(BrowserInUse, OSError):
                remove_unless_used(directory)

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
        return browser_directory(Path(self.home), browser), False

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
            return _("this address is not one the game is served at.")
        if self.key is None and not this_machine_only(_name_of(host)):
            scheme = "http" if self.tls is None else "https"
            return _("the game is served to this machine only (open {url}).").format(
                url=f"{scheme}://127.0.0.1"
            )
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc.lower() != host.lower():
            return _("a tab opens only from the game's own page.")
        if self.key is not None and not self.has_key(request):
            return _("this game needs its key: open the address `tarocchino web` printed.")
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
        socket = ("wss" if request.scheme == "https" else "ws") + base[base.index(":") :]
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


# textual-serve's page, changed in three ways (:func:`own_page`):
# - its terminal font, Roboto Mono, which textual-serve ships, is served from here: the page asked
#   Google's font service for it, a request to another site from every browser that opened the
#   game (and none at all on a network without the internet, where a browser fell back to what
#   it had, Courier New say); the terminal starts once the font is there (it measures its
#   characters only once), and with the keyboard's focus: the keys of a page just opened went
#   nowhere until it was clicked;
# - a page put away (another page opened in its tab, the browser keeping it to come back to)
#   closes its tab's socket, so that its game ends then, not minutes later, when the browser
#   forgets it; come back to, it opens again (the game resumes its saved match).
_GOOGLE_FONT = re.compile(r"<link[^>]*fonts\.googleapis\.com[^>]*>", re.DOTALL)
_SCRIPT = re.compile(r"(<script[^>]*js/textual\.js[^>]*></script>)")
_FONT = "{{ config.static.url }}fonts/RobotoMono-%sVariableFont_wght.ttf"
_FONT_FACES = "".join(
    f'<link rel="preload" href="{_FONT % face}" as="font" type="font/ttf" crossorigin>'
    f'<style>@font-face {{ font-family: "Roboto Mono"; font-style: {style}; '
    f'font-weight: 100 700; src: url("{_FONT % face}") format("truetype"); }}</style>'
    for face, style in (("", "normal"), ("Italic-", "italic"))
)
_PAGE_SCRIPT = """<script>
(() => {
  const sockets = [];
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...given) { super(...given); sockets.push(this); }
  };
  window.addEventListener("pagehide", () => sockets.forEach((socket) => socket.close()));
  window.addEventListener("pageshow", (e) => { if (e.persisted) location.reload(); });
  const start = window.onload;  // textual.js starts its terminals when the page has loaded
  window.onload = (e) => Promise.all([document.fonts.load('16px "Roboto Mono"'),
                                      document.fonts.load('bold 16px "Roboto Mono"')])
    .catch(() => null)
    .then(() => {
      if (start) start(e);
      const keys = document.querySelector(".xterm-helper-textarea");
      if (keys) keys.focus();
    });
})();
</script>"""


def own_page(page: str) -> str:
    """textual-serve's page as this game serves it (see above); as it is when it is not the
    page this was written for (a later textual-serve: nothing asked of Google's, no textual.js)."""
    if not (_GOOGLE_FONT.search(page) and _SCRIPT.search(page)):
        return page
    page = _GOOGLE_FONT.sub(lambda _match: _FONT_FACES, page, count=1)
    return _SCRIPT.sub(lambda found: found.group(1) + _PAGE_SCRIPT, page, count=1)


def _name_of(host: str) -> str:
    """The host name of a Host header, without its port or brackets."""
    if host.startswith("["):
        return host[1 : host.index("]")].lower()
    return host.rsplit(":", 1)[0].lower() if ":" in host else host.lower()


def _whole(text: str, default: int, lo: int, hi: int) -> int:
    return int(text) if text.isdigit() and lo <= int(text) <= hi else default


def _envelope(text: str) -> tuple[str | None, Any]:
    """A page's message, ``["kind", data]``, as (kind, data); (None, None) when it is not one."""
    try:
        envelope = loads(text)
    except FileReadError:
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
            said = _("a tab's width must be from {lo} to {hi}.")
            if what == "height":
                said = _("a tab's height must be from {lo} to {hi}.")
            return said.format(lo=lo, hi=hi)
    return None


def _said(words: str) -> str:
    """An answer of the door in words: "Tarocchino: …", a line."""
    return f"Tarocchino: {words}\n"
