"""The command-line options the commands that run bots share (arena, simulate, calibrate,
regret)."""

from __future__ import annotations

import argparse
import json
import math
import signal
import sys
from collections.abc import Callable
from typing import Any

from ai.contain import Containment
from ai.spec import BotSpec, SpecError
from cli.refusal import refuse
from text.language import _, number
from text.specs import spec_words

MAX_WORKERS = 64  # worker processes a measurement may start

Progress = Callable[[int, int], None]  # hands done, hands in all


def add_time_limit(parser: argparse.ArgumentParser) -> None:
    """``--time-limit SECONDS``: per decision, for the bots that play in their own process."""
    parser.add_argument(
        "--time-limit",
        type=float,
        default=Containment().time_limit_s,
        metavar=_("SECONDS"),
        help=_("per decision, for bots that are not built in (%(default)g)"),
    )


def seconds_problem(flag: str, value: float | None) -> str | None:
    """What is wrong with a number of seconds given on the command line, if anything."""
    if value is not None and (not math.isfinite(value) or value <= 0):
        return _("{option} must be a positive number of seconds, not {value}").format(
            option=flag, value=f"{value:g}"
        )
    return None


def add_measurement(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    *,
    hands: int,
    help: str,
    description: str,
    epilog: str,
) -> argparse.ArgumentParser:
    """The parser of a measurement over the arena's deals, with the options of
    :func:`add_hand_runs`."""
    parser = subparsers.add_parser(
        name,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        help=help,
        description=description,
        epilog=epilog,
    )
    add_hand_runs(parser, hands)
    return parser


def run_measurement(
    args: argparse.Namespace,
    prog: str,
    read_players: Callable[[], tuple[BotSpec, ...]],
    measure: Callable[..., dict[str, Any]],
    render: Callable[[dict[str, Any]], str],
) -> int:
    """Check the options of :func:`add_hand_runs` and the players (``read_players`` raises
    :class:`SpecError`), refusing in one line what is wrong; else measure and print the figures.
    ``measure`` takes the players and a progress callback."""
    problem = hand_runs_problem(args)
    if problem:
        return refuse(prog, problem)
    try:
        players = read_players()
    except SpecError as error:
        return refuse(prog, spec_words(error))
    previous = signal.signal(signal.SIGTERM, _interrupt)  # a kill stops the workers too
    try:  # (Ctrl+C and a kill end as `PROG: interrupted`, said by cli.main)
        figures = measure(*players, hands_progress(prog))
    finally:
        signal.signal(signal.SIGTERM, previous)
    return print_figures(figures, args.json, render)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def print_figures(
    figures: dict[str, Any], as_json: bool, render: Callable[[dict[str, Any]], str]
) -> int:
    """A measurement's figures on stdout, as one JSON line or as ``render`` lays them out."""
    print(json.dumps(figures) if as_json else render(figures), flush=True)
    return 0


MAX_RUNS = 10_000_000  # deals, hands or matches a command plays, at most (as bench's hands)


def runs_problem(option: str, count: int) -> str | None:
    """What is wrong with a number of deals, hands or matches to play, if anything."""
    if count < 1:
        return _("{option} must be at least 1").format(option=option)
    if count > MAX_RUNS:
        return _("{option} must be at most {most}, not {n}").format(
            option=option, most=number(MAX_RUNS), n=number(count)
        )
    return None


def add_hand_runs(parser: argparse.ArgumentParser, hands: int) -> None:
    """``--hands N --seed S --workers N --json``: a measurement over the arena's deals."""
    parser.add_argument(
        "--hands", type=int, default=hands, metavar="N", help=_("hands (%(default)s)")
    )
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the deals (1)"))
    parser.add_argument("--workers", type=int, default=2, help=_("worker processes (2)"))
    parser.add_argument("--json", action="store_true", help=_("print the figures as one JSON line"))


def workers_problem(workers: int) -> str | None:
    """What is wrong with a number of worker processes, if anything."""
    if not 1 <= workers <= MAX_WORKERS:
        return _("--workers must be from 1 to {most}").format(most=MAX_WORKERS)
    return None


def hand_runs_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with the options of :func:`add_hand_runs`, if anything."""
    return runs_problem("--hands", args.hands) or workers_problem(args.workers)


def hands_progress(prog: str) -> Progress:
    """A progress line on stderr: ``PROG: done/total hands``, ended when all are done."""

    def progress(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        said = _("{prog}: {done}/{total} hands").format(prog=prog, done=done, total=total)
        print(f"\r{said}   ", end=end, file=sys.stderr, flush=True)

    return progress
