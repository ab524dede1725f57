"""`tarocchino play`: the game in the terminal (also what `tarocchino` alone runs)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from ai.spec import split_specs
from cli import terminal_check
from cli.refusal import refuse
from game.files import remove_stale_temporaries
from game.rules import DEFAULT_TARGET
from store.lock import DataLock, DirectoryBusy
from store.match_setup import MAX_TARGET, target_problem
from store.save import SaveError, SaveStore
from store.settings import MAX_PAUSE, data_dir, load_settings
from table.session import BOT_LEVELS, HUMAN, Seat, parse_seats
from text.language import _
from text.saved import describe_saved

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
        "  tarocchino play --seats human,hard:budget_s=0.25,mybot.py:MyBot,hard\n"
        "  tarocchino play --seats hard,easy,hard,easy --bot-delay 1   # watch bots\n"
        "  tarocchino play --resume\n\n"
        "The match is saved after every move in $TAROCCHINO_DATA_DIR (else "
        "$XDG_DATA_HOME/tarocchino, else ~/.local/share/tarocchino).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--seats",
        metavar="A,B,C,D",
        help=f"the four seats in turn order, each {HUMAN} or a bot: a level "
        f"({', '.join(BOT_LEVELS)}), a level with options (hard:budget_s=0.25) "
        "or any bot of `tarocchino bots`",
    )
    parser.add_argument("--names", metavar="A,B,C,D", help="the four players' names")
    parser.add_argument("--seed", type=int, help="seed of the deals (default: random)")
    parser.add_argument(
        "--target",
        type=int,
        help=f"score that wins, a multiple of 5 up to {MAX_TARGET:,} (default {DEFAULT_TARGET})",
    )
    parser.add_argument(
        "--signals",
        action="store_true",
        help=_("allow the partners' signals busso, striscio and volo (off by default)"),
    )
    parser.add_argument("--resume", action="store_true", help="resume the saved match")
    parser.add_argument(
        "--new",
        action="store_true",
        help="with --seats: start a new match even if one is saved (the saved "
        "one is kept as a backup); without it you are asked first",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        metavar="SECONDS",
        help=f"how long bots wait before acting, 0 to {MAX_PAUSE:g} (overrides the settings)",
    )
    parser.add_argument("--ascii", action="store_true", help="S B C D instead of ♠ ♣ ♥ ♦")
    parser.add_argument("--tab", action="store_true", help=argparse.SUPPRESS)  # tarocchino web
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    seats = None
    try:
        if args.names and not args.seats:
            raise ValueError("--names needs --seats")
        if args.signals and args.resume:
            raise ValueError(_("--signals goes with a new match: a saved one keeps its rules"))
        if args.resume and (args.seats or args.new):
            raise ValueError(
                "--resume goes alone: it resumes the saved match (--seats and --new "
                "start a new one)"
            )
        if args.new and not args.seats:  # it would be ignored: the start screen opens
            raise ValueError(
                "--new needs --seats (the new match to start in place of the saved one)"
            )
        if args.seats:
            names = args.names.split(",") if args.names else None
            seats = parse_seats(split_specs(args.seats), names)
        problem = None if args.target is None else target_problem(args.target)
        if problem:
            raise ValueError(problem)
        if args.bot_delay is not None and not 0 <= args.bot_delay <= MAX_PAUSE:
            raise ValueError(f"--bot-delay must be a number of seconds >= 0 and <= {MAX_PAUSE}")
    except ValueError as exc:
        return refuse(PROG, str(exc))
    problem = terminal_check.problem()
    if problem:  # before the data directory is touched
        return refuse(PROG, problem)
    directory = data_dir()
    lock = DataLock(directory)
    try:
        lock.acquire()
    except DirectoryBusy as exc:
        if args.tab and seats is None and not args.resume:  # another browser tab plays here
            return _play(args, directory, None, local=False)
        return refuse(PROG, str(exc))  # nothing was done: status 2, as every refusal
    except OSError as exc:  # the game still runs; saving will say why it fails
        print(f"{PROG}: warning: cannot lock {directory}: {exc.strerror or exc}", file=sys.stderr)
    try:
        if lock.held:  # no other game writes here: temporaries left by a crash are stale
            remove_stale_temporaries(directory)
        if seats is not None and not args.new:
            refused = confirm_new_match(SaveStore(directory))
            if refused is not None:
                return refused
        return _play(args, directory, seats)
    finally:
        lock.release()


def confirm_new_match(store: SaveStore) -> int | None:
    """Before ``--seats`` replaces a saved match: ask on a terminal, else refuse. None to go on,
    or the exit status."""
    if not store.exists():
        return None
    try:
        info = store.info()
    except SaveError:
        return None  # a damaged save is set aside, with a message, when the match starts
    saved = f"a match is saved ({describe_saved(info)})"
    if not _interactive():
        print(
            f"{PROG}: error: {saved}; resume it with --resume, or add --new to start a new "
            "match (the saved one is kept as a backup)",
            file=sys.stderr,
        )
        return 2
    try:
        answer = input(
            f"{saved[0].upper()}{saved[1:]}.\nStart a new match and keep the saved one "
            f"as {store.next_backup_name()}? [y/N] "
        )
    except EOFError:
        answer = ""
    if answer.strip().lower() in ("y", "yes"):
        return None
    print("Nothing changed. `tarocchino play --resume` resumes the saved match.")
    return 0


def _interactive() -> bool:
    """Whether a person can answer a question here (standard input and output a terminal)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def _play(
    args: argparse.Namespace, directory: Path, seats: tuple[Seat, ...] | None, local: bool = True
) -> int:
    from tui.app import TarocchinoApp  # imported here: the other commands never load Textual

    settings = load_settings(directory)
    if args.bot_delay is not None:
        settings = replace(settings, bot_delay=args.bot_delay)
    if args.ascii:
        settings = replace(settings, suit_marks="ascii")
    app = TarocchinoApp(
        settings=settings,
        directory=directory,
        seats=seats,
        seed=args.seed,
        target=args.target,
        signals=args.signals,
        resume=args.resume and seats is None,
        local=local,
    )
    app.run()
    return 0
