"""`tarocchino train`: a tiny training run writes weights the hard bot can load."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.lab.train import Choice, _solve, agreement, fit
from ai.learned import CONTEXTS, load_model
from cli.main import main


def test_a_tiny_training_run_writes_a_model(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "weights.json"
    argv = ["train", "--teacher", "oracle:iterations=2", "--hands", "5", "--seed", "3"]
    assert main([*argv, "--out", str(out), "--quiet"]) == 0
    said = capsys.readouterr().out
    assert "choices of oracle:iterations=2 in 5 hands (seed 3)" in said
    assert "held out" in said and str(out) in said
    model = load_model(out)
    assert len(model.weights) == len(CONTEXTS)
    made = model.made_by
    assert made["command"] == ("tarocchino train --teacher oracle:iterations=2 --hands 5 --seed 3")
    assert made["choices_fitted"] > 50 and made["choices_held_out"] > 0
    assert 0 <= made["held_out_agreement"] <= 1


@pytest.mark.parametrize(
    "argv",
    [
        ["train", "--hands", "0"],
        ["train", "--teacher", "grandmaster"],
        ["train", "--teacher", "tests/support/bots/misbehaving.py:Raiser"],
    ],
)
def test_train_refuses_bad_arguments(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert "tarocchino train: error:" in capsys.readouterr().err


def test_a_file_that_cannot_be_written_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "no" / "such" / "dir.json"
    assert main(["train", "--teacher", "easy", "--hands", "1", "--out", str(out), "--quiet"]) == 1
    assert "cannot write" in capsys.readouterr().err


def test_the_fit_learns_a_clear_preference() -> None:
    """Choices always of the card with the larger first feature give it a large weight."""
    rows = ((1.0,) + (0.0,) * 11, (0.0,) * 12)
    choices = [Choice(0, rows, 0, 1, i) for i in range(200)]
    weights = fit(choices)
    assert weights[0][0] > 3 and all(w == 0 for w in weights[1])
    assert agreement(weights, choices) == 1.0 and agreement(weights, []) is None
    assert _solve([[2.0, 0.0], [0.0, 4.0]], [2.0, 2.0]) == pytest.approx([1.0, 0.5])
