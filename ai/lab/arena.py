"""The duplicate arena: two bots play the same deals from both sides of the table.

Every deal is played twice from 0–0, one hand each: first with A's pair in seats 0 and 2 and B's
in 1 and 3, then the other way round, with the same cards in the same seats (``Match(deal_seed,
first_dealer=...)``) and the same seat generators. The luck of the cards cancels out: the score of a
deal is the mean, over its two hands, of A's side total minus B's side total.

Deals are independent, seeded from ``(seed, index)``, and aggregated in deal order, so the result
is the same whatever the number of worker processes (with iteration budgets; a time budget makes
the bots' choices depend on the machine's speed).

A bot is named by a spec (:mod:`ai.spec`): ``hard``, ``hard:budget_s=1.0``,
``medium:iterations=200,samples=20``, an installed bot, ``module:Class`` or ``file.py:Class``. A bot
that is not ours plays in a process of its own (:mod:`ai.contain`), one process per bot and arena
worker, renewed (a fresh bot object) for every hand; its faults are counted in the summary.

With a journal (:mod:`ai.lab.journal`) every deal's result is written down as it comes, and a run
stopped part way goes on from its deals: they are counted first, in deal order, as if played in
this run, and only the others are played.
"""

from __future__ import annotations

import contextlib
import math
import random
import statistics
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ai.contain import Containment, Guard
from ai.driver import run_jobs, seat_rngs
from ai.lab.journal import TOO_MANY, Journal, JournalError, header
from ai.lab.sprt import Sprt
from ai.player import Player, sees_the_deal
from ai.spec import BotSpec, sees_every_card
from game.match import Match
from game.rules import Rules
from game.seats import other_side, side_of

