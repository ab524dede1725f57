"""`tarocchino stats`: the figures over every finished match recorded in the data directory."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from tui.scoresheet import side_names
from tui.stats import MatchSummary, PersonStats, Statistics, read_statistics

PROG = "tarocchino stats"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="statistics of the finished matches: played, won, margins, declarations",
        description="Statistics over every finished match recorded in the data directory: "
        "matches played and won per person and per partner and opponent level, the average "
        "hand margin, the best hand, declarations made, wins by calling out, and the latest "
        "matches (their numbers are what `tarocchino export --match` takes).",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--recent", type=int, default=10, metavar="N",
                        help="how many of the latest matches to list (10; at most 100)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.recent <= 100:
        print(f"{PROG}: error: --recent must be 0 to 100", file=sys.stderr)
        return 2
    figures, message = read_statistics(recent=args.recent)
    if message:
        print(f"{PROG}: {message}", file=sys.stderr)
    if args.json:
        print(json.dumps(figures.to_json()))
    else:
        print(render(figures))
    return 0


def render(s: Statistics) -> str:
    """The figures as text for a person."""
    if s.matches == 0:
        return ("No finished match is recorded yet: every match played to the end is added to "
                f"the statistics, in {s.database}.")
    lines = [f"{s.matches} finished {_plural(s.matches, 'match', 'matches')}, {s.hands} "
             f"{_plural(s.hands, 'hand', 'hands')}  ({s.database})"]
    if s.people:
        lines += ["", _table(["Player", "Played", "Won", "Won %", "Hands", "Avg margin",
                              "Best hand", "Declarations", "Called out"],
                             [_person(p) for p in s.people], left=(0, 6, 7))]
        lines += ["", "With partner and opponents:"]
        lines += [f"  {p.name} with a {p.partner} partner against {p.opponents}"
                  f"{'' if 'human' in p.opponents else ' bots'}: {p.played} played, {p.won} won"
                  for p in s.pairings]  # fmt: skip
    else:
        lines += ["", "No person played in these matches (bots only)."]
    if s.recent:
        lines += ["", "Latest matches:", _table(
            ["No.", "Ended (UTC)", "Side 0", "Score", "Side 1", "Hands", "Winner"],
            [_match(m) for m in s.recent], left=(1, 2, 4, 6))]  # fmt: skip
    return "\n".join(lines)


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def _person(p: PersonStats) -> list[str]:
    margin = "-" if p.average_margin is None else f"{p.average_margin:+.1f}"
    best = "-" if p.best_hand is None else (
        f"{p.best_hand.total} (no. {p.best_hand.match}, hand {p.best_hand.hand})")
    share = f"{100 * p.won / p.played:.0f}%" if p.played else "-"
    return [p.name, str(p.played), str(p.won), share, str(p.hands), margin, best,
            f"{p.declarations} ({p.declared_points} points)", str(p.called_out_wins)]


def _match(m: MatchSummary) -> list[str]:
    names = [s.name for s in m.players] + ["?"] * (4 - len(m.players))
    sides = side_names(names)
    winner = "-" if m.winner not in (0, 1) else sides[m.winner]
    if m.called_out:
        winner += " (called out)"
    return [str(m.id), m.played_at.replace("T", " ")[:16], sides[0],
            f"{m.scores[0]} – {m.scores[1]}", sides[1], str(m.hands), winner]


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], left: Sequence[int]) -> str:
    """Columns aligned: those in ``left`` to the left, the others (numbers) to the right."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    out = []
    for r in [header, *rows]:
        cells = [c.ljust(w) if i in left else c.rjust(w)
                 for i, (c, w) in enumerate(zip(r, widths, strict=True))]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out)
