"""The folders the game creates for its data are its owner's alone (0700), like its files (0600):
the data directory when play, join or the statistics make it, and a folder a save is written into
(seats/ for a joined table's token). The lock's part: tests/test_table_directory.py."""

from __future__ import annotations

import stat
from pathlib import Path

from game.files import write_atomic
from tui.statsdb import open_database


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_statistics_make_it_so_too(tmp_path: Path) -> None:
    opened = open_database(tmp_path / "data")
    opened.connection.close()
    assert _mode(tmp_path / "data") == 0o700


def test_a_folder_a_save_is_written_into_is_its_owner_s(tmp_path: Path) -> None:
    write_atomic(tmp_path / "seats" / "token.json", "{}")
    assert _mode(tmp_path / "seats") == 0o700
    assert _mode(tmp_path / "seats" / "token.json") & 0o077 == 0
