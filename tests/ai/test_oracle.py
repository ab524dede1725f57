"""The oracle (a measurement ceiling that sees every card): only the arena seats it, only the
arena shows it the deal, and it does use what it is shown."""

from __future__ import annotations

import random

import pytest

from ai.driver import seat_rngs
from ai.inference import Knowledge
from ai.lab.arena import play_deal
from ai.oracle import OracleBot, TrueDeal, shown_part
from ai.registry import BOTS, MEASUREMENT_BOTS
from ai.search import Settings, search_cards
from ai.spec import SpecError, parse_spec
from game.cards import FULL_PACK
from game.hand import Hand
from game.match import Match
from game.phase import Phase
from tests.support.deals import is_consistent


def first_lead(seed: int) -> tuple[Hand, object]:
    """The hand and eldest's view at the first lead of a seeded hand played by the easy bot."""
    from ai.easy import EasyBot

    match = Match(seed, first_dealer=0)
    rngs = seat_rngs(seed)
    while match.phase != Phase.PLAY:
        view = match.view(match.turn)
        match.apply(EasyBot().choose(view, view.legal, rngs[match.turn]))
    return match.hand, match.view(match.turn)


def test_the_oracle_is_for_the_arena_only() -> None:
    assert "oracle" in MEASUREMENT_BOTS and "oracle" not in BOTS
    with pytest.raises(SpecError, match="unknown bot"):  # play --seats, simulate, the table
        parse_spec("oracle")
    assert parse_spec("oracle:iterations=5", measurement=True).make().sees_every_card


def test_the_oracle_refuses_to_play_unless_shown_the_deal() -> None:
    hand, view = first_lead(4)
    bot = OracleBot(iterations=3)
    with pytest.raises(RuntimeError, match="shown every card"):
        bot.choose(view, view.legal, random.Random(1))
    bot.see_deal(hand.hands, hand.discard)
    assert bot.choose(view, view.legal, random.Random(1)) in view.legal
    with pytest.raises(RuntimeError):  # shown once, for one decision
        bot.choose(view, view.legal, random.Random(1))


def test_the_oracle_searches_the_true_deal_only() -> None:
    hand, view = first_lead(5)
    cards = [a.card for a in view.legal]
    settings = Settings(samples=6, eps=0.0)
    truth = TrueDeal(hand.hands, hand.discard)
    stats = search_cards(view, cards, random.Random(2), settings, truth)
    # no noise in the playouts and always the same deal: every sample gives the same values
    for i in range(len(cards)):
        assert len(set(stats.values[i])) == 1


def test_the_oracle_plays_differently_when_the_hidden_cards_differ() -> None:
    """The opposite of the no-peeking test: the same view, other hidden cards, other choices."""
    changed = 0
    for seed in range(6):
        hand, view = first_lead(seed)
        other_hands, other_discard = Knowledge(view, False).sample(random.Random(seed))
        choices = []
        for hands, discard in ((hand.hands, hand.discard), (other_hands, other_discard)):
            bot = OracleBot(iterations=12, eps=0.0)
            bot.see_deal(hands, discard)
            choices.append(bot.choose(view, view.legal, random.Random(3)))
        changed += choices[0] != choices[1]
    assert changed >= 1


def test_the_arena_shows_the_oracle_the_deal() -> None:
    oracle = parse_spec("oracle:iterations=2", measurement=True)
    result = play_deal(oracle, parse_spec("easy"), seed=3, index=0)
    assert result.times_ms[0] and result.times_ms[1]


@pytest.mark.parametrize("knows", ["partner", "opponents"])
def test_an_oracle_shown_some_hands_deals_only_the_others(knows: str) -> None:
    """``knows=partner`` pins the partner's true hand in every deal and deals the opponents'
    cards as hard does; ``knows=opponents`` the other way round."""
    hand, view = first_lead(6)
    bot = parse_spec(f"oracle:iterations=4,knows={knows}", measurement=True).make()
    bot.see_deal(hand.hands, hand.discard)
    knowledge = bot.knowledge(view, True)
    partner = view.seat ^ 2
    shown = [partner] if knows == "partner" else [partner ^ 1, partner ^ 3]
    hidden = [s for s in range(4) if s != view.seat and s not in shown]
    rng = random.Random(4)
    varied = set()
    for _ in range(30):
        hands, discard = knowledge.sample(rng)
        assert is_consistent(view, hands, discard) is None
        assert all(hands[s] == hand.hands[s] for s in shown)
        varied.add(tuple(hands[s] for s in hidden))
    assert len(varied) > 1  # the others' cards are still dealt


@pytest.mark.parametrize("knows", ["partner_trumps", "partner_fives", "partner_voids"])
def test_an_oracle_shown_part_of_the_partners_hand_deals_the_rest(knows: str) -> None:
    """A part of the partner's hand is pinned (which trumps, which carte da 5, which suits he
    lacks) in every deal; the rest of his hand and the others' are still dealt."""
    hand, view = first_lead(6)
    bot = parse_spec(f"oracle:iterations=4,knows={knows}", measurement=True).make()
    bot.see_deal(hand.hands, hand.discard)
    knowledge = bot.knowledge(view, True)
    partner = view.seat ^ 2
    true = hand.hands[partner]
    part = shown_part(knows, true)
    assert part and part != FULL_PACK
    rng = random.Random(4)
    varied = set()
    for _ in range(30):
        hands, discard = knowledge.sample(rng)
        assert is_consistent(view, hands, discard) is None
        assert hands[partner] & part == true & part
        varied.add(hands[partner])
    assert len(varied) > 1  # the rest of his hand is still dealt


def test_an_oracle_is_told_what_it_may_know() -> None:
    with pytest.raises(SpecError, match="knows"):
        parse_spec("oracle:knows=dealer", measurement=True).make()
    with pytest.raises(SpecError, match="needs every card"):  # the solver plays seen cards
        parse_spec("oracle:knows=partner,solver_tricks=3", measurement=True).make()
    assert parse_spec("oracle", measurement=True).make().settings.solver_tricks == 3
    partner = parse_spec("oracle:knows=partner", measurement=True).make()
    assert partner.settings.solver_tricks == 0
