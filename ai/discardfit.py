"""Experiment (reverted): the discard heuristic's weights fitted to the oracle's values.

``python -m ai.discardfit dump SEED HANDS OUT.jsonl`` values every legal discard of the first
HANDS deals of SEED as ``tarocchino regret`` does (``oracle:iterations=200``, the same
generator); ``python -m ai.discardfit fit OUT.jsonl`` fits :class:`ai.discard.Weights` by
coordinate descent so that the heuristic's first pair loses least to the oracle's best pair,
and prints the fit of each half of the hands tested on the other half.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from dataclasses import astuple
from multiprocessing import Pool

from ai.arena import deal_seed
from ai.discard import Weights
from ai.oracle import OracleBot
from ai.regret import discard_values
from ai.tables import SUITS4
from game.cards import PIPS, STRENGTH, SUIT, TRUMP, VALUE, Card, Mask
from game.match import Match
from game.scoring import combination_points

Hand = tuple[list[list[float]], list[float]]  # each pair's features, each pair's oracle value


def one(job: tuple[int, int]) -> dict[str, object]:
    seed, i = job
    match = Match(deal_seed(seed, i), first_dealer=i % 4)
    view = match.view(match.turn)
    judge = OracleBot(iterations=200)
    judge.see_deal(match.hand.hands, match.hand.discard)
    ranked, values = discard_values(judge, view, random.Random(f"regret:{seed}:{i}:discard"))
    pairs = [list(a.cards) for a in ranked]
    return {"seed": seed, "index": i, "hand": view.hand, "pairs": pairs, "values": values}


def features(hand: Mask, a: Card, b: Card) -> list[float]:
    """The terms of :func:`ai.discard.weighted_value`, in the order of :class:`Weights`."""
    kept = hand & ~((1 << a) | (1 << b))
    f = [float(combination_points(kept)), 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    for c in (a, b):
        if SUIT[c] == TRUMP:
            f[1] -= 1
            f[2] -= STRENGTH[c]
        elif VALUE[c]:
            f[3] += VALUE[c]
            f[4] -= 1
        else:
            f[5] -= STRENGTH[c]
            f[6] -= 0.0 if (PIPS >> c) & 1 else 1.0
    f[7] = sum(1 for s in range(4) if hand & SUITS4[s] and not kept & SUITS4[s])
    return f


def load(path: str) -> list[Hand]:
    hands = []
    with open(path) as rows:
        for line in rows:
            row = json.loads(line)
            hands.append(([features(row["hand"], a, b) for a, b in row["pairs"]], row["values"]))
    return hands


def regret(theta: list[float], hands: list[Hand]) -> float:
    """The mean regret of the heuristic's first pair under the weights ``theta``."""
    out = []
    for feats, values in hands:
        scores = [sum(t * x for t, x in zip(theta, f, strict=True)) for f in feats]
        first = min(range(len(scores)), key=lambda i: (-scores[i], i))
        out.append(max(values) - values[first])
    return statistics.fmean(out)


def fit(hands: list[Hand], theta: list[float], rounds: int = 6) -> list[float]:
    best = regret(theta, hands)
    for _ in range(rounds):
        improved = False
        for j in range(len(theta)):
            for mult in (0.0, 0.5, 0.8, 1.25, 2.0, -1.0):
                trial = theta[:]
                trial[j] = theta[j] * mult if theta[j] else (mult or 1.0)
                value = regret(trial, hands)
                if value < best - 1e-9:
                    theta, best, improved = trial, value, True
        if not improved:
            break
    return theta


def main(argv: list[str]) -> None:
    if argv[0] == "dump":
        seed, n, out = int(argv[1]), int(argv[2]), argv[3]
        with Pool(2) as pool, open(out, "w") as f:
            for row in pool.imap(one, [(seed, i) for i in range(n)], chunksize=4):
                f.write(json.dumps(row) + "\n")
        return
    hands = load(argv[1])
    default = list(astuple(Weights()))
    half = len(hands) // 2
    for name, train, test in (("first half", hands[:half], hands[half:]),
                              ("second half", hands[half:], hands[:half])):  # fmt: skip
        theta = fit(train, default)
        print(f"fitted on the {name}: {regret(default, test):.1f} -> {regret(theta, test):.1f}")
    theta = fit(hands, default)
    print(f"all: {regret(default, hands):.1f} -> {regret(theta, hands):.1f}", Weights(*theta))


if __name__ == "__main__":
    main(sys.argv[1:])
