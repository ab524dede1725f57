"""Whether the game's terminal is still there: a closed window or a killed tmux that does not
send the game a hang-up (under `make play`, make keeps it) leaves it reading an input that has
ended, forever."""

from __future__ import annotations

import os
import sys

CHECK_EVERY_S = 1.0


def terminal_input() -> int | None:
    """The file descriptor of the terminal the game reads its keys from, or None when it
    reads none (a test, the browser, input from a pipe)."""
    stream = sys.__stdin__
    try:
        fd = stream.fileno() if stream is not None else -1
        if fd < 0 or not os.isatty(fd):
            return None
        os.tcgetpgrp(fd)  # the controlling terminal (what the check below asks of it)
    except (OSError, ValueError):
        return None
    return fd


def terminal_gone(fd: int) -> bool:
    """The terminal of ``fd`` has hung up (its window closed): it has no foreground process
    group any more."""
    try:
        os.tcgetpgrp(fd)
    except OSError:
        return True
    return False
