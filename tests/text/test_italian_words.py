"""The text layer in Italian: a refusal, the hint's reason, a log line, the scoresheet and the
statistics say what they say in English, in the words of an Italian player."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from ai import explain as why
from ai.explain import Explanation, Reason, explain_card
from game.actions import play
from game.cards import INDEX, MAT, parse_card, parse_cards
from game.errors import IllegalActionError
from game.match import Match
from game.phase import Phase
from table.session import parse_seats
from tests.support.deals import deal_with
from text import language
from text.hints import hint_reason, reason_words
from text.narrate import _trick_line, hand_log
from text.presenter import card_note, card_refusal, so_far_lines
from text.refusals import illegal_words
from text.render import Look
from text.scoresheet import scoresheet
from text.words import tricks_words

ASCII = Look(ascii=True)
NAMES = ["You", "Bruno", "Carla", "Dario"]


@pytest.fixture(autouse=True)
def italian() -> Iterator[None]:
    language.use("it")
    yield
    language.use("en")


def test_a_card_against_the_rule_is_refused_in_italian() -> None:
    hand = deal_with(3, {0: "KS QS KB MAT T12", 1: "7D"})
    base = replace(hand.view(0), phase=Phase.PLAY, turn=0)
    trump = replace(base, trick=(INDEX["7D"],), legal=(play(INDEX["T12"]), play(MAT)))
    assert card_refusal(trump, INDEX["KB"], ASCII) == (
        "KB non si può giocare: non hai Denari, quindi devi giocare un tarocco (o il Matto)"
    )
    follow = replace(base, trick=(INDEX["ANG"],), legal=(play(INDEX["T12"]), play(MAT)))
    assert card_refusal(follow, INDEX["KS"], ASCII) == (
        "KS non si può giocare: devi rispondere a tarocchi (o giocare il Matto)"
    )


def test_a_carta_da_5_is_refused_with_the_tarocchi_named_in_italian() -> None:
    view = deal_with(0, {0: "KS ANG MON BEG MAT 7S"}).view(0)
    assert card_refusal(view, INDEX["ANG"], ASCII) == (
        "ANG non si può scartare: i Re, Angelo, Mondo, Bégato e il Matto (carte da 5) restano "
        "in mano."
    )


def test_the_card_under_the_cursor_is_named_as_the_bolognese_name_it() -> None:
    view = deal_with(0, {0: "KC NS JD AB MAT 7S"}).view(0)
    assert card_note(view, INDEX["NS"], ASCII).plain == "NS Cavallo di Spade"
    assert card_note(view, INDEX["JD"], ASCII).plain == "JD Fante di Denari"
    language.use("en")
    assert card_note(view, INDEX["NS"], ASCII).plain == "NS Cavallo di Spade (Knight of Swords)"


def test_the_engine_refusal_is_said_in_italian() -> None:
    hand = deal_with(0, {0: "KS ANG 7S 8S"})
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(play(parse_card("7S")))
    assert illegal_words(refused.value, ASCII) == (
        "Ora non si può: il mazziere deve scartare due carte."
    )


def test_the_hint_reason_and_a_number_over_a_thousand_in_italian() -> None:
    reasons = (Reason(why.KEEPS, points=40, families=("Re", "Grande")), Reason(why.MAKES_VOID))
    said = hint_reason(Explanation(reasons, 1234.0, True, True))
    assert said.startswith("tiene le tue combinazioni Re, Grande (40 punti da accusare)")
    card = hint_reason(Explanation((Reason(why.TAKES_SURELY, points=7),), -45.0))
    assert card == (
        "fa la presa per la tua coppia, e con lei 7 punti di carta; la tua coppia chiuderà "
        "probabilmente la smazzata sui 50 indietro"
    )
    ranged = Explanation((Reason(why.TAKES_SURELY),), 1234.0, likely=(912.0, 1508.0))
    assert hint_reason(ranged).endswith("sui 1.230 avanti (tra 910 e 1.510 avanti)")
    assert reason_words(Reason(why.DECLARES, points=1, families=("Re",))) == "accusa Re per 1 punto"


def test_a_lead_reason_names_the_suit_in_italian() -> None:
    hand = deal_with(3, {0: "KS 7S KB QB NB JB AB 6B 7B 8B 9B 10B KC QC NC", 1: "ANG QS 8S 9S"})
    while hand.phase != "play":
        hand.apply(hand.legal_actions()[0])
    said = reason_words(explain_card(hand.view(0), parse_card("KS")))
    assert said == "gli altri non hanno carte di Spade più alte: prende, se nessuno taglia"


def test_the_log_says_who_took_the_trick_and_the_declarations_with_their_plurals() -> None:
    kd, qd, jd = parse_cards("KD QD JD")
    line = _trick_line(1, [kd, MAT, qd, jd], 1, 3, NAMES, ASCII).plain
    assert (
        line
        == " -> Bruno prende la presa 3; il Matto resta alla coppia di Carla, che deve una carta"
    )
    mine = _trick_line(0, [kd, qd, jd, MAT], 0, 4, NAMES, ASCII).plain
    assert mine.startswith(" -> Tu prendi la presa 4")
    match = Match(3, first_dealer=0)
    log = [line.plain for line in hand_log(match.view(0), NAMES, ASCII)]
    assert log == ["Smazzata 1: dai tu le carte."]


def test_the_scoresheet_in_italian() -> None:
    match = Match(7)
    while match.hand_number == 0:
        match.apply(match.legal_actions()[0])
    sheet = scoresheet(match, NAMES)
    assert "Tarocchino · Ottocento · foglio dei punti" in sheet
    assert "Posti nell'ordine di gioco: Tu, Bruno, Carla, Dario" in sheet
    assert "Smazzata 1 · mazziere" in sheet and "Totale" in sheet and "Punti carte" in sheet
    assert "Punteggio della partita dopo la smazzata 1:" in sheet
    assert "La partita non è finita:" in sheet
    assert "partita a 800 · mazzo n. 7" in sheet and "a 800).\n" in sheet


def test_a_count_decides_the_form_in_italian() -> None:
    assert (tricks_words(1), tricks_words(5)) == ("1 presa", "5 prese")
    match = Match(4)
    while len(match.hand.tricks) < 2:
        match.apply(match.legal_actions()[0])
    view = match.view(0)
    seats = parse_seats(["human", "hard", "hard", "hard"])
    lines = [line.plain for line in so_far_lines(view, seats, ASCII, 0)]
    assert lines[0] == "Tu & Carla - ancora nessuna presa"
    assert lines[2] == "Bruno & Dario - 2 prese - 48 punti"
    assert lines[-1] == "  punti di carta 23 (8 carte)"
