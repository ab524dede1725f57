"""The door's small limits, as the protocol doc says them: a client's message is measured in
bytes, not characters; a bad HTTP request (a 200 KB header) is one line on the host's console,
never a traceback; strangers' refused connections are one line of a kind a minute, not one
each; a client's frame without a mask is refused (RFC 6455). Before, 4,096 non-ASCII characters
passed the 4,096-byte limit, aiohttp printed a LineTooLong traceback, every refused stranger
was a line, and unmasked frames were read as if masked. Served on 127.0.0.1, ports from the OS."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import struct

import pytest

from net import protocol as p
from net.client import Address
from net.hush import Hush
from tests.support.net import FAST, LIMIT_S, RawClient, serve


def test_the_limit_counts_bytes() -> None:
    padding = "é" * (p.MAX_CLIENT_BYTES // 2)  # under the limit in characters, over in bytes
    with pytest.raises(p.ProtocolError) as refused:
        p.read_client(json.dumps({"type": "ping", "id": 1, "pad": padding}, ensure_ascii=False))
    assert refused.value.code == p.TOO_LONG
    with pytest.raises(p.ProtocolError) as refused:  # (the same in ASCII: only a bad field)
        p.read_client(json.dumps({"type": "ping", "id": 1, "pad": "e" * len(padding)}))
    assert refused.value.code == p.BAD_MESSAGE


def test_a_kind_of_line_is_said_once_a_minute() -> None:
    said: list[str] = []
    now = [0.0]
    hush = Hush(said.append, 60.0, lambda: now[0])
    for _ in range(5):
        hush.say("flood", "a connection from 192.0.2.7: disconnected (flood)")
        hush.say("password", "a connection from 192.0.2.8: disconnected (password)")
        now[0] += 1
    now[0] += 60
    hush.say("flood", "a connection from 192.0.2.9: disconnected (flood)")
    assert said == [
        "a connection from 192.0.2.7: disconnected (flood)",
        "a connection from 192.0.2.8: disconnected (password)",
        "a connection from 192.0.2.9: disconnected (flood) (and 4 more like it before)",
    ]


async def _served() -> tuple[object, Address, list[str]]:
    said: list[str] = []
    server, address = await serve(["human", "human", "easy", "easy"], config=FAST, log=said.append)
    return server, address, said


async def _exchange(address: Address, data: bytes) -> bytes:
    """Send ``data`` on a plain TCP connection; all that comes back until it closes. (A server
    that closes with some of ``data`` unread resets the connection: on Python 3.12 and later
    the reading ends there with ConnectionResetError, after what came back.)"""
    reader, writer = await asyncio.open_connection(address.host, address.port)
    back = b""
    try:
        writer.write(data)
        await writer.drain()
        while chunk := await asyncio.wait_for(reader.read(65536), LIMIT_S):
            back += chunk
    except ConnectionResetError:
        pass
    finally:
        writer.close()
    return back


async def test_a_huge_header_is_one_line_and_no_traceback(caplog) -> None:
    server, address, said = await _served()
    try:
        request = b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 200_000 + b"\r\n\r\n"
        for _ in range(3):
            answer = await _exchange(address, request)
            assert answer.startswith(b"HTTP/1.0 400 ")
    finally:
        await server.close()  # type: ignore[attr-defined]
    assert not [r for r in caplog.records if r.exc_info], "a traceback was logged"
    bad = [line for line in said if "bad HTTP" in line]
    assert len(bad) == 1 and bad[0].startswith("a connection from 127.0.0.1: refused"), said


async def test_strangers_refused_again_and_again_are_one_line() -> None:
    server, address, said = await _served()
    try:
        for _ in range(5):
            client = await RawClient.connect(address)
            await client.send(p.ping(1))
            assert await client.closed() == 1008
            await client.close()
    finally:
        await server.close()  # type: ignore[attr-defined]
    assert len([line for line in said if p.HELLO_FIRST in line]) == 1, said


def _frame(payload: bytes, masked: bool) -> bytes:
    head = bytes([0x81])  # a whole text frame
    bit = 0x80 if masked else 0
    if len(payload) < 126:
        head += bytes([bit | len(payload)])
    else:
        head += bytes([bit | 126]) + struct.pack("!H", len(payload))
    if not masked:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def _upgrade(address: Address) -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    return (
        f"GET / HTTP/1.1\r\nHost: {address.host}:{address.port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode()


def _close_code(frames: bytes) -> int | None:
    """The code of the close frame among the server's frames read so far (unmasked, as a
    server sends them); None while none has come (more may come that the test waits for)."""
    at = 0
    while at + 2 <= len(frames):
        opcode, size, at = frames[at] & 0x0F, frames[at + 1] & 0x7F, at + 2
        if size >= 126:
            width = 2 if size == 126 else 8
            size, at = int.from_bytes(frames[at : at + width], "big"), at + width
        if opcode == 0x8 and at + 2 <= len(frames):
            return int.from_bytes(frames[at : at + 2], "big")
        at += size
    return None


async def _hello_frame(address: Address, masked: bool) -> bytes:
    reader, writer = await asyncio.open_connection(address.host, address.port)
    try:
        writer.write(_upgrade(address))
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), LIMIT_S)
        assert head.startswith(b"HTTP/1.1 101")
        hello = json.dumps(p.hello("Mallory" if not masked else "Anna")).encode()
        writer.write(_frame(hello, masked))
        await writer.drain()
        back = b""
        while (
            b"welcome" not in back
            and _close_code(back) is None
            and (chunk := await asyncio.wait_for(reader.read(65536), LIMIT_S))
        ):
            back += chunk
        return back
    finally:
        writer.close()


async def test_a_frame_without_a_mask_is_refused() -> None:
    server, address, said = await _served()
    try:
        assert b"welcome" in await _hello_frame(address, masked=True)
        refused = await _hello_frame(address, masked=False)
        assert b"welcome" not in refused
        assert _close_code(refused) == 1002  # (a protocol error, at once: not the hello's timeout)
        assert server.session.seats[1].name != "Mallory"  # type: ignore[attr-defined]
    finally:
        await server.close()  # type: ignore[attr-defined]
    assert any("without a mask" in line for line in said), said
