"""`tarocchino play`: the game in the terminal (also what `tarocchino` alone runs)."""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from ai.spec import split_specs
from cli import terminal_check
from cli.match_options import add_signals, add_target
from cli.refusal import refuse
from game.files import remove_stale_temporaries
from store.lock import DataLock, DirectoryBusy
from store.match_setup import target_problem
from store.save import SaveError, SaveStore
from store.settings import MAX_PAUSE, data_dir, load_settings
from table.session import BOT_LEVELS, HUMAN, Seat, parse_seats
from text.language import _, number
from text.problems import error_words
from text.saved import describe_saved

PROG = "tarocchino play"
YES = ("y", "yes", "s", "si", "sì")  # the answers that start a new match, in either language


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "play",
        help=_("play a match in the terminal (the default command)"),
        description=_(
            "Play Ottocento in the terminal. Without --seats (or --resume) the start "
            "screen opens: set up a new match or resume the saved one."
        ),
        epilog=_(
            "examples:\n"
            "  tarocchino play --seats human,hard,hard,hard\n"
            "  tarocchino play --seats human,easy,human,easy --names Anna,Bot1,Carla,Bot2\n"
            "  tarocchino play --seats human,hard:budget_s=0.5,mybot.py:MyBot,hard\n"
            "  tarocchino play --seats hard,easy,hard,easy --bot-delay 1   # watch bots\n"
            "  tarocchino play --resume\n\n"
            "The match is saved after every move in $TAROCCHINO_DATA_DIR (else "
            "$XDG_DATA_HOME/tarocchino, else ~/.local/share/tarocchino)."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--seats",
        metavar="A,B,C,D",
        help=_(
            "the four seats in turn order, each {human} or a bot: a level "
            "({levels}), a level with options (hard:budget_s=0.5) "
            "or any bot of `tarocchino bots`"
        ).format(human=HUMAN, levels=", ".join(BOT_LEVELS)),
    )
    parser.add_argument("--names", metavar="A,B,C,D", help=_("the four players' names"))
    parser.add_argument("--seed", type=int, help=_("seed of the deals (default: random)"))
    add_target(parser, default=None)
    add_signals(parser)
    parser.add_argument("--resume", action="store_true", help=_("resume the saved match"))
    parser.add_argument(
        "--new",
        action="store_true",
        help=_(
            "with --seats: start a new match even if one is saved (the saved "
            "one is kept as a backup); without it you are asked first"
        ),
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        metavar=_("SECONDS"),
        help=_("how long bots wait before acting, 0 to {most} (overrides the settings)").format(
            most=f"{MAX_PAUSE:g}"
        ),
    )
    parser.add_argument("--ascii", action="store_true", help=_("S B C D instead of ♠ ♣ ♥ ♦"))
    parser.add_argument("--tab", action="store_true", help=argparse.SUPPRESS)  # tarocchino web
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    seats = None
    try:
        if args.names and not args.seats:
            raise ValueError(_("--names needs --seats"))
        if args.signals and args.resume:
            raise ValueError(_("--signals goes with a new match: a saved one keeps its rules"))
        if args.resume and (args.seats or args.new):
            raise ValueError(
                _(
                    "--resume goes alone: it resumes the saved match (--seats and --new "
                    "start a new one)"
                )
            )
        if args.new and not args.seats:  # it would be ignored: the start screen opens
            raise ValueError(
                _("--new needs --seats (the new match to start in place of the saved one)")
            )
        if args.seats:
            names = args.names.split(",") if args.names else None
            seats = parse_seats(split_specs(args.seats), names)
        problem = None if args.target is None else target_problem(args.target)
        if problem:
            raise ValueError(problem)
        if args.bot_delay is not None and not 0 <= args.bot_delay <= MAX_PAUSE:
            raise ValueError(
                _("{option} must be a number of seconds >= 0 and <= {most}").format(
                    option="--bot-delay", most=number(MAX_PAUSE)
                )
            )
    except ValueError as exc:
        return refuse(PROG, error_words(exc))
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
        return refuse(PROG, error_words(exc))  # nothing was done: status 2, as every refusal
    except OSError as exc:  # the game still runs; saving will say why it fails
        unlocked(PROG, directory, exc)
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
    saved = describe_saved(info)
    if not _interactive():
        return refuse(
            PROG,
            _(
                "a match is saved ({saved}); resume it with --resume, or add --new to start a "
                "new match (the saved one is kept as a backup)"
            ).format(saved=saved),
        )
    try:
        answer = input(
            _(
                "A match is saved ({saved}).\nStart a new match and keep the saved one "
                "as {backup}? [y/N] "
            ).format(saved=saved, backup=store.next_backup_name())
        )
    except EOFError:
        answer = ""
    if answer.strip().lower() in YES:
        return None
    print(_("Nothing changed. `tarocchino play --resume` resumes the saved match."))
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


def unlocked(prog: str, directory: Path, exc: OSError) -> None:
    """Warn that the data directory could not be locked (the game runs all the same)."""
    print(
        _("{prog}: warning: cannot lock {directory}: {why}").format(
            prog=prog, directory=directory, why=exc.strerror or exc
        ),
        file=sys.stderr,
    )
