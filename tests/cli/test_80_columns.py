"""What the commands print fits an 80-column terminal: the help of every command (its
paragraphs filled to the width, its examples whole), the list of bots, the statistics (with
16-letter names too), simulate's and replay's lines, the arena's figures; and the help of
--seats names the levels once each."""

from __future__ import annotations

import argparse
import re

import pytest
from rich.cells import cell_len

from cli import arena, simulate
from cli.main import COMMANDS, build_parser, main
from store.stats import record_finished_match
from table.session import BOT_LEVELS
from tests.support.matches import called_out_match, finished, played

PAGE = 80
LONG = (
    ("Bartolomeo Rossi", "human"),
    ("Massimilianoroma", "hard"),
    ("Carla Bianchi Ro", "hard"),
    ("Domenico Ferrari", "medium"),
)


def _wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if cell_len(line) > PAGE]


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_every_help_fits_80_columns(command, monkeypatch, capsys) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main([command, "--help"] if command else ["--help"])
    out = capsys.readouterr().out
    assert not _wide(out), _wide(out)
    # every example is whole on its line: its comment may go under it, never its options
    epilog = _subparsers()[command].epilog if command else None
    for example in re.findall(r"^  (tarocchino .*?)(?:\s{2,}.*)?$", epilog or "", re.M):
        assert any(
            line.strip() == example or line.strip().startswith(example + "  ")
            for line in out.splitlines()
        ), (example, out)


def test_a_help_paragraph_is_filled_to_the_width(monkeypatch, capsys) -> None:
    """The description of play was one line of 125 columns; the text under the examples of
    export ran to 99."""
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out.splitlines()
    at = out.index("Play Ottocento in the terminal. Without --seats (or --resume) the start screen")
    assert out[at + 1] == "opens: set up a new match or resume the saved one."


def test_a_term_s_words_go_on_under_themselves(monkeypatch, capsys) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["calibrate", "--help"])
    out = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(out) if line.startswith("  search    "))
    assert out[at + 1].startswith(" " * 12) and out[at + 1].strip().startswith("declarations")
    assert out[at + 2].startswith("  forecast  ")


def test_the_seats_help_names_each_level_once(monkeypatch, capsys) -> None:
    """It listed "hard, hard:budget_s=0.5, hard:budget_s=0.25 (with options:
    hard:budget_s=0.25)"."""
    text = " ".join(_subparsers()["play"]._option_string_actions["--seats"].help.split())
    assert f"a level ({', '.join(BOT_LEVELS)})" in text
    assert text.count("budget_s") == 1


def test_the_list_of_bots_fits_80_columns(capsys) -> None:
    assert main(["bots"]) == 0
    out = capsys.readouterr().out
    assert not _wide(out), _wide(out)
    lines = out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("hard "))
    options = next(i for i in range(at, len(lines)) if "options: " in lines[i])
    column = lines[options].index("options: ") + len("options: ")
    assert lines[options + 1][:column].isspace() and lines[options + 1][column] != " "


@pytest.mark.parametrize("seats", [None, LONG], ids=["short names", "16-letter names"])
def test_the_statistics_fit_80_columns(tmp_path, monkeypatch, capsys, seats) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    for minutes, match in enumerate((played(0), called_out_match(), played(3))):
        record_finished_match(
            tmp_path, finished(match, *([seats] if seats else []), minutes=minutes)
        )
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    others = "\n".join(line for line in lines if "stats.sqlite3" not in line)
    assert not _wide(others), _wide(out)  # (the database's path is not broken)
    name = "Anna" if seats is None else "Bartolomeo Rossi"
    row = next(i for i, line in enumerate(lines) if line.startswith(name + " "))
    assert lines[row + 1].startswith("  best hand ") and " declaration" in lines[row + 1]
    table = lines[lines.index("Latest matches:") + 1 :]
    assert table[0].split()[-1] == "Winner"
    assert {line.split()[-1] for line in table[1:-1]} <= {"A", "B", "A*", "B*"}
    assert table[-1] == "* won by calling out"


def test_the_last_line_of_a_match_fits_80_columns(capsys) -> None:
    line = {
        "match": 12,
        "hand": 14,
        "dealer": 3,
        "called_out": True,
        "sides": [{"total": 0}, {"total": 0}],
        "score": [1215, 190],
        "winner": 1,
    }
    simulate.emit(line, as_json=False)
    out = capsys.readouterr().out.rstrip("\n")
    assert out.endswith("score 1215 – 190  side B wins") and cell_len(out) <= PAGE
    assert out.startswith("match 13 hand 15  dealer seat 4  called out")


def test_the_arena_s_figures_fit_80_columns() -> None:
    summary = {
        "a": "hard:budget_s=0.25",
        "b": "medium:samples=20",
        "deals": 300,
        "seed": 1,
        "mean_diff": -123.4,
        "stderr": 45.6,
        "ci95": (-212.8, -34.0),
        "decision_ms": {},
    }
    text = arena.render(summary)
    assert not _wide(text), _wide(text)
    assert "  mean margin of hard:budget_s=0.25: -123.4 points a deal" in text
