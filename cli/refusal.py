"""How a subcommand refuses: one line on stderr, ``tarocchino CMD: error: what is wrong``, and an
exit status: 2 when nothing was done (a bad option or value, a file named on the command line that
cannot be read or used), 1 when something failed along the way (a file that cannot be written)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.files import clip
from text.language import _

USAGE, FAILED = 2, 1
MAX_MESSAGE = 300  # characters of an error message: a huge value given is never echoed whole


def one_line(message: str, limit: int = MAX_MESSAGE) -> str:
    """``message`` as one printable line of at most ``limit`` characters: line breaks and other
    control characters (an escape sequence in a value given) are shown escaped."""
    return clip("".join(c if c.isprintable() else repr(c)[1:-1] for c in message), limit)


def refuse(prog: str, message: str, status: int = USAGE) -> int:
    """Print the error line; the exit status to return."""
    print(
        _("{prog}: error: {message}").format(prog=prog, message=one_line(message)), file=sys.stderr
    )
    return status


def path_given(text: str) -> Path:
    """A path named on the command line (argparse's ``type``): an empty one is refused, not read
    as ``Path("")``, which is the current directory."""
    if not text.strip():
        raise argparse.ArgumentTypeError(_("an empty path"))
    return Path(text)
