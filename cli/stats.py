"""`tarocchino stats`: the figures over every finished match recorded in the data directory."""

from __future__ import annotations

import argparse
import json
import sys

from cli.refusal import refuse
from store.stats import read_statistics
from store.statsschema import StatsError
from text.language import _
from text.statistics import notice_words, render, stats_error_words

PROG = "tarocchino stats"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "stats",
        help=_("statistics of the finished matches: played, won, margins, declarations"),
        description=_(
            "Statistics over every finished match recorded in the data directory: "
            "matches played and won per person and per partner and opponent level, the average "
            "hand margin, the best hand, declarations made, wins by calling out, and the latest "
            "matches (their numbers are what `tarocchino export --match` takes)."
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.add_argument(
        "--recent",
        type=int,
        default=10,
        metavar="N",
        help=_("how many of the latest matches to list (10; at most 100)"),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.recent <= 100:
        return refuse(PROG, _("--recent must be 0 to 100"))
    figures, message = read_statistics(recent=args.recent)
    if isinstance(message, StatsError):  # not "nothing recorded yet": an error
        why = stats_error_words(message)
        return refuse(PROG, _("the statistics cannot be read: {why}").format(why=why))
    if message:  # a damaged file set aside, a database brought up to date
        print(f"{PROG}: {notice_words(message)}", file=sys.stderr)
    if args.json:
        print(json.dumps(figures.to_json()))
    else:
        print(render(figures))
    return 0
