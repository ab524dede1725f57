"""One connection's limits and outgoing queue (net/connection.py), without a socket: the token
bucket of its messages, and the queue that sends in order, closes after what was queued and
drops a client too slow to read."""

from __future__ import annotations

import json

from aiohttp import WSCloseCode

from net import protocol as p
from net.connection import Bucket, Connection


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


class Socket:
    """What a connection writes to: the texts sent, then the close."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, bytes] | None = None

    async def send_str(self, text: str) -> None:
        assert self.closed is None
        self.sent.append(text)

    async def close(self, *, code: int, message: bytes) -> None:
        self.closed = (code, message)


def test_a_burst_then_the_rate() -> None:
    clock = Clock()
    bucket = Bucket(4.0, 40, clock)
    assert all(bucket.take() for _ in range(40))
    assert not bucket.take()  # the burst is spent
    clock.now += 0.25  # one message's worth at 4 a second
    assert bucket.take() and not bucket.take()
    bucket.refund()  # an accepted action gives its token back
    assert bucket.take() and not bucket.take()
    clock.now += 3600
    assert bucket.level == 0 and bucket.take() and bucket.level == 39  # never above the burst


def test_a_refund_never_goes_above_the_burst() -> None:
    bucket = Bucket(4.0, 3, Clock())
    bucket.refund()
    assert bucket.level == 3


async def test_the_queue_is_sent_in_order_then_closed() -> None:
    socket = Socket()
    conn = Connection(socket, "192.0.2.7", Bucket(20.0, 40), 10)  # type: ignore[arg-type]
    conn.send(p.pong(1))
    conn.send(p.pong(2))
    conn.close(WSCloseCode.POLICY_VIOLATION, "goodbye" + "!" * 200)
    conn.send(p.pong(3))  # after the close: never sent
    conn.close(WSCloseCode.OK, "again")  # closed once
    await conn.write()
    assert [json.loads(text)["id"] for text in socket.sent] == [1, 2]
    assert socket.closed == (WSCloseCode.POLICY_VIOLATION, ("goodbye" + "!" * 113).encode())


async def test_a_client_too_slow_to_read_is_dropped() -> None:
    socket = Socket()
    conn = Connection(socket, "192.0.2.7", Bucket(20.0, 40), 3)  # type: ignore[arg-type]
    for ident in range(5):
        conn.send(p.pong(ident))
    assert conn.closed
    await conn.write()
    assert len(socket.sent) == 3
    assert socket.closed == (WSCloseCode.TRY_AGAIN_LATER, b"too slow to read the table's messages")
