"""`tarocchino learn`: listed among the player's commands, its help in both languages, and the
game opened at the lesson."""

from __future__ import annotations

import pytest

from cli.main import COMMANDS, MEASURING, main
from tui.app import TarocchinoApp


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit):
        main(argv)
    return capsys.readouterr().out


def test_learn_is_a_player_s_command() -> None:
    assert "learn" in COMMANDS and "learn" not in MEASURING


def test_the_help_in_english_and_italian(capsys: pytest.CaptureFixture[str]) -> None:
    english = _help(["learn", "--help"], capsys)
    assert "guided" in _help(["--help"], capsys) and "teaching" in english
    italian = _help(["learn", "--help", "--lang", "it"], capsys)
    assert "insegnare" in italian
    _help(["--lang", "en", "--help"], capsys)  # (the language is remembered: back to English)


def test_it_opens_the_game_at_the_lesson(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[tuple[bool, bool]] = []

    def run(app: TarocchinoApp) -> None:
        opened.append((app._lesson, app.settings.ascii))

    monkeypatch.setattr(TarocchinoApp, "run", run)
    assert main(["learn", "--ascii"]) == 0
    assert opened == [(True, True)]
