"""The match (RULES.md §9): dealing order, scores, call-out, both sides over the target."""

from __future__ import annotations

import random

import pytest

from game.actions import declare
from game.errors import IllegalActionError
from game.match import Match
from game.phase import Phase
from game.rules import Rules
from tests.support.matches import last_action_totals


def _finish_hand(match: Match, rng: random.Random) -> None:
    start = len(match.results)
    while len(match.results) == start and match.winner is None:
        match.apply(rng.choice(match.legal_actions()))


def test_same_seed_same_deals_and_dealer_rotates() -> None:
    a, b = Match(11), Match(11)
    assert a.hand.hands == b.hand.hands and a.first_dealer == b.first_dealer
    assert Match(12).hand.hands != a.hand.hands
    _finish_hand(a, random.Random(1))
    assert a.hand.dealer == (a.first_dealer + 1) % 4
    assert a.scores == [r.total for r in a.results[0].sides]


def test_first_dealer_may_be_given_without_changing_the_cards() -> None:
    given = Match(5, first_dealer=(Match(5).first_dealer + 1) % 4)
    assert given.first_dealer == (Match(5).first_dealer + 1) % 4
    assert given.hand.dealer == given.first_dealer
    # the same pack, dealt from the next seat: every packet goes one seat further round
    original = Match(5).hand.dealt
    assert [given.hand.dealt[(s + 1) % 4] for s in range(4)] == list(original)


def test_call_out_ends_the_match_at_once() -> None:
    for seed in range(200):
        match = Match(seed, Rules(target=10))
        match.apply(match.legal_actions()[0])  # the discard
        if match.phase == Phase.DECLARE and len(match.legal_actions()) > 1:
            break
    else:
        pytest.fail("no seed with a declarable eldest hand")
    seat = match.turn
    match.apply(match.legal_actions()[0])  # declare everything
    assert match.phase == Phase.MATCH_OVER and match.winner == seat & 1
    assert match.results[-1].called_out == seat & 1
    assert match.scores[seat & 1] >= 10
    with pytest.raises(IllegalActionError, match="over"):
        match.apply(declare([]))


def test_both_sides_over_the_target_higher_wins() -> None:
    match = Match(3, Rules(target=800))
    action, (t0, t1) = last_action_totals(match, random.Random(4))
    match.scores = [800 - t0 + 10, 800 - t1 + 5]
    match.apply(action)
    assert match.winner == 0 and match.phase == Phase.MATCH_OVER


def test_both_sides_equal_over_the_target_play_on() -> None:
    match = Match(3, Rules(target=800))
    action, (t0, t1) = last_action_totals(match, random.Random(4))
    match.scores = [900 - t0, 900 - t1]
    match.apply(action)
    assert match.scores == [900, 900]
    assert match.winner is None and match.hand_number == 1


def test_one_side_over_the_target_wins() -> None:
    match = Match(8, Rules(target=800))
    action, (t0, _t1) = last_action_totals(match, random.Random(2))
    match.scores = [800 - t0, 0]
    match.apply(action)
    assert match.winner == 0


def test_clone_is_independent() -> None:
    match = Match(2)
    copy = match.clone()
    copy.apply(copy.legal_actions()[0])
    assert match.actions == [] and len(copy.actions) == 1
    assert match.hand.hands != copy.hand.hands


def test_rules_reject_a_bad_target() -> None:
    with pytest.raises(ValueError):
        Rules(target=0)
