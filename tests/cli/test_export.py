"""`tarocchino export`: the game record as JSON and the printable scoresheet."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.cells import cell_len

from ai.driver import play_match, seat_rngs
from ai.random_bot import RandomBot
from cli import review as review_command
from cli.main import main
from game import record
from game.cards import format_cards
from game.history import match_rows, stand_in_cards
from game.match import Match
from game.record import AWAY, StandIn
from game.rules import Rules
from store.save import SaveStore
from store.stats import FinishedMatch, record_finished_match
from table.session import Session, parse_seats
from tests.support.local_time import zone
from tests.support.matches import (
    RECORDED_SEATS,
    WHEN,
    called_out_match,
    finished,
    played,
    played_match,
)
from text.hand_review import ReviewSource
from text.scoresheet import scoresheet


def test_scoresheet_lists_every_hand_with_its_cards(tmp_path: Path, capsys) -> None:
    match = next(
        m
        for seed in range(7, 40)
        if len((m := played(seed, 700)).results) >= 2 and m.results[-1].called_out is None
    )
    path = tmp_path / "match.json"
    record.save(match, path)
    assert main(["export", str(path), "--names", "Anna,Bruno,Carla,Dario"]) == 0
    text = capsys.readouterr().out
    rows = match_rows(match)
    assert len(rows) >= 2 and rows[0].called_out is None
    assert text.startswith("Tarocchino · Ottocento · scoresheet\n")
    assert f"target 700 · seed {match.seed}" in text
    assert "Sides: Anna & Carla against Bruno & Dario" in text
    names = ("Anna", "Bruno", "Carla", "Dario")
    for row in rows:
        assert f"Hand {row.number} · dealer {names[row.dealer]}\n" in text
        scores = f"Anna & Carla {row.sides[0].score} · Bruno & Dario {row.sides[1].score}"
        assert f"Match score after hand {row.number}: {scores}" in text
        for side in row.sides:
            b = side.captured
            combos = () if b is None else (*b.cricche, *b.sequences)
            for combo in combos:
                assert f"  {combo.family:<11} {format_cards(combo.cards)}" in text
            for d in side.declared:
                assert f"  {names[d.seat]:<11} " in text
    winners = ("Anna & Carla", "Bruno & Dario")[match.winner]
    assert f"{winners} win the match, {max(match.scores)} to {min(match.scores)}" in text
    summary = text[text.index("Summary") :].splitlines()
    assert len(summary) == 2 + len(rows) + 1


def test_a_called_out_match_says_so(tmp_path: Path, capsys) -> None:
    match = called_out_match()
    path = tmp_path / "match.json"
    record.save(match, path)
    assert main(["export", str(path)]) == 0
    text = capsys.readouterr().out
    side = ("Seat 1 & Seat 3", "Seat 2 & Seat 4")[match.winner]  # seats numbered as in the game
    assert f"{side} call out with their declarations" in text
    assert f"{side} win the match by calling out" in text


def test_json_export_is_the_record(tmp_path: Path, capsys) -> None:
    match = played(8)
    path = tmp_path / "match.json"
    record.save(match, path)
    out = tmp_path / "out" / "copy.json"
    assert main(["export", str(path), "--format", "json", "--output", str(out)]) == 0
    assert record.load(out).actions == match.actions
    assert json.loads(out.read_text()) == record.to_json(match)


def test_export_from_the_statistics(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    assert main(["export", "--match", "last"]) == 2
    assert "no match has been recorded yet" in capsys.readouterr().err
    first, second = played(1), played(2)
    record_finished_match(tmp_path, finished(first))
    record_finished_match(tmp_path, finished(second, minutes=5))
    with zone("UTC"):  # the local time; no zone named
        assert main(["export", "--match", "last"]) == 0
    text = capsys.readouterr().out
    assert "ended 2024-05-01 18:05 ·" in text and "UTC" not in text
    assert "Anna (human), Bruno (medium), Carla (hard), Dario (medium)" in text
    assert main(["export", "--match", "1", "--format", "json"]) == 0
    assert record.loads(capsys.readouterr().out).actions == first.actions
    assert main(["export", "--match", "9"]) == 2
    assert "no match number 9" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "give one of a record FILE, --match N|last or --saved"),
        (["x.json", "--match", "last"], "give one of"),
        (["--saved"], "the saved match cannot be read: there is no saved match"),
        (["--match", "first"], "a match number or 'last'"),
        (["missing.json"], "cannot read record"),
        (["match.json", "--names", "A,B"], "four names"),
        (["match.json", "--names", "A,A,B,C"], "different"),
        (["match.json", "--output", "match.json"], "would overwrite"),
    ],
)
def test_bad_requests_exit_2_and_change_nothing(
    tmp_path: Path, monkeypatch, capsys, argv, message
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path / "data"))
    record.save(played(3), tmp_path / "match.json")
    before = (tmp_path / "match.json").read_text()
    assert main(["export", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tarocchino export: error:") and message in err
    assert (tmp_path / "match.json").read_text() == before


def test_export_the_saved_match_in_progress(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    seats = parse_seats(["human", "easy", "easy", "easy"], ["Anna", "Bruno", "Carla", "Dario"])
    match = Match(21, Rules(target=5000))
    play_match(match, [RandomBot() for _ in range(4)], seat_rngs(21), max_hands=1)
    session = Session.replay(seats, Match(21, Rules(target=5000)), list(match.actions))
    SaveStore(tmp_path).write(session)
    assert main(["export", "--saved"]) == 0
    text = capsys.readouterr().out
    assert "Anna (human), Bruno (easy), Carla (easy), Dario (easy)" in text
    assert "Hand 1 · dealer" in text and "Hand 2 ·" not in text
    assert "The match is not over: Anna & Carla" in text
    assert main(["export", "--saved", "--format", "json"]) == 0
    assert record.loads(capsys.readouterr().out).actions == match.actions


def test_the_stand_ins_decisions_go_with_the_record(tmp_path: Path, monkeypatch, capsys) -> None:
    """A hosted match's record keeps the stand-ins' decisions: its JSON export carries them
    (from the statistics or a file), the review of the file marks them, replay ignores them."""
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    match = played(8)
    marks = {0: {0: StandIn("medium", AWAY), 20: StandIn("medium")}}  # (one without why)
    done = FinishedMatch.of(match, RECORDED_SEATS, ended_at=WHEN, source="network", stand_ins=marks)
    assert record_finished_match(tmp_path, done) is None
    out = tmp_path / "hosted.json"
    assert main(["export", "--match", "last", "--format", "json", "--output", str(out)]) == 0
    assert json.loads(out.read_text()) == record.to_json(match, marks)
    copy = tmp_path / "copy.json"
    assert main(["export", str(out), "--format", "json", "--output", str(copy)]) == 0
    assert record.load_recorded(copy).stand_ins == marks
    capsys.readouterr()
    assert main(["replay", str(copy), "--json"]) == 0  # who chose changes no hand
    replayed = capsys.readouterr().out
    record.save(match, out)
    assert main(["replay", str(out), "--json"]) == 0 and capsys.readouterr().out == replayed
    seen: list[ReviewSource] = []
    monkeypatch.setattr(review_command, "_review", lambda source, args: seen.append(source) or 0)
    assert main(["review", str(copy)]) == 0
    assert seen[0].stand_ins(0) == stand_in_cards(seen[0].hands[0], marks[0])
    assert seen[0].stand_ins(0).keys() >= {-1}  # the discard: the hand's first action


def test_the_scoresheet_aligns_wide_names_by_the_columns_they_take(tmp_path: Path, capsys) -> None:
    """A Chinese name takes two columns a character: the summary's columns and the
    declarations' points stay aligned under each other."""
    match = next(
        m
        for seed in range(7, 40)
        if len((m := played(seed, 700)).results) >= 2 and m.results[-1].called_out is None
    )
    path = tmp_path / "match.json"
    record.save(match, path)
    assert main(["export", str(path), "--names", "张伟,李娜王芳,Carla,Dario"]) == 0
    text = capsys.readouterr().out
    summary = text[text.index("Summary") :].splitlines()[1:]
    table = [line for line in summary if line.lstrip()[:1].isdigit() or line.startswith("Hand")]
    ends = {cell_len(line[: line.rindex("  ")]) for line in table}  # where the totals end
    assert len(table) >= 3 and len(ends) == 1, table
    declared = [line for line in text.splitlines() if line.startswith(("  张伟 ", "  李娜王芳 "))]
    assert declared and len({cell_len(line) for line in declared}) == 1, declared


# --------------------------------------------------------------------------------------- scoresheet
# The printable scoresheet (text/scoresheet.py) of a record file, which has no names.


def test_a_record_files_seats_are_numbered_as_in_the_review() -> None:
    """A record file has no names: its scoresheet numbers the seats 1 to 4, as the review of the
    same file and the start screen do (sides: seats 1 and 3, seats 2 and 4)."""
    match = played_match(3, 300)
    text = scoresheet(match)
    assert "Seats in turn order: Seat 1, Seat 2, Seat 3, Seat 4" in text
    assert "Sides: Seat 1 & Seat 3 against Seat 2 & Seat 4" in text
    assert ReviewSource.of(match).names == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
