"""simulate and replay count as the table does: matches, hands and seats from 1, the sides A and
B (they said "match 0 hand  0  dealer 1 ... side 1 wins the match", "seats 0-3" and wrote
match-0.json); their JSON keeps the record's numbers, counted from 0, and says so in the help."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli.main import main
from tests.support.paths import BOTS, ROOT

MISBEHAVING = BOTS / "misbehaving.py"


def _help(command: str, monkeypatch, capsys) -> str:
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main([command, "--help"])
    return " ".join(capsys.readouterr().out.split())


def test_the_help_counts_from_1(monkeypatch, capsys) -> None:
    text = _help("simulate", monkeypatch, capsys)
    assert "seats 1 to 4" in text and "0-3" not in text
    assert "(match-1.json, match-2.json, ...)" in text
    assert "side A (seats 1 and 3) and side B (seats 2 and 4)" in text
    assert '"match": 0 and "hand": 0 are match 1, hand 1' in text
    text = _help("replay", monkeypatch, capsys)
    assert "(counted from 1)" in text and "any other record as match 1" in text


def test_the_lines_and_the_json_of_one_run(tmp_path: Path, capsys) -> None:
    argv = [
        "simulate",
        "--seed",
        "7",
        "--matches",
        "2",
        "--target",
        "300",
        "--record",
        str(tmp_path),
    ]
    assert main(argv) == 0
    text = capsys.readouterr().out.splitlines()
    assert main([*argv, "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(text) == len(lines) == 3
    for shown, line in zip(text, lines, strict=True):
        head = (
            f"match {line['match'] + 1} hand {line['hand'] + 1:>2}  dealer seat "
            f"{line['dealer'] + 1}  "
        )
        assert shown.startswith(head), (shown, head)
        if line["winner"] is not None:
            assert shown.endswith(f"  side {'AB'[line['winner']]} wins")
    assert [line["match"] for line in lines] == [0, 0, 1] and lines[1]["hand"] == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["match-1.json", "match-2.json"]


def test_a_bot_s_fault_names_the_match_hand_and_seat_from_1(capsys) -> None:
    players = f"easy,{MISBEHAVING}:Raiser:trick=0,easy,easy"
    assert main(["simulate", "--seed", "1", "--target", "100", "--players", players]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err and err[0].startswith("tarocchino simulate: match 1 hand 1 seat 2: "), err


def test_the_documentation_shows_what_simulate_prints(capsys) -> None:
    """The lines and the JSON objects docs/cli.md gives as examples are the command's own."""
    page = (ROOT / "docs" / "cli.md").read_text()
    part = page[page.index("## Simulations, records and replays") :]
    part = part[: part.index("\n## ")]
    shown = [line for line in part.splitlines() if line.startswith("match 1 hand ")]
    assert main(["simulate", "--seed", "7"]) == 0
    assert capsys.readouterr().out.splitlines() == shown and len(shown) == 4
    assert main(["simulate", "--seed", "7", "--json"]) == 0
    first, *_, last = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    text = " ".join(part.split())
    assert f'{{"match": 0, "hand": 0, "dealer": {first["dealer"]}, …, "winner": null}}' in text
    (a, b), winner = last["score"], last["winner"]
    assert (
        f'{{"match": 0, "hand": 3, "dealer": {last["dealer"]}, …, "score": [{a}, {b}], '
        f'"winner": {winner}}}'
    ) in text
