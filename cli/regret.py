"""`tarocchino regret`: where a level loses points to the oracle, card by card and discard by
discard."""

from __future__ import annotations

import argparse
from typing import Any

from ai.lab.regret import BIG, OFFERED, measure
from ai.spec import BotSpec, SpecError, parse_spec, sees_every_card
from cli.bot_options import Progress, add_measurement, run_measurement
from text.language import N_, _, ngettext

PROG = "tarocchino regret"

_EPILOG = N_("""\
examples:
  tarocchino regret hard:iterations=200 --hands 40 --seed 7
  tarocchino regret medium --hands 40 --seed 7
  tarocchino regret oracle:iterations=200 --hands 10 --seed 7    # the measurement's own noise
  tarocchino regret hard:iterations=200 --hands 200 --seed 7 --discards-only

Four LEVEL bots play each hand from 0-0 (the arena's deals). At each card with a real choice
the ORACLE (it sees every card) values every legal card on the true deal; the card's regret is
its value of its best card minus its value of the card played. Printed: decisions, the mean
regret, the share of mistakes (regret over {big} points) and the share of all the regret, for
every decision, by place in the trick and by stage of the hand.

The dealer's discard (one a hand) is judged too: the ORACLE values every legal pair on the true
deal (the same playouts for each); the discard's regret is its best pair's value minus the pair
made's. Printed apart: the mean regret (and its standard error), the share of mistakes, where
the pair made and the oracle's best pair stand in the discard heuristic's order (its 1st, 2nd
to {offered}th, later: the hard bot searches its first {offered}), and what the best
of those {offered} and the heuristic's first pair give away. --discards-only judges the discards
alone (each hand stops after its discard: much faster). The oracle's playouts follow the rules
of thumb: a regret is measured against the ladder's ceiling, not perfect play. The declarations
are not measured.
""")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = add_measurement(
        subparsers,
        "regret",
        hands=40,
        help=_("where a bot level loses points to the oracle, card by card"),
        description=_("Measure the points each card a bot level plays gives away to the oracle."),
        epilog=_(_EPILOG).format(big=f"{BIG:g}", offered=OFFERED),
    )
    parser.add_argument(
        "level", metavar=_("LEVEL"), help=_("the bot in all four seats (any bot spec)")
    )
    parser.add_argument(
        "--oracle",
        default="oracle:iterations=200",
        metavar=_("ORACLE"),
        help=_("the judge, an oracle seeing every card (%(default)s)"),
    )
    parser.add_argument(
        "--discards-only",
        action="store_true",
        help=_("judge only the dealer's discards (each hand stops after its discard)"),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    def read_players() -> tuple[BotSpec, BotSpec]:
        level = parse_spec(args.level, measurement=True)
        oracle = parse_spec(args.oracle, measurement=True)
        if not sees_every_card(oracle) or dict(oracle.options).get("knows", "all") != "all":
            raise SpecError(
                _("the judge is an oracle seeing every card, not {given}").format(
                    given=repr(args.oracle)
                )
            )
        return level, oracle

    def judge(level: BotSpec, oracle: BotSpec, progress: Progress) -> dict[str, Any]:
        cards = not args.discards_only
        return measure(level, oracle, args.hands, args.seed, args.workers, progress, cards)

    return run_measurement(args, PROG, read_players, judge, render)


def render(summary: dict[str, Any]) -> str:
    lines = [
        ngettext(
            "{n} hand of {players}, seed {seed}; judged by {oracle} (sees every card)",
            "{n} hands of {players}, seed {seed}; judged by {oracle} (sees every card)",
            summary["hands"],
        ).format(
            n=summary["hands"],
            players=summary["players"],
            seed=summary["seed"],
            oracle=summary["oracle"],
        ),
    ]
    if summary["regret"] is not None:
        lines += render_cards(summary["regret"])
    return "\n".join(lines + render_discards(summary["discard"]))


def render_cards(regret: dict[str, Any]) -> list[str]:
    lines = [_("                decisions  mean regret  mistakes  share of regret")]
    rows = [(_("every card"), regret["all"])]
    rows += [(f"  {name}", row) for name, row in regret["by_position"].items()]
    rows += [
        ("  " + _("tricks {which}").format(which=name), row)
        for name, row in regret["by_tricks"].items()
    ]
    for name, row in rows:
        lines.append(
            f"  {name:<14}{row['decisions']:>9}  {row['mean']:>11.1f}  {row['mistakes']:>8.0%}"
            f"  {row['share']:>15.0%}"
        )
    return lines


def _ranks(shares: dict[str, float]) -> str:
    first, middle, later = shares.values()
    return _("its 1st {first}, 2nd-{offered}th {middle}, later {later}").format(
        first=f"{first:.0%}", offered=OFFERED, middle=f"{middle:.0%}", later=f"{later:.0%}"
    )


def render_discards(d: dict[str, Any]) -> list[str]:
    return [
        _("dealer's discards: {n}, every legal pair valued ({pairs} a hand)").format(
            n=d["discards"], pairs=f"{d['pairs']:.0f}"
        ),
        "  "
        + _("mean regret {mean} (standard error {se}), mistakes {mistakes}").format(
            mean=f"{d['mean']:.1f}", se=f"{d['se']:.1f}", mistakes=f"{d['mistakes']:.0%}"
        ),
        "  "
        + _("the pair made, in the heuristic's order: {ranks}").format(
            ranks=_ranks(d["made_rank"])
        ),
        "  " + _("the oracle's best pair: {ranks}").format(ranks=_ranks(d["best_rank"])),
        "  "
        + _(
            "the best of the heuristic's first {offered} gives away {given}, its first pair {first}"
        ).format(offered=OFFERED, given=f"{d['offered']:.1f}", first=f"{d['heuristic']:.1f}"),
    ]
