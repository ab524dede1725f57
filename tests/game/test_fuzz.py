"""Fuzzing every input the game reads: damaged saves and records, standard input of `score`, card
codes and actions. Whatever comes in, the answer is a value or the one error type of that input,
with a message of bounded length; never another exception, never a hang. Example counts are kept
small so the whole file runs in a few seconds."""

from __future__ import annotations

import io
import json
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli.score import _run_lines
from game import files, record
from game.actions import Action
from game.cards import CODES, CardError, parse_cards
from game.errors import IllegalActionError, RecordError
from game.files import FileReadError
from game.match import Match
from game.rules import Rules
from store.save import SaveError, from_save_json, to_save_json
from store.settings import Settings
from table.session import Session, parse_seats

FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
MESSAGE = 400  # no error message is longer than this, whatever the input

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**60), max_value=10**60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
card_words = st.sampled_from([*CODES[:8], "MAT", "ks", "10b", "XX", ",", "", "T99", "Mo1"])
action_texts = st.builds(
    lambda kind, words, sep: f"{kind} {sep.join(words)}",
    st.sampled_from(["play", "discard", "declare", "PLAY", "", "x"]),
    st.lists(card_words | st.sampled_from(["none", "Grande", "Re", "mori"]), max_size=4),
    st.sampled_from([" ", ",", ", ", ",,"]),
) | st.text(max_size=20)


@cache
def _match(seeded: bool = True, actions: int = 40) -> Match:
    """A match 40 actions in (do not change it: it is shared), seeded or with fresh deals."""
    match = Match(8 if seeded else None, Rules(target=2000))
    rng = random.Random(actions)
    while len(match.actions) < actions:
        match.apply(rng.choice(sorted(match.legal_actions(), key=str)))
    return match


def _resigned(data: dict) -> dict:
    body = {k: v for k, v in data.items() if k != "sha256"}
    return {**body, "sha256": record._checksum(body)}


# --------------------------------------------------------------------------- the JSON reader
@FUZZ
@given(st.binary(max_size=300))
def test_any_bytes_read_as_json_or_one_error(tmp_path_factory, data: bytes) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "f.json"
    path.write_bytes(data)
    try:
        files.read_json(path)
    except FileReadError as exc:
        assert len(str(exc)) < MESSAGE


@FUZZ
@given(json_values)
def test_json_values_survive_the_round_trip(value: object) -> None:
    assert files.loads(json.dumps(value)) == value


@FUZZ
@given(
    depth=st.integers(0, 5000),
    opener=st.sampled_from(["[", '{"k":', "[1,", '[{"a":[', '["]",']),
    tail=st.sampled_from(["", "]", "1", '"', "}", "]" * 5000]),
)
def test_deep_nesting_never_overflows_the_stack(depth: int, opener: str, tail: str) -> None:
    try:
        files.loads(opener * depth + tail)
    except FileReadError as exc:
        assert depth > 10 or "nested" not in str(exc)


# --------------------------------------------------------------------------- records
record_keys = st.sampled_from(
    ["format", "version", "rules", "seed", "first_dealer", "shuffles", "actions", "sha256", "extra"]
)


@FUZZ
@given(key=record_keys, value=json_values, seeded=st.booleans(), resign=st.booleans())
def test_a_record_with_any_field_changed_replays_or_says_why(key, value, seeded, resign) -> None:
    data = record.to_json(_match(seeded))
    data[key] = value
    try:
        record.from_json(_resigned(data) if resign and key != "sha256" else data)
    except RecordError as exc:
        assert len(str(exc)) < MESSAGE


@FUZZ
@given(position=st.integers(0, 39), text=action_texts, seeded=st.booleans())
def test_a_record_with_any_action_changed_replays_or_says_why(position, text, seeded) -> None:
    data = record.to_json(_match(seeded))
    data["actions"][position] = text
    try:
        match = record.from_json(_resigned(data))
    except RecordError as exc:
        assert len(str(exc)) < MESSAGE
    else:
        assert len(match.actions) == 40


@FUZZ
@given(cut=st.integers(0, 4000), junk=st.binary(max_size=20))
def test_a_truncated_or_garbled_record_file(tmp_path_factory, cut: int, junk: bytes) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "r.json"
    path.write_bytes(record.dumps(_match()).encode()[:cut] + junk)
    try:
        record.load(path)
    except RecordError as exc:
        assert len(str(exc)) < MESSAGE


