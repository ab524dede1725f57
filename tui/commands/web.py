"""`tarocchino web`: the game in a browser tab, served by textual-serve: solo, hot-seat, host or
join, exactly as in the terminal (each tab runs the game in a process of its own)."""

from __future__ import annotations

import argparse
import shlex
import socket
import sys

from tui.commands.errors import FAILED, refuse
from tui.net.addresses import (
    bind_problem,
    every_network,
    for_others,
    listen_address,
    listen_hosts,
    this_machine_only,
)
from tui.net.client import Address

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
                        help="address to serve on (default 127.0.0.1: this machine only; "
                        "0.0.0.0: every network this machine is on, each browser with a key)")
    parser.set_defaults(func=run)


def command() -> str:
    """The command each browser tab runs: this game, with this Python."""
    return f"{shlex.quote(sys.executable)} -m tui.cli play --tab"


def run(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        return refuse(PROG, "--port must be a number from 1 to 65535")
    problem = bind_problem(args.bind)
    if problem:
        return refuse(PROG, problem)
    bind = listen_address(args.bind)  # [::1] is ::1, 0 is 0.0.0.0
    for host in listen_hosts(bind):  # (:: is IPv4 and IPv6 alike)
        problem = serve_problem(host, args.port)
        if problem:  # said before anything is printed, as `host` does
            return refuse(PROG, problem, FAILED)
    from tui.net.browser import BrowserServer, new_key
    from tui.settings import data_dir

    key = None if this_machine_only(bind) else new_key()
    print("\n".join(where_to_go(bind, args.port, key)), flush=True)
    hosts = listen_hosts(bind)
    try:
        BrowserServer(command(), host=hosts[0] if len(hosts) == 1 else hosts,  # type: ignore[arg-type]
                      port=args.port, key=key, home=data_dir()).serve()  # fmt: skip
    except OSError as exc:  # taken meanwhile
        return refuse(PROG, _listen_problem(exc, bind, args.port), FAILED)
    return 0


def where_to_go(bind: str, port: int, key: str | None) -> list[str]:
    """What `tarocchino web` says first: the address to open (with its key, for a network)."""
    if key is None:
        return [f"Open http://{Address(bind, port)} in a browser on this machine (Ctrl+C stops "
                "serving)."]
    lines = ["Open one of these in a browser (anyone with the address and its key can play here; "
             "a browser on another machine keeps its own saves and statistics, never sees yours; "
             "Ctrl+C stops serving):"]
    others = for_others(bind) or ["THIS-MACHINE"]
    for address in ["127.0.0.1"] * every_network(bind) + others:
        lines.append(f"    http://{Address(address, port)}/?key={key}")
    return lines


def serve_problem(host: str, port: int) -> str | None:
    """Why the game cannot be served on ``host:port`` (an address that is not this machine's, a
    port in use), found by listening there for a moment; None when it can."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as exc:
        return f"cannot serve on {host!r}: {getattr(exc, 'strerror', None) or exc}"
    for family, kind, proto, _name, address in infos:
        try:
            with socket.socket(family, kind, proto) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
                probe.bind(address)
                probe.listen()
        except OSError as exc:
            return _listen_problem(exc, host, port)
    return None


def _listen_problem(exc: OSError, host: str, port: int) -> str:
    from tui.net.server import listen_problem  # the words `host` uses

    return listen_problem(exc, host, port)
