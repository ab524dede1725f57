"""Speed figures for ``tarocchino bench``: the play kernel on random hands and on the bots'
playouts, the reference game (OpenSpiel's Skat) in the same run, and the bots' decision times.

Every figure is measured on the path the bots run: hands and playouts are played by
:class:`game.kernel.PlayState` and scored by its :meth:`~game.kernel.PlayState.points`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from ai.driver import seat_rngs
from ai.easy import EasyBot
from ai.inference import Knowledge
from ai.lab.arena import percentile
from ai.player import sees_the_deal
from ai.registry import BOTS, MEASUREMENT_BOTS
from ai.rollout import rollout
from ai.search import Searching
from game.cards import FIVES, cards_of, shuffled_pack
from game.hand import deal_hands, round5
from game.kernel import PlayState, random_chooser
from game.match import Match
from game.phase import Phase
from game.scoring import declarable_families, declaration_points
from game.seats import side_of
from game.view import PlayerView

STRIDE = 7  # keep one real decision in this many
ROLLOUT_EPS = 0.1  # the hard bot's share of random cards in its playouts


def random_hand(rng: random.Random) -> tuple[int, int]:
    """One complete hand of uniformly random legal choices, from the shuffle to the score:
    deal, discard, declarations (a random subset of the families held), 60 cards, both sides'
    rounded totals."""
    dealer = rng.randrange(4)
    hands = deal_hands(shuffled_pack(rng), dealer)
    a, b = rng.sample(cards_of(hands[dealer] & ~FIVES), 2)
    discard = (1 << a) | (1 << b)
    hands[dealer] &= ~discard
    declared = [0, 0]
    for seat in range(4):
        families = declarable_families(hands[seat])
        pick = rng.getrandbits(len(families))
        chosen = [f for j, f in enumerate(families) if pick >> j & 1]
        declared[side_of(seat)] += declaration_points(hands[seat], chosen)
    state = PlayState(dealer, hands, discard)
    state.finish(random_chooser(rng.random))
    ours, theirs = state.points()
    return round5(ours.total + declared[0]), round5(theirs.total + declared[1])


def random_hands_per_s(hands: int, seed: int = 1) -> tuple[float, list[tuple[int, int]]]:
    """Complete random hands a second on one core, and the totals of each hand played."""
    rng = random.Random(seed)
    totals = []
    start = time.perf_counter()
    for _ in range(hands):
        totals.append(random_hand(rng))
    return hands / (time.perf_counter() - start), totals


def first_trick_states(positions: int, seed: int = 1) -> list[PlayState]:
    """Determinized positions at the first lead: seeded hands dealt and discarded by the easy
    bot, the hidden cards dealt as eldest's search would deal them."""
    easy = EasyBot()
    states = []
    rng = random.Random(seed)
    for i in range(positions):
        match = Match(seed * 1000 + i, first_dealer=i % 4)
        rngs = seat_rngs(seed * 1000 + i)
        while match.phase != Phase.PLAY:
            view = match.view(match.turn)
            match.apply(easy.choose(view, view.legal, rngs[match.turn]))
        view = match.view(match.turn)
        hands, discard = Knowledge(view, trust_declarations=False).sample(rng)
        states.append(PlayState.from_view(view).deal_in(hands, discard))
    return states


def rollouts_per_s(rollouts: int, seed: int = 1) -> tuple[float, list[int]]:
    """The bots' playouts a second on one core: from the first lead, every seat by the rules of
    thumb (a random card one time in ten) to the end, both sides' points counted; returns the
    rate and each playout's margin for side 0."""
    states = first_trick_states(min(rollouts, 200), seed)
    rand = random.Random(seed).random
    margins = []
    start = time.perf_counter()
    for i in range(rollouts):
        state = states[i % len(states)].clone()
        rollout(state, rand, ROLLOUT_EPS)
        margins.append(state.diff(0))
    return rollouts / (time.perf_counter() - start), margins


def skat_games_per_s(games: int, seed: int = 1) -> float | None:
    """The reference: random games of OpenSpiel's Skat (C++) played from a Python loop, chance
    outcomes drawn with their probabilities, when ``pyspiel`` is installed (it is not a
    dependency); None otherwise."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("skat")
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
    return games / (time.perf_counter() - start)


def bench_engine(
    hands: int,
    rollouts: int,
    reference: Callable[[int], float | None] = skat_games_per_s,
) -> dict[str, Any]:
    """Random hands and playouts a second, the reference's games a second and the ratio."""
    hand_rate, _ = random_hands_per_s(hands)
    rollout_rate, _ = rollouts_per_s(rollouts)
    skat = reference(hands)
    return {
        "hands": hands,
        "random_hands_per_s": round(hand_rate, 1),
        "rollouts": rollouts,
        "rollouts_per_s": round(rollout_rate, 1),
        "openspiel_skat_games_per_s": None if skat is None else round(skat, 1),
        "ratio_to_openspiel_skat": None if skat is None else round(hand_rate / skat, 3),
    }


def bench_deals(decisions: int, seed: int) -> list[tuple[PlayerView, list[int], int]]:
    """``decisions`` positions spread over seeded hands of the easy bot, each with its true hands
    and discard (for the oracle)."""
    out: list[tuple[PlayerView, list[int], int]] = []
    easy = EasyBot()
    hand = 0
    while len(out) < decisions:
        match = Match(seed * 1000 + hand, first_dealer=hand % 4)
        rngs = seat_rngs(seed * 1000 + hand)
        count = 0
        while match.results == [] and len(out) < decisions:
            view = match.view(match.turn)
            if len(view.legal) > 1:
                if count % STRIDE == hand % STRIDE:
                    out.append((view, list(match.hand.hands), match.hand.discard))
                count += 1
            match.apply(easy.choose(view, view.legal, rngs[match.turn]))
        hand += 1
    return out


def bench_bots(decisions: int = 20, seed: int = 1) -> dict[str, Any]:
    """Per level: decision time p50/p95 in ms; for search levels, deals and playouts a second."""
    deals = bench_deals(decisions, seed)
    out: dict[str, Any] = {"decisions": len(deals), "seed": seed}
    for level, factory in {**BOTS, **MEASUREMENT_BOTS}.items():
        bot = factory()
        sees = sees_the_deal(bot)
        rng = random.Random(seed)
        times: list[float] = []
        samples = playouts = 0
        searched = 0.0
        for view, hands, discard in deals:
            if sees_the_deal(bot):  # the oracle, shown the whole deal as the arena shows it
                bot.see_deal(hands, discard)
            start = time.perf_counter()
            bot.choose(view, view.legal, rng)
            elapsed = time.perf_counter() - start
            times.append(elapsed * 1000)
            if isinstance(bot, Searching) and bot.last_stats is not None:
                stats = bot.last_stats
                samples += stats.samples
                playouts += stats.playouts
                searched += stats.elapsed_s
                bot.last_stats = None
        figures: dict[str, Any] = {
            "p50_ms": round(percentile(times, 50) or 0.0, 2),
            "p95_ms": round(percentile(times, 95) or 0.0, 2),
        }
        if sees:
            figures["sees_every_card"] = True  # a measurement ceiling, not a level to play
        if samples:
            figures["samples"] = samples
            figures["playouts"] = playouts
        if searched > 0:
            figures["samples_per_s"] = round(samples / searched, 1)
            figures["playouts_per_s"] = round(playouts / searched, 1)
        out[level] = figures
    return out
