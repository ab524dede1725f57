"""`replay`, `review`, `export` and `simulate --record` given bad files and paths: one error line
in the style of every command's (``tarocchino CMD: error: ...``) and exit status 2 (1 only for a
failure along the way), never a traceback, never a hang, nothing played in vain."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cli.main import main
from game import record
from game.files import clip_path
from game.match import Match
from game.rules import Rules


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> dict:
    path = tmp_path_factory.mktemp("good")
    assert main(["simulate", "--seed", "3", "--target", "300", "--record", str(path)]) == 0
    return json.loads((path / "match-1.json").read_text())


def _resigned(data: dict, **changes: object) -> str:
    body = {k: v for k, v in {**data, **changes}.items() if k != "sha256"}
    return json.dumps({**body, "sha256": record._checksum(body)})


def _one_error(capsys: pytest.CaptureFixture[str], command: str = "replay") -> str:
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"tarocchino {command}: error: ")
    return err


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p, g: p.write_text("[" * 5000 + "]" * 5000), "nested deeper"),
        (
            lambda p, g: p.write_text(json.dumps(g).replace('"seed": 3', '"seed": ' + "7" * 5000)),
            "number in it is too long",
        ),
        (lambda p, g: p.write_text(_resigned(g, first_dealer=1.0)), "bad first dealer 1.0"),
        (lambda p, g: p.write_text(_resigned(g, version=True)), "unsupported record version"),
        (lambda p, g: p.write_text(_resigned(g, actions=[])), "no actions"),
        (lambda p, g: p.write_text(_resigned(g, actions=["play ,"])), "action 1"),
        (lambda p, g: p.write_text(_resigned(g, rules={"target": "800"})), "target"),
        (lambda p, g: p.symlink_to("/dev/zero"), "not a regular file"),
        (lambda p, g: os.mkfifo(p), "not a regular file"),
        (lambda p, g: p.mkdir(), "not a regular file"),
        (lambda p, g: p.write_bytes(b"\xff" + json.dumps(g).encode()), "not UTF-8"),
        (lambda p, g: p.write_bytes(b" " * (17 << 20)), "too big"),
        (lambda p, g: None, "no such file"),
    ],
)
def test_replay_of_bad_data(tmp_path: Path, good: dict, make, message: str, capsys) -> None:
    path = tmp_path / "r.json"
    make(path, good)
    assert main(["replay", str(path)]) == 2
    assert message in _one_error(capsys)


@pytest.mark.parametrize("command", ["replay", "review", "export"])
@pytest.mark.parametrize(
    ("name", "message"), [("none.json", "no such file"), ("bad.json", "not a game record")]
)
def test_a_record_that_cannot_be_read_is_one_line_and_status_2(
    tmp_path: Path, command: str, name: str, message: str, capsys, monkeypatch
) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    (tmp_path / "bad.json").write_text('{"format": "something else"}')
    path = tmp_path / name
    assert main([command, str(path)]) == 2
    err = _one_error(capsys, command)
    assert f"cannot read record {clip_path(path)}: {message}" in err  # (a long path: its end)


def test_replay_of_an_unfinished_match_says_where_it_stops(tmp_path: Path, capsys) -> None:
    match = Match(1, Rules(target=800))  # (unseeded, 1 match in 150 ends with its first hand)
    while len(match.results) < 1 or len(match.actions) < 80:
        match.apply(sorted(match.legal_actions(), key=str)[0])
    record.save(match, tmp_path / "r.json")
    assert main(["replay", str(tmp_path / "r.json")]) == 0
    out, err = capsys.readouterr()
    assert out.count("\n") == 1 and "stops in hand 2" in err


def _simulate(path: Path | str) -> int:
    return main(["simulate", "--seed", "1", "--matches", "2", "--record", str(path)])


def test_record_paths_that_cannot_be_used(tmp_path: Path, capsys) -> None:
    (tmp_path / "file").write_text("x")
    (tmp_path / "taken" / "match-2.json").mkdir(parents=True)
    for path, message in [
        (tmp_path / "file", "file: that is a file, not a directory (the records go into"),
        (tmp_path / "file" / "sub", "Not a directory"),
        (tmp_path / ("n" * 300), "File name too long"),
        (tmp_path / "taken", "match-2.json is a directory"),
    ]:
        assert _simulate(path) == 2
        assert message in _one_error(capsys, "simulate")


def test_an_unwritable_record_directory(tmp_path: Path, monkeypatch, capsys) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("tempfile.mkstemp", refuse)
    assert _simulate(tmp_path) == 2
    assert "cannot write there (Permission denied)" in _one_error(capsys, "simulate")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes anywhere")
def test_a_read_only_record_directory(tmp_path: Path, capsys) -> None:
    tmp_path.chmod(0o555)
    try:
        assert _simulate(tmp_path / "x") == 2
        assert "Permission denied" in _one_error(capsys, "simulate")
    finally:
        tmp_path.chmod(0o755)


def test_a_record_that_cannot_be_written_after_playing(tmp_path: Path, monkeypatch, capsys) -> None:
    def disk_full(match: Match, path: Path, number: int | None = None) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(record, "save", disk_full)
    assert _simulate(tmp_path) == 1
    out, err = capsys.readouterr()
    assert out.count("\n") >= 1 and err.count("\n") == 1 and "No space left" in err
