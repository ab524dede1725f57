"""`tarocchino score`: the referee's sheet of a pile of cards, or the declarations of a hand."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from typing import Any, BinaryIO, TextIO

from cli.refusal import refuse
from game.cards import CODES, CardError, Mask, format_cards, mask_of, parse_cards
from game.files import MAX_BYTES
from game.scoring import (
    Breakdown,
    declarable_families,
    declaration_points,
    declared_combinations,
    score,
)
from text.language import N_, _, ngettext, number
from text.plaintext import WIDTH, Sheet, combination_sections, wrap_text

PROG = "tarocchino score"
MAX_LINE = 64 << 10  # bytes in one line of standard input (a pile of all 62 cards needs ~250)
MAX_INPUT = MAX_BYTES  # bytes of standard input in all (some 60,000 piles of all the cards)
HAND_CARDS = 15  # a hand when its player declares (RULES.md §5)

_EPILOG = N_("""\
examples:
  tarocchino score KS KB KC QS QB
  tarocchino score "ANG,MON,SOL,T16" --json
  tarocchino score --hand ANG MON MAT KC QC NC AS AB MO1 MO2 T16 T15 6D 7D 8D
  printf 'KS QS NS\\nANG MON MAT\\n' | tarocchino score --json -

With '-' the piles are read from standard input, one per line, and each answer is printed (and
flushed) as soon as its line is read: one JSON object per line with --json, else one sheet per pile
followed by a blank line. Blank lines are skipped (they print nothing). A bad line prints
{"error": "..."} (or "error: ..." without --json) in its place and reading goes on; the exit code is
then 1. An input with no pile at all (empty, or blank lines only) is refused with code 2, as a bad
pile on the command line is: one error line on stderr.
""")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "score",
        help=_("score a pile of cards: cricche, sequences, card points"),
        description=_(
            "Score a pile of cards as at the end of a hand (combinations with their\n"
            "doublings, and card points), or with --hand what a hand may declare."
        ),
        epilog=_(_EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "cards",
        nargs="*",
        metavar=_("CARD"),
        help=_(
            "card codes such as KS 10B AD T12 MO1 ANG MAT, any case, separated by spaces or "
            "commas; a single '-' reads one pile per line from standard input"
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object per pile"))
    parser.add_argument(
        "--hand",
        action="store_true",
        help=_("treat the cards as one player's hand: list what he may declare (accusi)"),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    tokens: list[str] = args.cards
    if tokens == ["-"]:
        if sys.stdin is None:  # started with standard input closed
            return refuse(
                PROG,
                _("standard input is closed: give the cards as arguments, or pipe the piles in"),
            )
        status, piles = _run_lines(sys.stdin.buffer, sys.stdout, as_json=args.json, hand=args.hand)
        if not piles and status == 0:  # empty, or blank lines only: as "no cards given" is
            return refuse(PROG, _("no piles on standard input (one pile a line)"))
        return status
    try:
        if "-" in tokens:
            raise CardError(_("'-' (read the piles from standard input) must be the only argument"))
        mask = parse_pile(tokens)
    except CardError as error:
        return refuse(PROG, str(error))
    if args.hand and mask.bit_count() != HAND_CARDS:  # scored all the same, as given
        print(
            _(
                "{prog}: note: a hand that declares holds {cards} cards (the dealer's "
                "after his discard); these {n} are read as given"
            ).format(prog=PROG, cards=HAND_CARDS, n=mask.bit_count()),
            file=sys.stderr,
        )
    print(render(mask, as_json=args.json, hand=args.hand), flush=True)
    return 0


def parse_pile(tokens: str | Iterable[str]) -> Mask:
    """The mask of the cards named; CardError when a code is unknown, repeated or none is given."""
    cards = parse_cards(tokens)
    if not cards:
        raise CardError(_("no cards given"))
    return mask_of(cards)


class InputTooLong(Exception):
    """Standard input goes on past MAX_INPUT bytes (an endless stream such as /dev/zero)."""


def _lines(stream: BinaryIO) -> Iterator[str | CardError]:
    """Each line of ``stream`` as text, or the error to print in its place when it is not UTF-8
    or longer than MAX_LINE bytes (never more than that is held in memory). Raises InputTooLong
    past MAX_INPUT bytes in all."""
    total = 0

    def read(limit: int) -> bytes:
        nonlocal total
        chunk = stream.readline(limit)
        total += len(chunk)
        if total > MAX_INPUT:
            raise InputTooLong(
                _("standard input longer than {most} bytes: not read further").format(
                    most=number(MAX_INPUT)
                )
            )
        return chunk

    while line := read(MAX_LINE + 1):
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while (rest := read(MAX_LINE)) and not rest.endswith(b"\n"):
                pass  # skip the rest of the line
            yield CardError(_("line longer than {most} bytes").format(most=number(MAX_LINE)))
            continue
        try:
            yield line.decode("utf-8")
        except UnicodeDecodeError as exc:
            yield CardError(
                _("line is not UTF-8 text (bad byte at offset {offset})").format(offset=exc.start)
            )


def _run_lines(stream: BinaryIO, out: TextIO, *, as_json: bool, hand: bool) -> tuple[int, int]:
    """The exit status of scoring every line of ``stream`` onto ``out``, and how many lines
    were answered (blank lines are not)."""
    try:
        return _score_lines(stream, out, as_json=as_json, hand=hand)
    except InputTooLong as error:
        return refuse(PROG, str(error)), 0


def _score_lines(stream: BinaryIO, out: TextIO, *, as_json: bool, hand: bool) -> tuple[int, int]:
    status, lines = 0, 0
    for line in _lines(stream):
        if isinstance(line, str) and not line.strip():
            continue
        lines += 1
        try:
            if isinstance(line, CardError):
                raise line
            text = render(parse_pile(line), as_json=as_json, hand=hand)
        except CardError as error:
            status = 1
            text = (
                json.dumps({"error": str(error)})
                if as_json
                else _("error: {what}").format(what=error)
            )
        if not as_json:
            text += "\n"
        print(text, file=out, flush=True)
    return status, lines


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


def _header(said: str, b: Breakdown) -> str:
    """The sheet's first line, ``said`` with its {cards} filled in: the cards go on under the
    first card."""
    text = said.format(n=len(b.cards), cards=format_cards(b.cards))
    return "\n".join(wrap_text(text, WIDTH)) + "\n"


def _pile_sheet(b: Breakdown) -> str:
    sheet = Sheet()
    n = len(b.cards)
    sheet.title(_header(ngettext("Pile ({n} card): {cards}", "Pile ({n} cards): {cards}", n), b))
    combination_sections(sheet, b)
    sheet.row(_("Combinations"), "", b.combinations_points)
    if b.card_points is None:
        sheet.row(_("Card points"), _("odd number of cards: no card points"), "-")
        sheet.row(_("Total"), "", b.combinations_points)
    else:
        sheet.row(_("Card points"), "", b.card_points)
        sheet.row(_("Total"), "", b.combinations_points + b.card_points)
    return sheet.render()


def _hand_sheet(b: Breakdown) -> str:
    sheet = Sheet()
    n = len(b.cards)
    sheet.title(_header(ngettext("Hand ({n} card): {cards}", "Hand ({n} cards): {cards}", n), b))
    if not b.cricche and not b.sequences:
        sheet.title(_("Nothing to declare."))
        return sheet.render()
    sheet.title(_("May declare (each family on its own, or any of them together):"))
    combination_sections(sheet, b)
    sheet.row(_("Declaring all"), "", b.combinations_points)
    return sheet.render()
