"""`tarocchino learn`: the guided first hand that teaches the game (Learn to play)."""

from __future__ import annotations

import argparse
from dataclasses import replace

from cli import terminal_check
from cli.play import unlocked
from cli.refusal import refuse
from store.lock import DataLock, DirectoryBusy
from store.settings import data_dir, load_settings
from text.language import _
from text.problems import error_words

PROG = "tarocchino learn"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "learn",
        help=_("learn to play: a guided first hand, step by step"),
        description=_(
            "Learn Ottocento with one hand dealt for teaching: the pack, the deal and the "
            "discard, the declarations, following suit and trumping, the Matto, who takes a "
            "trick, and the scoring sheet line by line. Each step waits for you; the lesson "
            "resumes where you left it. About a quarter of an hour."
        ),
    )
    parser.add_argument("--ascii", action="store_true", help=_("S B C D instead of ♠ ♣ ♥ ♦"))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    problem = terminal_check.problem()
    if problem:
        return refuse(PROG, problem)
    from tui.app import TarocchinoApp  # imported here: the other commands never load Textual

    directory = data_dir()
    lock = DataLock(directory)  # a match started at the end is saved here
    try:
        lock.acquire()
    except DirectoryBusy as exc:
        return refuse(PROG, error_words(exc))
    except OSError as exc:  # the lesson still runs; saving its place will say why it fails
        unlocked(PROG, directory, exc)
    try:
        settings = load_settings(directory)
        if args.ascii:
            settings = replace(settings, suit_marks="ascii")
        TarocchinoApp(settings=settings, directory=directory, lesson=True).run()
    finally:
        lock.release()
    return 0
