"""WebSocket frames a client may send: masked ones only (RFC 6455, 5.1: a server must close the
connection on a frame from a client without a mask). aiohttp reads unmasked frames as if they
were masked; :class:`MaskedOnly` reads every frame's header before aiohttp does and ends the
connection at the first frame without a mask (closed at once with 1002, protocol error)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aiohttp import WebSocketError, WSCloseCode, web


class MaskCheck:
    """Follows a stream of frames (their headers, skipping their payloads)."""

    def __init__(self) -> None:
        self._head = bytearray()  # the header read so far
        self._skip = 0  # payload bytes still to pass over

    def masked(self, data: bytes) -> bool:
        """Read ``data``; False as soon as a frame in it has no mask."""
        i, n = 0, len(data)
        while i < n:
            if self._skip:
                step = min(self._skip, n - i)
                self._skip -= step
                i += step
                continue
            self._head.append(data[i])
            i += 1
            if len(self._head) < 2:
                continue
            second = self._head[1]
            if not second & 0x80:
                return False
            code = second & 0x7F
            extra = 2 if code == 126 else 8 if code == 127 else 0
            if len(self._head) < 2 + extra + 4:
                continue
            self._skip = int.from_bytes(self._head[2 : 2 + extra], "big") if extra else code
            self._head.clear()
        return True


class _Checked:
    """aiohttp's frame reader behind a :class:`MaskCheck`."""

    def __init__(self, reader: Any, on_unmasked: Callable[[], None]) -> None:
        self._reader = reader
        self._check = MaskCheck()
        self._on_unmasked = on_unmasked
        self._refused = False

    def feed_data(self, data: bytes) -> Any:
        if self._refused:
            return True, b""
        if not self._check.masked(data):
            self._refused = True
            self._on_unmasked()
            return True, b""  # (the connection closes)
        return self._reader.feed_data(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._reader, name)


class MaskedOnly(web.WebSocketResponse):
    """A WebSocket that closes at a client's first frame without a mask (``on_unmasked`` is
    told): what waits for its next message is given a protocol error, as for any frame aiohttp
    cannot read, so that it closes now rather than when some timeout ends the wait."""

    def __init__(self, *, on_unmasked: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_unmasked = on_unmasked

    def _post_start(self, request: web.BaseRequest, *args: Any, **kwargs: Any) -> None:
        super()._post_start(request, *args, **kwargs)
        protocol = request.protocol
        reader = getattr(protocol, "_payload_parser", None)
        if reader is not None:
            protocol._payload_parser = _Checked(reader, self._unmasked)

    def _unmasked(self) -> None:
        self._on_unmasked()
        error = WebSocketError(WSCloseCode.PROTOCOL_ERROR, "a frame without a mask")
        self._reader.set_exception(error)  # type: ignore[union-attr]
