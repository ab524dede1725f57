"""An independent check of the score calculator (`tarocchino score`, docs/cli.md "Score")
against RULES.md §7 and §8.1, on piles worked out by hand."""

from __future__ import annotations

import json

import pytest

import cli.main

# (cards, combinations after doubling, card points) worked out by hand from RULES.md
PILES = [
    # docs/cli.md's example. Tarocchi ANG MON BEG 18. Grande ANG MON SOL T16 + BEG (T15
    # missing, T14 not held: stop) = 5 elements = 20; Coppe KC QC NC + BEG = 15; Mori MO1-3 +
    # BEG = 15; three sequences doubled = 100. Card points: ANG MON BEG KC 5 each, QC 4, NC 3 =
    # 27 and six scartini for six carte di valore: 27.
    ("ANG MON SOL T16 MO1 MO2 MO3 BEG KC QC NC 7D", 118, 27),
    # A side's pile at the end of a hand: Cavalli NS NC ND 13; Denari KD QD ND AD 15 (Bastoni
    # KB QB AB: one court, no counter: nothing). 9 carte di valore worth 31, 17 scartini: 35.
    ("KB QB AB 6B 7B 8B 9B 10B KD QD ND AD 6D 7D 8D 9D 10D NC JC 10C NS JS T12 T11 T6 MO1", 28, 35),
    # Criccone (Re 17, Regine 14, Fanti 12: 86) and sequence doubling (Spade, Bastoni, Coppe
    # K Q J: 30 doubled, 60) in one pile; nine cards, an odd pile, have no card points.
    ("KS KB KC QS QB QC JS JB JC", 146, None),
    # The whole pack: every cricca of 4 (148 doubled), Grande 105, four suits of 7 elements (30
    # each), Assi and Mori of 6 (25 each): 275 doubled; card points 87.
    (
        "KS QS NS JS AS 6S 7S 8S 9S 10S KB QB NB JB AB 6B 7B 8B 9B 10B KC QC NC JC AC 6C 7C 8C 9C"
        " 10C KD QD ND JD AD 6D 7D 8D 9D 10D ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8"
        " T7 T6 T5 MO1 MO2 MO3 MO4 BEG MAT",
        296 + 550,
        87,
    ),
]


@pytest.mark.parametrize(("cards", "combinations", "card_points"), PILES)
def test_calculator_agrees_with_the_rules(
    capsys: pytest.CaptureFixture[str], cards: str, combinations: int, card_points: int | None
) -> None:
    assert cli.main.main(["score", "--json", cards]) == 0
    sheet = json.loads(capsys.readouterr().out)
    assert (sheet["combinations_points"], sheet["card_points"]) == (combinations, card_points)
    assert cli.main.main(["score", cards]) == 0
    total = combinations + (card_points or 0)
    assert capsys.readouterr().out.splitlines()[-1].split() == ["Total", str(total)]


def test_calculator_hand_lists_what_may_be_declared(capsys: pytest.CaptureFixture[str]) -> None:
    """§5: a hand of KC QC JC + BEG MAT may declare Coppe, 1 + 2 courts + 2 counters = 20; BEG
    and MAT alone are no Tarocchi cricca, MO2 alone no Mori."""
    hand = "7S 10S 7B 9B KC QC 6D 10D T10 T9 T8 BEG MAT JC MO2"
    assert cli.main.main(["score", "--hand", "--json", hand]) == 0
    sheet = json.loads(capsys.readouterr().out)
    assert sheet["declarable"] == [
        {"family": "Coppe", "cards": ["KC", "QC", "JC", "BEG", "MAT"], "points": 20}
    ]
    assert sheet["declare_all_points"] == 20
