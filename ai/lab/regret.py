"""Where a level loses points to the oracle: the regret of each card it plays.

Four bots of one level play hands from 0–0 on the duplicate arena's deals (deal ``i`` of a seed,
the dealer ``i % 4``). At each card decision with a real choice (two legal cards that do not play
alike), the oracle values every distinct legal card, and the card played, on the true deal (every
seat's cards; the same deals and playouts for each card, none dropped early). The decision's
regret is the oracle's value of its best card minus its value of the card played: the points that
card gave away, as far as this search can tell. Its playouts follow the rules of thumb, so a
regret is measured against the ladder's ceiling, not against perfect play; the oracle's regret
against itself (``oracle`` as the level) is the measurement's own noise.

The dealer's discard (*scarto*, one a hand) is judged too: the oracle values every legal pair of
cards on the true deal (the other seats' real hands; the same deals and playouts for every pair,
none dropped early; a pair's value adds what the fifteen cards kept declare), and the discard's
regret is its best pair's value minus the value of the pair made. Each discard also records where
the pair made and the oracle's best pair stand in the discard heuristic's order
(:func:`ai.discard.rank_discards`, which the hard bot searches the best 8 of), and what the best
of those 8 and the heuristic's first pair give away. With ``cards=False`` only the discards are
judged (each hand stops after its discard). The declarations are not measured.

With iteration budgets everything is a function of the seed: the figures are reproducible.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ai.discard import rank_discards
from ai.driver import decisions, gather, seat_rngs
from ai.lab.arena import deal_seed
from ai.oracle import OracleBot
from ai.search import distinct_cards, search_cards, search_discards
from ai.spec import BotSpec
from game.actions import DISCARD, PLAY, Action
from game.cards import mask_of
from game.kernel import TRICKS
from game.match import Match
from game.view import PlayerView

POSITIONS = ("lead", "second", "third", "last")  # a card's place in its trick
STAGES = ((1, 5), (6, 10), (11, TRICKS))  # tricks counted from 1
BIG = 10.0  # a regret above this many points is counted as a clear mistake
OFFERED = 8  # the heuristic's best discards the hard bot searches (its default)
RANKS = (("1", 1, 1), (f"2-{OFFERED}", 2, OFFERED), (f"{OFFERED + 1}+", OFFERED + 1, 10**6))


@dataclass(frozen=True, slots=True)
class Regret:
    """One card decision: its trick (from 1), its place in the trick (0: the lead), its regret."""

    trick: int
    position: int
    regret: float


@dataclass(frozen=True, slots=True)
class DiscardRegret:
    """One dealer's discard, every legal pair valued by the oracle on the true deal."""

    regret: float  # the oracle's best pair minus the pair made
    pairs: int  # the legal pairs valued
    made_rank: int  # the pair made in the heuristic's order (1: its first)
    best_rank: int  # the oracle's best pair in the heuristic's order
    offered: float  # the oracle's best pair minus the best of the heuristic's first OFFERED
    heuristic: float  # the oracle's best pair minus the heuristic's first


@dataclass(frozen=True, slots=True)
class HandRegrets:
    """What one hand's players gave away: each card decision, and the dealer's discard."""

    cards: list[Regret]
    discard: DiscardRegret | None


def real_choice(view: PlayerView) -> bool:
    """Whether ``view``'s legal cards hold two that do not play alike."""
    return len(distinct_cards([a.card for a in view.legal], view.hand, view.played)) > 1


def card_values(
    oracle: OracleBot, view: PlayerView, played: int, rng: random.Random
) -> dict[int, float]:
    """The oracle's mean value of every distinct legal card of ``view`` and of ``played``, on the
    deal it was last shown (:meth:`OracleBot.see_deal`)."""
    cards = distinct_cards([a.card for a in view.legal], view.hand, view.played)
    if played not in cards:
        cards.append(played)
    settings = replace(oracle.settings, prune_sigmas=0.0)
    stats = search_cards(view, cards, rng, settings, oracle.knowledge(view, True))
    return {c: stats.mean(i) for i, c in enumerate(cards)}


def discard_values(
    oracle: OracleBot, view: PlayerView, rng: random.Random
) -> tuple[list[Action], list[float]]:
    """Every legal discard of ``view`` in the heuristic's order (best first) and the oracle's
    mean value of each, on the deal it was last shown (:meth:`OracleBot.see_deal`): the same
    deals and playouts for every pair, none dropped early."""
    ranked = rank_discards(view.hand, view.legal)
    settings = replace(oracle.settings, prune_sigmas=0.0)
    pairs = [mask_of(a.cards) for a in ranked]
    stats = search_discards(view, pairs, rng, settings, oracle.knowledge(view, False))
    return ranked, [stats.mean(i) for i in range(len(ranked))]


def discard_regret(ranked: list[Action], values: list[float], made: Action) -> DiscardRegret:
    """The regret of discarding ``made``, given every legal discard (``ranked``: in the
    heuristic's order) and the oracle's value of each. Among equal values the oracle's best pair
    is the one the heuristic puts first."""
    best = max(range(len(ranked)), key=lambda i: (values[i], -i))
    i = ranked.index(made)
    top = max(values[:OFFERED])
    return DiscardRegret(
        regret=values[best] - values[i],
        pairs=len(ranked),
        made_rank=i + 1,
        best_rank=best + 1,
        offered=values[best] - top,
        heuristic=values[best] - values[0],
    )


