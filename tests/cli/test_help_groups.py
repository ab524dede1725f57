"""`tarocchino --help` lists the player's commands first and the measuring tools under a
heading of their own, within 80 columns; the grouping changes only the listing."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from cli.main import main

PLAYER = ("play", "review", "host", "join", "web", "stats", "export", "score", "simulate", "bots")
TOOLS = ("arena", "bench", "calibrate", "regret", "train")


def _help(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> list[str]:
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit):
        main(["--help"])
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


def test_the_player_s_commands_come_first_and_the_tools_apart(monkeypatch, capsys) -> None:
    """The measuring tools were mixed among the player's commands (bench after simulate)."""
    lines = _help(monkeypatch, capsys)
    player = _listed(lines, "commands:")
    assert [name for name in player if name != "replay"] == list(PLAYER)
    assert _listed(lines, "measuring tools") == list(TOOLS)
    assert lines.index("commands:") < next(
        i for i, line in enumerate(lines) if line.startswith("measuring tools")
    )
    assert all(cell_len(line) <= 80 for line in lines), lines


def test_a_tool_still_runs_and_is_offered_in_a_refusal(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "--help"])
    assert "usage: tarocchino bench" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["nope"])
    assert "'calibrate'" in capsys.readouterr().err
