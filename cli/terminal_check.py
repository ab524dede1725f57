"""Whether the game's screens can run here: the commands that open them (`play`, `review`, `join`
as a person) refuse in one line, before anything is written, when there is no terminal to draw on
and read the keys from (standard input closed, a file or a pipe; standard error redirected, since
the screen is drawn there). Served to a browser (`tarocchino web`), the screen has a driver of its
own and needs no terminal."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import TextIO

from net.client import WEB_DRIVER_ENV
from text.language import N_, _


def streams_problem(
    stdin: TextIO | None, stderr: TextIO | None, environ: Mapping[str, str]
) -> str | None:
    """Why the screens cannot run with these streams (None when they can)."""
    if environ.get(WEB_DRIVER_ENV):
        return None
    for stream, closed, not_one in (
        (
            stdin,
            N_("the game needs a terminal, and standard input is closed (the keys are read there)"),
            N_(
                "the game needs a terminal, and standard input is not one (the keys are read there)"
            ),
        ),
        (
            stderr,
            N_(
                "the game needs a terminal, and standard error is closed "
                "(the screen is drawn there)"
            ),
            N_(
                "the game needs a terminal, and standard error is not one "
                "(the screen is drawn there)"
            ),
        ),
    ):
        if stream is None or stream.closed:
            return _(closed)
        try:
            terminal = stream.isatty()
        except (OSError, ValueError):
            terminal = False
        if not terminal:
            return _(not_one)
    return None


def problem() -> str | None:
    """Why the screens cannot run in this process (None when they can)."""
    return streams_problem(sys.__stdin__, sys.__stderr__, os.environ)
