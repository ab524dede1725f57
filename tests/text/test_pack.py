"""The pack the help draws: all 62 cards once each, in the order a trick ranks them, within the
width it is given (names above two suits side by side where they fit, beside each row where not),
in ASCII without a character beyond it, named in the language spoken."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import pairwise

import pytest
from rich.cells import cell_len

from game.cards import CODES, N_CARDS, SUIT, TRUMP, parse_cards
from game.tricks import winning_index
from text import language
from text.pack import Pack
from text.render import Look

FACE = re.compile(r"(?:[║│#|!])\s*([A-Z0-9]+[♠♣♥♦]?)(?=[║│#|!])")


@pytest.fixture
def italian() -> Iterator[None]:
    language.use("it")
    yield
    language.use("en")


def _faces(lines: list[str]) -> list[str]:
    """The faces drawn, row by row (each card's middle line), left to right."""
    return [face for line in lines for face in FACE.findall(line)]


def _codes(faces: list[str]) -> list[str]:
    marks = {"♠": "S", "♣": "B", "♥": "C", "♦": "D"}
    return [face[:-1] + marks[face[-1]] if face[-1] in marks else face for face in faces]


@pytest.mark.parametrize("width", [76, 100, 112, 116, 160])
@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
def test_every_card_once_within_the_width(width: int, ascii: bool) -> None:
    lines = [line.plain for line in Pack(Look(ascii=ascii)).lines(width)]
    assert all(cell_len(line) <= width for line in lines), width
    codes = _codes(_faces(lines))
    assert sorted(codes) == sorted(CODES) and len(codes) == N_CARDS
    if ascii:
        assert all(line.isascii() for line in lines)


def test_each_row_is_in_the_order_a_trick_ranks_it() -> None:
    codes = _codes(_faces([line.plain for line in Pack(Look()).lines(76)]))
    cards = parse_cards(codes)
    suit_rows = [cards[i * 10 : (i + 1) * 10] for i in range(4)]
    for row in suit_rows:
        assert len({SUIT[c] for c in row}) == 1
        for higher, lower in pairwise(row):
            assert winning_index((lower, higher)) == 1
    trumps = [c for c in cards if SUIT[c] == TRUMP]
    assert [CODES[c] for c in trumps][:4] == ["ANG", "MON", "SOL", "LUN"]
    for higher, lower in pairwise(trumps):
        assert winning_index((lower, higher)) == 1 or {CODES[higher][:2], CODES[lower][:2]} == {
            "MO"
        }
    assert codes[-1] == "MAT"


def test_wide_names_go_above_narrow_beside() -> None:
    wide = [line.plain for line in Pack(Look()).lines(116)]
    assert wide[0].startswith("Spade ♠ · long suit") and "Bastoni ♣ · long suit" in wide[0]
    assert len(wide) == 14  # three rows of names and cards, a blank line between them
    narrow = [line.plain for line in Pack(Look()).lines(76)]
    assert narrow[0].startswith("Spade ♠ ") and narrow[1].startswith("long suit ")
    assert "Matto" in narrow[-3] and "│MAT│" in narrow[-2]  # beside the last trumps
    assert len(narrow) == 18


def test_the_pack_is_named_in_the_language_spoken(italian: None) -> None:
    text = "\n".join(line.plain for line in Pack(Look()).lines(116))
    assert "seme lungo" in text and "seme tondo" in text and "I tarocchi" in text
    assert "long suit" not in text
