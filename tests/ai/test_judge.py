"""The hard bot's judgement of the cards played (ai/judge.py): the positions replayed from the deal,
deterministic with an iteration budget, exactly zero for the card the bot itself plays."""

from __future__ import annotations

import random

import pytest

from ai.discard import rank_discards
from ai.hard import HardBot
from ai.judge import (
    DISCARD_CANDIDATES,
    DISCARD_CHUNK,
    Decision,
    DiscardDecision,
    Verdict,
    costliest,
    decisions,
    discard_decision,
    judge,
    judge_discard,
    position_seed,
)
from ai.registry import make_bot
from game.actions import PLAY, discard
from game.cards import FULL_PACK, cards_of
from game.history import hand_positions, replay_hands
from game.match import Match
from game.phase import Phase
from game.rules import Rules

BUDGET = 12  # deals a card: enough to compare, quick


def _match(seed: int, target: int = 200) -> Match:
    match = Match(seed, Rules(target))
    bots = [make_bot("easy") for _ in range(4)]
    rng = random.Random(seed)
    while match.winner is None:
        view = match.view(match.turn)
        match.apply(bots[match.turn].choose(view, view.legal, rng))
    return match


def test_decisions_are_the_views_the_player_had() -> None:
    match = _match(3)
    hand = replay_hands(match)[0]
    positions = hand_positions(hand)
    plays = [mv for mv in hand.history if mv.action.kind == PLAY]
    assert len(positions) == len(plays) + 1 and positions[-1].result == hand.result
    found = decisions(hand, {1, 3}, 0)
    assert [d.seat for d in found] == [mv.seat for mv in plays if mv.seat in (1, 3)]
    played = 0
    for d in found:
        view = d.view
        assert view.phase == Phase.PLAY and view.turn == d.seat
        assert PLAY in {a.kind for a in view.legal} and any(a.card == d.played for a in view.legal)
        assert len(view.tricks) * 4 + len(view.trick) == d.number and d.trick == d.number // 4
        assert view.hand & (1 << d.played)
        played |= 1 << d.played
        assert view.discard is None or d.seat == hand.dealer  # his own view: no one else's cards
    assert played == sum(1 << mv.action.card for mv in plays if mv.seat in (1, 3))


def test_judgement_is_deterministic_with_a_budget() -> None:
    hand = replay_hands(_match(5))[0]
    chosen = [d for d in decisions(hand, {0}, 0) if len(d.view.legal) > 2][:3]
    assert chosen
    first = [judge(d, BUDGET) for d in chosen]
    again = [judge(d, BUDGET) for d in chosen]
    assert first == again
    for v in first:
        assert v.loss >= 0 and not v.forced
        assert v.played_margin is not None and v.best_margin is not None
        if v.played != v.best:
            assert v.loss == pytest.approx(max(0.0, v.best_margin - v.played_margin))
    assert position_seed(chosen[0].view) == position_seed(chosen[0].view)
    assert len({position_seed(d.view) for d in chosen}) == len(chosen)


def test_the_bots_own_card_costs_exactly_nothing() -> None:
    """Seat 0 plays every card as the judging bot would (same budget, same seed): each of its
    cards is judged at exactly zero."""
    match = Match(8, Rules(100))
    others = [make_bot("easy") for _ in range(4)]
    rng = random.Random(8)
    while not match.results:
        seat = match.turn
        view = match.view(seat)
        if seat == 0 and view.phase == Phase.PLAY and len(view.legal) > 1:
            bot = HardBot(iterations=BUDGET)
            action = bot.choose(view, view.legal, random.Random(position_seed(view)))
        else:
            action = others[seat].choose(view, view.legal, rng)
        match.apply(action)
    hand = replay_hands(match)[0]
    verdicts = [judge(d, BUDGET) for d in decisions(hand, {0}, 0)]
    assert len(verdicts) >= 5
    assert all(v.loss == 0.0 and v.played == v.best for v in verdicts)
    assert costliest(verdicts) == []


def test_a_forced_card_and_a_card_not_legal() -> None:
    match = _match(2)
    hand = replay_hands(match)[0]
    forced = [d for d in decisions(hand, range(4), 0) if len(d.view.legal) == 1]
    assert forced, "some card of the hand had to be played"
    v = judge(forced[0], BUDGET)
    assert v.forced and v.loss == 0.0 and v.played_margin is None
    d = forced[0]
    other = next(c for c in range(62) if c != d.played)
    with pytest.raises(ValueError, match="not one of the player's legal cards"):
        judge(Decision(d.number, d.view, other), BUDGET)


def test_costliest_orders_by_cost() -> None:
    def v(number: int, loss: float) -> Verdict:
        return Verdict(0, number, 0, 1, loss, 0.0, loss, 3)

    found = costliest([v(3, 5.0), v(1, 20.0), v(7, 0.4), v(9, 20.0), v(2, 1.0)])
    assert [x.number for x in found] == [1, 9, 3]
    assert costliest([v(3, 0.9)]) == []


# --------------------------------------------------------------------------- the discard
def test_the_discard_is_judged_from_the_dealers_view_before_it() -> None:
    hand = replay_hands(_match(3))[0]
    decision = discard_decision(hand, 0)
    assert decision.seat == hand.dealer and decision.view.phase == Phase.DISCARD
    assert decision.view.hand == hand.dealt[hand.dealer] and decision.made == hand.history[0].action
    first = judge_discard(decision, 60)
    assert first == judge_discard(decision, 60)  # deterministic with a budget
    assert first is not None and first.seat == hand.dealer and first.made == decision.made.cards
    assert first.loss == pytest.approx(first.best_margin - first.made_margin)
    # The bot's best discard, made: exactly nothing lost; the worst one it would rank: a loss.
    best = next(a for a in decision.view.legal if a.cards == first.best)
    as_best = judge_discard(DiscardDecision(decision.view, best), 60)
    assert as_best is not None and as_best.loss == 0.0 and as_best.best == best.cards
    worst = rank_discards(decision.view.hand, decision.view.legal)[-1]
    poor = judge_discard(DiscardDecision(decision.view, worst), 60)
    assert poor is not None and poor.made == worst.cards and poor.best != worst.cards
    assert poor.loss > 0 and poor.candidates == DISCARD_CANDIDATES + 1  # the one made besides


def test_a_discard_judgement_no_longer_wanted_stops() -> None:
    decision = discard_decision(replay_hands(_match(3))[0], 0)
    looks: list[int] = []

    def cancelled() -> bool:
        looks.append(1)
        return len(looks) > 1  # wanted for the first chunk only

    assert judge_discard(decision, 10 * DISCARD_CHUNK, cancelled=cancelled) is None
    assert len(looks) == 2
    elsewhere = cards_of(decision.view.hand ^ FULL_PACK)[:2]  # cards the dealer does not hold
    with pytest.raises(ValueError, match="not one of the dealer's legal discards"):
        judge_discard(DiscardDecision(decision.view, discard(*elsewhere)), 10)
