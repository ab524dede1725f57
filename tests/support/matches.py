"""Shared test helpers: matches played by the engine alone (bots, or each seat's first legal
action), and such matches recorded, noted or saved in a data directory as the game does."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

from ai.driver import play_match, seat_rngs
from ai.easy import EasyBot
from ai.registry import make_bot
from game.hand import Hand
from game.match import Match
from game.phase import Phase
from game.rules import Rules
from game.view import PlayerView
from store.lastmatch import LastMatch, LastMatchNote
from store.save import SaveStore
from store.stats import FinishedMatch, record_finished_match
from table.session import Session, parse_seats

NAMES = ["Anna", "Bruno", "Carla", "Dario"]  # the seats of finished_match
SEATS = parse_seats(["human", "easy", "easy", "easy"], NAMES)
RECORDED_SEATS = (  # the seats of finished() (name, level)
    ("Anna", "human"),
    ("Bruno", "medium"),
    ("Carla", "hard"),
    ("Dario", "medium"),
)
WHEN = datetime(2024, 5, 1, 18, 0, tzinfo=UTC)  # when finished() matches end


def played(seed: int, target: int = 300, level: str = "easy") -> Match:
    """A short match between bots."""
    match = Match(seed, Rules(target=target))
    play_match(match, [make_bot(level) for _ in range(4)], seat_rngs(seed))
    return match


def called_out_match(target: int = 10) -> Match:
    """A match won by calling out: with so low a target any declaration reaches it."""
    for seed in range(50):
        match = played(seed, target)
        if match.results[-1].called_out is not None:
            return match
    raise AssertionError("no match among 50 was won by calling out")


def played_match(seed: int, target: int, level: str = "random") -> Match:
    """A match between bots, played by the engine alone."""
    match = Match(seed, Rules(target))
    bots = [make_bot(level) for _ in range(4)]
    rng = random.Random(seed)
    while match.winner is None:
        view = match.view(match.turn)
        match.apply(bots[match.turn].choose(view, view.legal, rng))
    return match


def seed_with_hands(n: int, target: int) -> int:
    """A seed whose match has at least ``n`` hands, the first ``n`` played out (not called out
    during the declarations, so every seat has cards to review)."""

    def played_out(match: Match) -> bool:
        results = match.results[:n]
        return len(results) == n and all(r.called_out is None for r in results)

    return next(s for s in range(1, 500) if played_out(played_match(s, target)))


def finished_match(seed: int = 5, target: int = 10) -> tuple[FinishedMatch, Match]:
    """A match played to its end by each seat's first legal action, as recorded (SEATS)."""
    match = Match(seed, Rules(target))
    while match.winner is None:
        match.apply(match.legal_actions()[0])
    return FinishedMatch.of(match, SEATS), match


def note_data(**changes: object) -> dict:
    """The last-match note of :func:`finished_match` as JSON data, with ``changes``."""
    finished, match = finished_match()
    data = LastMatch.of(finished, match).to_json()
    data.update(changes)
    return data


def recorded(directory: Path, ended: datetime) -> None:
    """:func:`finished_match`, ended at ``ended``, recorded in the statistics of ``directory``
    and noted as its last match."""
    finished, match = finished_match()
    finished = FinishedMatch(finished.record, finished.seats, ended.isoformat(timespec="seconds"))
    assert record_finished_match(directory, finished) is None
    LastMatchNote(directory).write(finished, match)


def view_at(seed: int, tricks: int, cards: int = 0) -> PlayerView:
    """The view of the seat to move after ``tricks`` tricks and ``cards`` more cards (easy)."""
    match = Match(seed, first_dealer=seed % 4)
    rngs = seat_rngs(seed)
    easy = EasyBot()
    while True:
        hand = match.hand
        if hand.phase == Phase.PLAY and len(hand.tricks) == tricks and len(hand.trick) == cards:
            return match.view(match.turn)
        view = match.view(match.turn)
        match.apply(easy.choose(view, view.legal, rngs[match.turn]))


def some_views(seed: int, every: int = 9) -> list[tuple[Hand, PlayerView]]:
    """A discard, a declaration and plays from one seeded hand played by the easy bot."""
    match = Match(seed, first_dealer=0)
    rngs = seat_rngs(seed)
    easy = EasyBot()
    out = []
    i = 0
    while not match.results:
        view = match.view(match.turn)
        if view.phase in ("discard", "declare") or i % every == 0:
            out.append((match.hand.clone(), view))
        i += 1
        match.apply(easy.choose(view, view.legal, rngs[match.turn]))
    return out


def finished(match: Match, seats=RECORDED_SEATS, minutes: int = 0) -> FinishedMatch:
    """``match`` as recorded, ended ``minutes`` past WHEN."""
    return FinishedMatch.of(match, seats, ended_at=WHEN.replace(minute=minutes))


def last_action_totals(match: Match, rng: random.Random) -> tuple[list, tuple[int, int]]:
    """Play a hand up to its last action; return that action and the hand's two totals."""
    while True:
        action = rng.choice(match.legal_actions())
        probe = match.clone()
        result = probe.apply(action)
        if result is not None:
            return action, (result.sides[0].total, result.sides[1].total)
        match.apply(action)


def recorded_matches(directory: Path, count: int = 3) -> None:
    """``count`` matches between bots recorded in the statistics of ``directory``, an hour
    apart."""
    seats = [("Anna", "human"), ("Bruno", "hard"), ("Carla", "medium"), ("Dario", "hard")]
    start = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)
    for i in range(count):
        finished = FinishedMatch.of(
            played_match(30 + i, 150, "easy"), seats, ended_at=start + timedelta(hours=i)
        )
        assert record_finished_match(directory, finished) is None


def saved_match(directory: Path, actions: int = 52, seed: int | None = 5) -> bytes:
    """Save a match (a person and three random bots) with ``actions`` random actions in
    ``directory``; the file's bytes."""
    session = Session.new(parse_seats(["human", "random", "random", "random"]), seed=seed)
    rng = random.Random(1)
    while len(session.match.actions) < actions:
        session.apply(rng.choice(sorted(session.match.legal_actions(), key=str)))
    store = SaveStore(directory)
    store.write(session)
    return store.path.read_bytes()
