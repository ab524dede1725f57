"""`tarocchino calibrate`: how far the hint's expected margin is from how hands really end."""

from __future__ import annotations

import argparse
from typing import Any

from ai.lab.calibrate import CHECKPOINTS, calibrate
from ai.spec import BotSpec, SpecError, parse_spec
from cli.bot_options import Progress, add_measurement, run_measurement
from text.language import N_, _, ngettext

PROG = "tarocchino calibrate"

_EPILOG = N_("""\
examples:
  tarocchino calibrate --hands 100 --seed 2024
  tarocchino calibrate --forecaster hard:iterations=200,solver_tricks=3

Four PLAYERS play each hand from 0-0 (the arena's deals). At the first card of tricks
{tricks} the hint's search (FORECASTER, a hard bot, seeing only the
leader's cards) forecasts the leader's side margin; the figures are the mean absolute error
against the hand's real margin (side total minus the other side's):
  search    the mean playout margin of the chosen card alone (the hint before declarations
            were counted in)
  forecast  what the hint says: the same plus declared points and those still to be declared
bias is the forecast's mean error (positive: too optimistic).
""")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_measurement(
        subparsers,
        "calibrate",
        hands=100,
        help=_("check the hint's expected margin against how hands end"),
        description=_("Measure how well the hint's expected margin forecasts the end of a hand."),
        epilog=_(_EPILOG).format(tricks=", ".join(map(str, CHECKPOINTS))),
    )
    parser.add_argument(
        "--players",
        default="hard:iterations=100",
        metavar=_("PLAYER"),
        help=_("the bot in all four seats (%(default)s)"),
    )
    parser.add_argument(
        "--forecaster",
        default="hard:iterations=200",
        metavar="HARD",
        help=_("the hint's search, a hard bot (%(default)s)"),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    def read_players() -> tuple[BotSpec, BotSpec]:
        players, forecaster = parse_spec(args.players), parse_spec(args.forecaster)
        if forecaster.name != "hard" or forecaster.source is not None:
            raise SpecError(
                _("the forecaster is a hard bot (hard:OPTIONS), not {given}").format(
                    given=repr(args.forecaster)
                )
            )
        return players, forecaster

    def measure(players: BotSpec, forecaster: BotSpec, progress: Progress) -> dict[str, Any]:
        return calibrate(players, forecaster, args.hands, args.seed, args.workers, progress)

    return run_measurement(args, PROG, read_players, measure, render)


def render(summary: dict[str, Any]) -> str:
    lines = [
        ngettext(
            "{n} hand of {players}, seed {seed}; forecasts by {forecaster}",
            "{n} hands of {players}, seed {seed}; forecasts by {forecaster}",
            summary["hands"],
        ).format(
            n=summary["hands"],
            players=summary["players"],
            seed=summary["seed"],
            forecaster=summary["forecaster"],
        ),
        _("  trick  forecasts  MAE search  MAE forecast  bias  mean |margin|"),
    ]
    for key, row in summary["checkpoints"].items():
        lines.append(
            f"  {key.removeprefix('trick_'):>5}  {row['forecasts']:>9}  {row['mae_search']:>10.1f}"
            f"  {row['mae_forecast']:>12.1f}  {row['bias_forecast']:>+4.0f}"
            f"  {row['mean_abs_margin']:>13.1f}"
        )
    return "\n".join(lines)
