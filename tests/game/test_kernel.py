"""The play kernel (game/kernel.py) and everything that drives it (Hand, the bots' playouts, the
solver's push/pop, the bench) against the literal reading of the rules in tests/reference.py,
move by move on random hands: legal sets, trick winners, final piles, the discard's side and
each side's points. Breaking follow-suit, a trick winner or the discard's side anywhere fails
here."""

from __future__ import annotations

import random

import pytest

from ai import policy
from ai.lab.bench import bench_engine, random_hand, random_hands_per_s
from ai.rollout import policy_chooser
from game.actions import PLAY, declare, discard
from game.cards import (
    CODES,
    FIVES,
    FULL_PACK,
    MAT,
    Card,
    Mask,
    cards_of,
    random_card,
    shuffled_pack,
)
from game.hand import Hand, deal_hands, round5
from game.kernel import PlayState, random_chooser
from game.phase import Phase
from game.scoring import declarable_families, declaration_points
from tests.support import reference as ref
from tests.support.deals import deal_with


def codes(m: Mask) -> list[str]:
    return [CODES[c] for c in cards_of(m)]


def random_start(rng: random.Random) -> tuple[PlayState, ref.Table]:
    """A random deal after a random discard: the kernel's state and the reference table."""
    dealer = rng.randrange(4)
    hands = deal_hands(shuffled_pack(rng), dealer)
    a, b = rng.sample(cards_of(hands[dealer] & ~FIVES), 2)
    dis = (1 << a) | (1 << b)
    hands[dealer] &= ~dis
    table = ref.Table(dealer, [codes(h) for h in hands], codes(dis))
    return PlayState(dealer, hands, dis), table


def assert_same_end(state: PlayState, table: ref.Table) -> None:
    assert state.over and table.over
    assert state.won == table.tricks_won and state.last_winner == table.last_winner
    final = state.final_piles()
    p0, p1, side = table.final_piles()
    assert final.piles == (ref.mask(p0), ref.mask(p1)) and final.discard_side == side
    points = state.points()
    assert (points[0].total, points[1].total) == table.points()
    assert state.diff(0) == table.points()[0] - table.points()[1]


def checking(choose, seen: list[int]):
    """A chooser that checks every argument the kernel gives it against the reference."""

    def check(hand: Mask, legal: Mask, trick: list[Card], w: int, gone: Mask) -> Card:
        trick_codes = [CODES[c] for c in trick]
        assert legal == ref.mask(ref.legal(codes(hand), trick_codes))
        expected = ref.winner(trick_codes) if any(c != MAT for c in trick) else -1
        assert w == expected
        assert not gone & hand and all(gone >> c & 1 for c in trick)
        seen.append(1)
        return choose(hand, legal, trick, w, gone)

    return check


@pytest.mark.parametrize("seed", range(4))
def test_finish_with_random_cards_follows_the_rules(seed: int) -> None:
    """The hot loop of random hands: every choice offered, every forced card and the end."""
    rng = random.Random(seed)
    for _ in range(150):
        state, table = random_start(rng)
        draw = rng.getrandbits(32)
        seen: list[int] = []
        state.finish(checking(random_chooser(random.Random(draw).random), seen))
        rand = random.Random(draw).random
        while not table.over:
            options = ref.mask(table.legal())
            c = random_card(options, rand) if options & (options - 1) else cards_of(options)[0]
            table.play(CODES[c])
        assert_same_end(state, table)
        assert seen  # the chooser was asked


@pytest.mark.parametrize("seed", range(2))
def test_finish_with_the_rules_of_thumb_follows_the_rules(seed: int) -> None:
    """The bots' playouts: the policy chooser in the kernel's loop, checked at every choice."""
    rng = random.Random(100 + seed)
    for _ in range(100):
        state, table = random_start(rng)
        start = state.clone()
        seen: list[int] = []
        state.finish(checking(policy_chooser(random.Random(seed).random, 0.0), seen))
        # the same cards through push, one at a time, with the reference judging each
        replay = start
        while not replay.over:
            hand = replay.hands[replay.turn]
            assert replay.legal() == ref.mask(table.legal())
            c = policy.choose(hand, replay.trick, FULL_PACK & ~replay.gone & ~hand)
            replay.push(c)
            table.play(CODES[c])
        assert_same_end(state, table)
        assert [getattr(state, n) for n in ("piles", "won", "gone", "matto_debtor")] == [
            getattr(replay, n) for n in ("piles", "won", "gone", "matto_debtor")
        ]


def test_push_and_pop_walk_a_hand_and_back() -> None:
    rng = random.Random(7)
    fields = [n for n in PlayState.__slots__ if n != "_undo"]
    for _ in range(60):
        state, table = random_start(rng)
        before = [getattr(state, n) for n in fields]
        before = [v[:] if isinstance(v, list) else v for v in before]
        played = []
        while not state.over:
            legal = state.legal()
            assert legal == ref.mask(table.legal())
            c = random_card(legal, rng.random)
            state.push(c)
            table.play(CODES[c])
            played.append(c)
            if not state.trick:
                assert state.last_winner == table.winners[-1]
        assert_same_end(state, table)
        while played:
            assert state.pop() == played.pop()
        assert [getattr(state, n) for n in fields] == before


