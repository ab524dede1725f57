"""Invariants over thousands of seeded random hands (RULES.md §4–§8)."""

from __future__ import annotations

import random

from game import record
from game.actions import Action, declare, discard, play
from game.cards import FULL_PACK, card_points
from game.errors import IllegalActionError
from game.hand import round5
from game.match import Match
from game.phase import Phase
from game.rules import Rules

HANDS = 1500


def _snapshot(match: Match) -> tuple:
    h = match.hand
    return (
        tuple(match.actions),
        tuple(h.hands),
        h.phase,
        h.turn,
        tuple(h.trick),
        tuple(h.piles),
        tuple(h.declarations),
        tuple(match.scores),
    )


def test_random_hands_keep_every_invariant() -> None:
    rng = random.Random(2024)
    hands = 0
    seed = 0
    while hands < HANDS:
        seed += 1
        match = Match(seed, Rules(target=2000))
        while match.winner is None and hands < HANDS:
            legal = match.legal_actions()
            assert legal, "the legal set is never empty before the end"
            result = match.apply(rng.choice(legal))
            if result is None:
                continue
            hands += 1
            if result.called_out is not None:
                continue
            piles = [s.pile for s in result.sides]
            assert piles[0] & piles[1] == 0 and piles[0] | piles[1] == FULL_PACK
            assert sum(card_points(p) for p in piles) == 87
            assert sum(s.card_points for s in result.sides) == 87
            assert sorted(s.last_trick for s in result.sides) == [0, 6]
            for s in result.sides:
                assert s.raw == s.captured_combinations + s.card_points + s.last_trick + (
                    s.declarations
                )
                assert s.total == round5(s.raw) and s.total % 5 == 0
                assert s.captured_combinations == s.breakdown.combinations_points
        replayed = record.loads(record.dumps(match))
        assert replayed.scores == match.scores and replayed.actions == match.actions
        assert replayed.results == match.results


def _random_action(rng: random.Random) -> Action:
    c = rng.randrange(62)
    kind = rng.randrange(4)
    if kind == 0:
        return play(c)
    if kind == 1:
        return discard(c, rng.randrange(62))
    if kind == 2:
        return declare(rng.sample(["Re", "Grande", "Tarocchi", "Mori", "Assi"], rng.randrange(3)))
    return Action("play", (c, c))


def test_fuzzed_illegal_actions_never_change_the_state() -> None:
    rng = random.Random(99)
    rejected = 0
    for seed in range(40):
        match = Match(seed)
        while match.hand.phase != Phase.OVER and match.winner is None and len(match.results) == 0:
            for _ in range(5):
                action = _random_action(rng)
                before = _snapshot(match)
                try:
                    match.apply(action)
                except IllegalActionError:
                    rejected += 1
                    assert _snapshot(match) == before
                else:
                    break
            else:
                match.apply(rng.choice(match.legal_actions()))
    assert rejected > 1000
