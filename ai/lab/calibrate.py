"""How well the hint's expected margin forecasts the end of a hand (calibration).

Hands are played from 0–0 by four bots on the duplicate arena's deals (deal ``i`` of a seed, the
dealer ``i % 4``). At the first card of tricks 1, 5 and 10 the hint's search (the forecaster: a
hard bot, with an iteration budget for reproducible figures, seeing only that seat's view)
forecasts the margin of the leader's side: its hand total minus the other side's. When the hand
is over, each forecast is compared with the real margin. Two readings of the same search:

* ``search``: the mean playout margin of the chosen card alone (what the hint said before the
  declarations were counted in);
* ``forecast``: what the hint says now: the same plus the points declared so far and those the
  players still to declare are expected to declare.

With iteration budgets everything is a function of the seed: the figures are reproducible.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ai.driver import gather, seat_rngs
from ai.hard import HardBot
from ai.lab.arena import deal_seed
from ai.spec import BotSpec
from game.match import Match
from game.phase import Phase
from game.seats import other_side, side_of

CHECKPOINTS = (1, 5, 10)  # tricks (counted from 1) at whose first card the forecast is taken


@dataclass(frozen=True, slots=True)
class Forecast:
    """One forecast: at which trick, what each reading said, and the real margin."""

    trick: int
    search: float
    forecast: float
    real: int


def forecasts_of_hand(
    players: BotSpec, forecaster: BotSpec, seed: int, index: int
) -> list[Forecast]:
    """Play deal ``index`` with four ``players``; ``forecaster`` (a hard bot) forecasts at each
    checkpoint."""
    dseed = deal_seed(seed, index)
    match = Match(dseed, first_dealer=index % 4)
    bots = [players.make() for _ in range(4)]
    rngs = seat_rngs(dseed)
    pending: list[tuple[int, int, float, float]] = []  # (trick, seat, search, forecast)
    while not match.results:
        hand = match.hand
        seat = match.turn
        view = match.view(seat)
        trick = len(hand.tricks) + 1
        if view.phase == Phase.PLAY and not hand.trick and trick in CHECKPOINTS:
            bot = forecaster.make()
            assert isinstance(bot, HardBot)
            rng = random.Random(f"calibrate:{seed}:{index}:{trick}")
            _, margin = bot.advise(view, view.legal, rng)
            stats = bot.last_stats
            if margin is not None and stats is not None:
                pending.append((trick, seat, margin - stats.declared_mean(), margin))
        legal = view.legal
        action = legal[0] if len(legal) == 1 else bots[seat].choose(view, legal, rngs[seat])
        match.apply(action)
    sides = match.results[-1].sides
    out = []
    for trick, seat, search, forecast in pending:
        side = side_of(seat)
        margin = sides[side].total - sides[other_side(side)].total
        out.append(Forecast(trick, search, forecast, margin))
    return out


def _job(job: tuple[BotSpec, BotSpec, int, int]) -> list[Forecast]:
    return forecasts_of_hand(*job)


def summarize(forecasts: list[Forecast]) -> dict[str, Any]:
    """Per checkpoint: forecasts, mean absolute error of each reading, the forecast's bias."""
    out: dict[str, Any] = {}
    for trick in CHECKPOINTS:
        rows = [f for f in forecasts if f.trick == trick]
        if not rows:
            continue
        out[f"trick_{trick}"] = {
            "forecasts": len(rows),
            "mae_search": round(statistics.fmean(abs(f.search - f.real) for f in rows), 1),
            "mae_forecast": round(statistics.fmean(abs(f.forecast - f.real) for f in rows), 1),
            "bias_forecast": round(statistics.fmean(f.forecast - f.real for f in rows), 1),
            "mean_abs_margin": round(statistics.fmean(abs(f.real) for f in rows), 1),
        }
    return out


def calibrate(
    players: BotSpec,
    forecaster: BotSpec,
    hands: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play ``hands`` hands and summarize the forecasts (see the module docstring)."""
    jobs = [(players, forecaster, seed, i) for i in range(hands)]
    forecasts = gather(_job, jobs, workers, progress)
    return {
        "players": str(players),
        "forecaster": str(forecaster),
        "hands": hands,
        "seed": seed,
        "checkpoints": summarize(forecasts),
    }
