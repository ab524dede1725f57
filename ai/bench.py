"""Speed figures of the bots, for ``tarocchino bench``: time per decision and search rates.

The positions are taken from seeded hands played by the easy bot: every few real decisions
(more than one legal action), discards and declarations included, up to ``decisions`` of them.
Each level then decides each position once with its default settings.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ai.arena import percentile
from ai.easy import EasyBot
from ai.registry import BOTS, make_bot
from ai.table import seat_rngs
from game.match import Match
from game.view import PlayerView

STRIDE = 7  # keep one real decision in this many


def bench_positions(decisions: int, seed: int) -> list[PlayerView]:
    """``decisions`` positions spread over seeded hands of the easy bot."""
    views: list[PlayerView] = []
    easy = EasyBot()
    hand = 0
    while len(views) < decisions:
        match = Match(seed * 1000 + hand, first_dealer=hand % 4)
        rngs = seat_rngs(seed * 1000 + hand)
        count = 0
        while match.results == [] and len(views) < decisions:
            view = match.view(match.turn)
            if len(view.legal) > 1:
                if count % STRIDE == hand % STRIDE:
                    views.append(view)
                count += 1
            match.apply(easy.choose(view, view.legal, rngs[match.turn]))
        hand += 1
    return views


def bench_bots(decisions: int = 20, seed: int = 1) -> dict[str, Any]:
    """Per level: decision time p50/p95 in ms; for search levels, deals and playouts a second."""
    views = bench_positions(decisions, seed)
    out: dict[str, Any] = {"decisions": len(views), "seed": seed}
    for level in BOTS:
        bot = make_bot(level)
        rng = random.Random(seed)
        times: list[float] = []
        samples = playouts = 0
        searched = 0.0
        for view in views:
            start = time.perf_counter()
            bot.choose(view, view.legal, rng)
            elapsed = time.perf_counter() - start
            times.append(elapsed * 1000)
            stats = getattr(bot, "last_stats", None)
            if stats is not None:
                samples += stats.samples
                playouts += stats.playouts
                searched += stats.elapsed_s
                bot.last_stats = None
        figures: dict[str, Any] = {
            "p50_ms": round(percentile(times, 50) or 0.0, 2),
            "p95_ms": round(percentile(times, 95) or 0.0, 2),
        }
        if searched > 0:
            figures["samples_per_s"] = round(samples / searched, 1)
            figures["playouts_per_s"] = round(playouts / searched, 1)
        out[level] = figures
    return out