__all__ = [
    "BotSpec",
    "DealResult",
    "play_deal",
    "run_arena",
    "run_deals",
    "run_sprt",
    "summarize",
]


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` of an arena run (independent of the number of workers)."""
    return random.Random(f"arena:{seed}:{index}").getrandbits(62)


@dataclass(slots=True)
class DealResult:
    """One deal played twice: A's margin in each hand, the time of every real decision, and
    the faults of contained bots (A's, B's): their count, the hands a level took over, the
    first few in words."""

    index: int
    margins: tuple[int, int]
    times_ms: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    faults: tuple[int, int] = (0, 0)
    takeovers: tuple[int, int] = (0, 0)
    fault_notes: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))

    @property
    def diff(self) -> float:
        return (self.margins[0] + self.margins[1]) / 2


def play_hand(
    seed: int,
    dealer: int,
    players: list[Player],
    times: list[list[float]],
    owners: list[int],
    signals: bool = False,
) -> tuple[int, int]:
    """One hand from 0–0 (partners' signals allowed with ``signals``); returns both sides'
    totals. ``owners[seat]`` picks the timing list."""
    match = Match(seed, Rules(signals=signals), first_dealer=dealer)
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
            if sees_the_deal(player):  # the oracle: shown the whole deal
                player.see_deal(match.hand.hands, match.hand.discard)
            start = clock()
            action = player.choose(view, legal, rngs[seat])
            times[owners[seat]].append((clock() - start) * 1000.0)
        result = match.apply(action)
        if result is not None:
            return result.sides[0].total, result.sides[1].total


# A contained bot keeps its process for the whole run (one per bot and arena worker): a fresh
# bot object in it for every hand is far cheaper than a new process.
_CONTAINED: dict[tuple[int, BotSpec, Containment], Guard] = {}


def _player(role: int, spec: BotSpec, containment: Containment) -> Player:
    """A fresh player for one hand: a new built-in bot, or the contained bot renewed."""
    if not spec.contained:
        return spec.make()
    key = (role, spec, containment)
    player = _CONTAINED.get(key)
    if player is None:
        made = spec.make(containment)
        assert isinstance(made, Guard)
        player = _CONTAINED[key] = made
    else:
        player.renew()
    return player


def close_players() -> None:
    """Stop the contained bots' processes of this process's arena runs."""
    while _CONTAINED:
        _CONTAINED.popitem()[1].close()


def play_deal(
    a: BotSpec,
    b: BotSpec,
    seed: int,
    index: int,
    containment: Containment | None = None,
    signals: bool = False,
) -> DealResult:
    """Deal ``index``: A in seats 0/2 then in seats 1/3, on the same cards (partners' signals
    allowed with ``signals``)."""
    containment = containment or Containment()
    dseed = deal_seed(seed, index)
    dealer = index % 4
    out = DealResult(index, (0, 0))
    margins = []
    faults, takeovers = [0, 0], [0, 0]
    for a_side in (0, 1):
        bots = (_player(0, a, containment), _player(1, b, containment))
        players = [bots[0] if side_of(seat) == a_side else bots[1] for seat in range(4)]
        owners = [0 if side_of(seat) == a_side else 1 for seat in range(4)]
        totals = play_hand(dseed, dealer, players, list(out.times_ms), owners, signals)
        margins.append(totals[a_side] - totals[other_side(a_side)])
        for role, bot in enumerate(bots):
            if isinstance(bot, Guard):
                for fault in bot.pop_faults():
                    faults[role] += 1
                    takeovers[role] += fault.takeover is not None
                    if len(out.fault_notes[role]) < 3:
                        out.fault_notes[role].append(f"deal {index + 1}: {fault}")
    out.margins = (margins[0], margins[1])
    out.faults = (faults[0], faults[1])
    out.takeovers = (takeovers[0], takeovers[1])
    return out


def _play_deal_job(job: tuple[BotSpec, BotSpec, int, int, Containment, bool]) -> DealResult:
    return play_deal(*job)


def run_deals(
    a: BotSpec,
    b: BotSpec,
    deals: int,
    seed: int,
    workers: int = 1,
    containment: Containment | None = None,
    signals: bool = False,
    first: int = 0,
) -> Generator[DealResult, None, None]:
    """The results of deals ``first`` to ``deals - 1`` in deal order, played by ``workers``
    processes."""
    containment = containment or Containment()
    jobs = [(a, b, seed, i, containment, signals) for i in range(first, deals)]
    if not jobs:
        return
    try:
        yield from run_jobs(_play_deal_job, jobs, workers)
    finally:
        if workers <= 1:
            close_players()  # the bots in processes of their own played here


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
    summary = {
        "a": label_a,
        "b": label_b,
        "sees_every_card": [  # the oracle, shown the whole deal: a ceiling for measurement
            label for label, spec in ((label_a, a), (label_b, b)) if sees_every_card(spec)
        ],
        "deals": n,
        "mean_diff": round(mean, 3),
        "stderr": round(stderr, 3),
        "ci95": [round(mean - 1.96 * stderr, 3), round(mean + 1.96 * stderr, 3)],
        "decision_ms": decision_ms,
    }
    faults = {}
    for role, (label, spec) in enumerate(((label_a, a), (label_b, b))):
        if spec.contained:
            notes = [note for r in results for note in r.fault_notes[role]]
            faults[label] = {
                "faults": sum(r.faults[role] for r in results),
                "hands_taken_over": sum(r.takeovers[role] for r in results),
                "first": notes[:3],
            }
    if faults:
        summary["faults"] = faults
    return summary


def run_arena(
    a: BotSpec,
    b: BotSpec,
    deals: int,
    seed: int,
    workers: int = 1,
    progress: Callable[[int, int, float, float], None] | None = None,
    containment: Containment | None = None,
    signals: bool = False,
    journal: str | Path | None = None,
) -> dict[str, Any]:
    """Play ``deals`` duplicate deals and summarize; ``progress(done, total, mean, eta_s)``.
    With ``journal``, the deals already in it are not played again (JournalError when it is
    refused); ``elapsed_s`` is this run's."""
    start = time.monotonic()
    book = Journal(journal, header(a, b, seed, signals, deals=deals), deals)
    results = [DealResult(**deal) for deal in book.deals]
    total, read = sum(r.diff for r in results), len(results)
    with book:
        for r in run_deals(a, b, deals, seed, workers, containment, signals, first=read):
            book.add(r)
            results.append(r)
            total += r.diff
            if progress is not None:
                done = len(results)
                elapsed = time.monotonic() - start
                progress(done, deals, total / done, elapsed / (done - read) * (deals - done))
    summary = summarize(a, b, results)
    summary["seed"] = seed
    if signals:
        summary["signals"] = True
    return _timed(summary, start, journal, read)


def _timed(
    summary: dict[str, Any], start: float, journal: str | Path | None, read: int
) -> dict[str, Any]:
    """The summary with this run's time, and the deals read from the journal, if any."""
    if journal is not None:
        summary["from_journal"] = read
    summary["elapsed_s"] = round(time.monotonic() - start, 1)
    return summary


def run_sprt(
    a: BotSpec,
    b: BotSpec,
    test: Sprt,
    seed: int,
    workers: int = 1,
    progress: Callable[[int, int, float, float], None] | None = None,
    containment: Containment | None = None,
    signals: bool = False,
    journal: str | Path | None = None,
) -> dict[str, Any]:
    """Play duplicate deals until ``test`` (a new one) has a verdict and summarize, with the
    test's figures under ``sprt``; ``progress(done, max_deals, mean, llr)``. The deals are taken
    in deal order, so the verdict and the deals played do not depend on the number of workers.
    With ``journal``, its deals are taken first and not played again (JournalError when it is
    refused); ``elapsed_s`` is this run's."""
    start = time.monotonic()
    book = Journal(journal, header(a, b, seed, signals, **_test_header(test)), test.max_deals)
    results: list[DealResult] = []
    total = 0.0
    for deal in book.deals:
        if test.verdict is not None:  # (a run stops at the verdict)
            raise JournalError(TOO_MANY, limit=len(results))
        results.append(DealResult(**deal))
        total += results[-1].diff
        test.add(results[-1].diff)
    read = len(results)
    if test.verdict is None:
        deals = run_deals(a, b, test.max_deals, seed, workers, containment, signals, first=read)
        with book, contextlib.closing(deals):  # the deals played ahead of the verdict are dropped
            for r in deals:
                book.add(r)
                results.append(r)
                total += r.diff
                verdict = test.add(r.diff)
                if progress is not None:
                    progress(len(results), test.max_deals, total / len(results), test.llr)
                if verdict is not None:
                    break
    summary = summarize(a, b, results)
    summary["sprt"] = test.figures()
    summary["seed"] = seed
    return _timed(summary, start, journal, read)


def _test_header(test: Sprt) -> dict[str, Any]:
    """What makes a sequential test the same test, for a journal's header."""
    names = ("low", "high", "alpha", "beta", "min_deals", "max_deals")
    return {name: getattr(test, name) for name in names}
