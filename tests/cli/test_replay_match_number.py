"""`tarocchino replay` of a record written by `simulate --record` prints exactly the lines
`simulate` printed for that match, its number included ("match 2 hand 1 ..."): the record
carries the number (``"match"``, counted from 0 like the JSON lines; the file and the text count
from 1: match-2.json prints "match 2"); a record without it (older, or from a game) replays as
match 1, and a bad number is refused like any damage. Records written before the text counted
from 1 (tests/records, named match-0.json, match-1.json) replay with the same JSON lines."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from cli.main import main
from game import record
from game.match import Match
from game.rules import Rules
from tests.support.paths import RECORDS

MATCHES = 3


def _out(capsys: pytest.CaptureFixture[str], argv: list[str]) -> list[str]:
    assert main(argv) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("as_json", [False, True])
def test_a_replay_prints_the_simulated_lines_of_its_match(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, as_json: bool
) -> None:
    flag = ["--json"] if as_json else []
    simulated = _out(
        capsys,
        [
            "simulate",
            "--seed",
            "7",
            "--matches",
            str(MATCHES),
            "--target",
            "300",
            "--record",
            str(tmp_path),
            *flag,
        ],
    )
    replayed = []
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        f"match-{m + 1}.json" for m in range(MATCHES)
    ]
    for m in range(MATCHES):
        lines = _out(capsys, ["replay", str(tmp_path / f"match-{m + 1}.json"), *flag])
        assert lines and all(
            line.startswith(f'{{"match": {m},' if as_json else f"match {m + 1} ") for line in lines
        ), lines
        replayed += lines
    assert replayed == simulated


def test_the_number_is_kept_by_an_export_and_a_record_without_one_is_match_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _out(
        capsys,
        ["simulate", "--seed", "5", "--matches", "2", "--target", "200", "--record", str(tmp_path)],
    )
    data = json.loads((tmp_path / "match-2.json").read_text())
    assert data["match"] == 1
    copy = tmp_path / "copy.json"
    main(["export", str(tmp_path / "match-2.json"), "--format", "json", "--output", str(copy)])
    assert json.loads(copy.read_text())["match"] == 1
    assert _out(capsys, ["replay", str(copy)])[0].startswith("match 2 hand  1  dealer seat ")
    older = tmp_path / "older.json"  # as written before the number was kept
    record.save(record.load(tmp_path / "match-2.json"), older)
    assert "match" not in json.loads(older.read_text())
    assert _out(capsys, ["replay", str(older)])[0].startswith("match 1 hand  1  dealer seat ")


RECORDS = RECORDS


def test_records_written_before_the_count_from_1_replay_the_same(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Written by `simulate --seed 7 --matches 2 --target 300 --record` when its lines said
    "match 0 hand  0  dealer 2 ... side 1 wins the match": the JSON is unchanged, the text counts
    from 1 and names the sides A and B."""
    old = (RECORDS / "simulate-seed7.jsonl").read_text().splitlines()
    files = [RECORDS / f"simulate-seed7-match-{m}.json" for m in (0, 1)]
    assert [line for f in files for line in _out(capsys, ["replay", str(f), "--json"])] == old
    assert _out(capsys, ["replay", str(files[0])]) == [
        "match 1 hand  1  dealer seat 3  215 – 115  score  215 – 115",
        "match 1 hand  2  dealer seat 4   90 – 275  score  305 – 390  side B wins",
    ]
    assert _out(capsys, ["replay", str(files[1])]) == [
        "match 2 hand  1  dealer seat 4   40 – 550  score   40 – 550  side B wins"
    ]
    sheet = "\n".join(_out(capsys, ["export", str(files[0])]))
    assert "Hand 2 · dealer Seat 4" in sheet
    assert "Seat 2 & Seat 4 win the match, 390 to 305" in sheet


def _with_number(path: Path, number: object) -> None:
    match = Match(3, Rules(target=100))
    for _ in range(30):
        match.apply(match.legal_actions()[0])
    body = {k: v for k, v in record.to_json(match).items() if k != "sha256"}
    body["match"] = number
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    path.write_text(json.dumps({**body, "sha256": hashlib.sha256(text.encode()).hexdigest()}))


@pytest.mark.parametrize("number", [-1, "1", 1.5, True, None, 10**18])
def test_a_bad_match_number_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, number: object
) -> None:
    path = tmp_path / "bad.json"
    _with_number(path, number)
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "bad match number" in captured.err, captured.err
