"""Game records: replay, atomic writes, and clear errors for damaged files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game import record
from game.errors import RecordError
from game.match import Match
from game.rules import Rules


def _played(seed: int = 4, actions: int = 130) -> Match:
    match = Match(seed, Rules(target=900))
    rng = random.Random(seed)
    for _ in range(actions):
        if match.winner is not None:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_record_is_readable_and_replays_identically(tmp_path: Path) -> None:
    match = _played()
    path = tmp_path / "game.json"
    record.save(match, path)
    data = json.loads(path.read_text())
    assert data["format"] == "tarocchino-record" and data["version"] == 2
    assert data["seed"] == 4 and data["shuffles"] == []  # a seeded match deals from its seed
    assert data["actions"][0].startswith("discard ")
    assert any(a.startswith("declare ") for a in data["actions"])
    assert any(a.startswith("play ") for a in data["actions"])
    loaded = record.load(path)
    assert loaded.actions == match.actions and loaded.scores == match.scores
    assert loaded.hand.hands == match.hand.hands and loaded.hand.trick == match.hand.trick
    assert loaded.view(1) == match.view(1)


def _damaged(match: Match, change) -> str:
    data = record.to_json(match)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ("[1, 2]", "not a game record"),
        ('{"format": "chess"}', "not a game record"),
        ('{"format": "tarocchino-record", "version": 99}', "unsupported record version"),
        ('{"format": "tarocchino-record", "version": 1}', "missing"),
    ],
)
def test_unreadable_records(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        record.loads(text)


def test_truncated_record() -> None:
    text = record.dumps(_played())
    with pytest.raises(RecordError, match="not valid JSON"):
        record.loads(text[: len(text) // 2])


def test_tampered_record_is_detected() -> None:
    match = _played()
    text = _damaged(match, lambda d: d["actions"].__setitem__(5, "play KS"))
    with pytest.raises(RecordError, match="checksum"):
        record.loads(text)


def test_illegal_action_in_a_record_names_it() -> None:
    def change(d: dict) -> None:
        d["actions"][3] = "play XX"
        body = {k: v for k, v in d.items() if k != "sha256"}
        d["sha256"] = record._checksum(body)

    with pytest.raises(RecordError, match=r"action 4 \('play XX'\)"):
        record.loads(_damaged(_played(), change))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        record.load(tmp_path / "nothing.json")
