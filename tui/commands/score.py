"""`tarocchino score`: the referee's sheet of a pile of cards, or the declarations of a hand."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from game.cards import CODES, CardError, Mask, mask_of, parse_cards
from game.scoring import (
    Breakdown,
    Combination,
    declarable_families,
    declaration_points,
    declared_combinations,
    score,
)
from tui.words import plural

PROG = "tarocchino score"

_EPILOG = """\
examples:
  tarocchino score KS KB KC QS QB
  tarocchino score "ANG,MON,SOL,T16" --json
  tarocchino score --hand ANG MON MAT KC QC NC AS AB MO1 MO2 T16 T15 6D 7D 8D
  printf 'KS QS NS\\nANG MON MAT\\n' | tarocchino score --json -

With '-' the piles are read from standard input, one per line, and each answer is printed (and
flushed) as soon as its line is read: one JSON object per line with --json, else one sheet per pile
followed by a blank line. Blank lines are skipped (they print nothing). A bad line prints
{"error": "..."} (or "error: ..." without --json) in its place and reading goes on; the exit code is
then 1. A bad pile on the command line prints one error line on stderr and exits with code 2.
"""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "score",
        help="score a pile of cards: cricche, sequences, card points",
        description="Score a pile of cards as at the end of a hand (combinations with their\n"
        "doublings, and card points), or with --hand what a hand may declare.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "cards",
        nargs="*",
        metavar="CARD",
        help="card codes such as KS 10B AD T12 MO1 ANG MAT, any case, separated by spaces or "
        "commas; a single '-' reads one pile per line from standard input",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object per pile")
    parser.add_argument(
        "--hand",
        action="store_true",
        help="treat the cards as one player's hand: list what he may declare (accusi)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    tokens: list[str] = args.cards
    if tokens == ["-"]:
        return _run_lines(sys.stdin, sys.stdout, as_json=args.json, hand=args.hand)
    try:
        if "-" in tokens:
            raise CardError("'-' (read the piles from standard input) must be the only argument")
        mask = parse_pile(tokens)
    except CardError as error:
        print(f"{PROG}: error: {error}", file=sys.stderr)
        return 2
    print(render(mask, as_json=args.json, hand=args.hand), flush=True)
    return 0


def parse_pile(tokens: str | Iterable[str]) -> Mask:
    """The mask of the cards named; CardError when a code is unknown, repeated or none is given."""
    cards = parse_cards(tokens)
    if not cards:
        raise CardError("no cards given")
    return mask_of(cards)


def _run_lines(stream: TextIO, out: TextIO, *, as_json: bool, hand: bool) -> int:
    status = 0
    for line in iter(stream.readline, ""):
        if not line.strip():
            continue
        try:
            text = render(parse_pile(line), as_json=as_json, hand=hand)
        except CardError as error:
            status = 1
            text = json.dumps({"error": str(error)}) if as_json else f"error: {error}"
        if not as_json:
            text += "\n"
        print(text, file=out, flush=True)
    return status


def render(mask: Mask, *, as_json: bool, hand: bool) -> str:
    """The answer for one pile: a JSON object on one line, or the plain sheet."""
    breakdown = score(mask)
    if as_json:
        obj = breakdown.to_json()
        if hand:
            obj.update(_declarations_json(mask))
        return json.dumps(obj)
    return _hand_sheet(breakdown) if hand else _pile_sheet(breakdown)


def _declarations_json(hand: Mask) -> dict[str, Any]:
    families = declarable_families(hand)
    combos = declared_combinations(hand, families)
    return {
        "declarable": [
            {"family": c.family, "cards": [CODES[x] for x in c.cards], "points": c.points}
            for c in combos
        ],
        "declare_all_points": declaration_points(hand, families),
    }


# --- the plain sheet ------------------------------------------------------------------------------

_LABEL = 13
_POINTS = 5
_TEXT = 48  # cards per row at most this wide


class _Sheet:
    """Rows of label, text and points, aligned in three columns."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str] | str] = []

    def title(self, text: str) -> None:
        self.rows.append(text)

    def row(self, label: str, text: str = "", points: int | str = "") -> None:
        """One row; a long text (a long Grande) goes on over the next rows."""
        lines = textwrap.wrap(text, _TEXT) or [""]
        self.rows.append((label, lines[0], str(points)))
        self.rows.extend(("", more, "") for more in lines[1:])

    def render(self) -> str:
        width = max([len(r[1]) for r in self.rows if isinstance(r, tuple)] + [20])
        lines = []
        for r in self.rows:
            if isinstance(r, str):
                lines.append(r)
            else:
                label, text, points = r
                line = f"{label:<{_LABEL}} {text:<{width}} {points:>{_POINTS}}"
                lines.append(line.rstrip())
        return "\n".join(lines)


def _codes(cards: Sequence[int]) -> str:
    return " ".join(CODES[c] for c in cards)


def _section(
    sheet: _Sheet,
    title: str,
    combos: Sequence[Combination],
    doubled: bool,
    doubling_label: str,
    doubling_text: str,
    subtotal: int,
) -> None:
    sheet.title(title)
    if not combos:
        sheet.row("  none", "", 0)
        return
    for c in combos:
        sheet.row(f"  {c.family}", _codes(c.cards), c.points)
    if doubled:
        sheet.row(f"  {doubling_label}", doubling_text, f"+{subtotal // 2}")
    sheet.row("", "subtotal", subtotal)


def _combinations(sheet: _Sheet, b: Breakdown) -> None:
    _section(
        sheet,
        "Cricche",
        b.cricche,
        b.criccone,
        "criccone",
        f"{len(b.cricche)} cricche: doubled",
        b.cricche_points,
    )
    _section(
        sheet,
        "Sequences",
        b.sequences,
        b.sequences_doubled,
        "doubling",
        f"{len(b.sequences)} sequences: doubled",
        b.sequences_points,
    )


def _header(what: str, b: Breakdown) -> str:
    text = f"{what} ({plural(len(b.cards), 'card')}): {_codes(b.cards)}"
    return textwrap.fill(text, _LABEL + _TEXT + _POINTS + 2, subsequent_indent="    ") + "\n"


def _pile_sheet(b: Breakdown) -> str:
    sheet = _Sheet()
    sheet.title(_header("Pile", b))
    _combinations(sheet, b)
    sheet.row("Combinations", "", b.combinations_points)
    if b.card_points is None:
        sheet.row("Card points", "odd number of cards: no card points", "-")
        sheet.row("Total", "", b.combinations_points)
    else:
        sheet.row("Card points", "", b.card_points)
        sheet.row("Total", "", b.combinations_points + b.card_points)
    return sheet.render()


def _hand_sheet(b: Breakdown) -> str:
    sheet = _Sheet()
    sheet.title(_header("Hand", b))
    if not b.cricche and not b.sequences:
        sheet.title("Nothing to declare.")
        return sheet.render()
    sheet.title("May declare (each family on its own, or any of them together):")
    _combinations(sheet, b)
    sheet.row("Declaring all", "", b.combinations_points)
    return sheet.render()
