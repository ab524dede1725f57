"""`tarocchino web`: the game in a browser tab, served by textual-serve: solo, hot-seat, host or
join, exactly as in the terminal (each tab runs the game in a process of its own)."""

from __future__ import annotations

import argparse
import shlex
import socket
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from cli import lang
from cli.consent import YES_HELP, consent, risks, warnings
from cli.refusal import FAILED, one_line, path_given, refuse
from net.addresses import (
    bind_problem,
    every_network,
    for_others,
    listen_address,
    listen_hosts,
    this_machine_only,
)
from net.client import Address
from net.tls import CertificateError, certificate_der, colon_hex, server_context
from text.language import _, ngettext, number

if TYPE_CHECKING:
    from web.browsers import BrowserDirectory

PROG = "tarocchino web"
DEFAULT_WEB_PORT = 7880


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "web",
        help=_("play in a browser (serves the game on a local port)"),
        description=_(
            "Serve the game to a browser: open the address it prints. Each tab is a "
            "game of its own (solo, hot-seat, or host and join a table from the start screen)."
        ),
    )
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_WEB_PORT,
        help=_("port to serve on (default {port})").format(port=DEFAULT_WEB_PORT),
    )
    parser.add_argument(
        "--bind",
        default="127.0.0.1",
        metavar=_("ADDRESS"),
        help=_(
            "address to serve on (default 127.0.0.1: this machine only; "
            "0.0.0.0: every network this machine is on, each browser with a key)"
        ),
    )
    parser.add_argument(
        "--cert",
        type=path_given,
        metavar=_("FILE"),
        help=_("serve over TLS (https://) with this certificate (a PEM file, with --key)"),
    )
    parser.add_argument(
        "--key", type=path_given, metavar=_("FILE"), help=_("the certificate's private key (PEM)")
    )
    parser.add_argument("--yes", action="store_true", help=_(YES_HELP))
    kept = parser.add_argument_group(
        _("the browsers' own saves"),
        _(
            "Served to a network, each browser on another machine keeps its saves, past "
            "matches, statistics and settings in a directory of its own under yours (one that "
            "holds nothing goes when its last tab closes). These list or remove them, and serve "
            "nothing."
        ),
    )
    kept.add_argument(
        "--browsers",
        action="store_true",
        help=_(
            "list the browsers' directories: id, when last used, size, a saved "
            "match, the names played under"
        ),
    )
    kept.add_argument(
        "--forget-browser",
        metavar="ID",
        help=_(
            "remove one browser's directory and all it holds (not while a tab of "
            "that browser is open)"
        ),
    )
    kept.add_argument(
        "--forget-browsers-unused-for",
        metavar=_("DAYS"),
        help=_(
            "remove every browser's directory not used for DAYS days (0: every one not in use now)"
        ),
    )
    parser.set_defaults(func=run)


def command() -> str:
    """The command each browser tab runs: this game, with this Python."""
    return f"{shlex.quote(sys.executable)} -m cli.main play --tab"


def run(args: argparse.Namespace) -> int:
    asked = [
        option
        for option, given in (
            ("--browsers", args.browsers),
            ("--forget-browser", args.forget_browser is not None),
            ("--forget-browsers-unused-for", args.forget_browsers_unused_for is not None),
        )
        if given
    ]
    if len(asked) > 1:
        return refuse(
            PROG, _("{options} go alone: one at a time").format(options=_(" and ").join(asked))
        )
    if asked:
        return browsers(args)
    if not 0 < args.port < 65536:
        return refuse(PROG, _("--port must be a number from 1 to 65535"))
    problem = bind_problem(args.bind)
    if problem:
        return refuse(PROG, problem)
    if (args.cert is None) != (args.key is None):
        return refuse(PROG, _("--cert and --key go together: the certificate and its private key"))
    tls, shown = None, None
    if args.cert is not None:
        try:
            tls = server_context(args.cert, args.key)
            shown = colon_hex(certificate_der(args.cert))
        except CertificateError as exc:
            return refuse(PROG, str(exc))
    bind = listen_address(args.bind)  # [::1] is ::1, 0 is 0.0.0.0
    for host in listen_hosts(bind):  # (:: is IPv4 and IPv6 alike)
        problem = serve_problem(host, args.port)
        if problem:  # said before anything is printed, as `host` does
            return refuse(PROG, problem, FAILED)
    laid_open = risks(bind, tls=tls is not None, password=None)
    refused = consent(PROG, bind, laid_open, args.yes)
    if refused is not None:
        return refused
    from store.settings import data_dir
    from web.door import BrowserServer, new_key

    key = None if this_machine_only(bind) else new_key()
    print("\n".join(where_to_go(bind, args.port, key, shown) + warnings(laid_open)), flush=True)
    hosts = listen_hosts(bind)
    try:
        with lang.passed_on():  # each tab's game speaks as this command, unless told otherwise
            BrowserServer(
                command(),
                host=hosts[0] if len(hosts) == 1 else hosts,
                port=args.port,
                key=key,
                home=data_dir(),
                tls=tls,
            ).serve()
    except OSError as exc:  # taken meanwhile
        return refuse(PROG, _listen_problem(exc, bind, args.port), FAILED)
    return 0


