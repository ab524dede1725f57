"""The folders the game creates for its data are its owner's alone (0700), like its files (0600):
the data directory when play, join or the statistics make it, and a folder a save is written into
(seats/ for a joined table's token). The lock's part: tests/test_table_directory.py."""

from __future__ import annotations

import stat
from pathlib import Path

from game.files import write_atomic
from store.statsdb import open_database


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


def test_every_folder_made_on_the_way_is_its_owner_s(tmp_path: Path) -> None:
    """A save two folders deep in a data directory not made yet (a browser's seats under
    `tarocchino web`: data/seats/browser-…/): each new folder is 0700, not only the last."""
    (tmp_path / "shared").mkdir(mode=0o755)
    path = tmp_path / "shared" / "data" / "seats" / "browser-1" / "token.json"
    write_atomic(path, "{}")
    for folder in ("data", "data/seats", "data/seats/browser-1"):
        assert _mode(tmp_path / "shared" / folder) == 0o700, folder
    assert _mode(tmp_path / "shared") == 0o755  # one that was there stays as it was
