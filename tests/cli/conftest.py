"""Shared by the command line's tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _english_and_a_data_directory_of_its_own(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The command speaks the language the settings or the environment choose (cli.lang): each
    test runs in English, with settings of its own (never the player's), unless it says
    otherwise."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    data: Path = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(data))
