"""`tarocchino regret`: where a level loses points to the oracle, card by card."""

from __future__ import annotations

import argparse
from typing import Any

from ai.regret import BIG, measure
from ai.spec import BotSpec, SpecError, parse_spec, sees_every_card
from tui.commands.bot_options import Progress, add_measurement, run_measurement

PROG = "tarocchino regret"

_EPILOG = f"""\
examples:
  tarocchino regret hard:iterations=200 --hands 40 --seed 7
  tarocchino regret medium --hands 40 --seed 7
  tarocchino regret oracle:iterations=200 --hands 10 --seed 7    # the measurement's own noise

Four LEVEL bots play each hand from 0-0 (the arena's deals). At each card with a real choice
the ORACLE (it sees every card) values every legal card on the true deal; the card's regret is
its value of its best card minus its value of the card played. Printed: decisions, the mean
regret, the share of mistakes (regret over {BIG:g} points) and the share of all the regret, for
every decision, by place in the trick and by stage of the hand. The oracle's playouts follow the
rules of thumb: a regret is measured against the ladder's ceiling, not perfect play. The dealer's
discard and the declarations are not measured.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_measurement(
        subparsers,
        "regret",
        hands=40,
        help="where a bot level loses points to the oracle, card by card",
        description="Measure the points each card a bot level plays gives away to the oracle.",
        epilog=_EPILOG,
    )
    parser.add_argument("level", metavar="LEVEL", help="the bot in all four seats (any bot spec)")
    parser.add_argument(
        "--oracle",
        default="oracle:iterations=200",
        metavar="ORACLE",
        help="the judge, an oracle seeing every card (%(default)s)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    def read_players() -> tuple[BotSpec, BotSpec]:
        level = parse_spec(args.level, measurement=True)
        oracle = parse_spec(args.oracle, measurement=True)
        if not sees_every_card(oracle) or dict(oracle.options).get("knows", "all") != "all":
            raise SpecError(f"the judge is an oracle seeing every card, not {args.oracle!r}")
        return level, oracle

    def judge(level: BotSpec, oracle: BotSpec, progress: Progress) -> dict[str, Any]:
        return measure(level, oracle, args.hands, args.seed, args.workers, progress)

    return run_measurement(args, PROG, read_players, judge, render)


def render(summary: dict[str, Any]) -> str:
    regret = summary["regret"]
    lines = [
        f"{summary['hands']} hands of {summary['players']}, seed {summary['seed']}; "
        f"judged by {summary['oracle']} (sees every card)",
        "                decisions  mean regret  mistakes  share of regret",
    ]
    rows = [("every card", regret["all"])]
    rows += [(f"  {name}", row) for name, row in regret["by_position"].items()]
    rows += [(f"  tricks {name}", row) for name, row in regret["by_tricks"].items()]
    for name, row in rows:
        lines.append(
            f"  {name:<14}{row['decisions']:>9}  {row['mean']:>11.1f}  {row['mistakes']:>8.0%}"
            f"  {row['share']:>15.0%}"
        )
    return "\n".join(lines)
