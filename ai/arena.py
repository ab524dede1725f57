"""The duplicate arena: two bots play the same deals from both sides of the table.

Every deal is played twice from 0–0, one hand each: first with A's pair in seats 0 and 2 and B's
in 1 and 3, then the other way round, with the same cards in the same seats (``Match(deal_seed,
first_dealer=...)``) and the same seat generators. The luck of the cards cancels out: the score of a
deal is the mean, over its two hands, of A's side total minus B's side total.

Deals are independent, seeded from ``(seed, index)``, and aggregated in deal order, so the result
is the same whatever the number of worker processes (with iteration budgets; a time budget makes
the bots' choices depend on the machine's speed).

A bot is named by its level, optionally with options: ``hard``, ``hard:budget_s=1.0``,
``medium:iterations=200,samples=20``.
"""

from __future__ import annotations

import inspect
import math
import multiprocessing
import random
import statistics
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ai.registry import BOTS, MEASUREMENT_BOTS
from ai.table import seat_rngs
from game.match import Match

# The levels the arena seats: every level, and those for measurement only (the oracle).
ARENA_BOTS = {**BOTS, **MEASUREMENT_BOTS}


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A level and its options."""

    name: str
    options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """``level`` or ``level:key=value,key=value`` (values read as int, float, bool or text)."""
        name, _, rest = text.partition(":")
        if name not in ARENA_BOTS:
            raise ValueError(f"unknown player {name!r} (known: {', '.join(ARENA_BOTS)})")
        options = []
        for item in filter(None, rest.split(",")):
            key, eq, value = item.partition("=")
            if not eq:
                raise ValueError(f"bad option {item!r} in {text!r} (use key=value)")
            options.append((key.strip(), _read_value(value.strip())))
        return cls(name, tuple(options))

    def with_defaults(self, **defaults: Any) -> BotSpec:
        """Add the options this level accepts and that are not already set (None values skipped)."""
        accepted = _accepted_options(ARENA_BOTS[self.name])
        have = {k for k, _ in self.options}
        extra = tuple(
            (k, v) for k, v in defaults.items() if v is not None and k in accepted and k not in have
        )
        return BotSpec(self.name, self.options + extra)

    def make(self):
        return ARENA_BOTS[self.name](**dict(self.options))

    def __str__(self) -> str:
        if not self.options:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.options)


def _read_value(text: str) -> Any:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _accepted_options(factory: Callable[..., Any]) -> set[str]:
    try:
        params = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return set()
    return {n for n, p in params.items() if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)}


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` of an arena run (independent of the number of workers)."""
    return random.Random(f"arena:{seed}:{index}").getrandbits(62)


@dataclass(slots=True)
class DealResult:
    """One deal played twice: A's margin in each hand and the time of every real decision."""

    index: int
    margins: tuple[int, int]
    times_ms: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))

    @property
    def diff(self) -> float:
        return (self.margins[0] + self.margins[1]) / 2


def play_hand(
    seed: int, dealer: int, players: list, times: list[list[float]], owners: list[int]
) -> tuple[int, int]:
    """One hand from 0–0; returns both sides' totals. ``owners[seat]`` picks the timing list."""
    match = Match(seed, first_dealer=dealer)
    rngs = seat_rngs(seed)
    clock = time.perf_counter
    while True:
        seat = match.turn
        view = match.view(seat)
        legal = view.legal
        if len(legal) == 1:
            action = legal[0]
        else:
            player = players[seat]
            if getattr(player, "sees_every_card", False):  # the oracle: shown the whole deal
                player.see_deal(match.hand.hands, match.hand.discard)
            start = clock()
            action = player.choose(view, legal, rngs[seat])
            times[owners[seat]].append((clock() - start) * 1000.0)
        result = match.apply(action)
        if result is not None:
            return result.sides[0].total, result.sides[1].total


def play_deal(a: BotSpec, b: BotSpec, seed: int, index: int) -> DealResult:
    """Deal ``index``: A in seats 0/2 then in seats 1/3, on the same cards."""
    dseed = deal_seed(seed, index)
    dealer = index % 4
    out = DealResult(index, (0, 0))
    margins = []
    for a_side in (0, 1):
        bot_a, bot_b = a.make(), b.make()
        players = [bot_a if seat & 1 == a_side else bot_b for seat in range(4)]
        owners = [0 if seat & 1 == a_side else 1 for seat in range(4)]
        totals = play_hand(dseed, dealer, players, list(out.times_ms), owners)
        margins.append(totals[a_side] - totals[1 - a_side])
    out.margins = (margins[0], margins[1])
    return out


def _play_deal_job(job: tuple[BotSpec, BotSpec, int, int]) -> DealResult:
    return play_deal(*job)


def run_deals(
    a: BotSpec, b: BotSpec, deals: int, seed: int, workers: int = 1
) -> Iterator[DealResult]:
    """The deals' results in deal order, played by ``workers`` processes."""
    jobs = [(a, b, seed, i) for i in range(deals)]
    if workers <= 1:
        yield from map(_play_deal_job, jobs)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap(_play_deal_job, jobs, chunksize=1)


def percentile(values: list[float], q: float) -> float | None:
    """The q-th percentile (0-100), nearest-rank on sorted values; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[k]


def summarize(a: BotSpec, b: BotSpec, results: list[DealResult]) -> dict[str, Any]:
    """The figures: mean margin per deal, its standard error, 95% interval, decision times."""
    diffs = [r.diff for r in results]
    n = len(diffs)
    mean = statistics.fmean(diffs) if n else 0.0
    stderr = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    times: tuple[list[float], list[float]] = ([], [])
    for r in results:
        times[0].extend(r.times_ms[0])
        times[1].extend(r.times_ms[1])
    label_a, label_b = str(a), str(b)
    if label_a == label_b:
        label_b += " (b)"
    decision_ms = {}
    for label, t in ((label_a, times[0]), (label_b, times[1])):
        p50, p95 = percentile(t, 50), percentile(t, 95)
        decision_ms[label] = {
            "p50": None if p50 is None else round(p50, 2),
            "p95": None if p95 is None else round(p95, 2),
            "decisions": len(t),
        }
    seeing = [
        label
        for label, spec in ((label_a, a), (label_b, b))
        if getattr(ARENA_BOTS.get(spec.name), "sees_every_card", False)
    ]
    return {
        "a": label_a,
        "b": label_b,
        "sees_every_card": seeing,  # the oracle: shown the whole deal, a ceiling for measurement
        "deals": n,
        "mean_diff": round(mean, 3),
        "stderr": round(stderr, 3),
        "ci95": [round(mean - 1.96 * stderr, 3), round(mean + 1.96 * stderr, 3)],
        "decision_ms": decision_ms,
    }


def run_arena(
    a: BotSpec,
    b: BotSpec,
    deals: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int, int, float, float], None] | None = None,
) -> dict[str, Any]:
    """Play ``deals`` duplicate deals and summarize; ``progress(done, total, mean, eta_s)``."""
    start = time.monotonic()
    results: list[DealResult] = []
    total = 0.0
    for r in run_deals(a, b, deals, seed, workers):
        results.append(r)
        total += r.diff
        if progress is not None:
            done = len(results)
            elapsed = time.monotonic() - start
            progress(done, deals, total / done, elapsed / done * (deals - done))
    summary = summarize(a, b, results)
    summary["seed"] = seed
    summary["elapsed_s"] = round(time.monotonic() - start, 1)
    return summary
