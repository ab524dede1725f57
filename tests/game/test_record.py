"""Game records: replay, atomic writes, and clear errors for damaged files."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game import record
from game.errors import RecordError
from game.history import replay_hands, stand_in_cards
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


# ----------------------------------------------------------------- the stand-ins' decisions
def _rechecked(data: dict) -> str:
    """``data`` with its checksum made right again: what is refused is what was changed."""
    data["sha256"] = record._checksum({k: v for k, v in data.items() if k != "sha256"})
    return json.dumps(data)


def _two_hands() -> Match:
    match = _played(4, 90)
    assert len(match.results) == 1 and len(match.hand.history) == 25  # a hand, and the next
    return match


def test_a_record_without_stand_ins_is_written_and_read_as_before() -> None:
    match = _two_hands()
    data = record.to_json(match)
    assert (
        set(data)
        == {"format", "version", "rules", "seed", "first_dealer", "shuffles", "actions", "sha256"}
        and data["version"] == 2
    )
    assert record.to_json(match, {}) == data == record.to_json(match, {1: {}})
    read = record.read(json.loads(json.dumps(data)))
    assert read.stand_ins == {} and read.match.actions == match.actions
    old = {k: v for k, v in data.items() if k != "shuffles"}  # version 1: no shuffles either
    old["version"] = 1
    assert record.loads(_rechecked(old)).actions == match.actions


def test_the_stand_ins_round_trip(tmp_path: Path) -> None:
    match = _two_hands()
    first = len(replay_hands(match)[0].history)  # actions of the first hand
    marks = {
        0: {0: record.StandIn("medium", record.AWAY), first - 1: record.StandIn("easy")},
        1: {2: record.StandIn("medium", record.OUT_OF_TIME)},
    }
    data = record.to_json(match, marks)
    assert data["stand_ins"] == {
        "0": {"0": {"by": "medium", "why": "away"}, str(first - 1): "easy"},  # (why not known)
        "1": {"2": {"by": "medium", "why": "time"}},
    }
    path = tmp_path / "hosted.json"
    record.write_atomic(path, record.dumps(match, marks))
    read = record.load_recorded(path)
    assert read.stand_ins == marks and read.match.actions == match.actions
    assert record.load(path).actions == match.actions  # who decided changes nothing replayed
    changed = json.loads(path.read_text())
    changed["stand_ins"]["1"]["2"]["why"] = "left"  # edited without its checksum: refused
    with pytest.raises(RecordError, match="checksum"):
        record.from_json(changed)


@pytest.mark.parametrize(
    ("marks", "message"),
    [
        ([], "must be an object of hands"),
        ({"x": {"0": "easy"}}, "'x' is not a hand"),
        ({"00": {"0": "easy"}}, "'00' is not a hand"),
        ({"-1": {"0": "easy"}}, "'-1' is not a hand"),
        ({"2": {"0": "easy"}}, "'2' is not a hand of the record"),  # two hands dealt
        ({"0": []}, "hand 1 must be an object"),
        ({"0": {}}, "hand 1 must be an object"),
        ({"0": {"1e3": "easy"}}, "is not an action of hand 1"),
        ({"0": {"100000": "easy"}}, "is not an action of hand 1"),
        ({"0": {"9" * 5000: "easy"}}, "is not an action of hand 1"),  # never read as a number
        ({"9" * 5000: {"0": "easy"}}, "is not a hand"),
        ({"1": {"25": "easy"}}, "is not an action of hand 2"),  # 25 actions so far
        ({"0": {"0": ""}}, "is not a bot's name"),
        ({"0": {"0": 7}}, "is not a bot's name"),
        ({"0": {"0": "x" * 41}}, "is not a bot's name"),
        ({"0": {"0": "easy\n"}}, "is not a bot's name"),
        ({"0": {"0": {"by": "easy"}}}, "is not a bot's name and a reason"),
        ({"0": {"0": {"by": "easy", "why": "away", "when": 3}}}, "is not a bot's name and a"),
        ({"0": {"0": {"by": "easy", "why": "bored"}}}, "'bored' is not a reason"),
        ({"0": {"0": {"by": "easy", "why": None}}}, "None is not a reason"),
        ({"0": {"0": {"by": 7, "why": "left"}}}, "is not a bot's name"),
        ({"0": {"0": {"by": "x" * 41, "why": "left"}}}, "is not a bot's name"),
    ],
)
def test_malformed_stand_ins_are_refused(marks: object, message: str) -> None:
    data = record.to_json(_two_hands())
    data["stand_ins"] = marks
    with pytest.raises(RecordError, match=f"stand_ins.*{message}"):
        record.loads(_rechecked(data))


def test_stand_ins_in_a_version_1_record_are_unknown() -> None:
    data = record.to_json(_two_hands(), {0: {0: record.StandIn("easy")}})
    del data["shuffles"]
    data["version"] = 1
    with pytest.raises(RecordError, match="unknown fields: stand_ins"):
        record.loads(_rechecked(data))


def test_a_review_counts_the_stand_ins_cards() -> None:
    """By the action's index in the hand (the record's) to the card's number (the review's): the
    discard is -1, a declaration is no card."""
    hand = replay_hands(_two_hands())[0]
    kinds = [m.action.kind for m in hand.history]
    declare, plays = kinds.index("declare"), [i for i, k in enumerate(kinds) if k == "play"]
    marks = {0: "medium", declare: "easy", plays[0]: "easy", plays[9]: "medium"}
    assert stand_in_cards(hand, marks) == {-1: "medium", 0: "easy", 9: "medium"}
    assert stand_in_cards(hand, {}) == {}
