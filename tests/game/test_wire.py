"""The wire form (game.wire): views and actions round-trip exactly, and the decoder refuses
anything malformed with a WireError, never another exception."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.random_bot import RandomBot
from game import wire
from game.actions import Action
from game.errors import WireError
from game.match import Match
from game.rules import Rules
from game.view import PlayerView


def views_of(seed: int, steps: int, target: int = 400) -> list[PlayerView]:
    """Every seat's view after ``steps`` random actions of a seeded match (a second hand too)."""
    match = Match(seed, Rules(target))
    rng = random.Random(seed)
    bot = RandomBot()
    for _ in range(steps):
        if match.winner is not None:
            break
        view = match.view(match.turn)
        match.apply(bot.choose(view, view.legal, rng))
    return [match.view(seat) for seat in range(4)]


def round_trip(view: PlayerView) -> PlayerView:
    return wire.view_from_json(wire.loads(wire.dumps(wire.view_to_json(view))))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 140))
def test_every_view_round_trips_exactly(seed: int, steps: int) -> None:
    for view in views_of(seed, steps):
        assert round_trip(view) == view


def test_views_of_every_phase_round_trip() -> None:
    phases = set()
    for seed in range(3):
        for steps in (0, 1, 3, 30, 64, 65, 66, 130):
            for view in views_of(seed, steps, target=150):
                phases.add(view.phase)
                assert round_trip(view) == view
    assert {"discard", "declare", "play"} <= phases


def test_the_encoding_is_plain_readable_json() -> None:
    view = views_of(1, 40)[0]
    data = wire.view_to_json(view)
    line = wire.dumps({"type": "view", "view": data})
    assert "\n" not in line and line.isascii()
    # every field of the view; "signals" only when the option is on
    assert set(data) | {"signals"} == set(PlayerView.__dataclass_fields__)
    assert all(isinstance(c, str) for c in data["hand"])  # cards as their codes
    assert data["history"][0] == {
        "seat": view.history[0].seat,
        "action": str(view.history[0].action),
    }


def test_every_action_round_trips() -> None:
    for view in views_of(2, 0) + views_of(2, 5) + views_of(2, 40):
        for action in view.legal:
            assert wire.action_from_json(wire.action_to_json(action)) == action


def _good() -> dict:
    return wire.view_to_json(views_of(3, 45)[1])


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        (("seat",), 4, "seat must be a whole number from 0 to 3"),
        (("seat",), True, "seat must be a whole number"),
        (("dealer",), "1", "dealer must be"),
        (("phase",), "bidding", "not a phase"),
        (("hand",), ["KS", "XX"], "not a card code"),
        (("hand",), ["KS", "KS"], "given twice"),
        (("hand",), ["KS"] * 18, "must have 0 to 17 items"),
        (("hand",), "KS QS", "must be a list"),
        (("discard",), ["KS"], "must have 2 items"),
        (("trick",), ["KS", "QS", "NS", "JS"], "must have 0 to 3 items"),
        (("scores",), [1.5, 0], "whole number"),
        (("scores",), [10**12, 0], "whole number"),
        (("target",), 0, "target must be"),
        (("legal",), ["play ZZ"], "legal"),
        (("legal",), ["play KS", "play KS"], "given twice"),
        (("legal",), ["x" * 300], "text of an action"),
        (("history",), [{"seat": 0}], "missing action"),
        (("history",), [{"seat": 0, "action": "fly away"}], "cannot read action"),
        (("declarations",), [None, None, None], "must have 4 items"),
        (
            ("declarations", 0),
            {"seat": 1, "families": [], "cards": [], "points": 0},
            "seat must be 0",
        ),
        (
            ("declarations", 0),
            {"seat": 0, "families": ["Poker"], "cards": [], "points": 0},
            "not a family",
        ),
        (("tricks",), [{"leader": 0, "cards": ["KS"], "winner": 0}], "must have 4 items"),
        (("extra",), 1, "unknown fields"),
    ],
)
def test_a_bad_view_is_refused_with_a_reason(path: tuple, value: object, words: str) -> None:
    data = _good()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(WireError, match=words.replace("(", r"\(")):
        wire.view_from_json(data)


def test_a_card_in_two_places_is_refused() -> None:
    data = _good()
    data["trick"] = [data["hand"][0]] if len(data["trick"]) < 3 else data["trick"]
    with pytest.raises(WireError, match="two places"):
        wire.view_from_json(data)


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("[" * 5000 + "]" * 5000, "nested too deeply"),
        ('{"a":' * 20 + "1" + "}" * 20, "nested too deeply"),
        ("x" * (wire.MAX_MESSAGE_BYTES + 1), "too long"),
        ("1" * 5000, "not JSON"),
        ('{"a": NaN}', "not JSON"),
        ("[1, 2]", "not a JSON object"),
        (b"\xff\xfe{}", "not UTF-8"),
        ("{", "not JSON"),
    ],
)
def test_a_bad_message_is_refused(line: str | bytes, words: str) -> None:
    with pytest.raises(WireError, match=words):
        wire.loads(line)


def test_brackets_inside_strings_are_not_nesting() -> None:
    assert wire.loads('{"a": "' + "[" * 100 + '"}') == {"a": "[" * 100}


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["KS", "MAT", "play KS", "declare Re", "play"]),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=5)
    ),
    max_leaves=20,
)


def _paths(data: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


GOOD = _good()
PATHS = [p for p in _paths(GOOD) if p]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(PATHS), value=_JSON)
def test_a_hostile_peer_can_not_crash_the_decoder(path: tuple, value: object) -> None:
    data = copy.deepcopy(GOOD)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        view = wire.view_from_json(json.loads(json.dumps(data)))
    except WireError:
        return
    assert isinstance(view, PlayerView)  # a harmless change (e.g. another legal card)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=40))
def test_any_action_text_reads_or_is_refused(text: str) -> None:
    try:
        action = wire.action_from_json(text)
    except WireError:
        return
    assert isinstance(action, Action)


@settings(max_examples=200, deadline=None)
@given(line=st.binary(max_size=200) | st.text(max_size=200))
def test_any_line_reads_as_a_message_or_is_refused(line: bytes | str) -> None:
    try:
        message = wire.loads(line)
    except WireError:
        return
    assert isinstance(message, dict)
