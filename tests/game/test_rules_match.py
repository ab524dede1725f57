"""An independent check of the match (RULES.md §3, §5 calling out, §9): targets, ties, the extra
hand, the dealer passing round; expected results worked out from the rule text."""

from __future__ import annotations

import random

import pytest

from game.actions import declare
from game.match import Match
from game.phase import Phase
from game.rules import Rules
from tests.support.deals import deal_with
from tests.support.matches import last_action_totals


def _end_hand_at(match: Match, rng: random.Random, scores: tuple[int, int]) -> None:
    """Finish the hand in progress so that the match score afterwards is ``scores``."""
    action, (t0, t1) = last_action_totals(match, rng)
    match.scores = [scores[0] - t0, scores[1] - t1]
    match.apply(action)
    assert match.scores == list(scores)


def test_a_new_match_starts_from_nothing_and_the_deal_passes_round() -> None:
    """§9: a new match starts from 0–0; §3: the deal passes to the next seat every hand."""
    match = Match(17, Rules(target=5000))
    assert match.scores == [0, 0] and match.hand.scores == (0, 0)
    rng = random.Random(3)
    dealers = [match.hand.dealer]
    for _ in range(5):
        last_action_totals(match, rng)
        match.apply(match.legal_actions()[0])
        dealers.append(match.hand.dealer)
    assert dealers == [(match.first_dealer + i) % 4 for i in range(6)]


def test_a_tie_over_the_target_plays_an_extra_hand_in_full() -> None:
    """§9 and §5 house rule: equal at or over the target after a hand, another hand is played in
    full, with no calling out however much is declared, and so on until one side is ahead."""
    match = Match(5, Rules(target=100))
    rng = random.Random(8)
    _end_hand_at(match, rng, (120, 120))
    assert match.winner is None and match.phase != Phase.MATCH_OVER
    assert match.hand.scores == (120, 120) and not match.hand.call_out_possible
    while match.phase == Phase.DISCARD or not match.hand.tricks:  # declare everything
        match.apply(match.legal_actions()[0])
    _end_hand_at(match, rng, (300, 300))  # still equal: yet another hand
    result = match.results[-1]
    assert result.called_out is None and sum(result.tricks) == 15
    assert match.winner is None and match.hand_number == 2
    _end_hand_at(match, rng, (305, 310))
    assert match.winner == 1


@pytest.mark.parametrize(
    ("scores", "winner"),
    [((805, 790), 0), ((790, 800), 1), ((810, 805), 0), ((800, 830), 1), ((795, 795), None)],
)
def test_the_first_side_to_reach_the_target_or_the_higher_wins(
    scores: tuple[int, int], winner: int | None
) -> None:
    """§9: a side at or over 800 after a hand wins; both over: the higher; both short: play on."""
    match = Match(21)
    _end_hand_at(match, random.Random(1), scores)
    assert match.winner == winner


def test_the_calling_side_wins_whatever_the_rounded_totals_show() -> None:
    """§5: side 1 at 785 declares Cavalli 13 (798: short of 800); side 0 at 780 declares a
    Grande of 20 and calls out at 800. Rounded, side 1 also shows 785 + 15 = 800, but the side
    that called out wins the match."""
    match = Match(2)
    match.scores = [780, 785]
    match.hand = deal_with(
        3,
        {
            1: "NS NB NC 6C 7C 8C 9C 10C 6D 7D 8D 9D 10D T12 T11",
            2: "ANG MON SOL T16 T15 6S 7S 8S 9S 10S 6B 7B 8B 9B 10B",
        },
    )
    match.hand.scores = (780, 785)
    match.apply(match.legal_actions()[0])  # the discard
    choices = {1: ("Cavalli",), 2: ("Grande",)}
    while match.winner is None:
        if match.phase == Phase.DECLARE:
            match.apply(declare(choices.get(match.turn, ())))
        else:
            match.apply(match.legal_actions()[0])
    result = match.results[-1]
    assert result.called_out == 0 and match.winner == 0
    assert match.scores == [800, 800]


@pytest.mark.parametrize("target", [803, 1, 799])
def test_the_target_is_a_multiple_of_five(target: int) -> None:
    """§9: the target is a setting, a multiple of 5 (scores always are, §8)."""
    with pytest.raises(ValueError, match="multiple of 5"):
        Rules(target=target)
    assert Rules(target=target - target % 5 + 5).target % 5 == 0