def where_to_go(bind: str, port: int, key: str | None, fingerprint: str | None = None) -> list[str]:
    """What `tarocchino web` says first: the address to open (with its key, for a network);
    served over TLS, ``https://`` and the certificate's ``fingerprint`` as browsers show it."""
    scheme = "http" if fingerprint is None else "https"
    said = []
    if fingerprint is not None:  # (a browser shows it in the certificate's details)
        said = [
            _("Over TLS: the certificate's SHA-256 fingerprint is {fingerprint}").format(
                fingerprint=fingerprint
            )
        ]
    if key is None:
        return [
            _("Open {address} in a browser on this machine (Ctrl+C stops serving).").format(
                address=f"{scheme}://{Address(bind, port)}"
            ),
            *said,
        ]
    lines = [
        _(
            "Open one of these in a browser (anyone with the address and its key can play here; "
            "a browser on another machine keeps its own saves and statistics, never sees yours; "
            "Ctrl+C stops serving):"
        )
    ]
    others = for_others(bind) or [_("THIS-MACHINE")]
    for address in ["127.0.0.1"] * every_network(bind) + others:
        lines.append(f"    {scheme}://{Address(address, port)}/?key={key}")
    return lines + said


def serve_problem(host: str, port: int) -> str | None:
    """Why the game cannot be served on ``host:port`` (an address that is not this machine's, a
    port in use), found by listening there for a moment; None when it can."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as exc:
        return _("cannot serve on {address}: {why}").format(
            address=repr(host), why=getattr(exc, "strerror", None) or exc
        )
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
    from net.server import listen_problem  # the words `host` uses

    return listen_problem(exc, host, port)


MAX_DAYS = 36_500


def browsers(args: argparse.Namespace) -> int:
    """``--browsers``, ``--forget-browser ID``, ``--forget-browsers-unused-for DAYS``."""
    from store.settings import data_dir
    from web.browsers import (
        SHORT_ID,
        BrowserInUse,
        browser_directories,
        find_browser,
        remove_unless_used,
    )

    home = data_dir()
    if args.browsers:
        print("\n".join(listing(home, browser_directories(home))))
        return 0
    if args.forget_browser is not None:
        try:
            directory = find_browser(home, args.forget_browser)
        except ValueError as exc:
            return refuse(PROG, str(exc))
        short = directory.name[:SHORT_ID]
        try:
            remove_unless_used(directory)
        except BrowserInUse:
            return refuse(
                PROG,
                _(
                    "browser {id} is in use (a tab of it is open): it can be "
                    "removed once its tabs are closed"
                ).format(id=short),
            )
        except OSError as exc:
            return refuse(
                PROG,
                _("cannot remove {directory}: {why}").format(
                    directory=directory, why=exc.strerror or exc
                ),
                FAILED,
            )
        print(
            _("Removed browser {id} (its saves, past matches, statistics and settings).").format(
                id=short
            )
        )
        return 0
    text = args.forget_browsers_unused_for.strip()
    if not text.isdigit() or int(text) > MAX_DAYS:
        return refuse(
            PROG,
            _(
                "--forget-browsers-unused-for must be a whole number of days from 0 "
                "to {most}, not {given}"
            ).format(most=number(MAX_DAYS), given=repr(text[:20])),
        )
    days = int(text)
    cutoff = time.time() - days * 86400
    removed, busy, failed = [], [], []
    for each in browser_directories(home):
        if each.last_used > cutoff:
            continue
        try:
            remove_unless_used(each.path)
            removed.append(each.id)
        except BrowserInUse:
            busy.append(each.id)
        except OSError:
            failed.append(each.id)
    unused = (
        _("not used now")
        if days == 0
        else ngettext("not used for {n} day", "not used for {n} days", days).format(n=days)
    )
    which = f": {', '.join(removed)}." if removed else "."
    print(
        _("Removed {directories} {unused}").format(
            directories=_directories(len(removed)), unused=unused
        )
        + which
    )
    if busy:
        kept = ngettext(
            "Kept {n} in use (a tab open): {ids}.",
            "Kept {n} in use (a tab open): {ids}.",
            len(busy),
        )
        print(kept.format(n=len(busy), ids=", ".join(busy)))
    if failed:
        return refuse(PROG, _("could not remove {ids}").format(ids=", ".join(failed)), FAILED)
    return 0


def listing(home: Path, found: list[BrowserDirectory]) -> list[str]:
    """What ``--browsers`` prints: a line for each browser's directory, most recent last."""
    from web.browsers import BROWSERS

    where = home / BROWSERS
    if not found:
        return [_("No browser keeps a directory in {where}.").format(where=where)]
    count = _directories(len(found))
    lines = [
        _("{directories} in {where} (remove one with --forget-browser ID):").format(
            directories=count, where=where
        ),
        "  {:<8}  {:<16}  {:>7}  {:<5}  {}".format(
            "ID", _("LAST USED"), _("SIZE"), _("SAVED"), _("NAMES")
        ),
    ]
    for each in found:
        used = datetime.fromtimestamp(each.last_used).strftime("%Y-%m-%d %H:%M")
        names = ", ".join(one_line(name, 40) for name in each.names) or "-"
        # (outside the f-string: before Python 3.12 the extractor does not look inside one)
        saved = _("yes") if each.saved_match else _("no")
        lines.append(
            f"  {each.id:<8}  {used:<16}  {_size(each.size):>7}  "
            f"{saved:<5}  {one_line(names, 100)}"
            + (_("  (in use: a tab is open)") if each.in_use else "")
        )
    return lines


def _directories(count: int) -> str:
    return ngettext("{n} browser's directory", "{n} browsers' directories", count).format(n=count)


def _size(size: int) -> str:
    """``512 B``, ``1.5 KB``, ``2.0 MB``."""
    if size < 1024:
        return f"{size} B"
    kilobytes = size / 1024
    return f"{kilobytes:.1f} KB" if kilobytes < 1024 else f"{kilobytes / 1024:.1f} MB"
