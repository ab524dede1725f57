"""What serving beyond this machine means (`host`, `web` with a ``--bind`` that is not
loopback), said before anything opens: a table without a password can be taken by anyone who
reaches it, and without TLS everything crosses the network as it is. Either is done only when
asked for with ``--yes``; a password too short to stand guessing is not taken at all."""

from __future__ import annotations

import sys

from cli.refusal import USAGE, refuse
from net.addresses import this_machine_only

MIN_PASSWORD = 8  # characters of a table's password, once it is open beyond this machine
YES_HELP = (
    "serve beyond this machine without a password or without TLS, knowing what that means "
    "(it is said, and asked for, otherwise)"
)


def short_password(bind: str, password: str | None) -> str | None:
    """Why ``password`` will not do for a table listening on ``bind``, if it will not."""
    if password is None or this_machine_only(bind) or len(password) >= MIN_PASSWORD:
        return None
    return (
        f"a table open beyond this machine (--bind {bind}) needs a password of at least "
        f"{MIN_PASSWORD} characters, not {len(password)}"
    )


def risks(bind: str, *, tls: bool, password: bool | None) -> list[str]:
    """What serving on ``bind`` lays open, a line each (none on this machine only).
    ``password``: whether the table has one; None for the browser game, whose key stands for
    it (always given beyond this machine)."""
    if this_machine_only(bind):
        return []
    said = []
    if password is False:
        said.append(
            "without a password, anyone who can reach this machine over the network can take "
            "the open seats"
        )
    if not tls:
        secret = "the key" if password is None else "passwords"
        said.append(
            f"without TLS (--cert and --key), everything, {secret} included, crosses the "
            "network in clear: whoever can see the traffic (the same Wi-Fi, say) reads it"
        )
    return said


def consent(prog: str, bind: str, laid_open: list[str], yes: bool) -> int | None:
    """Without ``--yes``, what ``laid_open`` means, on stderr, and the refusal that asks for
    ``--yes`` (its exit status); None when it may go on."""
    if not laid_open or yes:
        return None
    print(f"{prog}: --bind {bind} serves beyond this machine:", file=sys.stderr)
    for line in laid_open:
        print(f"  - {line}.", file=sys.stderr)
    return refuse(prog, "add --yes to serve so all the same (or give what is missing)", USAGE)


def warnings(laid_open: list[str]) -> list[str]:
    """What serving laid open, as it is said once it serves (``--yes`` was given)."""
    return [f"Warning: {line}." for line in laid_open]
