"""Every level through the one protocol: legal choices, options, determinism, no peeking, hints."""

from __future__ import annotations

import random

import pytest

from ai.explain import Explanation
from ai.hint import suggest
from ai.inference import Knowledge
from ai.player import Bot, Player
from ai.registry import BOTS, make_bot
from game.actions import DECLARE, DISCARD, PLAY
from game.hand import Hand
from tests.support.matches import some_views

FAST = {"random": {}, "easy": {}, "medium": {"samples": 3}, "hard": {"iterations": 3}}


def test_the_four_levels_are_registered() -> None:
    assert {"random", "easy", "medium", "hard"} <= set(BOTS)
    with pytest.raises(ValueError, match="unknown player"):
        make_bot("grandmaster")


VIEWS = some_views(11)


@pytest.mark.parametrize("level", sorted(FAST))
def test_every_level_chooses_a_legal_action_in_every_phase(level: str) -> None:
    bot: Player = make_bot(level, **FAST[level])
    kinds = set()
    for _, view in VIEWS:
        if view.phase == "over":
            continue
        action = bot.choose(view, view.legal, random.Random(1))
        assert action in view.legal
        kinds.add(action.kind)
    assert kinds == {DISCARD, DECLARE, PLAY}


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_search_levels_are_deterministic_with_an_iteration_budget(level: str) -> None:
    for _, view in VIEWS[::3]:
        choices = {
            make_bot(level, **FAST[level]).choose(view, view.legal, random.Random(5))
            for _ in range(2)
        }
        assert len(choices) == 1


def test_hard_takes_its_options_by_keyword() -> None:
    bot = make_bot("hard", budget_s=0.05, eps=0.0, solver_tricks=2)
    assert bot.settings.budget_s is not None and bot.settings.samples is None
    bot = make_bot("hard", iterations=7)
    assert bot.settings.samples == 7 and bot.settings.budget_s is None


@pytest.mark.parametrize("level", sorted(FAST))
def test_no_peeking(level: str) -> None:
    """Moving the hidden cards around, consistently with the view, changes nothing for the bot."""
    rng = random.Random(8)
    moved = 0
    for hand, view in VIEWS[::2]:
        if view.phase == "over":
            continue
        hands, hidden_discard = Knowledge(view, trust_declarations=False).sample(rng)
        other = Hand.rebuild(view, hands, hidden_discard)
        other_view = other.view(view.seat)
        assert other_view == view
        moved += other.hands != hand.hands
        first = make_bot(level, **FAST[level]).choose(view, view.legal, random.Random(3))
        second = make_bot(level, **FAST[level]).choose(
            other_view, other_view.legal, random.Random(3)
        )
        assert first == second
    assert moved > 3


def test_hint_gives_a_legal_action_and_a_reason() -> None:
    for _, view in VIEWS[:6]:
        action, reason = suggest(view, view.legal, random.Random(2), iterations=8)
        assert action in view.legal
        assert isinstance(reason, Explanation) and reason.reasons


@pytest.mark.parametrize("level", sorted(FAST))
def test_every_level_hints(level: str) -> None:
    bot = make_bot(level, **FAST[level])
    assert isinstance(bot, Bot)
    _, view = VIEWS[5]
    action, reason = bot.hint(view, view.legal, random.Random(0))
    assert action in view.legal and reason


def test_bench_figures() -> None:
    from ai.lab.bench import bench_bots, bench_deals

    figures = bench_bots(decisions=3, seed=1)
    card_decisions = sum(v.phase == "play" for v, _, _ in bench_deals(3, 1))
    assert card_decisions >= 1
    assert figures["decisions"] == 3
    for level in ("random", "easy", "medium", "hard"):
        assert figures[level]["p50_ms"] <= figures[level]["p95_ms"]
    # medium deals the hidden cards 20 times a decision and plays every candidate on each deal
    assert figures["medium"]["samples"] == card_decisions * 20
    assert figures["medium"]["playouts"] >= figures["medium"]["samples"] * 2
    assert figures["hard"]["samples"] >= card_decisions * 8  # min_samples deals at least
