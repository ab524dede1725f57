"""`score`, `replay`, `export`, `stats` and `review` on bad input as a user meets it: an empty
standard input or file, a match number no database holds, a record of a match never started, a
database of a newer version. Each is one clear line (``tarocchino CMD: error: ...``), status 2,
nothing printed on standard output and nothing written."""

from __future__ import annotations

import io
import json
import sqlite3
import sys
from pathlib import Path

import pytest

from cli import review as review_command
from cli.main import main
from game import record
from game.match import Match
from game.rules import Rules
from store.stats import FinishedMatch, record_finished_match
from store.statsdb import path_of
from text.scoresheet import scoresheet


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "data"
    directory.mkdir()
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(directory))
    return directory


def _refused(capsys: pytest.CaptureFixture[str], argv: list[str], command: str) -> str:
    """The one error line of a refusal (status 2, nothing on standard output)."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err and err.count("\n") == 1, (out, err)
    assert err.startswith(f"tarocchino {command}: error: "), err
    return err


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


@pytest.mark.parametrize("given", [b"", b"\n  \n\n"])
@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_score_refuses_a_standard_input_with_no_pile(
    capsys, monkeypatch, given: bytes, as_json: list[str]
) -> None:
    _stdin(monkeypatch, given)
    assert "no piles on standard input" in _refused(capsys, ["score", *as_json, "-"], "score")


def test_score_hand_of_another_size_than_15_says_so(capsys) -> None:
    assert main(["score", "--hand", "--json", "KS", "QS", "NS"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["declare_all_points"] == 10  # read as given
    assert err.count("\n") == 1 and "holds 15 cards" in err and "these 3" in err
    hand = "ANG MON MAT KC QC NC AS AB MO1 MO2 T16 T15 6D 7D 8D".split()
    assert main(["score", "--hand", *hand]) == 0
    assert capsys.readouterr().err == ""


def test_an_empty_record_and_one_without_a_format_say_so(capsys, tmp_path: Path) -> None:
    empty, other = tmp_path / "empty.json", tmp_path / "other.json"
    empty.write_text("")
    other.write_text("{}")
    for command in ("replay", "export", "review"):
        assert "not valid JSON (it is empty)" in _refused(capsys, [command, str(empty)], command)
        err = _refused(capsys, [command, str(other)], command)
        assert "not a game record" in err and "None" not in err


def _unstarted(path: Path) -> None:
    record.save(Match(4, Rules(target=800)), path)


def test_export_refuses_a_match_never_started_and_writes_nothing(capsys, tmp_path: Path) -> None:
    path, output = tmp_path / "match.json", tmp_path / "out.txt"
    _unstarted(path)
    for form in ("text", "json"):
        err = _refused(
            capsys, ["export", str(path), "--format", form, "--output", str(output)], "export"
        )
        assert "never started" in err
        assert not output.exists()


def _one_match_recorded(monkeypatch: pytest.MonkeyPatch, data: Path) -> None:
    """One finished match in the statistics; a review that would open fails the test."""

    def opened(*_: object) -> int:
        raise AssertionError("the review was opened")

    monkeypatch.setattr(review_command, "_review", opened)
    match = Match(1, Rules(target=100))
    while match.winner is None:
        match.apply(match.legal_actions()[0])
    seats = [(name, "easy") for name in ("Anna", "Bruno", "Carla", "Dario")]
    assert record_finished_match(data, FinishedMatch.of(match, seats)) is None


@pytest.mark.parametrize("which", ["99999999999999999999999", "9223372036854775808", "²", "١"])
@pytest.mark.parametrize("command", ["export", "review"])
def test_a_match_number_no_database_holds(
    capsys, monkeypatch, data: Path, which: str, command: str
) -> None:
    _one_match_recorded(monkeypatch, data)
    err = _refused(capsys, [command, "--match", which], command)
    assert "no match number" in err or "takes a match number" in err


def test_stats_of_a_newer_database_is_an_error_not_an_empty_table(capsys, data: Path) -> None:
    connection = sqlite3.connect(path_of(data))
    connection.executescript(
        "CREATE TABLE schema_version (version INTEGER);INSERT INTO schema_version VALUES (99);"
    )
    connection.commit()
    connection.close()
    before = path_of(data).read_bytes()
    for argv in (["stats"], ["stats", "--json"]):
        err = _refused(capsys, argv, "stats")
        assert "newer version" in err and "No finished match" not in err
    assert path_of(data).read_bytes() == before and sorted(p.name for p in data.iterdir()) == [
        "stats.sqlite3"
    ]


def test_review_says_how_many_hands_there_are(capsys, tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    assert main(["simulate", "--seed", "1", "--target", "100", "--record", str(tmp_path)]) == 0
    (tmp_path / "match-1.json").rename(path)
    capsys.readouterr()
    hands = len(record.load(path).results)
    err = _refused(capsys, ["review", str(path), "--hand", str(hands + 1)], "review")
    allowed = "1" if hands == 1 else f"from 1 to {hands}"
    assert f"--hand must be {allowed}: the match has {hands} finished hand" in err


def test_the_scoresheet_of_a_match_with_no_finished_hand() -> None:
    sheet = scoresheet(Match(4, Rules(target=800)))
    assert "No hand is finished yet." in sheet and "Hand  Dealer" not in sheet


def test_review_of_a_match_number_not_recorded_says_it_once(
    capsys, monkeypatch, data: Path
) -> None:
    _one_match_recorded(monkeypatch, data)
    err = _refused(capsys, ["review", "--match", "99"], "review")
    assert err.strip() == "tarocchino review: error: no match number 99 in the statistics"
