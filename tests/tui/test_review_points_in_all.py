"""The review's "Costliest choices (about 109 points lost …)" lists three choices but counts every
judged one: where the figure is more than the lines listed add up to, it says "in all"; where it
is what they add up to, it says nothing more."""

from __future__ import annotations

from ai.judge import Verdict
from game.cards import parse_card
from tests.tui.test_review import ASCII, played_match
from text.hand_review import HandWalk, ReviewSource, costly_lines


def _verdict(loss: float, number: int) -> Verdict:
    k, t = parse_card("KS"), parse_card("T12")
    return Verdict(0, number, k, t, loss, 10.0, 10.0 + loss, 5, 0.2, 1000)


def _head(losses: list[float]) -> tuple[str, int]:
    source = ReviewSource.of(played_match(3, 300), judged=[0])
    walk = HandWalk(source.hands[0], 0, source.judged)
    numbers = [d.number for d in walk.decisions[: len(losses)]]
    walk.verdicts = {n: _verdict(loss, n) for n, loss in zip(numbers, losses, strict=True)}
    lines, _ = costly_lines(source, walk, ASCII)
    return lines[0].plain, len(lines) - 1


def test_a_figure_beyond_the_three_listed_says_in_all() -> None:
    head, listed = _head([40.0, 30.0, 20.0, 19.0])
    assert listed == 3
    assert "(about 109 points lost in all; n or a click shows one)" in head, head


def test_a_figure_the_listed_add_up_to_says_nothing_more() -> None:
    head, listed = _head([40.0, 30.0, 20.0])
    assert listed == 3
    assert "(about 90 points lost; n or a click shows one)" in head, head
    head, _ = _head([40.0, 30.0, 20.0, 0.6])  # a small loss, not listed: the figure is more
    assert "(about 91 points lost in all;" in head, head
