"""`tarocchino simulate`, `replay` and `bench` from the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cli.main import main

KEYS = {"match", "hand", "dealer", "called_out", "sides", "score", "winner"}
SIDE_KEYS = {"captured_combinations", "card_points", "last_trick", "declarations", "raw", "total"}


def _lines(capsys: pytest.CaptureFixture[str]) -> list[dict]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_simulate_json_lines(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert (
        main(["simulate", "--seed", "7", "--matches", "2", "--json", "--record", str(tmp_path)])
        == 0
    )
    lines = _lines(capsys)
    assert {line["match"] for line in lines} == {0, 1}
    for line in lines:
        assert set(line) == KEYS and all(set(s) == SIDE_KEYS for s in line["sides"])
    finals = [line for line in lines if line["winner"] is not None]
    assert len(finals) == 2 and all(max(f["score"]) >= 800 for f in finals)
    score = [0, 0]
    for line in (x for x in lines if x["match"] == 0):
        score = [score[i] + line["sides"][i]["total"] for i in (0, 1)]
        assert line["score"] == score
    assert main(["replay", str(tmp_path / "match-1.json"), "--json"]) == 0
    replayed = _lines(capsys)
    assert replayed == [x for x in lines if x["match"] == 0]


def test_simulate_is_deterministic_across_processes() -> None:
    cmd = [sys.executable, "-m", "cli.main", "simulate", "--seed", "3", "--json"]
    runs = [subprocess.run(cmd, capture_output=True, text=True, check=True).stdout for _ in "ab"]
    assert runs[0] == runs[1] and runs[0].count("\n") >= 1


def test_simulate_plain_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--seed", "1", "--target", "300"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("match 1 hand  1  dealer seat ")
    assert out.rstrip().endswith(("side A wins", "side B wins"))
    assert all(line == line.rstrip() for line in out.splitlines())  # no spaces at the ends


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "--seed", "1", "--players", "random,random"], "four bots"),
        (["simulate", "--seed", "1", "--players", "random,random,random,genius"], "genius"),
        (["simulate", "--seed", "1", "--target", "0"], "target"),
    ],
)
def test_simulate_errors(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_replay_of_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "tarocchino-record", "version": 1, "seed": 1')
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "not valid JSON" in err and "Traceback" not in err


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--hands", "50", "--rollouts", "30", "--no-bots", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert (figures["hands"], figures["rollouts"]) == (50, 30)
    assert figures["random_hands_per_s"] > 0 and figures["rollouts_per_s"] > 0
    skat = figures["openspiel_skat_games_per_s"]
    if skat is None:
        assert figures["ratio_to_openspiel_skat"] is None
    else:
        ratio = figures["random_hands_per_s"] / skat
        assert figures["ratio_to_openspiel_skat"] == pytest.approx(ratio, rel=1e-2)


def test_bench_text_says_what_it_could_not_measure(capsys, monkeypatch) -> None:
    monkeypatch.setattr(
        "cli.bench.bench_engine",
        lambda hands, rollouts: {"hands": hands, "ratio_to_openspiel_skat": None},
    )
    monkeypatch.setattr("cli.bench.bench_scoring", lambda: {})
    assert main(["bench", "--hands", "5", "--no-bots"]) == 0
    out = capsys.readouterr().out
    assert "None" not in out and "ratio_to_openspiel_skat: not measured (OpenSpiel" in out


@pytest.mark.parametrize("argv", [["--hands", "-1"], ["--hands", "0"], ["--rollouts", "x"]])
def test_bench_refuses_bad_counts(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["bench", *argv, "--no-bots"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and ("between 1" in err or "whole number" in err)
