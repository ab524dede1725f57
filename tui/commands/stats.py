"""`tarocchino stats`: the figures over every finished match recorded in the data directory."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from tui.scoresheet import side_names
from tui.stats import (
    UNREADABLE,
    MatchSummary,
    PairingStats,
    PersonStats,
    Statistics,
    local_time,
    read_statistics,
)

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
    if message and message.startswith(UNREADABLE):  # not "nothing recorded yet": an error
        text = message.removeprefix(UNREADABLE).lstrip(":").strip().rstrip(".")
        print(f"{PROG}: error: the statistics cannot be read: {text}", file=sys.stderr)
        return 2
    if message:  # a damaged file set aside, a database brought up to date
        print(f"{PROG}: {message}", file=sys.stderr)
    if args.json:
        print(json.dumps(figures.to_json()))
    else:
        print(render(figures))
    return 0


PEOPLE_HEADER = ("Player", "Played", "Won", "Won %", "Hands", "Avg margin", "Best hand",
                 "Declarations", "Called out")
PEOPLE_LEFT = (0, 6, 7)  # the columns of text; the others are numbers
MATCH_HEADER = ("No.", "Ended", "Side A", "Score", "Side B", "Hands", "Winner")
MATCH_LEFT = (1, 2, 4, 6)
NO_PERSON = "No person played in these matches (bots only)."


def nothing_recorded(s: Statistics) -> str:
    return ("No finished match is recorded yet: every match played to the end is added to "
            f"the statistics, in {s.database}.")


def totals_line(s: Statistics) -> str:
    return (f"{s.matches} finished {_plural(s.matches, 'match', 'matches')}, {s.hands} "
            f"{_plural(s.hands, 'hand', 'hands')}  ({s.database})")


def pairing_line(p: PairingStats) -> str:
    """"Anna with a hard partner against medium bots: 12 played, 7 won"."""
    article = "an" if p.partner[:1].lower() in "aeiou" else "a"
    return (f"{p.name} with {article} {p.partner} partner against {p.opponents}"
            f"{'' if 'human' in p.opponents else ' bots'}: {p.played} played, {p.won} won")


def render(s: Statistics) -> str:
    """The figures as text for a person."""
    if s.matches == 0:
        return nothing_recorded(s)
    lines = [totals_line(s)]
    if s.people:
        lines += ["", _table(PEOPLE_HEADER, [person_row(p) for p in s.people], PEOPLE_LEFT)]
        lines += ["", "With partner and opponents:"]
        lines += [f"  {pairing_line(p)}" for p in s.pairings]
    else:
        lines += ["", NO_PERSON]
    if s.recent:
        lines += ["", "Latest matches:", _table(MATCH_HEADER, [match_row(m) for m in s.recent],
                                                MATCH_LEFT)]  # fmt: skip
    return "\n".join(lines)


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many


def person_row(p: PersonStats) -> list[str]:
    """One person's figures, as the columns of PEOPLE_HEADER."""
    margin = "-" if p.average_margin is None else f"{p.average_margin:+.1f}"
    best = "-" if p.best_hand is None else (
        f"{p.best_hand.total} (no. {p.best_hand.match}, hand {p.best_hand.hand})")
    share = f"{100 * p.won / p.played:.0f}%" if p.played else "-"
    return [p.name, str(p.played), str(p.won), share, str(p.hands), margin, best,
            f"{p.declarations} ({p.declared_points} points)", str(p.called_out_wins)]


def match_row(m: MatchSummary, dash: str = "–") -> list[str]:
    """One recorded match, as the columns of MATCH_HEADER (``dash`` between the scores), the
    time it ended in the local time zone (the statistics keep UTC)."""
    names = [s.name for s in m.players] + ["?"] * (4 - len(m.players))
    sides = side_names(names)
    winner = "-" if m.winner not in (0, 1) else sides[m.winner]
    if m.called_out:
        winner += " (called out)"
    return [str(m.id), local_time(m.played_at), sides[0],
            f"{m.scores[0]} {dash} {m.scores[1]}", sides[1], str(m.hands), winner]


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], left: Sequence[int]) -> str:
    """Columns aligned: those in ``left`` to the left, the others (numbers) to the right."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    out = []
    for r in [header, *rows]:
        cells = [c.ljust(w) if i in left else c.rjust(w)
                 for i, (c, w) in enumerate(zip(r, widths, strict=True))]
        out.append("  ".join(cells).rstrip())
    return "\n".join(out)
