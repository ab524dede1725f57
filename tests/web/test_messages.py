"""A browser tab's messages to its game (web/door.py): keys go through as text, a resize
stays within the tab's bounds, and what a page never sends is passed over without ending the
game (textual-serve's own loop let a width of a billion columns through and ended the game, a
traceback on the console, on a message that was not JSON)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from aiohttp import WSMessage, WSMsgType

from web.door import SIZES, BrowserServer


class Tab:
    """A tab's socket: the messages it sends, and what the game's side answers it."""

    def __init__(self, *texts: str) -> None:
        self.messages = [WSMessage(WSMsgType.TEXT, text, None) for text in texts]
        self.sent: list[Any] = []

    def __aiter__(self) -> Tab:
        return self

    async def __anext__(self) -> WSMessage:
        if not self.messages:
            raise StopAsyncIteration
        return self.messages.pop(0)

    async def send_json(self, data: Any) -> None:
        self.sent.append(data)


class Game:
    """A tab's game process, as textual-serve's AppService is told things."""

    def __init__(self) -> None:
        self.told: list[tuple[str, Any]] = []

    async def send_bytes(self, data: bytes) -> None:
        self.told.append(("stdin", data))

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.told.append(("resize", (width, height)))

    async def blur(self) -> None:
        self.told.append(("blur", None))

    async def focus(self) -> None:
        self.told.append(("focus", None))


def _told(*texts: str) -> tuple[list[tuple[str, Any]], list[Any]]:
    tab, game = Tab(*texts), Game()
    server = BrowserServer("true", host="127.0.0.1", port=0, key=None)
    asyncio.run(server._process_messages(tab, game))  # type: ignore[arg-type]
    return game.told, tab.sent


def test_a_page_s_messages_reach_its_game() -> None:
    told, sent = _told(
        json.dumps(["stdin", "q\x1b[A"]),
        json.dumps(["resize", {"width": 100, "height": 32}]),
        json.dumps(["ping", "1733130000"]),
        json.dumps(["blur"]),
        json.dumps(["focus"]),
    )
    assert told == [("stdin", b"q\x1b[A"), ("resize", (100, 32)), ("blur", None), ("focus", None)]
    assert sent == [["pong", "1733130000"]]


def test_a_resize_stays_within_the_tab_s_bounds() -> None:
    (w_lo, w_hi), (h_lo, h_hi) = SIZES["width"], SIZES["height"]
    told, _ = _told(
        json.dumps(["resize", {"width": 1_000_000_000, "height": 1_000_000_000}]),
        json.dumps(["resize", {"width": -5, "height": 0}]),
    )
    assert told == [("resize", (w_hi, h_hi)), ("resize", (w_lo, h_lo))]


def test_what_a_page_never_sends_is_passed_over_and_the_game_goes_on() -> None:
    told, sent = _told(
        "not json",
        "[" * 100_000 + "]" * 100_000,
        json.dumps({"stdin": "x"}),
        json.dumps([]),
        json.dumps([7, "x"]),
        json.dumps(["stdin", 42]),
        json.dumps(["stdin"]),
        json.dumps(["resize", {"width": "wide", "height": 24}]),
        json.dumps(["resize", {"width": 80.5, "height": 24}]),
        json.dumps(["resize", {"width": True, "height": 24}]),
        json.dumps(["resize", [80, 24]]),
        json.dumps(["ping", {"nested": ["data"]}]),
        json.dumps(["launch", "missiles"]),
        json.dumps(["stdin", "still here"]),
    )
    assert told == [("stdin", b"still here")]
    assert sent == []
