"""The option of partners' signals (RULES.md §10a) on the command line: `simulate --signals`
records it, `arena --signals` plays with it, `play --signals` refuses to resume with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.main import main
from game import record


def test_simulate_records_the_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = ["simulate", "--seed", "3", "--target", "100", "--json", "--record", str(tmp_path)]
    assert main([*argv, "--signals"]) == 0
    capsys.readouterr()
    data = json.loads((tmp_path / "match-1.json").read_text(encoding="utf-8"))
    assert data["rules"]["signals"] is True
    assert record.load(tmp_path / "match-1.json").rules.signals


def test_arena_plays_with_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "easy", "random", "--deals", "2", "--workers", "1", "--json", "--quiet"]
    assert main([*argv, "--signals"]) == 0
    assert json.loads(capsys.readouterr().out)["signals"] is True


def test_play_does_not_resume_with_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--resume", "--signals"]) == 2
    assert "--signals" in capsys.readouterr().err
