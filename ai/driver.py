"""Driving the engine with players: the loop that the arena and the command line share."""

from __future__ import annotations

import contextlib
import hashlib
import multiprocessing
import random
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import TypeVar

from ai.lifeline import start_worker
from ai.player import Player, sees_the_deal
from game.actions import Action
from game.hand import HandResult
from game.match import Match
from game.view import PlayerView

J = TypeVar("J")
R = TypeVar("R")


def seat_rngs(seed: int) -> list[random.Random]:
    """Each seat's own generator, derived from the match seed."""
    return [random.Random(seed * 8 + seat + 1) for seat in range(4)]


def decision_seed(seed: int | str, seat: int, ply: int) -> int:
    """The seed of a player's generator for one decision: derived from the match's seed (or its
    ``decision_seed``), the seat and the number of actions so far, so that a resumed, undone or
    remote match makes the same choices again. It reveals nothing of the deals (a one-way hash),
    so a table server may send it to a remote bot."""
    digest = hashlib.sha256(f"tarocchino:{seed}:{seat}:{ply}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def decision_rng(seed: int | str, seat: int, ply: int) -> random.Random:
    """A player's generator for one decision (see :func:`decision_seed`)."""
    return random.Random(decision_seed(seed, seat, ply))


def chosen(match: Match, player: Player, rng: random.Random) -> Action:
    """The move of ``player``, whose turn it is: shown the whole deal first when it is one that
    sees every card (the oracle), as the measuring tools show it."""
    view = match.view(match.turn)
    if sees_the_deal(player):
        player.see_deal(match.hand.hands, match.hand.discard)
    return player.choose(view, view.legal, rng)


def decisions(
    match: Match, players: Sequence[Player], rngs: Sequence[random.Random]
) -> Iterator[tuple[PlayerView, Action]]:
    """Play the hand to its end: each move a player chose (a lone legal move is played
    without asking), with the view it was chosen from, yielded before it is applied, as the
    measuring tools look at a hand; leaving the loop leaves the hand where it is."""
    while not match.results:
        seat = match.turn
        view = match.view(seat)
        if len(view.legal) == 1:
            match.apply(view.legal[0])
            continue
        action = chosen(match, players[seat], rngs[seat])
        yield view, action
        match.apply(action)


def step(
    match: Match, players: Sequence[Player], rngs: Sequence[random.Random] | None = None
) -> HandResult | None:
    """Ask the player to move for an action and apply it. Without ``rngs`` each decision gets its
    own generator (:func:`decision_rng`), as a table server gives its seats (``simulate``)."""
    seat = match.turn
    view = match.view(seat)
    if rngs is None:
        rng = decision_rng(match.decision_seed, seat, len(match.actions))
    else:
        rng = rngs[seat]
    action = players[seat].choose(view, view.legal, rng)
    return match.apply(action)


def play_match(
    match: Match,
    players: Sequence[Player],
    rngs: Sequence[random.Random] | None = None,
    on_hand: Callable[[Match, HandResult], None] | None = None,
    max_hands: int | None = None,
) -> Match:
    """Play until the match is over (or ``max_hands`` hands are done)."""
    hands = 0
    while match.winner is None and (max_hands is None or hands < max_hands):
        result = step(match, players, rngs)
        if result is not None:
            hands += 1
            if on_hand is not None:
                on_hand(match, result)
    return match


def run_jobs(fn: Callable[[J], R], jobs: list[J], workers: int = 1) -> Generator[R, None, None]:
    """``fn`` of each job, in job order, run by ``workers`` processes (here when 1; each worker
    ignores Ctrl+C and ends with this process); ``fn`` must be a module-level function, its
    jobs picklable."""
    if workers <= 1:
        yield from map(fn, jobs)
        return
    with multiprocessing.get_context("spawn").Pool(workers, initializer=start_worker) as pool:
        yield from pool.imap(fn, jobs, chunksize=1)


def gather(
    fn: Callable[[J], list[R]],
    jobs: list[J],
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> list[R]:
    """The rows of every job (``fn`` of it: a list), in job order, run as :func:`run_jobs`
    does. ``progress`` is told (jobs done, jobs) after each."""
    out: list[R] = []
    with contextlib.closing(run_jobs(fn, jobs, workers)) as results:
        for done, rows in enumerate(results, 1):
            out.extend(rows)
            if progress is not None:
                progress(done, len(jobs))
    return out
