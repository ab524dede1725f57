"""The command-line options every command that runs bots shares (arena, simulate)."""

from __future__ import annotations

import argparse
import math

from ai.contain import Containment


def add_time_limit(parser: argparse.ArgumentParser) -> None:
    """``--time-limit SECONDS``: per decision, for the bots that play in their own process."""
    parser.add_argument(
        "--time-limit",
        type=float,
        default=Containment().time_limit_s,
        metavar="SECONDS",
        help="per decision, for bots that are not built in (%(default)g)",
    )


def seconds_problem(flag: str, value: float | None) -> str | None:
    """What is wrong with a number of seconds given on the command line, if anything."""
    if value is not None and (not math.isfinite(value) or value <= 0):
        return f"{flag} must be a positive number of seconds, not {value:g}"
    return None
