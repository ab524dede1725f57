"""The command line speaks English or Italian: ``--lang`` (before or after the command, and
remembered in the settings), else the settings' choice, else the environment's; argparse's own
words come out in the language too, and a bad ``--lang`` is refused, changing nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len

from cli import lang
from cli.main import COMMANDS, main
from store.settings import SETTINGS_FILE
from text import language

TIMEOUT = 60  # seconds a subprocess may take at most
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def _own_data_and_english(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """A data directory of the test's own, an environment that asks for no language, and
    English again afterwards (the tests share processes)."""
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "80")
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    yield
    language.use("en")


def _said(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """The exit status, standard output and standard error of ``tarocchino ARGV``."""
    try:
        status = main(argv)
    except SystemExit as exit_:  # --help and argparse's refusals exit at once
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def _settings(directory: Path) -> dict:
    return json.loads((directory / SETTINGS_FILE).read_text())


def test_the_help_in_italian_with_argparse_s_own_words(capsys) -> None:
    status, out, _ = _said(["--lang", "it", "--help"], capsys)
    assert status == 0
    assert out.startswith("uso: tarocchino [-h] [--lang en|it] COMANDO ...")
    for words in ("comandi:", "opzioni:", "mostra questo aiuto ed esce", "il gioco dei tarocchi"):
        assert words in out
    assert "usage:" not in out and "show this help" not in out


@pytest.mark.parametrize("command", ["", *COMMANDS, "replay"])
def test_every_help_in_italian_fits_80_columns(command, capsys) -> None:
    argv = [command, "--help", "--lang", "it"] if command else ["--help", "--lang", "it"]
    status, out, _ = _said(argv, capsys)
    assert status == 0 and out.startswith(f"uso: tarocchino {command}".rstrip())
    assert [line for line in out.splitlines() if cell_len(line) > 80] == []
    assert "show this help message" not in out and "examples:" not in out


def test_a_command_s_help_in_italian_with_lang_after_the_command(capsys) -> None:
    status, out, _ = _said(["play", "--help", "--lang=it"], capsys)
    assert status == 0
    assert out.startswith("uso: tarocchino play")
    assert "riprendi la partita salvata" in out and "esempi:" in out
    assert "--bot-delay SECONDI" in out


def test_error_lines_in_italian(capsys) -> None:
    status, out, err = _said(["--lang", "it", "stats", "--recent", "500"], capsys)
    assert (status, out) == (2, "")
    assert err == "tarocchino stats: errore: --recent deve essere da 0 a 100\n"
    status, _, err = _said(["--lang", "it", "score", "KS", "--bogus"], capsys)
    assert status == 2
    assert err == (
        "tarocchino score: errore: argomenti non riconosciuti: --bogus "
        "(vedi tarocchino score --help)\n"
    )
    status, _, err = _said(["--lang", "it", "simulate", "--seed", "x"], capsys)
    assert status == 2 and "argomento --seed: valore int non valido: 'x'" in err


def test_the_words_a_command_prints_in_italian(capsys) -> None:
    status, out, _ = _said(["--lang", "it", "score", "KS", "QS", "NS"], capsys)
    assert status == 0
    assert out.startswith("Mucchio (3 carte): KS QS NS")
    assert "Punti carte" in out and "Totale" in out


def test_lang_it_in_the_environment_speaks_italian(monkeypatch, capsys) -> None:
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    status, out, _ = _said(["--help"], capsys)
    assert status == 0 and out.startswith("uso: tarocchino")


def test_a_language_we_do_not_speak_in_the_environment_gives_english(monkeypatch, capsys) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    status, out, _ = _said(["--help"], capsys)
    assert status == 0 and out.startswith("usage: tarocchino")


def test_lang_is_remembered_in_the_settings(tmp_path, capsys) -> None:
    assert _said(["--lang", "it", "score", "KS"], capsys)[0] == 0
    assert _settings(tmp_path)["language"] == "it"
    status, out, _ = _said(["score", "KS", "QS"], capsys)  # no --lang: the settings' choice
    assert status == 0 and out.startswith("Mucchio (2 carte)")
    assert _said(["score", "KS", "--lang", "en"], capsys)[0] == 0
    assert _settings(tmp_path)["language"] == "en"
    status, out, _ = _said(["score", "KS", "QS"], capsys)
    assert out.startswith("Pile (2 cards)")


def test_the_settings_choice_comes_before_the_environment_s(tmp_path, monkeypatch, capsys) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"language": "en"}))
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert _said(["--help"], capsys)[1].startswith("usage: tarocchino")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--lang", "xx", "--help"], "--lang takes en (English) or it (Italian), not 'xx'"),
        (["score", "KS", "--lang=de"], "--lang takes en (English) or it (Italian), not 'de'"),
        (["score", "KS", "--lang"], "--lang needs a language: en or it"),
    ],
)
def test_a_bad_lang_is_refused_and_changes_nothing(argv, said, tmp_path, capsys) -> None:
    status, out, err = _said(argv, capsys)
    assert (status, out) == (2, "")
    assert err == f"tarocchino: error: {said} (see tarocchino --help)\n"
    assert not (tmp_path / SETTINGS_FILE).exists()


def test_a_bad_lang_is_refused_in_the_language_spoken(tmp_path, capsys) -> None:
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"language": "it"}))
    status, _, err = _said(["--lang", "fr"], capsys)
    assert status == 2
    assert err.startswith("tarocchino: errore: --lang vuole en (inglese) o it (italiano)")
    assert _settings(tmp_path) == {"language": "it"}


def test_unreadable_settings_are_left_as_they_are(tmp_path, capsys) -> None:
    (tmp_path / SETTINGS_FILE).write_text("{not json")
    status, out, err = _said(["--lang", "it", "score", "KS"], capsys)
    assert status == 0 and out.startswith("Mucchio (1 carta)")
    assert "--lang non viene ricordato" in err
    assert (tmp_path / SETTINGS_FILE).read_text() == "{not json"


def test_what_follows_a_double_dash_is_no_lang() -> None:
    assert lang.take_option(["score", "--", "--lang", "xx"]) == (
        None,
        ["score", "--", "--lang", "xx"],
    )


def test_the_language_is_passed_on_to_the_processes_started(monkeypatch) -> None:
    """`tarocchino web` starts a game per browser tab: it speaks the host's language where its
    own settings choose none."""
    language.use("it")
    with lang.passed_on():
        assert os.environ["LANGUAGE"] == "it"
        assert language.from_environment() == "it"
    assert "LANGUAGE" not in os.environ


def test_a_process_started_with_lang_it_in_its_environment(tmp_path) -> None:
    environment = {
        **{k: v for k, v in os.environ.items() if k not in LOCALE_VARIABLES},
        "TAROCCHINO_DATA_DIR": str(tmp_path),
        "LANG": "it_IT.UTF-8",
    }
    done = subprocess.run(
        [sys.executable, "-m", "cli.main", "export"],
        env=environment,
        text=True,
        capture_output=True,
        timeout=TIMEOUT,
    )
    assert done.returncode == 2
    assert done.stderr == (
        "tarocchino export: errore: dai un FILE di registro, --match N|last oppure --saved\n"
    )
