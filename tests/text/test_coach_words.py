"""The coach's words (text/coach.py) and the hint's card among equals (text/presenter.py), as a
newcomer reads them."""

from __future__ import annotations

from ai.coach import Lesson, holding
from ai.explain import SCARTINO, TAKES_SURELY, Explanation, Reason
from ai.judge import Verdict
from game.actions import PLAYS
from game.cards import parse_card
from tests.support.deals import declaring_view
from text import language
from text.coach import declarations_coach, lesson_text
from text.presenter import hint_text
from text.render import Look

UNICODE = Look()


def test_a_costly_card_is_said_with_the_better_one_and_why() -> None:
    ten, ace = parse_card("10C"), parse_card("AC")
    verdict = Verdict(0, 9, ten, ace, 12.4, -80.0, -67.6, 3, 3.0, 1000)
    said = lesson_text(Lesson(verdict, Reason(TAKES_SURELY, points=7)), UNICODE).plain
    assert said == (
        "Coach: 10♥ cost your side about 12 points. A♥ was better — takes the trick for your "
        "side, and 7 points of cards with it."
    )
    one = Verdict(0, 9, ten, ace, 1.0, -80.0, -79.0, 3, 0.5, 1000)
    assert "about 1 point." in lesson_text(Lesson(one, Reason(TAKES_SURELY)), UNICODE).plain


def test_before_the_declarations_the_coach_says_the_hand_and_what_to_declare() -> None:
    view = declaring_view("ANG MON SOL T16 T15 MAT KS QS NS JS 7S 6S KB 7C 8C")
    said = declarations_coach(holding(view)).plain
    assert said.startswith(
        "Coach: Your hand holds 5 trumps and the Matto, 8 cards worth points (34 in all), a long "
        "suit (6 Spade), no Denari. Declare it all ("
    )
    assert "sure points for your side" in said


def test_the_hint_says_when_another_card_would_do_as_well() -> None:
    nine, eight = parse_card("9C"), parse_card("8C")
    why = Explanation((Reason(TAKES_SURELY),), alike=(eight,))
    said = hint_text(PLAYS[nine], why, UNICODE).plain
    assert said.startswith("Hint: play 9♥ (or 8♥: as good here) — takes the trick")


def test_the_coach_speaks_italian() -> None:
    language.use("it")
    ten, ace = parse_card("10C"), parse_card("AC")
    verdict = Verdict(0, 9, ten, ace, 12.4, -80.0, -67.6, 3, 3.0, 1000)
    said = lesson_text(Lesson(verdict, Reason(SCARTINO)), UNICODE).plain
    assert said == (
        "Allenatore: 10♥ è costata alla tua coppia circa 12 punti. Era meglio A♥ — la presa è "
        "persa: dai uno scartino (una carta bassa che non vale niente)."
    )
    view = declaring_view("ANG MON SOL T16 T15 MAT KS QS NS JS 7S 6S KB 7C 8C")
    advice = declarations_coach(holding(view)).plain
    assert advice.startswith(
        "Allenatore: Hai 5 tarocchi e il Matto, 8 carte di valore (34 punti in tutto), un seme "
        "lungo (6 di Spade), niente Denari. Accusa tutto ("
    )
