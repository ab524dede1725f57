"""The hard bot's search: cards that play alike searched once, budgets in deals."""

from __future__ import annotations

import random

from ai.hard import HardBot
from ai.search import Settings, distinct_cards, search_cards
from game.cards import cards_of, format_cards
from tests.support.deals import m
from tests.support.matches import view_at


def distinct(hand: str, gone: str = "") -> str:
    h = m(hand)
    return format_cards(sorted(distinct_cards(cards_of(h), h, m(gone))))


def test_pips_with_nothing_between_them_play_alike() -> None:
    assert distinct("6S 7S 8S") == format_cards(sorted(cards_of(m("6S"))))
    assert distinct("6S 8S") == format_cards(sorted(cards_of(m("6S 8S"))))  # 7S is still out
    assert distinct("6S 8S", gone="7S") == format_cards(sorted(cards_of(m("6S"))))
    # round suits run the other way (10 lowest): 9C and 10C alike, 7C apart while 8C is out
    assert distinct("10C 9C 7C") == format_cards(sorted(cards_of(m("10C 7C"))))


def test_the_mori_play_alike_and_nothing_else_is_merged() -> None:
    assert distinct("MO1 MO2 MO4") == format_cards(sorted(cards_of(m("MO1"))))
    kept = "AS 6S KS QS T5 T6 BEG MAT"  # an Ace, courts, trumps: each has its own part
    assert distinct(kept, gone="7S 8S 9S 10S") == format_cards(sorted(cards_of(m(kept))))


def test_distinct_cards_keep_one_of_each_set_and_the_rest() -> None:
    rng = random.Random(4)
    for _ in range(200):
        hand = sum(1 << c for c in rng.sample(range(62), 12))
        gone = sum(1 << c for c in rng.sample(range(62), 20)) & ~hand
        cards = cards_of(hand)
        out = distinct_cards(cards, hand, gone)
        assert set(out) <= set(cards) and len(out) == len(set(out)) >= 1


def test_hard_plays_at_once_when_every_legal_card_plays_alike() -> None:
    bot = HardBot(iterations=5)
    for seed in range(40):
        view = view_at(seed, tricks=3)
        cards = [a.card for a in view.legal]
        alike = len(distinct_cards(cards, view.hand, view.played)) == 1
        bot.last_stats = None
        action = bot.choose(view, view.legal, random.Random(seed))
        assert action in view.legal
        assert (bot.last_stats is None) == alike


def test_a_search_with_a_deal_budget_is_a_function_of_the_view_and_the_generator() -> None:
    view = view_at(6, tricks=4)
    cards = [a.card for a in view.legal]
    settings = Settings(samples=12, eps=0.1, prune_sigmas=3.0)
    runs = [search_cards(view, cards, random.Random(9), settings) for _ in range(2)]
    assert runs[0].values == runs[1].values and runs[0].samples == 12
