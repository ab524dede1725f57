"""The review does not call a card a loss on the strength of noise: what a card cost is measured
head to head (the card played and the bot's card on the same deals, none dropped early), with
its margin of error; a difference within it is said to be one (about as good), is not among the
costliest choices nor counted in the points lost, and the review says that the hint at the table
searches far less than its judgement."""

from __future__ import annotations

import random

from ai.hard import HardBot
from ai.judge import (
    NOISE_SIGMAS,
    DiscardVerdict,
    Verdict,
    costliest,
    decisions,
    duel,
    judge,
    paired,
    position_seed,
)
from game.actions import PLAYS
from game.cards import parse_card
from game.history import replay_hands
from tests.support.matches import played_match
from text.hand_review import (
    HandWalk,
    ReviewSource,
    costly_lines,
    discard_words,
    estimate_note,
    play_lines,
    verdict_words,
)
from text.render import Look

ASCII = Look(ascii=True)
DEALS = 64


def test_paired_difference_and_its_standard_error() -> None:
    mean, se = paired([3.0, 5.0, 7.0, 9.0], [1.0, 1.0, 1.0, 1.0], [])
    assert mean == 5.0 and abs(se - (20 / 3) ** 0.5 / 2) < 1e-9  # sample sd / sqrt(n)
    assert paired([2.0, 2.0], [1.0, 1.0], [1.0, 1.0]) == (1.0, 0.0)  # the same every deal
    assert paired([1.0], [0.0], [])[1] == float("inf")  # one deal tells nothing of the noise


def test_a_card_the_search_dropped_early_is_judged_on_every_deal_head_to_head() -> None:
    """The search drops a card that falls behind after a few deals; its cost is then measured
    against the bot's card on DEALS fresh deals, both played out on each, not on the few deals
    the search gave it against all of the bot's card's."""
    hand = replay_hands(played_match(3, 300))[0]
    dropped = []
    for d in decisions(hand, range(4)):
        if len(d.view.legal) < 3:
            continue
        bot = HardBot(iterations=DEALS)
        best = bot.choose(d.view, d.view.legal, random.Random(position_seed(d.view))).card
        stats = bot.last_stats
        if (
            stats is not None
            and d.played != best
            and d.played in stats.cards
            and stats.n(stats.cards.index(d.played)) < DEALS
        ):
            dropped.append((d, best))
    assert dropped, "some card played was dropped early by the search"
    for d, best in dropped[:3]:
        v = judge(d, DEALS)
        assert v.best == best and v.deals == DEALS and v.noise > 0
        measured = duel(d.view, best, d.played, DEALS, (position_seed(d.view) + 1) % 2**64)
        assert measured is not None
        best_margin, played_margin, se, deals = measured
        assert deals == DEALS and v.noise == NOISE_SIGMAS * se
        assert (v.best_margin, v.played_margin) == (best_margin, played_margin)
        assert v.loss == max(0.0, best_margin - played_margin)
    # the duel plays both cards on every deal: neither is dropped
    d, best = dropped[0]
    bot = HardBot(iterations=8, prune_sigmas=0.0)
    bot.choose(d.view, [PLAYS[best], PLAYS[d.played]], random.Random(1))
    assert bot.last_stats is not None and bot.last_stats.n(0) == bot.last_stats.n(1) == 8


def _verdict(loss: float, noise: float, number: int = 0) -> Verdict:
    k, t = parse_card("KS"), parse_card("T12")
    return Verdict(0, number, k, t, loss, 10.0, 10.0 + loss, 5, noise, 1000)


def test_a_difference_within_the_noise_is_said_to_be_one() -> None:
    within, beyond = _verdict(5.2, 8.4), _verdict(20.0, 6.0, number=4)
    assert not within.clear and beyond.clear
    said = verdict_words(within, "Anna", ASCII).plain
    assert said == (
        "Anna played KS; the bot would rather play T12, but the 5 points between "
        "them are within what its search can tell (give or take 8): about as good."
    )
    assert "worth" not in said
    assert verdict_words(beyond, "Anna", ASCII).plain == (
        "Anna played KS; T12 was worth about 20 more, give or take 6 (expected hand margin +10 "
        "against +30)."
    )
    assert costliest([within, beyond]) == [beyond]
    assert "give or take" not in verdict_words(_verdict(0.3, 5.0), "Anna", ASCII).plain


def test_the_noise_is_left_out_of_the_costliest_choices_and_the_list() -> None:
    source = ReviewSource.of(played_match(3, 300), judged=[0])
    walk = HandWalk(source.hands[0], 0, source.judged)
    first, second = walk.decisions[0].number, walk.decisions[1].number
    walk.verdicts = {first: _verdict(30.0, 40.0, first), second: _verdict(12.0, 4.0, second)}
    lines, targets = costly_lines(source, walk, ASCII)
    assert "(about 12 points lost;" in lines[0].plain  # not 42: the 30 is within its noise
    assert targets == [None, second + 1]
    shown = {i: line.plain for i, line in enumerate(play_lines(source, walk, 0, ASCII))}
    assert shown[first].endswith(" ok") and shown[second].endswith(" -12")


def test_a_discard_within_the_noise_is_about_as_good() -> None:
    match = played_match(3, 300)
    source = ReviewSource.of(match, judged=range(4))
    walk = HandWalk(source.hands[0], 0, source.judged)
    assert walk.discard is not None
    made, best = walk.discard.made.cards, (parse_card("6S"), parse_card("7S"))
    walk.discard_verdict = DiscardVerdict(walk.discard.seat, made, best, 6.0, 0.0, 6.0, 9, 9.5)
    said = discard_words(source, walk, ASCII).plain
    assert "the bot would rather discard 7S 6S, but the 6 points between them are within" in said
    lines, _ = costly_lines(source, walk, ASCII)
    assert not any("discard " in line.plain for line in lines)
    walk.discard_verdict = DiscardVerdict(walk.discard.seat, made, best, 16.0, 0.0, 16.0, 9, 9.5)
    assert (
        "7S 6S was worth about 16 more, give or take 10 ("
        in discard_words(source, walk, ASCII).plain
    )


def test_the_review_says_the_hint_searches_less() -> None:
    note = estimate_note(ASCII, 1000).plain
    assert "1,000 deals" in note and "the hint and the coach at the table judge the same" in note
