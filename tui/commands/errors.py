"""How a subcommand refuses: one line on stderr, ``tarocchino CMD: error: what is wrong``, and an
exit status: 2 when nothing was done (a bad option or value, a file named on the command line that
cannot be read or used), 1 when something failed along the way (a file that cannot be written)."""

from __future__ import annotations

import sys

USAGE, FAILED = 2, 1


def refuse(prog: str, message: str, status: int = USAGE) -> int:
    """Print the error line; the exit status to return."""
    print(f"{prog}: error: {message}", file=sys.stderr)
    return status
