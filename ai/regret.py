"""Where a level loses points to the oracle: the regret of each card it plays.

Four bots of one level play hands from 0–0 on the duplicate arena's deals (deal ``i`` of a seed,
the dealer ``i % 4``). At each card decision with a real choice (two legal cards that do not play
alike), the oracle values every distinct legal card, and the card played, on the true deal (every
seat's cards; the same deals and playouts for each card, none dropped early). The decision's
regret is the oracle's value of its best card minus its value of the card played: the points that
card gave away, as far as this search can tell. Its playouts follow the rules of thumb, so a
regret is measured against the ladder's ceiling, not against perfect play; the oracle's regret
against itself (``oracle`` as the level) is the measurement's own noise. The dealer's discard and
the declarations are not measured.

With iteration budgets everything is a function of the seed: the figures are reproducible.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ai.arena import deal_seed
from ai.oracle import OracleBot
from ai.search import distinct_cards, search_cards
from ai.spec import BotSpec
from ai.table import gather, seat_rngs
from game.actions import PLAY
from game.kernel import TRICKS
from game.match import Match
from game.view import PlayerView

POSITIONS = ("lead", "second", "third", "last")  # a card's place in its trick
STAGES = ((1, 5), (6, 10), (11, TRICKS))  # tricks counted from 1
BIG = 10.0  # a regret above this many points is counted as a clear mistake


@dataclass(frozen=True, slots=True)
class Regret:
    """One card decision: its trick (from 1), its place in the trick (0: the lead), its regret."""

    trick: int
    position: int
    regret: float


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


def regrets_of_hand(players: BotSpec, oracle: BotSpec, seed: int, index: int) -> list[Regret]:
    """Play deal ``index`` with four ``players``; the regret of each of their card choices."""
    dseed = deal_seed(seed, index)
    match = Match(dseed, first_dealer=index % 4)
    bots = [players.make() for _ in range(4)]
    judge = oracle.make()
    assert isinstance(judge, OracleBot)
    rngs = seat_rngs(dseed)
    out = []
    while not match.results:
        hand = match.hand
        seat = match.turn
        view = match.view(seat)
        legal = view.legal
        if len(legal) == 1:
            match.apply(legal[0])
            continue
        bot = bots[seat]
        if getattr(bot, "sees_every_card", False):
            bot.see_deal(hand.hands, hand.discard)
        action = bot.choose(view, legal, rngs[seat])
        if action.kind == PLAY and real_choice(view):
            judge.see_deal(hand.hands, hand.discard)
            rng = random.Random(f"regret:{seed}:{index}:{len(match.actions)}")
            values = card_values(judge, view, action.card, rng)
            trick = len(hand.tricks) + 1
            out.append(Regret(trick, len(hand.trick), max(values.values()) - values[action.card]))
        match.apply(action)
    return out


def _job(job: tuple[BotSpec, BotSpec, int, int]) -> list[Regret]:
    return regrets_of_hand(*job)


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


def measure(
    players: BotSpec,
    oracle: BotSpec,
    hands: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play ``hands`` hands and summarize the regrets (see the module docstring)."""
    regrets = gather(_job, [(players, oracle, seed, i) for i in range(hands)], workers, progress)
    return {
        "players": str(players),
        "oracle": str(oracle),
        "hands": hands,
        "seed": seed,
        "regret": summarize(regrets),
    }
