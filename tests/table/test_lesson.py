"""The lesson's steps (table.lesson): its deal is legal and played by the engine, the right try
moves it on, a wrong one changes nothing, and skip, repeat and back go where they say."""

from __future__ import annotations

from game.actions import Action, declare
from game.cards import FULL_PACK, card
from game.phase import Phase
from table.lesson import (
    DEALER,
    ILLEGAL,
    NOT_NOW,
    OTHER,
    RIGHT,
    STEPS,
    YOU,
    Lesson,
    dealt,
    step_of,
)


def test_the_deal_is_a_whole_pack_and_the_script_a_whole_hand() -> None:
    hands = dealt()
    assert hands[0] | hands[1] | hands[2] | hands[3] == FULL_PACK
    assert [h.bit_count() for h in hands] == [17, 15, 15, 15] and DEALER == YOU
    lesson = Lesson()
    while not lesson.finished:
        lesson.skip()
    result = lesson.hand.result
    assert lesson.hand.phase == Phase.OVER and result is not None
    assert result.tricks == (8, 7)
    assert lesson.hand.tricks[-1].winner == YOU  # the last trick is the player's
    assert result.matto_exchange is not None and result.matto_exchange[0] == 0


def test_every_action_asked_is_the_players() -> None:
    lesson = Lesson()
    while not lesson.finished:
        if lesson.current.action is not None:
            assert lesson.hand.turn == YOU
        lesson.skip()


def test_the_right_card_moves_on() -> None:
    lesson = Lesson(step_of("follow"))
    assert lesson.try_card(card("KS")).outcome == RIGHT
    assert lesson.current.key == "trick_won"
    assert lesson.hand.tricks[0].winner == YOU


def test_a_wrong_card_explains_and_changes_nothing() -> None:
    lesson = Lesson(step_of("follow"))
    played, step = lesson.played(), lesson.step
    other = lesson.try_card(card("7S"))  # legal, not the step's
    assert other.outcome == OTHER
    illegal = lesson.try_card(card("T16"))  # Spade led: a trump is not legal
    assert illegal.outcome == ILLEGAL and illegal.error is not None
    assert (lesson.played(), lesson.step) == (played, step)


def test_the_discard_marks_the_right_cards_and_refuses_a_king() -> None:
    lesson = Lesson(step_of("discard"))
    assert lesson.try_card(card("KS")).outcome == ILLEGAL
    assert lesson.try_card(card("T16")).outcome == OTHER
    assert lesson.marked == []
    assert lesson.try_card(card("6D")).outcome == RIGHT and lesson.marked == [card("6D")]
    assert lesson.current.key == "discard"
    assert lesson.try_card(card("7D")).outcome == RIGHT
    assert lesson.current.key == "declarations"


def test_the_declaration_asks_for_both_families() -> None:
    lesson = Lesson(step_of("declare"))
    assert lesson.try_declare(("Re",)).outcome == OTHER
    assert lesson.try_card(card("KS")).outcome == NOT_NOW
    assert lesson.try_declare(("Coppe", "Re")).outcome == RIGHT
    assert lesson.current.key == "follow"


def test_a_step_to_read_goes_on_and_an_action_step_waits() -> None:
    lesson = Lesson()
    assert lesson.next() and lesson.step == 1
    lesson.go(step_of("discard"))
    assert not lesson.next() and lesson.current.key == "discard"


def test_skip_repeat_and_back() -> None:
    lesson = Lesson(step_of("lead"))
    lesson.skip()
    assert lesson.current.key == "round_order" and len(lesson.hand.tricks) == 2
    lesson.back()
    assert lesson.current.key == "lead" and len(lesson.hand.tricks) == 1
    lesson.try_card(card("10S"))  # a wrong try
    lesson.repeat()
    assert lesson.current.key == "lead" and lesson.hand.trick == []


def test_resuming_at_a_step_is_the_same_table() -> None:
    walked = Lesson()
    while walked.current.key != "mori":
        walked.skip()
    resumed = Lesson(walked.step)
    assert resumed.view() == walked.view()
    assert Lesson(len(STEPS) + 5).finished  # (clamped to the lesson)


def test_an_action_of_another_kind_is_not_now() -> None:
    lesson = Lesson(step_of("follow"))
    assert lesson.try_action(declare(())).outcome == NOT_NOW
    assert Lesson().try_action(Action.parse("play KS")).outcome == NOT_NOW


def test_the_facts_the_lesson_states_are_the_engine_s() -> None:
    """What text.lesson says of the hand: who took which trick, and with what."""
    lesson = Lesson()
    while not lesson.finished:
        lesson.skip()
    tricks = lesson.hand.tricks
    taken = [(t.winner, t.cards[(t.winner - t.leader) % 4]) for t in tricks]
    assert taken[0] == (YOU, card("KS"))  # your King takes Bruno's Spade, Carla's Knight in it
    assert card("NS") in tricks[0].cards
    assert taken[1] == (2, card("AC"))  # Carla's Ace of Coppe; Dario's 9 over Bruno's 10
    assert tricks[1].cards.index(card("9C")) > tricks[1].cards.index(card("10C"))
    assert taken[2] == (YOU, card("T7")) and card("JD") in tricks[2].cards
    assert taken[3] == (3, card("MO4")) and tricks[3].cards[-1] == card("MO4")  # the last Moro
    assert taken[4] == (3, card("ANG")) and tricks[4].matto_owed  # the Matto to an opponent
    assert taken[6] == (YOU, card("T12")) and card("T11") in tricks[6].cards
    assert taken[-1] == (YOU, card("T5"))
    declared = {d.seat: (d.families, d.points) for d in lesson.hand.declarations if d}
    assert declared == {
        0: (("Re", "Coppe"), 27),
        1: (("Fanti",), 12),
        2: (("Denari", "Assi"), 35),
        3: (("Grande",), 10),
    }
