"""`tarocchino bench`: how fast the play kernel, the scoring and the bots run on this machine."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from typing import Any

from ai.lab.bench import bench_bots, bench_engine
from cli.bot_options import MAX_RUNS
from game.scoring import bench_scoring
from text.language import _, number


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {given}").format(given=repr(text))
        ) from None
    if not 1 <= value <= MAX_RUNS:
        raise argparse.ArgumentTypeError(
            _("must be between 1 and {most}, not {n}").format(
                most=number(MAX_RUNS), n=number(value)
            )
        )
    return value


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "bench",
        help=_("measure engine, scoring and bot speed"),
        description=_(
            "Measure, on one core, the code the bots run: random hands "
            "and the bots' playouts through the play kernel, the scoring of piles, "
            "and the bots' decision times (with OpenSpiel installed, its Skat games "
            "too, for comparison)."
        ),
    )
    p.add_argument(
        "--hands", type=_positive, default=5000, help=_("random hands to play (%(default)s)")
    )
    p.add_argument(
        "--rollouts", type=_positive, default=5000, help=_("bot playouts to run (%(default)s)")
    )
    p.add_argument("--no-bots", action="store_true", help=_("skip the bots' decision times"))
    p.add_argument("--json", action="store_true", help=_("print one JSON object"))
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    figures = bench_engine(args.hands, args.rollouts)
    figures.update(bench_scoring())
    if not args.no_bots:
        figures["bots"] = bench_bots()
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in _flat(figures):
            if value is None:  # the comparison with OpenSpiel, which is not installed
                value = _("not measured (OpenSpiel is not installed: pip install open-spiel)")
            print(f"{key:>32}: {value}")
    return 0


def _flat(figures: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Each figure with its name, those of a group (the bots' times) named after it
    (``bots.hard.p95_ms``), as the JSON nests them, rather than a Python dict on one line."""
    for key, value in figures.items():
        if isinstance(value, dict):
            yield from _flat(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value
