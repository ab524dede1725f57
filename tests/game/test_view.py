"""A PlayerView holds what its seat may know and nothing else."""

from __future__ import annotations

import random
from dataclasses import fields

from game.cards import FIVES, cards_of
from game.hand import Hand
from game.match import Match


def _midway(seed: int, actions: int) -> Match:
    match = Match(seed)
    rng = random.Random(seed)
    for _ in range(actions):
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_view_holds_only_the_own_hand_and_own_discard() -> None:
    match = _midway(1, 30)
    hand = match.hand
    for seat in range(4):
        view = match.view(seat)
        assert view.hand == hand.hands[seat]
        assert view.discard == (hand.discard if seat == hand.dealer else None)
        assert view.legal == (tuple(match.legal_actions()) if seat == match.turn else ())
        others = [hand.hands[s] for s in range(4) if s != seat]
        for f in fields(view):
            value = getattr(view, f.name)
            if isinstance(value, int) and f.name not in ("hand",) and value.bit_length() > 8:
                assert value not in others, f.name


def test_view_does_not_change_when_hidden_cards_are_swapped() -> None:
    """Swap unplayed, undeclared cards between two other seats and the dealer's discard."""
    for seed in range(20):
        match = _midway(seed, 25 + seed)
        hand = match.hand
        seat = (hand.dealer + 1) % 4
        a, b = [s for s in range(4) if s != seat][:2]
        shown = 0
        for d in hand.declarations:
            if d is not None:
                shown |= d.cards
        ca = cards_of(hand.hands[a] & ~shown & ~FIVES)
        cb = cards_of(hand.hands[b] & ~shown & ~FIVES)
        if not ca or not cb:
            continue
        hands = hand.hands[:]
        swap = (1 << ca[0]) | (1 << cb[0])
        hands[a] ^= swap
        hands[b] ^= swap
        other = Hand.rebuild(match.view(seat), hands, hand.discard)
        assert other.hands != hand.hands
        assert other.view(seat, match.hand_number) == match.view(seat)


def test_rebuild_from_a_view_with_the_true_cards_is_the_same_hand() -> None:
    match = _midway(5, 40)
    hand = match.hand
    for seat in range(4):
        rebuilt = Hand.rebuild(match.view(seat), hand.hands, hand.discard)
        assert rebuilt.hands == hand.hands and rebuilt.piles == hand.piles
        assert rebuilt.tricks == hand.tricks and rebuilt.trick == hand.trick
        assert rebuilt.declarations == hand.declarations and rebuilt.turn == hand.turn
