"""The engine's hands checked against the second reading of RULES.md (reference_scoring): the
families' names in both, cards as codes and masks, seats played by bots, and a whole hand's
scoring compared figure by figure."""

from __future__ import annotations

import random

from ai.easy import EasyBot
from ai.random_bot import RandomBot
from game.actions import DECLARE
from game.cards import CODES, INDEX, cards_of, mask_of
from game.hand import Hand
from tests.support import reference_scoring as ref

# The engine's family names and the reference's.
NAME = {
    "Tarocchi": "TAROCCHI",
    "Re": "K",
    "Regine": "Q",
    "Cavalli": "N",
    "Fanti": "J",
    "Grande": "GRANDE",
    "Spade": "SEQ_S",
    "Bastoni": "SEQ_B",
    "Coppe": "SEQ_C",
    "Denari": "SEQ_D",
    "Assi": "ASSI",
    "Mori": "MORI",
}

ENGINE_NAME = {v: k for k, v in NAME.items()}


def codes(mask: int) -> list[str]:
    return [CODES[c] for c in cards_of(mask)]


def mask(cards) -> int:
    return mask_of(INDEX[c] for c in cards)


class Players:
    """Seats played by the easy bot, the random bot, and a random bot that declares a random
    part of what it may (declaring is optional, §5)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        kinds = (EasyBot(), RandomBot(), None)
        self.bots = [kinds[self.rng.randrange(3)] for _ in range(4)]

    def choose(self, game, seat: int):
        legal = game.legal_actions()
        bot = self.bots[seat]
        if bot is None or (legal[0].kind == DECLARE and self.rng.random() < 0.5):
            return self.rng.choice(legal)
        return bot.choose(game.view(seat), legal, self.rng)


def declarations_of(hand: Hand) -> list[tuple[int, list[str], set[str]]]:
    """Each declaration with the declarer's 15 cards (the dealer's after his discard)."""
    out = []
    for d in hand.declarations:
        if d is None:
            continue
        cards = hand.dealt[d.seat] & ~(hand.discard if d.seat == hand.dealer else 0)
        out.append((d.seat, codes(cards), {NAME[f] for f in d.families}))
    return out


def check_hand(hand: Hand) -> ref.HandResult:
    result = hand.result
    assert result is not None and result.called_out is None
    tricks = [
        (t.winner, [((t.leader + i) % 4, CODES[c]) for i, c in enumerate(t.cards)])
        for t in hand.tricks
    ]
    want = ref.score_hand(tricks, hand.dealer, codes(hand.discard), declarations_of(hand))
    for d in hand.declarations:  # what each declaration is worth, as recorded
        if d is not None:
            (seat, cards, fams) = next(x for x in declarations_of(hand) if x[0] == d.seat)
            assert d.points == ref.declaration_points(cards, fams)
            assert set(codes(d.cards)) == ref.declared_cards(cards, fams)
    assert result.discard_side == want.discard_side
    if want.matto_given is None:
        assert result.matto_exchange is None
    else:
        gave = want.exchange_from
        assert result.matto_exchange == (gave, 1 - gave, INDEX[want.matto_given])
    assert result.tricks[0] + result.tricks[1] == 15
    for s in (0, 1):
        got, w = result.sides[s], want.sides[s]
        assert set(codes(got.pile)) == w.pile
        assert got.captured_combinations == w.combinations.points
        assert got.card_points == w.card_points
        assert got.last_trick == w.last_trick
        assert got.declarations == w.declarations
        assert got.raw == w.raw
        assert got.total == w.total == ref.round5(w.raw)
        assert got.total % 5 == 0
        b = got.breakdown  # what the scoring sheet lists for the pile
        assert {NAME[c.family]: c.points for c in b.cricche} == w.combinations.cricche
        assert {NAME[c.family]: c.points for c in b.sequences} == w.combinations.sequences
        assert (b.criccone, b.sequences_doubled) == (
            w.combinations.criccone,
            w.combinations.sequences_doubled,
        )
    # §8.1: the pack is worth 87, and 6 for the last trick: 93 fixed points every hand
    assert sum(want.sides[s].card_points + want.sides[s].last_trick for s in (0, 1)) == 93
    return want
