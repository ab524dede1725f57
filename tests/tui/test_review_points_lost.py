"""The review's costliest choices say the points lost in all as a count of points: "about 1 point
lost" for one (it said "about 1 points lost"), "about 12 points lost" for more."""

from __future__ import annotations

from ai.judge import Verdict
from game.cards import parse_card
from tests.tui.test_review import ASCII, played_match
from text.hand_review import HandWalk, ReviewSource, costly_lines


def _verdict(loss: float, number: int) -> Verdict:
    k, t = parse_card("KS"), parse_card("T12")
    return Verdict(0, number, k, t, loss, 10.0, 10.0 + loss, 5, 0.2, 1000)


def test_one_point_lost_is_said_in_the_singular() -> None:
    source = ReviewSource.of(played_match(3, 300), judged=[0])
    walk = HandWalk(source.hands[0], 0, source.judged)
    first, second = walk.decisions[0].number, walk.decisions[1].number
    walk.verdicts = {first: _verdict(1.2, first)}
    lines, _ = costly_lines(source, walk, ASCII)
    assert "(about 1 point lost; n or a click shows one)" in lines[0].plain, lines[0].plain
    walk.verdicts = {first: _verdict(1.2, first), second: _verdict(10.6, second)}
    lines, _ = costly_lines(source, walk, ASCII)
    assert "(about 12 points lost; n or a click shows one)" in lines[0].plain, lines[0].plain
