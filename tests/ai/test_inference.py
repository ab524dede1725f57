"""The sampler of hidden cards (ai.inference), the rollouts and the exact endgame solver, against
the engine."""

from __future__ import annotations

import random

import pytest

from ai import policy
from ai.discard import best_pair
from ai.driver import seat_rngs
from ai.easy import EasyBot
from ai.inference import Knowledge
from ai.random_bot import RandomBot
from ai.rollout import rollout
from ai.solver import Solver
from game.actions import declare, discard, play
from game.cards import COPPE, FIVES, FULL_PACK, SUIT_MASK, TRUMPS, cards_of, parse_card
from game.hand import Hand
from game.kernel import PlayState
from game.match import Match
from game.view import PlayerView
from tests.support.deals import deal_with, is_consistent, m

C = parse_card


def positions(games: int, seed: int) -> list[tuple[Hand, PlayerView]]:
    """Positions (engine hand, view of the seat to move) from seeded hands, every phase."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        match = Match(seed * 100 + g)
        players = [EasyBot() if s % 2 else RandomBot() for s in range(4)]
        rngs = seat_rngs(g)
        while not match.results:
            seat = match.turn
            view = match.view(seat)
            if rng.random() < 0.15:
                out.append((match.hand.clone(), view))
            match.apply(players[seat].choose(view, view.legal, rngs[seat]))
    return out


POSITIONS = positions(12, 3)


def test_the_true_deal_is_consistent_with_every_view() -> None:
    for hand, view in POSITIONS:
        assert is_consistent(view, list(hand.hands), hand.discard) is None


@pytest.mark.parametrize("trust,dealer_discards", [(True, False), (False, False), (True, True)])
def test_sampled_deals_fit_the_view(trust: bool, dealer_discards: bool) -> None:
    rng = random.Random(1)
    for _, view in POSITIONS:
        knowledge = Knowledge(view, trust, dealer_discards)
        for _ in range(5):
            hands, hidden_discard = knowledge.sample(rng)
            assert is_consistent(view, hands, hidden_discard) is None
            # sizes, no duplicates, union = the unseen cards, discard without carte da 5
            assert [h.bit_count() for h in hands] == list(view.hand_sizes)
            union = 0
            for seat, h in enumerate(hands):
                if seat != view.seat:
                    assert not union & h
                    union |= h
            if view.seat != view.dealer and view.phase != "discard":
                assert hidden_discard.bit_count() == 2 and not hidden_discard & FIVES
                assert not union & hidden_discard
                union |= hidden_discard
            assert union == knowledge.unseen
            assert union | view.hand | view.played | (view.discard or 0) == FULL_PACK


def test_voids_shown_by_not_following_and_not_trumping() -> None:
    hand = deal_with(
        3,
        {
            0: "KC",
            1: "T5 6S 7S 8S 9S 10S AS 6B 7B 8B 9B 10B AB 6D 7D",
            2: "KS QS NS JS KB QB NB JB 8D 9D 10D AD JD ND QD",
            3: "MAT 8C 9C",
        },
    )
    hand.apply(discard(C("8C"), C("9C")))
    for code in ("KC", "T5", "KS", "MAT"):
        hand.apply(declare(()))
        hand.apply(play(C(code)))
    voids = hand.view(0).voids
    assert voids[0] == 0
    assert voids[1] == SUIT_MASK[COPPE]  # trumped: no Cups, maybe more trumps
    assert voids[2] == SUIT_MASK[COPPE] | TRUMPS  # neither followed nor trumped
    assert voids[3] == 0  # the Matto shows nothing


def test_declared_cards_stay_with_their_declarer() -> None:
    hand = deal_with(3, {1: "KS KB KC 6C", 2: "KD", 3: "6B 7B"})
    hand.apply(discard(C("6B"), C("7B")))
    hand.apply(declare(()))
    hand.apply(play(next(a for a in hand.legal_actions()).card))
    hand.apply(declare(("Re",)))
    view = hand.view(0)
    knowledge = Knowledge(view)
    rng = random.Random(2)
    for _ in range(20):
        hands, _ = knowledge.sample(rng)
        assert hands[1] & m("KS KB KC") == m("KS KB KC")
        assert not hands[1] & m("KD")  # the Re declared shows every King held


def test_the_dealer_is_dealt_the_discard_he_would_have_made() -> None:
    """With ``dealer_discards`` the hidden discard is the one the discard heuristic picks from
    the dealer's seventeen cards, unless the view rules it out."""
    shaped = total = 0
    for _, view in POSITIONS:
        if view.phase != "play" or view.seat == view.dealer:
            continue
        total += 1
        knowledge = Knowledge(view, False, dealer_discards=True)
        dealer = view.dealer
        allowed = ~FIVES & ~(view.declarations[dealer].cards if view.declarations[dealer] else 0)
        hands, hidden = knowledge.sample(random.Random(7))
        seventeen = hands[dealer] | hidden | knowledge.played_by[dealer]
        if hidden == best_pair(seventeen, (hands[dealer] | hidden) & allowed):
            shaped += 1
    assert total >= 20 and shaped >= 0.8 * total  # by chance: about one in seven


def fields(state: PlayState) -> tuple:
    """Everything a play state holds (but what it can take back)."""
    return tuple(getattr(state, n) for n in PlayState.__slots__ if n != "_undo")


def test_rollout_without_noise_is_the_policy() -> None:
    for hand, view in POSITIONS:
        if view.phase != "play":
            continue
        a = hand.state.clone()
        b = a.clone()
        rollout(a, random.Random(1).random, 0.0)
        while not b.over:
            h = b.hands[b.turn]
            b.play(policy.choose(h, b.trick, FULL_PACK & ~b.gone & ~h))
        assert fields(a) == fields(b)


def _minimax(state: PlayState, side: int) -> int:
    """Plain minimax without pruning (the reference for the solver)."""
    if state.over:
        return state.diff(side)
    values = []
    for c in cards_of(state.legal()):
        child = state.clone()
        child.play(c)
        values.append(_minimax(child, side))
    return max(values) if (state.turn & 1) == side else min(values)


def test_solver_equals_plain_minimax_on_the_last_tricks() -> None:
    rng = random.Random(5)
    checked = 0
    for g in range(6):
        match = Match(500 + g)
        bots = [EasyBot()] * 4
        stop = 15 - 2 - g % 2  # two or three tricks left
        while not (match.hand.phase == "play" and len(match.hand.tricks) == stop):
            view = match.view(match.turn)
            match.apply(bots[0].choose(view, view.legal, rng))
        for _ in range(rng.randrange(3)):
            view = match.view(match.turn)
            match.apply(bots[0].choose(view, view.legal, rng))
        state = match.hand.state.clone()
        side = state.turn & 1
        cards = cards_of(state.legal())
        before = fields(state)
        exact = Solver(state, side).values(cards)
        assert fields(state) == before  # the solver takes back every card it plays
        for c, v in zip(cards, exact, strict=True):
            child = state.clone()
            child.play(c)
            assert v == _minimax(child, side)
        checked += 1
    assert checked == 6


def test_determinization_equals_the_engines_rebuild() -> None:
    """The search's determinization is what Hand.rebuild makes of the same guess."""
    rng = random.Random(6)
    for _, view in POSITIONS:
        if view.phase != "play":
            continue
        hands, hidden_discard = Knowledge(view).sample(rng)
        ours = PlayState.from_view(view).deal_in(hands, hidden_discard)
        engine = Hand.rebuild(view, hands, hidden_discard).state
        assert fields(ours) == fields(engine)
