"""The folders the game creates for its data are its owner's alone (0700), like its files (0600):
the data directory when play, join or the statistics make it, and a folder a save is written into
(seats/ for a joined table's token). A data directory that exists already keeps its permissions."""

from __future__ import annotations

import stat
from pathlib import Path

from game.files import write_atomic
from tui.lock import DataLock
from tui.statsdb import open_database


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_data_directory_is_its_owner_s_alone(tmp_path: Path) -> None:
    lock = DataLock(tmp_path / "new" / "data")
    lock.acquire()
    try:
        assert _mode(tmp_path / "new" / "data") == 0o700
    finally:
        lock.release()


def test_the_statistics_make_it_so_too(tmp_path: Path) -> None:
    opened = open_database(tmp_path / "data")
    opened.connection.close()
    assert _mode(tmp_path / "data") == 0o700


def test_a_folder_a_save_is_written_into_is_its_owner_s(tmp_path: Path) -> None:
    write_atomic(tmp_path / "seats" / "token.json", "{}")
    assert _mode(tmp_path / "seats") == 0o700
    assert _mode(tmp_path / "seats" / "token.json") & 0o077 == 0


def test_a_data_directory_that_exists_keeps_its_permissions(tmp_path: Path) -> None:
    mine = tmp_path / "shared"
    mine.mkdir(mode=0o755)
    mine.chmod(0o755)
    lock = DataLock(mine)
    lock.acquire()
    try:
        assert _mode(mine) == 0o755
    finally:
        lock.release()
