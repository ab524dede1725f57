"""The coach (ai/coach.py) and the hint (ai/hint.py) judge as the review does (ai/judge.py): the
same view, the same deals, the same card; the coach speaks after a costly card only, and before
the declarations says what the hand holds."""

from __future__ import annotations

import random

from ai import judge
from ai.coach import COSTLY, holding, judge_card, lesson
from ai.explain import DECLARES, NOTHING_TO_DECLARE
from ai.hint import suggest
from ai.registry import make_bot
from ai.search import distinct_cards
from game.actions import PLAY
from game.cards import DENARI, SPADE, SUIT
from game.history import replay_hands
from game.match import Match
from game.phase import Phase
from game.rules import Rules
from game.view import PlayerView
from tests.support.deals import declaring_view

BUDGET = 60  # deals a card: enough to tell a costly card late in a hand, quick


def _played_with_views(seed: int, seat: int) -> tuple[Match, list[tuple[PlayerView, int]]]:
    """A hand played by easy bots, with the views ``seat`` had when it played (live, as the
    table hands them to the coach) and the card it played."""
    match = Match(seed, Rules(200))
    bots = [make_bot("easy") for _ in range(4)]
    rng = random.Random(seed)
    seen = []
    while not match.results:
        view = match.view(match.turn)
        action = bots[match.turn].choose(view, view.legal, rng)
        if match.turn == seat and action.kind == PLAY:
            seen.append((view, action.card))
        match.apply(action)
    return match, seen


def test_the_coach_judges_the_view_the_review_replays_and_says_the_same() -> None:
    match, seen = _played_with_views(4, 0)
    hand = replay_hands(match)[0]
    replayed = judge.decisions(hand, {0}, 0)
    assert [d.view for d in replayed] == [view for view, _ in seen]  # the player's own view
    for decision, (view, card) in list(zip(replayed, seen, strict=True))[-4:]:
        assert judge_card(view, card, BUDGET) == judge.judge(decision, BUDGET)


def test_the_hint_names_the_card_the_review_prefers() -> None:
    match, seen = _played_with_views(6, 1)
    hand = replay_hands(match)[0]
    for decision in judge.decisions(hand, {1}, 0)[-5:]:
        view = decision.view
        action, why = suggest(view, view.legal, iterations=BUDGET)
        assert action.card == judge.judge(decision, BUDGET).best
        if len(view.legal) > 1 and why.margin is not None:
            low, high = why.likely or (0.0, 0.0)
            assert low <= high


def test_the_coach_speaks_after_a_costly_card_and_not_after_the_best() -> None:
    for seed in range(1, 30):
        _, seen = _played_with_views(seed, 2)
        for view, _ in seen[-5:]:
            cards = [a.card for a in view.legal]
            if len(cards) < 3:
                continue
            verdicts = [judge_card(view, c, BUDGET) for c in cards]
            costly = [v for v in verdicts if v.clear and round(v.loss) >= COSTLY]
            if not costly:
                continue
            best = verdicts[0].best
            assert lesson(view, best, BUDGET) is None
            said = lesson(view, costly[0].played, BUDGET)
            assert said is not None and said.verdict == costly[0]
            assert said.verdict.best == best and said.why.code
            return
    raise AssertionError("no costly card met")


def test_the_coach_says_nothing_of_the_only_card() -> None:
    for seed in range(1, 10):
        _, seen = _played_with_views(seed, 3)
        for view, card in seen:
            if len(view.legal) == 1:
                assert lesson(view, card, BUDGET) is None
                return
    raise AssertionError("no forced card met")


def test_before_the_declarations_the_coach_reads_the_hand() -> None:
    view = declaring_view("ANG MON SOL T16 T15 MAT KS QS NS JS 7S 6S KB 7C 8C")
    held = holding(view)
    assert (held.trumps, held.matto, held.valued, held.points) == (5, True, 8, 34)
    assert (held.long_suit, held.long_cards, held.voids) == (SPADE, 6, (DENARI,))
    assert held.declare.code == DECLARES and held.declare.families == view.legal[0].families
    assert held.declare.points > 0


def test_a_hand_with_no_combination_is_told_so() -> None:
    view = declaring_view("T16 T14 T12 T10 T8 7S 8S 9S 10S 7B 8B 9B 7C 8C 9C")
    if view.phase == Phase.DECLARE:
        assert holding(view).declare.code == NOTHING_TO_DECLARE


def test_the_hint_names_the_cards_that_play_alike_with_its_own() -> None:
    """Of cards that play exactly alike the search tries one: the hint says the others do as
    well (never a card of another suit)."""
    met = 0
    for seed in range(1, 40):
        _, seen = _played_with_views(seed, 0)
        for view, _ in seen:
            cards = [a.card for a in view.legal]
            if len(cards) < 2:
                continue
            advice = judge.advise(view, 20)
            best = advice.action.card
            twins = {
                c
                for c in cards
                if c != best and len(distinct_cards([best, c], view.hand, view.played)) == 1
            }
            assert twins <= set(advice.alike)
            assert all(SUIT[c] == SUIT[best] for c in advice.alike)
            met += bool(twins)
        if met >= 2:
            return
    raise AssertionError("no cards that play alike met")
