"""The status line says why every card may go when a suit is led that the player has none of:
"no trumps: play any card", "no Denari or trumps: play any card" (it said only "play any
card", as if nothing had to be followed), and nothing about raised cards, none being lowered."""

from __future__ import annotations

from dataclasses import replace

from game.actions import play
from game.cards import INDEX, MAT
from game.phase import Phase
from table.session import parse_seats
from tests.support.deals import deal_with
from text.presenter import Scene, play_rule, status

SOLO = parse_seats(["human", "easy", "easy", "easy"])
NAMES = ["You", "Bruno", "Carla", "Dario"]


def _to_play(cards: str, led: str):
    hand = deal_with(3, {0: cards, 1: "KD QD JD", 2: "T16"})
    view = hand.view(0)
    return replace(
        view,
        phase=Phase.PLAY,
        turn=0,
        trick=(INDEX[led],),
        legal=tuple(play(c) for c in range(62) if view.hand >> c & 1),
    )


def _status(view) -> str:
    return status(Scene(view=view, seats=SOLO, bottom=0, hand_shown=True), NAMES).plain


def test_no_trumps_when_trumps_are_led() -> None:
    view = _to_play("KS QS 7C", "T16")
    assert play_rule(view) == "no trumps: play any card"
    assert _status(view) == "Your turn: no trumps: play any card."


def test_no_card_of_the_suit_nor_a_trump() -> None:
    view = _to_play("KS QS 7C", "7D")
    assert play_rule(view) == "no Denari or trumps: play any card"
    assert "raised" not in _status(view).lower()


def test_every_card_following_or_the_matto_led_says_any_card() -> None:
    assert play_rule(_to_play("KS QS 7S", "9S")) == "play any card"  # every card follows
    assert play_rule(_to_play("KS QS 7C", "MAT")) == "play any card"  # the Matto led: free
    assert play_rule(_to_play("ANG MON", "7D")) == "play any card"  # every card a trump
    with_matto = _to_play(f"KS 7C {MAT and 'MAT'}", "7D")
    assert play_rule(with_matto).startswith("no Denari or trumps: play any card")