# --------------------------------------------------------------------------- saves
@cache
def _save() -> dict:
    session = Session.replay(
        parse_seats(["human", "random", "random", "random"]),
        _match(False).restart(),
        list(_match(False).actions),
    )
    return to_save_json(session)


@FUZZ
@given(
    path=st.lists(
        st.sampled_from(
            [
                "format",
                "version",
                "seats",
                "record",
                0,
                1,
                "kind",
                "name",
                "actions",
                "shuffles",
                "first_dealer",
            ]
        ),
        min_size=1,
        max_size=3,
    ),
    value=json_values,
)
def test_a_save_with_anything_changed_resumes_or_says_why(path, value) -> None:
    data = json.loads(json.dumps(_save()))
    node = data
    for step in path[:-1]:
        try:
            node = node[str(step) if isinstance(node, dict) else step]
        except (KeyError, IndexError, TypeError):
            break
    try:
        node[str(path[-1]) if isinstance(node, dict) else path[-1]] = value
    except (IndexError, TypeError):
        return
    if isinstance(data.get("record"), dict) and "sha256" in data["record"]:
        data["record"] = _resigned(data["record"])
    try:
        from_save_json(data)
    except SaveError as exc:
        assert len(str(exc)) < MESSAGE


@FUZZ
@given(json_values)
def test_any_settings_file_gives_settings(value: object) -> None:
    assert isinstance(Settings.from_json(value), Settings)


# --------------------------------------------------------------------------- standard input
lines = st.lists(
    st.binary(max_size=40)
    | action_texts.map(str.encode)
    | st.lists(card_words, max_size=6).map(lambda w: " ".join(w).encode()),
    max_size=8,
)


@FUZZ
@given(lines, st.booleans())
def test_score_answers_every_line_and_only_that_line(chunks: list[bytes], as_json: bool) -> None:
    data = b"\n".join(c.replace(b"\n", b" ").replace(b"\r", b" ") for c in chunks)
    out = io.StringIO()
    status, _ = _run_lines(io.BytesIO(data), out, as_json=as_json, hand=False)
    wanted = [c for c in data.split(b"\n") if c.decode("utf-8", "replace").strip()]
    if as_json:
        answers = [json.loads(line) for line in out.getvalue().splitlines()]
        assert len(answers) == len(wanted)
        errors = [a["error"] for a in answers if "error" in a]
        assert status == (1 if errors else 0)
        assert all(len(e) < MESSAGE for e in errors)


def test_score_bounds_a_huge_line() -> None:
    out = io.StringIO()
    data = b"KS " + b"X" * (1 << 20) + b"\nKB\n\xff\xfe KC\nKC\n"
    assert _run_lines(io.BytesIO(data), out, as_json=True, hand=False)[0] == 1
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a.get("error", "")[:13] for a in answers] == ["line longer t", "", "line is not U", ""]
    assert answers[1]["cards"] == ["KB"] and answers[3]["cards"] == ["KC"]


# --------------------------------------------------------------------------- cards and actions
@FUZZ
@given(st.text(max_size=60) | st.lists(card_words, max_size=8).map(" ".join))
def test_card_codes_parse_or_say_why(text: str) -> None:
    try:
        cards = parse_cards(text)
    except CardError as exc:
        assert len(str(exc)) < MESSAGE
    else:
        assert len(set(cards)) == len(cards) and all(0 <= c < 62 for c in cards)


@FUZZ
@given(text=action_texts, at=st.integers(0, 39))
def test_any_action_text_is_applied_or_refused_leaving_the_match_as_it_was(text, at) -> None:
    match = _match(True, at).clone()
    before = (list(match.actions), [match.view(s) for s in range(4)])
    try:
        match.apply(text)
    except IllegalActionError as exc:
        assert len(str(exc)) < MESSAGE
        assert (match.actions, [match.view(s) for s in range(4)]) == before
    else:
        assert match.actions[:-1] == before[0] and Action.parse(match.actions[-1])


def test_huge_tokens_are_cut_in_messages() -> None:
    with pytest.raises(CardError) as card:
        parse_cards("KS " + "Z" * 100_000)
    with pytest.raises(IllegalActionError) as action:
        Action.parse("declare " + "Q" * 100_000)
    assert len(str(card.value)) < 120 and len(str(action.value)) < 200
