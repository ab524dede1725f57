"""`tarocchino arena ... --journal FILE`: a stopped run goes on from the deals in its journal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli import arena
from cli.main import main
from game.files import clip_path

RUN = ["arena", "easy", "random", "--deals", "6", "--seed", "3", "--workers", "1", "--quiet"]


def _run(path: Path, *extra: str) -> int:
    return main([*RUN, "--journal", str(path), *extra])


def test_the_same_command_goes_on_from_the_journal(tmp_path: Path, capsys) -> None:
    path = tmp_path / "j.jsonl"
    assert _run(path, "--json") == 0
    whole = json.loads(capsys.readouterr().out)
    assert whole["from_journal"] == 0 and whole["deals"] == 6
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:4]) + lines[4][:30])  # 3 deals, and a 4th cut off
    assert _run(path) == 0
    out = capsys.readouterr().out
    assert "easy vs random: 6 duplicate deals, seed 3" in out
    assert f"mean margin of easy: {whole['mean_diff']:+.1f} points a deal" in out
    assert "3 deals were read from the journal; the time is this run's" in out
    assert len(path.read_bytes().splitlines()) == 7


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--seed", "4"], "is of another run: --seed is 3 there, 4 here"),
        (["--deals", "7"], "is of another run: --deals is 6 there, 7 here"),
        (["--signals"], "is of another run: --signals is false there, true here"),
    ],
)
def test_another_run_s_journal_is_refused_and_left_as_it_is(
    tmp_path: Path, capsys, extra: list[str], said: str
) -> None:
    path = tmp_path / "j.jsonl"
    assert _run(path) == 0
    before = path.read_bytes()
    capsys.readouterr()
    assert _run(path, *extra) == 2
    err = capsys.readouterr().err
    assert err == f"tarocchino arena: error: the journal {clip_path(path)} {said}\n"
    assert path.read_bytes() == before


def test_the_options_given_to_the_bots_belong_to_the_run(tmp_path: Path, capsys) -> None:
    path = tmp_path / "j.jsonl"
    run = [*RUN[:2], "medium:samples=1", "--deals", "1", *RUN[5:], "--journal", str(path)]
    assert main([*run, "--iterations", "1"]) == 0
    assert main([*run, "--iterations", "2"]) == 2
    err = capsys.readouterr().err
    assert 'B is "medium:samples=1,iterations=1" there, "medium:samples=1,iterations=2" here' in err


def test_a_damaged_journal_is_refused_in_one_line(tmp_path: Path, capsys) -> None:
    path = tmp_path / "j.jsonl"
    assert _run(path) == 0
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join([*lines[:2], b"{\n", *lines[3:]]))
    capsys.readouterr()
    assert _run(path) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        f"tarocchino arena: error: the journal {clip_path(path)} is damaged: line 3: "
    )
    assert err.count("\n") == 1
    path.write_bytes(b"name,score\n")
    assert _run(path) == 2
    said = capsys.readouterr().err
    assert said == f"tarocchino arena: error: {clip_path(path)} is not a journal of the arena\n"


def test_a_journal_that_cannot_be_written_fails(tmp_path: Path, capsys) -> None:
    path = tmp_path / "runs" / "j.jsonl"  # its folder is not there
    assert _run(path) == 1
    err = capsys.readouterr().err
    assert err.startswith("tarocchino arena: error: cannot write the journal: ")
    assert not path.parent.exists()


def test_a_run_stopped_says_how_to_go_on(tmp_path: Path, capsys, monkeypatch) -> None:
    def stopped(*args: object, **kwargs: object) -> dict:
        raise KeyboardInterrupt

    monkeypatch.setattr(arena, "run_arena", stopped)
    assert _run(tmp_path / "j.jsonl") == 130
    err = capsys.readouterr().err
    assert "interrupted; the same command goes on from the deals in" in err
