"""The options that choose a match's rules, shared by the commands that start one."""

from __future__ import annotations

import argparse

from game.rules import DEFAULT_TARGET
from store.match_setup import MAX_TARGET
from text.language import _, number


def add_target(parser: argparse.ArgumentParser, default: int | None = DEFAULT_TARGET) -> None:
    """``--target``: the score that wins (``default`` None: the saved match's, or 800)."""
    parser.add_argument(
        "--target",
        type=int,
        default=default,
        help=_("score that wins, a multiple of 5 up to {most} (default {target})").format(
            most=number(MAX_TARGET), target=DEFAULT_TARGET
        ),
    )


def add_signals(parser: argparse.ArgumentParser) -> None:
    """``--signals``: the partners' signals allowed (RULES.md §10a)."""
    parser.add_argument(
        "--signals",
        action="store_true",
        help=_("allow the partners' signals busso, striscio and volo (off by default)"),
    )