def judge_hand(
    players: BotSpec, oracle: BotSpec, seed: int, index: int, cards: bool = True
) -> HandRegrets:
    """Play deal ``index`` with four ``players``: the regret of each of their card choices
    (none when not ``cards``: the hand stops after the discard) and of the dealer's discard."""
    dseed = deal_seed(seed, index)
    match = Match(dseed, first_dealer=index % 4)
    bots = [players.make() for _ in range(4)]
    judge = oracle.make()
    assert isinstance(judge, OracleBot)
    rngs = seat_rngs(dseed)
    out = []
    discard = None
    for view, action in decisions(match, bots, rngs):
        hand = match.hand
        if action.kind == PLAY and real_choice(view):
            judge.see_deal(hand.hands, hand.discard)
            rng = random.Random(f"regret:{seed}:{index}:{len(match.actions)}")
            values = card_values(judge, view, action.card, rng)
            trick = len(hand.tricks) + 1
            out.append(Regret(trick, len(hand.trick), max(values.values()) - values[action.card]))
        elif action.kind == DISCARD:
            judge.see_deal(hand.hands, hand.discard)
            rng = random.Random(f"regret:{seed}:{index}:discard")
            ranked, pair_values = discard_values(judge, view, rng)
            discard = discard_regret(ranked, pair_values, action)
            if not cards:
                break
    return HandRegrets(out, discard)


def _job(job: tuple[BotSpec, BotSpec, int, int, bool]) -> list[HandRegrets]:
    return [judge_hand(*job)]


def _row(rows: list[Regret], total: float) -> dict[str, Any]:
    """Decisions, mean regret, share of clear mistakes, share of all the regret."""
    lost = sum(r.regret for r in rows)
    return {
        "decisions": len(rows),
        "mean": round(statistics.fmean(r.regret for r in rows), 1) if rows else 0.0,
        "mistakes": round(sum(r.regret > BIG for r in rows) / len(rows), 2) if rows else 0.0,
        "share": round(lost / total, 2) if total > 0 else 0.0,
    }


def summarize(regrets: list[Regret]) -> dict[str, Any]:
    """All decisions, then by place in the trick and by stage of the hand."""
    total = sum(r.regret for r in regrets)
    return {
        "all": _row(regrets, total),
        "by_position": {
            name: _row([r for r in regrets if r.position == i], total)
            for i, name in enumerate(POSITIONS)
        },
        "by_tricks": {
            f"{lo}-{hi}": _row([r for r in regrets if lo <= r.trick <= hi], total)
            for lo, hi in STAGES
        },
    }


def _share(rows: list[DiscardRegret], test: Callable[[DiscardRegret], bool]) -> float:
    return round(sum(map(test, rows)) / len(rows), 2) if rows else 0.0


def _mean(values: list[float]) -> float:
    return round(statistics.fmean(values), 1) if values else 0.0


def summarize_discards(rows: list[DiscardRegret]) -> dict[str, Any]:
    """The discards: how many, the mean regret and its standard error, the share of clear
    mistakes, where the pair made and the oracle's best pair stand in the heuristic's order
    (shares of its 1st, 2nd to 8th, later), how often the oracle's best is among the heuristic's
    first 8, what the best of those 8 and the heuristic's first give away (mean), and the mean
    number of legal pairs valued."""
    regrets = [r.regret for r in rows]
    se = statistics.stdev(regrets) / len(rows) ** 0.5 if len(rows) > 1 else 0.0

    def ranks(rank: Callable[[DiscardRegret], int]) -> dict[str, float]:
        """The shares of ``rows`` by place in the heuristic's order (its 1st, 2nd-8th, later)."""
        places = [rank(r) for r in rows]
        return {
            name: round(sum(lo <= p <= hi for p in places) / len(rows), 2) if rows else 0.0
            for name, lo, hi in RANKS
        }

    return {
        "discards": len(rows),
        "mean": _mean(regrets),
        "se": round(se, 1),
        "mistakes": _share(rows, lambda r: r.regret > BIG),
        "made_rank": ranks(lambda r: r.made_rank),
        "best_rank": ranks(lambda r: r.best_rank),
        "best_offered": _share(rows, lambda r: r.best_rank <= OFFERED),
        "offered": _mean([r.offered for r in rows]),
        "heuristic": _mean([r.heuristic for r in rows]),
        "pairs": _mean([float(r.pairs) for r in rows]),
    }


def measure(
    players: BotSpec,
    oracle: BotSpec,
    hands: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    cards: bool = True,
) -> dict[str, Any]:
    """Play ``hands`` hands and summarize the regrets (see the module docstring); only the
    discards' when not ``cards`` (``regret`` is then None)."""
    jobs = [(players, oracle, seed, i, cards) for i in range(hands)]
    judged = gather(_job, jobs, workers, progress)
    discards = [h.discard for h in judged if h.discard is not None]
    return {
        "players": str(players),
        "oracle": str(oracle),
        "hands": hands,
        "seed": seed,
        "regret": summarize([r for h in judged for r in h.cards]) if cards else None,
        "discard": summarize_discards(discards),
    }
