"""The `tarocchino` command: the game by default, and the tools as subcommands."""

from __future__ import annotations

import argparse
import importlib
import sys

# Each module of tui.commands registers one or more subcommands with `register(subparsers)`;
# a registered parser sets `func(args) -> int`.
COMMANDS = ("play", "score", "simulate", "bench", "arena", "bots", "stats", "export", "host",
            "join", "web", "review", "calibrate", "regret")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tarocchino",
        description="Ottocento, the four-player tarot game of Bologna. "
        "Without a subcommand, opens the game's start screen.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"tui.commands.{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["play", *argv]  # `tarocchino --ascii` is `tarocchino play --ascii`
    args = parser.parse_args(argv)
    if args.command is None:
        args = parser.parse_args(["play"])
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
