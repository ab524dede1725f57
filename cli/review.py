"""`tarocchino review`: look back at the hands of a match (a game record file, or a match of the
statistics) card by card, with the hard bot's judgement of the cards played."""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import TYPE_CHECKING

from cli import terminal_check
from cli.export import match_option, names_option
from cli.refusal import path_given, refuse
from game import record
from game.errors import RecordError
from store.settings import data_dir, load_settings
from table.session import Seat
from text.language import N_, _, ngettext
from text.records import record_problem

if TYPE_CHECKING:
    from text.hand_review import ReviewSource

PROG = "tarocchino review"
MAX_ITERATIONS = 100_000

_EPILOG = N_("""\
examples:
  tarocchino review games/match-1.json
  tarocchino review games/match-1.json --names Anna,Bruno,Carla,Dario
  tarocchino review games/match-1.json --judge 1,3 --hand 2
  tarocchino review --match last                 the latest finished match of the statistics

Keys: Left/Right a card, Up/Down a trick, [ and ] the hand before and after, Home/End the start
and the end of the hand, n the costliest choices one after the other, q quits. Every hand is
shown (the hands reviewed are over). The judgement of each card is the hard bot's estimate.
""")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "review",
        help=_("look back at a match's hands, with the hard bot's judgement of each card"),
        description=_(
            "Step through the finished hands of a match card by card with all four "
            "hands, the discard and the declarations shown, and the hard bot's judgement of "
            "each card the judged players chose."
        ),
        epilog=_(_EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "file",
        nargs="?",
        type=path_given,
        metavar=_("FILE"),
        help=_("a game record (written by `simulate --record` or `export`)"),
    )
    parser.add_argument(
        "--match",
        metavar="N|last",
        help=_("a match of the statistics database (its number, or 'last')"),
    )
    parser.add_argument(
        "--names",
        metavar="A,B,C,D",
        help=_("the four players' names by seat (a record file has none)"),
    )
    parser.add_argument(
        "--judge",
        metavar=_("SEATS"),
        help=_(
            "whose cards are judged: seat numbers 1-4 separated by commas, or "
            "'all' (default: the people of a recorded match; all for a file)"
        ),
    )
    parser.add_argument(
        "--hand",
        type=int,
        default=1,
        metavar="N",
        help=_("the hand shown first (1 for the first hand)"),
    )
    parser.add_argument(
        "--iterations",
        type=int,
        metavar="N",
        help=_(
            "deals of the hidden cards the bot searches per card (default "
            "1000; fewer is quicker and rougher)"
        ),
    )
    parser.add_argument("--ascii", action="store_true", help=_("S B C D instead of ♠ ♣ ♥ ♦"))
    parser.set_defaults(func=run)


def _error(message: str) -> int:
    return refuse(PROG, message)


def judged_option(text: str | None) -> list[int] | None:
    """Seats (0-based) from "1,3" or "all"; None when not given. ValueError if malformed."""
    if text is None:
        return None
    if text.strip().lower() == "all":
        return [0, 1, 2, 3]
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts or any(p not in ("1", "2", "3", "4") for p in parts):
        raise ValueError(
            _("--judge takes seat numbers 1-4 separated by commas, or 'all', not {given}").format(
                given=f"{text!r:.40}"
            )
        )
    return sorted({int(p) - 1 for p in parts})


def run(args: argparse.Namespace) -> int:
    from text.hand_review import ReviewSource  # Textual and the bots only when the command runs

    if (args.file is None) == (args.match is None):
        return _error(_("give a record FILE or --match N|last"))
    if args.iterations is not None and not 1 <= args.iterations <= MAX_ITERATIONS:
        return _error(_("--iterations must be 1 to {most}").format(most=MAX_ITERATIONS))
    try:
        names = names_option(args.names)
        judged = judged_option(args.judge)
    except ValueError as exc:
        return _error(str(exc))
    if args.match is not None:
        try:
            number = match_option(args.match)
        except ValueError as exc:
            return _error(str(exc))
        found = ReviewSource.recorded(None, number)
        if isinstance(found, str):  # a sentence for the screen: one line of an error here
            return _error(found[:1].lower() + found[1:].rstrip("."))
        source = found
        if names:
            source = replace(
                source,
                seats=tuple(Seat(s.kind, n) for s, n in zip(source.seats, names, strict=True)),
            )
        if judged is not None:
            source = replace(source, judged=frozenset(judged))
    else:
        try:
            read = record.load_recorded(args.file)
        except RecordError as exc:
            return _error(record_problem(exc))
        seats = tuple(Seat("", n) for n in names) if names else None
        source = ReviewSource.of(
            read.match, seats, judged=judged, title=args.file.name[:40], stand_ins=read.stand_ins
        )
    if not source.hands:
        return _error(_("the match has no finished hand to review"))
    hands = len(source.hands)
    if not 1 <= args.hand <= hands:
        return _error(
            ngettext(
                "--hand must be 1: the match has {n} finished hand",
                "--hand must be from 1 to {n}: the match has {n} finished hands",
                hands,
            ).format(n=hands)
        )
    return _review(source, args)


def _review(source: ReviewSource, args: argparse.Namespace) -> int:
    from tui.app import TarocchinoApp
    from tui.screens.review import ReviewScreen

    problem = terminal_check.problem()
    if problem:
        return _error(problem)
    directory = data_dir()
    settings = load_settings(directory)
    if args.ascii:
        settings = replace(settings, suit_marks="ascii")
    screen = ReviewScreen(source, args.hand - 1, iterations=args.iterations)
    TarocchinoApp(settings=settings, directory=directory, review=screen, persist=False).run()
    return 0
