"""`host` and `web` with a ``--bind`` that is not loopback: what that lays open
(:mod:`net.exposure`: a table without a password, anything without TLS) is said before anything
opens, and done only when asked for with ``--yes``; a password too short to stand guessing is not
taken at all."""

from __future__ import annotations

import sys

from cli.refusal import USAGE, refuse
from net import exposure
from net.addresses import this_machine_only
from net.config import MIN_PASSWORD
from text.language import N_, _

YES_HELP = N_(
    "serve beyond this machine without a password or without TLS, knowing what that means "
    "(it is said, and asked for, otherwise)"
)


def short_password(bind: str, password: str | None) -> str | None:
    """Why ``password`` will not do for a table listening on ``bind``, if it will not."""
    if password is None or this_machine_only(bind) or len(password) >= MIN_PASSWORD:
        return None
    return _(
        "a table open beyond this machine (--bind {bind}) needs a password of at least "
        "{least} characters, not {n}"
    ).format(bind=bind, least=MIN_PASSWORD, n=len(password))


def risks(bind: str, *, tls: bool, password: bool | None) -> list[str]:
    """What serving on ``bind`` lays open, a line each (none on this machine only).
    ``password``: whether the table has one; None for the browser game, whose key stands for
    it (always given beyond this machine)."""
    if this_machine_only(bind):
        return []
    return exposure.risks(tls=tls, password=password, how="--cert and --key")


def consent(prog: str, bind: str, laid_open: list[str], yes: bool) -> int | None:
    """Without ``--yes``, what ``laid_open`` means, on stderr, and the refusal that asks for
    ``--yes`` (its exit status); None when it may go on."""
    if not laid_open or yes:
        return None
    print(
        _("{prog}: --bind {bind} serves beyond this machine:").format(prog=prog, bind=bind),
        file=sys.stderr,
    )
    for line in laid_open:
        print(f"  - {line}.", file=sys.stderr)
    return refuse(prog, _("add --yes to serve so all the same (or give what is missing)"), USAGE)


def warnings(laid_open: list[str]) -> list[str]:
    """What serving laid open, as it is said once it serves (``--yes`` was given)."""
    return [_("Warning: {what}.").format(what=line) for line in laid_open]
