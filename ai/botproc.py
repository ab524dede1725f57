"""The process a contained bot runs in (``python -m ai.botproc``): it loads the bot and answers the
game's questions, one JSON message a line on stdin and stdout in the wire form (:mod:`game.wire`).

It never sees the game: each question carries only the seat's view, its legal actions and a seed
for the bot's generator. The bot's own prints go to stderr (the protocol keeps stdout); an
exception in the bot is answered as an error, and the process ends when the game closes the pipe
or goes away.

Messages from the game, and the answers:

* ``{"type": "check", "source", "options": [[key, text]...], "name", "build"}``: load the bot, read
  its options by their types, build it once → ``{"type": "checked", "info", "options"}``;
* ``{"type": "start", "source", "options": [[key, value]...], "name"}`` → ``{"type": "ready"}``;
* ``{"type": "new"}``: a fresh bot for a new match or hand → ``{"type": "ready"}``;
* ``{"type": "choose", "id", "seed", "view", "legal"}`` → ``{"type": "action", "id", "action"}``;
* any failure → ``{"type": "error", "id"?, "message"}``.
"""

from __future__ import annotations

import os
import random
import signal
import sys
import traceback
from typing import IO, Any

from ai.lifeline import HOST_PID_ENV, exit_with_parent
from ai.spec import (
    Source,
    SpecError,
    build_bot,
    check_factory,
    describe_factory,
    load_factory,
    summary_of,
)
from game import wire
from game.actions import Action
from game.errors import WireError


class _Bot:
    """The loaded factory, its options and the bot built from them."""

    def __init__(self) -> None:
        self.factory: Any = None
        self.options: dict[str, Any] = {}
        self.name = "bot"
        self.bot: Any = None


def _error_text(exc: BaseException) -> str:
    """``ValueError: boom (mybot.py line 12)``: the exception and where in the bot it happened."""
    text = f"{type(exc).__name__}: {exc}"
    frames = [
        f for f in traceback.extract_tb(exc.__traceback__) if "/ai/botproc.py" not in f.filename
    ]
    if frames:
        text += f" ({os.path.basename(frames[-1].filename)} line {frames[-1].lineno})"
    return text[:1000]


def _options(data: object) -> list[tuple[str, str]]:
    """Options as written (key and text), read by the factory's types in check_factory."""
    if not isinstance(data, list) or len(data) > 100:
        raise WireError("bad options")
    out = []
    for item in data:
        if not (
            isinstance(item, list) and len(item) == 2 and all(isinstance(v, str) for v in item)
        ):
            raise WireError("bad options")
        out.append((item[0], item[1]))
    return out


def handle(message: dict[str, Any], state: _Bot) -> dict[str, Any]:
    """The answer to one message from the game."""
    kind = message.get("type")
    if kind == "choose":
        ident = message.get("id")
        if state.bot is None:
            return {"type": "error", "id": ident, "message": "the bot was not started"}
        view = wire.view_from_json(message.get("view"))
        legal = wire.actions_from_json(message.get("legal"))
        seed = message.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise WireError("bad seed")
        try:
            action = state.bot.choose(view, legal, random.Random(seed))
        except Exception as exc:
            return {"type": "error", "id": ident, "message": "raised " + _error_text(exc)}
        if not isinstance(action, Action):
            text = repr(action)[:80]
            return {"type": "error", "id": ident, "message": f"returned {text}, not an Action"}
        return {"type": "action", "id": ident, "action": str(action)}
    if kind == "new":
        state.bot = build_bot(state.factory, state.options, state.name)
        return {"type": "ready"}
    name = message.get("name")
    state.name = name if isinstance(name, str) else "bot"
    source = Source.from_json(message.get("source"))
    factory = load_factory(source)
    raw = _options(message.get("options"))
    if kind == "start":
        options, _ = check_factory(factory, raw, state.name, build=False)
        state.factory, state.options = factory, dict(options)
        state.bot = build_bot(factory, state.options, state.name)
        return {"type": "ready"}
    if kind == "check":
        extra = _options(message.get("defaults", []))
        build = bool(message.get("build"))
        options, _ = check_factory(factory, raw, state.name, build=build, defaults=extra)
        known, any_options = describe_factory(factory)
        info = {
            "summary": summary_of(factory),
            "options": [o.to_json() for o in known],
            "any_options": any_options,
        }
        return {"type": "checked", "info": info, "options": [list(o) for o in options]}
    raise WireError(f"unknown message type {str(kind)[:40]!r}")


def serve(lines: IO[bytes], out: IO[str]) -> None:
    """Answer every message until the game closes the pipe."""
    state = _Bot()
    while True:
        line = lines.readline(wire.MAX_MESSAGE_BYTES + 1)
        if not line:
            return
        try:
            reply = handle(wire.loads(line), state)
        except (SpecError, WireError) as exc:
            reply = {"type": "error", "message": str(exc)}
        except Exception as exc:  # the bot's constructor or module failed in an unexpected way
            reply = {"type": "error", "message": "raised " + _error_text(exc)}
        out.write(wire.dumps(reply) + "\n")
        out.flush()


PROTOCOL: IO[str] | None = None  # the stream the answers go to (the process's real stdout)


def main() -> None:
    global PROTOCOL
    # The protocol keeps the real stdout; everything the bot prints goes to stderr.
    out = PROTOCOL = os.fdopen(os.dup(1), "w", encoding="ascii")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the game decides when a bot stops
    host = os.environ.get(HOST_PID_ENV, "")
    exit_with_parent(int(host) if host.isdigit() else None)
    code = 0
    try:
        serve(sys.stdin.buffer, out)
    except SystemExit as exc:  # the bot called sys.exit()
        code = exc.code if isinstance(exc.code, int) else 1
    finally:
        sys.stderr.flush()
        os._exit(code)  # even if the bot left threads running


if __name__ == "__main__":
    main()
