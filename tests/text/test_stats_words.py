"""The statistics' problems in words: in English as they always read (the error's message), in
Italian from the catalogue, where `tarocchino export` and the review of a recorded match show
them."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest

from cli.main import main
from store import statsschema as why
from store.stats import (
    NOT_RECORDED,
    NOTHING_RECORDED,
    load_match,
    read_statistics,
    record_finished_match,
)
from store.statsdb import failure, path_of
from store.statsschema import CURRENT, Damaged, StatsError
from tests.support.matches import finished, played
from text import language
from text.statistics import read_words, recorded_words, stats_error_words, stats_problem


@pytest.fixture(autouse=True)
def _english_again(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """A data directory of the test's own; English again afterwards (the tests share
    processes)."""
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    yield
    language.use("en")


def test_the_statistics_codes_in_english() -> None:
    assert stats_problem(NOTHING_RECORDED) == "no match has been recorded yet"
    assert stats_problem(NOT_RECORDED) == "it is not in the statistics"
    assert stats_problem("other words") == "other words"
    assert stats_problem(None) is None


def test_export_with_nothing_recorded_says_it_in_italian(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--lang", "it", "export", "--match", "last"]) == 2
    err = capsys.readouterr().err
    assert "non è ancora stata registrata nessuna partita" in err
    assert "recorded" not in err


def _newer(directory: Path) -> None:
    """A statistics database written by a later version of the game."""
    connection = sqlite3.connect(path_of(directory))
    with closing(connection):
        connection.execute("CREATE TABLE schema_version (version)")
        connection.execute("INSERT INTO schema_version VALUES (?)", (CURRENT + 1,))
        connection.commit()


def test_a_database_problem_in_english_is_its_message(tmp_path: Path) -> None:
    _newer(tmp_path)
    _, error = load_match(tmp_path)
    assert isinstance(error, StatsError)
    assert stats_problem(error) == str(error)
    assert "written by a newer version" in str(error)
    for damage in (
        Damaged("it is a directory", why.DIRECTORY),
        Damaged("it is damaged (row 3)", why.DAMAGED_AS, detail="row 3"),
        failure(sqlite3.OperationalError("disk I/O error")),
    ):
        assert stats_error_words(damage) == str(damage)


def test_a_newer_database_in_italian(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _newer(tmp_path)
    assert main(["--lang", "it", "export", "--match", "last"]) == 2
    err = capsys.readouterr().err
    assert "scritto da una versione più recente di Tarocchino" in err
    assert "newer" not in err


def test_stats_of_a_newer_database_in_both_languages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _newer(tmp_path)
    _, message = read_statistics(tmp_path)
    assert isinstance(message, StatsError)
    assert read_words(message) == f"The statistics could not be read: {message}."
    assert main(["--lang", "it", "stats"]) == 2
    err = capsys.readouterr().err
    assert (
        "le statistiche non si possono leggere: l'archivio delle statistiche è stato scritto" in err
    )


def test_a_match_not_recorded_in_both_languages(tmp_path: Path) -> None:
    _newer(tmp_path)
    notice = record_finished_match(tmp_path, finished(played(1)))
    assert notice is not None
    assert recorded_words(notice) == str(notice)
    assert str(notice).startswith("This match was not recorded in the statistics: the statistics")
    language.use("it")
    assert recorded_words(notice).startswith(
        "Questa partita non è stata registrata nelle statistiche: l'archivio delle statistiche è "
        "stato scritto da una versione più recente"
    )


def test_a_stored_record_that_is_not_one_in_both_languages(tmp_path: Path) -> None:
    record_finished_match(tmp_path, finished(played(1)))
    connection = sqlite3.connect(path_of(tmp_path))
    with closing(connection):
        connection.execute("UPDATE matches SET record = '[1, 2]'")
        connection.commit()
    _, error = load_match(tmp_path)
    assert isinstance(error, StatsError)
    assert stats_problem(error) == str(error) == "the record of match 1 is not a record"
    language.use("it")
    assert stats_problem(error) == "la registrazione della partita 1 non è una registrazione"
