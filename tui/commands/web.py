"""`tarocchino web`: the game in a browser tab, served by textual-serve: solo, hot-seat, host or
join, exactly as in the terminal (each tab runs the game in a process of its own)."""

from __future__ import annotations

import argparse
import shlex
import sys

PROG = "tarocchino web"
DEFAULT_WEB_PORT = 7880


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "web",
        help="play in a browser (serves the game on a local port)",
        description="Serve the game to a browser: open the address it prints. Each tab is a "
        "game of its own (solo, hot-seat, or host and join a table from the start screen).",
    )
    parser.add_argument("--port", type=int, default=DEFAULT_WEB_PORT,
                        help=f"port to serve on (default {DEFAULT_WEB_PORT})")
    parser.add_argument("--bind", default="127.0.0.1", metavar="ADDRESS",
                        help="address to serve on (default 127.0.0.1: this machine only)")
    parser.set_defaults(func=run)


def command() -> str:
    """The command each browser tab runs: this game, with this Python."""
    return f"{shlex.quote(sys.executable)} -m tui.cli play --tab"


def run(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        print(f"{PROG}: error: --port must be a number from 1 to 65535", file=sys.stderr)
        return 2
    from textual_serve.server import Server

    where = f"[{args.bind}]" if ":" in args.bind else args.bind
    print(f"Open http://{where}:{args.port} in a browser (Ctrl+C stops serving).", flush=True)
    Server(command(), host=args.bind, port=args.port, title="Tarocchino").serve()
    return 0
