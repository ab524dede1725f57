"""Audit of the in-game help (assets/help.md, and assets/help.it.md in Italian) against RULES.md:
the points a player needs that the help once left out are said in each language, and what it
says is what the engine does."""

from __future__ import annotations

import pytest

from game.cards import FIVES, TRUMPS, cards_of
from game.scoring import declaration_points, score
from tests.support.deals import deal_with, m
from tui.screens.help import help_text

FLAT = " ".join(help_text(language="en").split())

# What each page must say, by the section of RULES.md it tells.
SAYS = {
    "en": {
        "4.2": ["any other card may, trumps included. Nobody else learns the discard."],
        "5": [
            "partners never put their hands together",
            "Declaring 3 or more cricche, or 3 or more sequences, doubles them",
        ],
        "7.2": [
            "Angelo to Bégato with the Matto, is 22 elements: 105",
            "two counters may not stand in for two of them",
            "never two missing in a row",
            "a counter fills T5 only when a Moro is held",
        ],
        "8-9": [
            "There is no bonus for taking every trick.",
            "the higher score wins (equal scores: another hand)",
        ],
    },
    "it": {
        "4.2": [
            "tutte le altre sì, tarocchi compresi. Nessun altro sa cosa c'è nello scarto.",
        ],
        "5": [
            "i compagni non mettono mai insieme le loro carte",
            "Accusare 3 o più cricche, o 3 o più sequenze, le raddoppia",
            "conta solo quello che accusi",
        ],
        "7.2": [
            "dall'Angelo al Bégato con il Matto, sono 22 elementi: 105",
            "due contatori non possono prendere il posto di due di loro",
            "mai due mancanti di fila",
            "un contatore copre T5 solo se c'è un Moro",
        ],
        "8-9": [
            "Chi fa tutte le prese non ha nessun premio.",
            "vince chi ha di più (a pari punti si gioca un'altra smazzata)",
        ],
    },
}


@pytest.mark.parametrize(
    ("language", "section"),
    [(language, section) for language, says in SAYS.items() for section in says],
)
def test_the_help_says_it_in_each_language(language: str, section: str) -> None:
    flat = " ".join(help_text(language=language).split())
    for words in SAYS[language][section]:
        assert words in flat, (language, section, words)


def test_help_s4_2_trumps_may_be_discarded_and_the_discard_is_secret() -> None:
    """§4.2: "Any other card, trumps included, may be discarded. Nobody sees the discard"."""
    assert "any other card may, trumps included. Nobody else learns the discard." in FLAT
    hand = deal_with(0, {0: "SOL LUN T12 MO1 KS ANG"})
    offered = {c for a in hand.legal_actions() for c in a.cards}
    assert set(cards_of(hand.hands[0] & TRUMPS & ~FIVES)) <= offered


def test_help_s5_own_hand_and_doubling_of_what_is_declared() -> None:
    """§5: "Partners never combine hands"; doubling "when he declares 3 or more cricche ... 3 or
    more sequences (only the families he declares count)"."""
    assert "partners never put their hands together" in FLAT
    assert "Declaring 3 or more cricche, or 3 or more sequences, doubles them" in FLAT
    hand = m("KS KB KC QS QB QC JS JB JC")
    assert declaration_points(hand, ["Re", "Regine"]) == 31
    assert declaration_points(hand, ["Re", "Regine", "Fanti"]) == 86


def test_help_s7_2_the_grande_lunga_and_the_counters_in_the_chain() -> None:
    """§7.2: "22 elements, 105 points"; "two counters may not both stand in for numeri della
    Grande"; "A counter can never bridge two consecutive missing numbers"; T5 filled "only when
    at least one Moro is held"."""
    assert "Angelo to Bégato with the Matto, is 22 elements: 105" in FLAT
    assert "two counters may not stand in for two of them" in FLAT
    assert "never two missing in a row" in FLAT
    assert "a counter fills T5 only when a Moro is held" in FLAT
    whole = m("ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 MO1 MO2 MO3 MO4 BEG MAT")
    (grande,) = [c for c in score(whole).sequences if c.family == "Grande"]
    assert (len(grande.cards), grande.points) == (22, 105)


def test_help_s8_no_bonus_and_s9_ties() -> None:
    """§8: "There is no bonus for taking every trick"; §9: equal scores over the target: "another
    hand is played"."""
    assert "There is no bonus for taking every trick." in FLAT
    assert "the higher score wins (equal scores: another hand)" in FLAT
