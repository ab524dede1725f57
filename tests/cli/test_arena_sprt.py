"""`tarocchino arena A B --sprt LOW,HIGH`: duplicate deals until the sequential test decides."""

from __future__ import annotations

import json

import pytest

from ai.lab.arena import BotSpec, run_sprt
from ai.lab.sprt import Sprt
from cli import arena
from cli.main import main
from text.plaintext import PAGE


def _json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict:
    status = main(["arena", *argv, "--seed", "1", "--workers", "1", "--json", "--quiet"])
    out = capsys.readouterr().out
    assert status == 0
    return json.loads(out)


def test_a_clear_gain_accepts_h1_at_the_minimum_of_deals(capsys) -> None:
    out = _json(["easy", "random", "--sprt", "0,10"], capsys)
    test = out["sprt"]
    assert test["verdict"] == "H1" and out["deals"] == test["min_deals"] == 20
    assert test["llr"] >= test["bounds"][1] and test["low"] == 0 and test["high"] == 10
    lo, hi = out["ci95"]
    assert lo < out["mean_diff"] < hi


def test_a_clear_loss_accepts_h0(capsys) -> None:
    out = _json(["random", "easy", "--sprt", "0,10", "--alpha", "0.1", "--beta", "0.2"], capsys)
    test = out["sprt"]
    assert test["verdict"] == "H0" and test["llr"] <= test["bounds"][0]
    assert test["alpha"] == 0.1 and test["beta"] == 0.2


def test_no_verdict_by_the_maximum_is_inconclusive(capsys) -> None:
    out = _json(["easy", "easy", "--sprt=-5,5", "--max-deals", "25"], capsys)
    assert out["sprt"]["verdict"] == "inconclusive" and out["deals"] == 25


def test_the_verdict_does_not_depend_on_the_number_of_workers() -> None:
    a, b = BotSpec("easy"), BotSpec("random")

    def verdict(workers: int) -> tuple:
        out = run_sprt(a, b, Sprt(150, 200), seed=2, workers=workers)
        return out["deals"], out["mean_diff"], out["sprt"]

    one = verdict(1)
    assert one[0] > 20  # decided past the minimum, with deals in flight in the workers
    assert verdict(2) == one


def test_the_plain_summary_says_the_verdict_and_ends_the_progress_line(capsys) -> None:
    status = main(["arena", "random", "easy", "--sprt", "0,10", "--workers", "1"])
    out, err = capsys.readouterr()
    assert status == 0
    assert "random vs easy: 20 duplicate deals, seed 1" in out
    assert "sequential test, H0 accepted: random gains +0 points a deal or less" in out
    assert "95% confidence" not in out and "95% interval" in out
    assert err.endswith("\n") and "20 deals (at most 2000)" in err


@pytest.mark.parametrize(
    ("verdict", "said"),
    [
        ("H1", "H1 accepted: hard:budget_s=0.25 gains +10 points a deal or more"),
        ("H0", "H0 accepted: hard:budget_s=0.25 gains -2.5 points a deal or less"),
        ("inconclusive", "inconclusive: no verdict between -2.5 and +10 in 2000 deals"),
    ],
)
def test_the_verdicts_fit_80_columns(verdict: str, said: str) -> None:
    summary = {
        "a": "hard:budget_s=0.25",
        "b": "medium:samples=20",
        "deals": 2000,
        "seed": 1,
        "mean_diff": -123.4,
        "stderr": 45.6,
        "ci95": (-212.8, -34.0),
        "decision_ms": {},
        "sprt": {
            "low": -2.5,
            "high": 10.0,
            "alpha": 0.05,
            "beta": 0.05,
            "llr": 1.234,
            "bounds": [-2.944, 2.944],
            "verdict": verdict,
        },
    }
    text = arena.render(summary)
    assert max(len(line) for line in text.splitlines()) <= PAGE
    assert said in " ".join(line.strip() for line in text.splitlines())
    assert "LLR +1.23 (H0 at -2.94, H1 at +2.94; alpha 0.05, beta 0.05)" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--sprt", "10,0"], "--sprt LOW must be below HIGH, not 10,0"),
        (["--sprt", "5,5"], "--sprt LOW must be below HIGH, not 5,5"),
        (["--sprt", "ten,20"], "--sprt takes LOW,HIGH, two numbers of points a deal"),
        (["--sprt", "1,2,3"], "--sprt takes LOW,HIGH"),
        (["--sprt", "10"], "--sprt takes LOW,HIGH"),
        (["--sprt", "nan,10"], "--sprt takes LOW,HIGH"),
        (["--sprt", "0,10", "--alpha", "0.7"], "--alpha must be above 0 and below 0.5, not 0.7"),
        (["--sprt", "0,10", "--alpha", "0"], "--alpha must be above 0 and below 0.5, not 0"),
        (["--sprt", "0,10", "--beta", "nan"], "--beta must be above 0 and below 0.5, not nan"),
        (["--sprt", "0,10", "--max-deals", "0"], "--max-deals must be at least 1"),
        (["--sprt", "0,10", "--deals", "50"], "--deals does not go with --sprt"),
        (["--alpha", "0.1"], "--alpha goes with --sprt LOW,HIGH"),
        (["--max-deals", "10"], "--max-deals goes with --sprt LOW,HIGH"),
        (["--sprt", "0,10", "--alpha", "x"], "argument --alpha: invalid float value: 'x'"),
    ],
)
def test_a_bad_test_is_refused_in_one_line(argv: list[str], message: str, capsys) -> None:
    try:
        status = main(["arena", "easy", "random", *argv, "--workers", "1"])
    except SystemExit as exit_:  # argparse's refusals exit at once
        status = exit_.code
    out, err = capsys.readouterr()
    assert status == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith("tarocchino arena: error: ") and message in err
