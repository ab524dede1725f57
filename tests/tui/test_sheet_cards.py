"""The cards of a combination on the scoring sheet read cleanly at 80 columns (and at 100, 120):
a sequence of 6 or 7 cards takes one row of the sheet, in the short form when its faces do not
fit ("K♠ Q N J A BEG MAT"), and a longer one (the Grande) is broken between groups of cards,
never inside one; a player's declarations too."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from game.cards import mask_of, parse_cards
from game.scoring import declared_combinations
from game.view import Declaration
from tests.support.screens import engine_match, make_app, open_sheet, screen_text
from text.render import ASCII_MARKS, UNICODE, Look
from tui.screens.scoring import HandSummary
from tui.widgets.sheet import CardList, ScoreSheet

ASCII = Look(ascii=True)
SEED, HAND, SIDE = 22, 0, 1  # Bruno & Dario: a Grande of 20 cards and seven sequences
NARROW = 18  # the cards column of a sheet at 80 columns


def lines(codes: str, width: int, look: Look = UNICODE, prefix: str = "") -> list[str]:
    return [line.plain for line in CardList(parse_cards(codes), look, prefix).lines(width)]


@pytest.mark.parametrize(
    ("codes", "short"),
    [
        ("KS QS NS JS AS BEG MAT", "K♠ Q N J A BEG MAT"),
        ("AS AB AC AD BEG MAT", "A♠ ♣ ♥ ♦ BEG MAT"),
        ("MO1 MO2 MO3 MO4 BEG MAT", "MO1 2 3 4 BEG MAT"),
        ("MO1 MO3 MO4 BEG MAT", "MO1 3 4 BEG MAT"),
    ],
)
def test_a_sequence_of_up_to_seven_cards_fits_the_narrow_column(codes: str, short: str) -> None:
    assert lines(codes, NARROW) == [short]
    assert lines(codes, 40) == [" ".join(lines(c, 3)[0] for c in codes.split())]  # whole


def test_the_short_form_in_ascii() -> None:
    assert ASCII_MARKS == ("S", "B", "C", "D")
    assert lines("KS QS NS JS AS BEG MAT", NARROW, ASCII) == ["KS Q N J A BEG MAT"]
    assert lines("AS AB AC AD BEG MAT", NARROW, ASCII) == ["AS B C D BEG MAT"]


def test_the_grande_is_broken_between_groups_only() -> None:
    grande = "ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 MO1 MO2 MO3 MO4 BEG MAT"
    assert lines(grande, NARROW) == ["ANG–T5 MO1 2 3 4", "BEG MAT"]
    assert lines(grande, NARROW, ASCII) == ["ANG-T5 MO1 2 3 4", "BEG MAT"]
    # a missing card shows: LUN and T6 are not there
    gaps = "ANG MON SOL T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T5 MO2 MO3 BEG"
    assert lines(gaps, NARROW) == ["ANG–SOL T16–T7 T5", "MO2 3 BEG"]
    # a short Grande with a gap may take two rows, broken before the counters (kept together)
    assert lines("ANG MON SOL T16 T15 BEG MAT", NARROW) == ["ANG–SOL T16 T15", "BEG MAT"]
    assert lines("ANG MON SOL LUN T16 BEG MAT", NARROW) == ["ANG–T16 BEG MAT"]


def _rendered(sheet: ScoreSheet) -> list[str]:
    """The sheet's rows as drawn at its width (all of them, the part scrolled away too)."""
    width = sheet.content_region.width
    console = Console(width=width, file=io.StringIO(), record=True, legacy_windows=False)
    console.print(sheet.content)  # what the sheet was given to show
    return [line.rstrip() for line in console.export_text().splitlines()]


def _declared() -> Declaration:
    cards = mask_of(parse_cards("KS QS NS JS AS BEG MAT MO1 MO2 MO3 MO4 AB AC AD"))
    families = ("Spade", "Assi", "Mori")
    points = sum(c.points for c in declared_combinations(cards, families))
    return Declaration(1, families, cards, 2 * points)


@pytest.mark.parametrize("size", [(80, 24), (100, 32), (120, 40)])
async def test_every_sequence_reads_on_one_row(tmp_path: Path, size: tuple[int, int]) -> None:
    match = engine_match(SEED, 300, ["easy"] * 4)
    result = match.results[HAND]
    sequences = result.sides[SIDE].breakdown.sequences
    assert sorted(len(c.cards) for c in sequences)[-3:] == [7, 7, 20]  # the case in point
    summary = HandSummary(
        HAND,
        result,
        ("Anna & Carla", "Bruno & Dario"),
        None,
        300,
        names=("Anna", "Bruno", "Carla", "Dario"),
        declared=(None, _declared(), None, None),
    )
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        await open_sheet(pilot, summary)
        rows = _rendered(app.screen.query_one(f"#sheet-{SIDE}", ScoreSheet))
        for c in sequences:
            at = next(i for i, row in enumerate(rows) if row.startswith(f"  {c.family} "))
            follows = rows[at + 1]
            if len(c.cards) <= 7:  # the next row is another family's, or the doubling
                assert follows.startswith("  ") and follows[2] != " ", rows
            else:  # the Grande: at most two rows
                assert follows.startswith("  ") and rows[at + 2][2] != " ", rows
        start = rows.index("Declarations")
        declared = rows[start + 1 : rows.index(next(r for r in rows[start:] if "doubled" in r)) + 1]
        assert all(r.split()[-1].lstrip("+").isdigit() for r in declared[-4:]), rows
        assert len(declared) <= 5, rows  # the name's row, three families, the doubling
        # on the screen too: the Spade row, whole (at 80 columns in the short form)
        spade = [r for r in screen_text(app).splitlines() if "  Spade " in r]
        assert spade and re.search(r"  Spade +K♠ .*BEG MAT +30 ?\|", spade[0]), spade
