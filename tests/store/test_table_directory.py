"""A hosted table's directory (``table/`` in the data directory) is its owner's alone, like the
files in it: made 0700 (it was made with the default umask, drwxr-xr-x, so anyone on the machine
could list it), an existing one of this user tightened; a file system that refuses to change
permissions never stops a table."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

import cli.host
import game.files
from cli.main import main
from game.files import private_directory
from net.server import table_directory
from store.lock import DataLock
from store.save import SaveStore
from tests.support.net import host_on_a_busy_port, save_a_table

pytestmark = pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions")


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def usual_umask() -> Iterator[None]:
    """The umask most systems have (022): a directory is made drwxr-xr-x unless told."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def test_a_new_directory_is_made_for_its_owner_alone(tmp_path: Path, usual_umask) -> None:
    directory = tmp_path / "data" / "table"
    private_directory(directory)
    assert _mode(directory) == 0o700
    assert _mode(tmp_path / "data") == 0o755  # the parents as ever: only the table's is private


def test_an_existing_directory_of_ours_is_tightened(tmp_path: Path, usual_umask) -> None:
    directory = tmp_path / "table"
    directory.mkdir(mode=0o755)
    (directory / "autosave.json").write_text("{}")
    private_directory(directory)
    assert _mode(directory) == 0o700
    assert (directory / "autosave.json").read_text() == "{}"
    directory.chmod(0o750)
    private_directory(directory)
    assert _mode(directory) == 0o700


def test_a_file_system_that_refuses_chmod_is_no_error(
    tmp_path: Path, usual_umask, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = tmp_path / "table"
    directory.mkdir(mode=0o755)

    def refuse(*_args, **_kwargs) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(game.files.os, "chmod", refuse)
    private_directory(directory)  # no error
    assert _mode(directory) == 0o755
    lock = DataLock(directory, private=True)
    lock.acquire()  # and a table is hosted there all the same
    assert lock.held
    lock.release()


def test_someone_else_s_directory_is_left_as_it_is(
    tmp_path: Path, usual_umask, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = tmp_path / "table"
    directory.mkdir(mode=0o755)
    monkeypatch.setattr(game.files.os, "geteuid", lambda: os.stat(directory).st_uid + 1)
    private_directory(directory)
    assert _mode(directory) == 0o755


def test_a_file_in_its_place_is_still_an_error(tmp_path: Path) -> None:
    (tmp_path / "table").write_text("not a directory")
    with pytest.raises(FileExistsError):
        private_directory(tmp_path / "table")
    with pytest.raises(OSError):
        DataLock(tmp_path / "table", private=True).acquire()


def test_the_data_directory_s_lock_makes_a_new_one_private_and_leaves_one_that_exists(
    tmp_path: Path, usual_umask
) -> None:
    lock = DataLock(tmp_path / "data")  # the local game's: not the table's
    lock.acquire()
    lock.release()
    assert _mode(tmp_path / "data") == 0o700
    (tmp_path / "yours").mkdir(mode=0o755)
    lock = DataLock(tmp_path / "yours")
    lock.acquire()
    lock.release()
    assert _mode(tmp_path / "yours") == 0o755


def test_host_makes_the_table_directory_0700(
    tmp_path: Path, usual_umask, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path / "data"))
    seen: list[int] = []

    def opened(_args, _seats, store: SaveStore, _claims) -> int:
        seen.append(_mode(store.directory))
        return 1  # (as a table that cannot start: what was made goes again)

    monkeypatch.setattr(cli.host, "_open_table", opened)
    assert main(["host", "--port", "0"]) == 1
    assert seen == [0o700]


def test_host_tightens_a_saved_table_s_directory(
    tmp_path: Path, usual_umask, capsys, monkeypatch: pytest.MonkeyPatch, busy_port: int
) -> None:
    directory = table_directory(tmp_path / "data")
    directory.mkdir(parents=True, mode=0o755)
    save_a_table(directory)
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path / "data"))
    assert main(["host", "--port", str(busy_port)]) == 1  # the port is taken: it stops there
    assert "already in use" in capsys.readouterr().err
    assert _mode(directory) == 0o700 and SaveStore(directory).exists()


async def test_hosting_from_the_start_screen_tightens_it_too(
    tmp_path: Path, usual_umask, busy_port: int
) -> None:
    data = tmp_path / "data"
    directory = table_directory(data)
    directory.mkdir(parents=True, mode=0o755)
    save_a_table(directory)
    await host_on_a_busy_port(data, busy_port)
    assert _mode(directory) == 0o700
