"""`tarocchino --help` lists the player's commands first (playing, then looking back) and the
measuring tools, bots playing bots included, under a heading of their own, within 80 columns, in
each language; the grouping changes only the listing."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len

from cli.main import build_parser, main
from text import language

PLAYER = ("play", "learn", "join", "host", "web", "review", "stats", "export", "score", "bots")
TOOLS = ("simulate", "replay", "arena", "bench", "calibrate", "regret", "train")
HEADINGS = {  # (the player's commands, the measuring tools)
    "en": ("commands:", "measuring tools"),
    "it": ("comandi:", "strumenti di misura"),
}


@pytest.fixture(autouse=True)
def _own_data_and_english(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """A data directory of the test's own (--lang is remembered there), English afterwards."""
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    yield
    language.use("en")


def _help(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], language: str = "en"
) -> list[str]:
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["--lang", language, "--help"])
    return capsys.readouterr().out.splitlines()


def _listed(lines: list[str], heading: str) -> list[str]:
    """The commands named under a heading (a line beginning with it), up to the next blank."""
    at = next(i for i, line in enumerate(lines) if line.startswith(heading))
    names = []
    for line in lines[at + 1 :]:
        if not line.strip():
            break
        if line.startswith("  ") and not line.startswith("   "):
            names.append(line.split()[0])
    return names


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_player_s_commands_come_first_and_the_tools_apart(
    monkeypatch, capsys, language: str
) -> None:
    """The measuring tools were mixed among the player's commands (bench after simulate);
    `learn`, where it is installed, comes second."""
    lines = _help(monkeypatch, capsys, language)
    commands, tools = HEADINGS[language]
    assert _listed(lines, commands) == [name for name in PLAYER if name in _registered()]
    assert _listed(lines, tools) == list(TOOLS)
    assert lines.index(commands) < next(i for i, line in enumerate(lines) if line.startswith(tools))
    assert all(cell_len(line) <= 80 for line in lines), lines


def test_the_help_sends_a_newcomer_to_the_game_s_help(monkeypatch, capsys) -> None:
    said = " ".join(_help(monkeypatch, capsys)[-3:]).strip()
    assert said.startswith("New to Ottocento?") and "F1" in said
    said = " ".join(_help(monkeypatch, capsys, "it")[-3:])
    assert "Ottocento" in said and "F1" in said


def _registered() -> set[str]:
    (sub,) = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return set(sub.choices)


def test_a_tool_still_runs_and_is_offered_in_a_refusal(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "--help"])
    assert "usage: tarocchino bench" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["nope"])
    assert "'calibrate'" in capsys.readouterr().err
