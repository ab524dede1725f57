"""`tarocchino play`: the game in the terminal (also what `tarocchino` alone runs)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from game.rules import DEFAULT_TARGET
from tui.session import KINDS, parse_seats

PROG = "tarocchino play"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a match in the terminal (the default command)",
        description="Play Ottocento in the terminal. Without --seats (or --resume) the start "
        "screen opens: set up a new match or resume the saved one.",
        epilog="examples:\n"
        "  tarocchino play --seats human,hard,hard,hard\n"
        "  tarocchino play --seats human,easy,human,easy --names Anna,Bot1,Carla,Bot2\n"
        "  tarocchino play --seats hard,easy,hard,easy --bot-delay 1   # watch four bots\n"
        "  tarocchino play --resume\n\n"
        "The match is saved after every move in $TAROCCHINO_DATA_DIR (else "
        "$XDG_DATA_HOME/tarocchino, else ~/.local/share/tarocchino).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--seats", metavar="A,B,C,D",
                        help=f"the four seats in turn order, each one of {', '.join(KINDS)}")
    parser.add_argument("--names", metavar="A,B,C,D", help="the four players' names")
    parser.add_argument("--seed", type=int, help="seed of the deals (default: random)")
    parser.add_argument("--target", type=int, default=DEFAULT_TARGET,
                        help=f"score that wins (default {DEFAULT_TARGET})")
    parser.add_argument("--resume", action="store_true", help="resume the saved match")
    parser.add_argument("--bot-delay", type=float, metavar="SECONDS",
                        help="how long bots wait before acting (overrides the settings)")
    parser.add_argument("--ascii", action="store_true", help="S B C D instead of ♠ ♣ ♥ ♦")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    seats = None
    try:
        if args.names and not args.seats:
            raise ValueError("--names needs --seats")
        if args.seats:
            names = args.names.split(",") if args.names else None
            seats = parse_seats(args.seats.split(","), names)
        if args.target <= 0:
            raise ValueError("--target must be a positive number")
        if args.bot_delay is not None and args.bot_delay < 0:
            raise ValueError("--bot-delay must be >= 0")
    except ValueError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    from tui.app import TarocchinoApp  # imported here: the other commands never load Textual
    from tui.settings import data_dir, load_settings

    settings = load_settings(data_dir())
    if args.bot_delay is not None:
        settings = replace(settings, bot_delay=args.bot_delay)
    if args.ascii:
        settings = replace(settings, suit_marks="ascii")
    app = TarocchinoApp(settings=settings, seats=seats, seed=args.seed, target=args.target,
                        resume=args.resume and seats is None)
    app.run()
    return 0
