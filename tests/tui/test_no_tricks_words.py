"""A side that has taken no trick is said one way: the score box's "no tricks yet" (the hand so
far in full said "0 tricks" where the box said "no tricks yet")."""

from __future__ import annotations

from tests.tui.test_hand_so_far import ASCII, _three_kings
from text.presenter import so_far_forms, so_far_lines


def test_the_box_and_the_hand_so_far_in_full_say_the_same_words() -> None:
    session = _three_kings()
    view = session.view(0)
    _, theirs = so_far_forms(view, ASCII)  # Bruno & Dario: none of the three tricks
    assert theirs == ("no tricks yet",)
    lines = [line.plain for line in so_far_lines(view, session.seats, ASCII, 0)]
    assert "Bruno & Dario - no tricks yet" in lines, lines
    assert not any("0 tricks" in line for line in lines), lines
