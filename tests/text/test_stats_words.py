"""The statistics' problems in words: in English as they always read, in Italian from the
catalogue, where `tarocchino export` and the review of a recorded match show them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.main import main
from store.stats import NOT_RECORDED, NOTHING_RECORDED
from text import language
from text.statistics import stats_problem


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
