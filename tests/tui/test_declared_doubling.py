"""The declarations beside the table add up: when a player's cricche or sequences were doubled
(three or more of them), a line says so and what it added. Carla's "144 points" over Re 34 and
five sequences of 55 in all was a sum nobody could make. And where nobody declared, the list
says so once the first trick is over, instead of "none yet"."""

from __future__ import annotations

from types import SimpleNamespace

from rich.text import Text

from game.scoring import declaration
from game.view import Declaration
from tests.support.deals import m
from text.narrate import declaration_digest, declaration_lines
from text.render import UNICODE

NAMES = ["You", "Bruno", "Carla", "Dario"]


def _lines(seat: int, hand: str, families: tuple[str, ...]) -> list[str]:
    shown, points = declaration(m(hand), families)
    declarations = [None] * 4
    declarations[seat] = Declaration(seat, families, shown, points)
    view = SimpleNamespace(declarations=declarations, tricks=())
    lines: list[Text] = declaration_lines(view, NAMES, UNICODE)  # type: ignore[arg-type]
    return [line.plain for line in lines]


def test_doubled_sequences_are_said_with_what_they_added() -> None:
    lines = _lines(
        2,
        "KS KB KC KD QS NS NB QC JD MO1 MO4 MAT",
        ("Re", "Spade", "Bastoni", "Coppe", "Denari", "Mori"),
    )
    assert lines[0] == "Carla · 144 points"
    assert lines[-1] == "  sequences doubled +55"
    assert "cricche doubled" not in " ".join(lines)
    # the lines add up to the points
    assert sum(int(line.split(":")[0].split()[-1]) for line in lines[1:-1]) + 55 == 144


def test_a_criccone_is_said_too_and_nothing_without_doubling() -> None:
    lines = _lines(0, "ANG MON BEG KS KB KC QS QB QC", ("Tarocchi", "Re", "Regine"))
    assert lines[0] == "You · 98 points" and lines[-1] == "  cricche doubled +49"
    plain = _lines(1, "KS KB KC QS QB QC", ("Re", "Regine"))
    assert plain == ["Bruno · 31 points", "  Re 17: K♠ K♣ K♥", "  Regine 14: Q♠ Q♣ Q♥"]


def test_once_the_first_trick_is_over_the_list_says_nobody_declared() -> None:
    """ "none yet" all hand long read as if declarations could still come."""
    nobody = [None, Declaration(1, (), 0, 0), None, None]
    during = SimpleNamespace(declarations=nobody, tricks=())
    assert declaration_lines(during, NAMES, UNICODE) == []  # (the list says "none yet")
    after = SimpleNamespace(declarations=nobody, tricks=(object(),))
    assert [t.plain for t in declaration_lines(after, NAMES, UNICODE)] == ["nobody declared"]


def test_the_short_form_says_doubled_too() -> None:
    """At 80x24 the declarations come a line each, without their cards: "Dario 60: Grande,
    Coppe, Denari" over three sequences of 10 needs its "(doubled)"."""
    hand = "ANG MON SOL KC NC JC KD QD ND"
    shown, points = declaration(m(hand), ("Grande", "Coppe", "Denari"))
    plain, plain_points = declaration(m("KS KB KC"), ("Re",))
    view = SimpleNamespace(
        declarations=[
            Declaration(0, ("Re",), plain, plain_points),
            None,
            None,
            Declaration(3, ("Grande", "Coppe", "Denari"), shown, points),
        ],
        tricks=(),
    )
    digest = [t.plain for t in declaration_digest(view, NAMES)]  # type: ignore[arg-type]
    assert digest == ["You 17: Re", f"Dario {points}: Grande, Coppe, Denari (doubled)"]
