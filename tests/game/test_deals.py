"""Where the deals come from: a seed (reproducible) or fresh entropy per hand (nothing saved
reveals a future deal), and records of both kinds, including version 1 records."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from game import record
from game.errors import RecordError
from game.match import Match
from game.rules import Rules


def _fingerprint(match: Match) -> str:
    hands = [match.view(seat).hand for seat in range(4)]
    return hashlib.sha256(repr((match.first_dealer, hands)).encode()).hexdigest()[:16]


def _play(match: Match, *, hands: int = 0, actions: int = 0, seed: int = 0) -> Match:
    """Random legal play until ``hands`` more hands have ended or ``actions`` more were taken."""
    rng = random.Random(seed)
    end_hands, end_actions = len(match.results) + hands, len(match.actions) + actions
    while match.winner is None and (
        len(match.results) < end_hands or len(match.actions) < end_actions
    ):
        match.apply(rng.choice(sorted(match.legal_actions(), key=str)))
    return match


def _resigned(data: dict) -> dict:
    body = {k: v for k, v in data.items() if k != "sha256"}
    return {**body, "sha256": record._checksum(body)}


def test_a_seed_deals_as_it_always_did() -> None:
    # Fingerprints of the deals before shuffles existed: seeded tests and figures stay valid.
    assert _fingerprint(Match(7, first_dealer=0)) == "ad9419110549a026"
    assert _fingerprint(Match(2024, Rules(target=500), 1)) == "ec84ad8d29dc0b58"
    assert _fingerprint(_play(Match(11), hands=2)) == "f6453b74b216867f"
    assert Match(11).shuffles == [] and _play(Match(11), hands=2).shuffles == []


def test_without_a_seed_each_hand_draws_fresh_entropy() -> None:
    a, b = Match(None), Match(None)
    assert a.seed is None and len(a.shuffles) == 1
    assert a.view(0).hand != b.view(0).hand  # 2**-128 odds of a false alarm
    _play(a, hands=1)
    assert len(a.shuffles) == 2 and a.shuffles[0] != a.shuffles[1]


def test_the_record_of_an_unseeded_match_holds_no_future_deal() -> None:
    match = _play(Match(None, Rules(target=5000)), actions=30)
    text = record.dumps(match)
    data = json.loads(text)
    assert data["seed"] is None and data["shuffles"] == match.shuffles and len(match.shuffles) == 1
    # Two replays of the same file, finishing the hand the same way, get different second deals.
    first, second = record.loads(text), record.loads(text)
    assert first.view(1) == match.view(1)
    for replay in (first, second):
        _play(replay, hands=1, seed=5)
    assert first.results[0] == second.results[0]
    assert first.view(0).hand != second.view(0).hand


def test_an_unseeded_record_replays_exactly() -> None:
    match = _play(Match(None, Rules(target=400)), hands=3, actions=10)
    again = record.loads(record.dumps(match))
    assert again.shuffles == match.shuffles and again.actions == match.actions
    assert [again.view(s) for s in range(4)] == [match.view(s) for s in range(4)]
    assert again.scores == match.scores and again.decision_seed == match.decision_seed


def test_restart_deals_the_same_hands_again() -> None:
    match = _play(Match(None), actions=40)
    again = match.restart()
    for action in match.actions:
        again.apply(action)
    assert again.view(2) == match.view(2) and again.shuffles == match.shuffles
    seeded = _play(Match(3), actions=40)
    assert seeded.restart().view(0) == Match(3).view(0)


def test_version_1_records_still_replay() -> None:
    match = _play(Match(9, Rules(target=600)), hands=2, actions=5)
    data = record.to_json(match)
    del data["shuffles"]
    data["version"] = 1
    again = record.from_json(_resigned(data))
    assert again.actions == match.actions and again.view(3) == match.view(3)


def _damaged(change) -> dict:
    match = _play(_play(Match(None, Rules(target=2000)), hands=1), actions=3)
    assert len(match.shuffles) == 2
    data = record.to_json(match)
    change(data)
    return _resigned(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=True), "unsupported record version True"),
        (lambda d: d.update(version=1) or d.pop("shuffles"), "bad seed None"),
        (lambda d: d.update(first_dealer=1.0), "bad first dealer 1.0"),
        (lambda d: d.update(first_dealer=None), "bad first dealer None"),
        (lambda d: d.update(first_dealer=True), "bad first dealer True"),
        (lambda d: d.update(seed=True), "seed must be a whole number"),
        (lambda d: d.update(seed=4), "seeded match deals from its seed"),
        (lambda d: d.update(shuffles="ab" * 16), "shuffles must be a list"),
        (lambda d: d.update(shuffles=[]), "lacks the shuffle of hand 1"),
        (lambda d: d.update(shuffles=d["shuffles"][:1]), "lacks the shuffle of hand 2"),
        (lambda d: d.update(shuffles=d["shuffles"] * 2), "has 4 shuffles for 2 hands"),
        (lambda d: d["shuffles"].__setitem__(0, "AB" * 16), "32 hexadecimal digits"),
        (lambda d: d["shuffles"].__setitem__(0, "ab" * 16 + "\n"), "32 hexadecimal digits"),
        (lambda d: d.update(extra=1), "unknown fields: extra"),
        (lambda d: d.update(rules=[]), "unknown rules"),
        (lambda d: d["actions"].__setitem__(0, "play ,"), r"action 1 \('play ,'\)"),
        (lambda d: d["actions"].__setitem__(0, "discard KS,KB,KC 7S"), "action 1"),
        (lambda d: d["actions"].__setitem__(1, "play " + "X" * 10_000), "…"),
    ],
)
def test_wrong_records_are_refused_with_a_reason(change, message: str) -> None:
    with pytest.raises(RecordError, match=message) as caught:
        record.from_json(_damaged(change))
    assert len(str(caught.value)) < 300
