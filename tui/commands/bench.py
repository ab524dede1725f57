"""`tarocchino bench`: how fast the engine, the scoring and the bots run on this machine."""

from __future__ import annotations

import argparse
import json
import random
import time

from game.cards import shuffled_pack
from game.hand import Hand
from game.scoring import bench_scoring


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="measure engine, scoring and bot speed")
    p.add_argument("--hands", type=int, default=5000, help="random hands to play (%(default)s)")
    p.add_argument("--no-bots", action="store_true", help="skip the bots' decision times")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def random_hands_per_s(hands: int, seed: int = 1) -> float:
    """Complete random hands a second on one core: deal, discard, declarations, 60 cards, score."""
    rng = random.Random(seed)
    start = time.perf_counter()
    for i in range(hands):
        Hand.deal(shuffled_pack(rng), i & 3).playout(rng)
    return hands / (time.perf_counter() - start)


def skat_games_per_s(games: int, seed: int = 1) -> float | None:
    """The reference: random games of OpenSpiel's Skat played from a Python loop, when
    ``pyspiel`` is installed (it is not a dependency); None otherwise."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("skat")
    rng = random.Random(seed)
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
    return games / (time.perf_counter() - start)


def run(args: argparse.Namespace) -> int:
    figures: dict = {"random_hands_per_s": round(random_hands_per_s(args.hands), 1)}
    reference = skat_games_per_s(args.hands)
    figures["openspiel_skat_games_per_s"] = reference and round(reference, 1)
    figures["ratio_to_openspiel_skat"] = reference and round(
        figures["random_hands_per_s"] / reference, 3
    )
    figures.update(bench_scoring())
    if not args.no_bots:
        try:
            from ai.bench import bench_bots
        except ImportError:
            pass
        else:
            figures["bots"] = bench_bots()
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>32}: {value}")
    return 0
