"""The addresses a server of this game (a table, the browser game) is reached at."""

from __future__ import annotations

import socket

LOOPBACK = ("127.0.0.1", "localhost", "::1")  # this machine only
EVERY_NETWORK = ("0.0.0.0", "::", "")  # every address of this machine


def bind_problem(bind: str) -> str | None:
    """What is wrong with ``--bind`` (host, web) before anything looks it up, if anything: an
    empty one would listen on every network, which only 0.0.0.0 should; one that is not
    printable (bytes not UTF-8, read as surrogates) is no name the resolver takes."""
    if not bind.strip():
        return ("--bind needs an address (127.0.0.1: this machine only; 0.0.0.0: every network "
                "this machine is on)")
    if not bind.isprintable():
        return f"--bind {bind!r} is not an address (a name, or a number such as 127.0.0.1)"
    return None


def this_machines() -> list[str]:
    """This machine's addresses others may reach it at (best effort, nothing is sent)."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if not address.startswith("127.") and address not in found:
                found.append(address)
    except OSError:
        pass
    try:  # the address of the way out: a datagram socket's connect sends nothing
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never answered, never reached
            address = str(probe.getsockname()[0])
        if not address.startswith(("127.", "0.")) and address not in found:
            found.append(address)
    except OSError:
        pass
    return found


def for_others(bind: str) -> list[str]:
    """Where another machine reaches a server listening on ``bind`` (not loopback)."""
    return this_machines() if bind in EVERY_NETWORK else [bind]