def test_hand_follows_the_rules_move_by_move() -> None:
    """Hand (the engine the game and the arena drive) against the reference, with random legal
    actions, declarations included."""
    rng = random.Random(11)
    for _ in range(80):
        dealer = rng.randrange(4)
        hand = Hand.deal(shuffled_pack(rng), dealer)
        hand.apply(rng.choice(hand.legal_actions()))
        table = ref.Table(dealer, [codes(h) for h in hand.hands], codes(hand.discard))
        while hand.phase != Phase.OVER:
            legal = hand.legal_actions()
            if hand.phase == Phase.DECLARE:
                hand.apply(rng.choice(legal))
                continue
            assert sum(1 << a.card for a in legal) == ref.mask(table.legal())
            action = rng.choice(legal)
            hand.apply(action)
            table.play(CODES[action.card])
            assert [t.winner for t in hand.tricks] == table.winners
        result = hand.result
        assert result is not None and result.called_out is None
        p0, p1, side = table.final_piles()
        assert (result.sides[0].pile, result.sides[1].pile) == (ref.mask(p0), ref.mask(p1))
        assert result.discard_side == side and result.tricks == tuple(table.tricks_won)
        points = table.points()
        for s in (0, 1):
            part = result.sides[s]
            assert part.captured_combinations + part.card_points + part.last_trick == points[s]
            assert part.card_points == ref.card_points(codes(part.pile))


def test_the_discard_goes_to_the_other_side_when_the_dealers_side_takes_no_trick() -> None:
    trumps = "ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6"
    hand = deal_with(0, {1: trumps, 3: "T5 MO1 MO2 MO3 MO4 BEG MAT 6S 7S 8S 9S 10S 6B 7B 8B"})
    hand.apply(discard(*cards_of(hand.hands[0] & ~FIVES)[:2]))
    state = hand.state.clone()
    state.finish(random_chooser(random.Random(1).random))
    assert state.won[0] == 0
    assert state.final_piles().discard_side == 1
    assert state.final_piles().piles[1] & hand.discard == hand.discard


def test_the_view_replayed_is_the_engines_state() -> None:
    """What the bots build from a view (the public play replayed through the kernel, the hidden
    cards dealt in) is the engine's own state when the guess is right."""
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        hand = Hand.deal(shuffled_pack(rng), rng.randrange(4))
        while hand.phase != Phase.OVER:
            if hand.phase == Phase.PLAY and rng.random() < 0.2:
                view = hand.view(hand.turn)
                rebuilt = PlayState.from_view(view).deal_in(hand.hands, hand.discard)
                for name in PlayState.__slots__:
                    if name != "_undo":
                        assert getattr(rebuilt, name) == getattr(hand.state, name), name
                checked += 1
            hand.apply(rng.choice(hand.legal_actions()))
    assert checked > 50


def _random_hand_through_hand(rng: random.Random) -> tuple[int, int]:
    """:func:`ai.lab.bench.random_hand`'s choices made through Hand.apply instead of the kernel."""
    dealer = rng.randrange(4)
    hand = Hand.deal(shuffled_pack(rng), dealer)
    a, b = rng.sample(cards_of(hand.hands[dealer] & ~FIVES), 2)
    hand.apply(discard(a, b))
    picks = {}
    for seat in range(4):
        families = declarable_families(hand.hands[seat])
        pick = rng.getrandbits(len(families))
        picks[seat] = [f for j, f in enumerate(families) if pick >> j & 1]
    while hand.phase != Phase.OVER:
        if hand.phase == Phase.DECLARE:
            hand.apply(declare(picks[hand.turn]))
            continue
        legal = hand.legal_plays()
        c = random_card(legal, rng.random) if legal & (legal - 1) else cards_of(legal)[0]
        hand.apply(next(a for a in hand.legal_actions() if a.kind == PLAY and a.card == c))
    assert hand.result is not None
    return hand.result.sides[0].total, hand.result.sides[1].total


def test_the_benchs_random_hands_are_real_hands() -> None:
    """The bench plays complete hands by the rules: the same choices made through Hand give the
    same totals, hand after hand (declarations, discard, Matto exchange and all)."""
    for seed in range(300):
        assert random_hand(random.Random(seed)) == _random_hand_through_hand(random.Random(seed))
    rate, totals = random_hands_per_s(40, seed=5)
    assert len(totals) == 40 and rate > 0
    assert totals == random_hands_per_s(40, seed=5)[1]  # the same seed, the same hands
    assert all(t % 5 == 0 and t == round5(t) for pair in totals for t in pair)
    assert all(sum(pair) >= 90 for pair in totals)  # 93 fixed points at least, rounded


def test_bench_engine_ratio_is_against_the_reference_of_the_same_run() -> None:
    calls = []

    def reference(games: int) -> float:
        calls.append(games)
        return 1000.0

    figures = bench_engine(30, 20, reference=reference)
    assert calls == [30]
    assert figures["openspiel_skat_games_per_s"] == 1000.0
    assert figures["ratio_to_openspiel_skat"] == pytest.approx(
        figures["random_hands_per_s"] / 1000.0, rel=1e-2
    )
    assert bench_engine(5, 5, reference=lambda n: None)["ratio_to_openspiel_skat"] is None


def test_declaration_points_of_random_hand_are_the_engines() -> None:
    """A declaration counted by the bench is the one Hand records for the same families."""
    rng = random.Random(9)
    for _ in range(50):
        hand = Hand.deal(shuffled_pack(rng), 0)
        hand.apply(hand.legal_actions()[0])
        seat = hand.turn
        families = declarable_families(hand.hands[seat])
        hand.apply(declare(families))
        expected = declaration_points(hand.state.hands[seat], families)
        assert hand.declarations[seat].points == expected
