"""A table that cannot start leaves nothing behind: `tarocchino host` on an address that is not
this machine's or on a busy port exits 1 with its one line, and the data directory is as it was
(no `table/lock`, no directory made for it, a saved table neither moved to a backup nor its seats
forgotten); the start screen's Host a table likewise. The lock file tidied away is never held by
two games (127.0.0.1, ports from the system, bounded in time)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.main import main
from net.server import table_directory
from store.lock import DataLock, DirectoryBusy
from tests.support.net import host_on_a_busy_port, save_a_table

NOT_HERE = "192.0.2.1"  # TEST-NET-1: never an address of this machine


def _tree(directory: Path) -> dict[str, bytes | None]:
    """Every path under ``directory`` with its content (None for a directory)."""
    return {
        str(p.relative_to(directory)): None if p.is_dir() else p.read_bytes()
        for p in sorted(directory.rglob("*"))
    }


def _host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
) -> tuple[int, str]:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path / "data"))
    status = main(["host", *args])
    return status, capsys.readouterr().err.strip()


def test_an_address_not_of_this_machine_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, said = _host(tmp_path, monkeypatch, capsys, "--bind", NOT_HERE, "--port", "0", "--yes")
    assert status == 1
    assert said == f"tarocchino host: error: {NOT_HERE} is not an address of this machine"
    assert _tree(tmp_path) == {}  # not even the data directory


def test_a_busy_port_leaves_nothing(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    busy_port: int,
) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "settings.json").write_text("{}")  # the player's own files stay
    before = _tree(tmp_path)
    status, said = _host(tmp_path, monkeypatch, capsys, "--port", str(busy_port))
    assert status == 1 and f"port {busy_port} is already in use" in said
    assert _tree(tmp_path) == before


def _saved_table(tmp_path: Path) -> Path:
    """The data directory's saved network table (a match of two people and two bots)."""
    directory = table_directory(tmp_path / "data")
    directory.mkdir(parents=True)
    save_a_table(directory)
    return directory


def test_a_new_table_that_cannot_start_keeps_the_saved_one(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    busy_port: int,
) -> None:
    directory = _saved_table(tmp_path)
    (directory / "seats.json").write_text('{"kept": "as it is"}')  # (the seats' claims)
    before = _tree(tmp_path)
    status, _ = _host(tmp_path, monkeypatch, capsys, "--new", "--port", str(busy_port))
    assert status == 1
    assert _tree(tmp_path) == before  # no backup, the seats not cleared, no lock file


def test_a_saved_table_that_cannot_be_resumed_there_keeps_its_lock_file(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    busy_port: int,
) -> None:
    """Only what the failed start made is taken away: the lock file of an earlier table stays."""
    directory = _saved_table(tmp_path)
    (directory / "lock").write_text("")
    before = _tree(tmp_path)
    status, _ = _host(tmp_path, monkeypatch, capsys, "--port", str(busy_port))
    assert status == 1
    after = _tree(tmp_path)
    assert after.pop("data/table/lock") is not None  # (it names the last game that held it)
    assert after == {k: v for k, v in before.items() if k != "data/table/lock"}


def test_a_lock_tidied_away_is_never_held_twice(tmp_path: Path) -> None:
    first = DataLock(tmp_path / "a" / "b")
    first.acquire()
    waiting = DataLock(tmp_path / "a" / "b")
    with pytest.raises(DirectoryBusy):
        waiting.acquire()
    first.release(tidy=True)
    assert not (tmp_path / "a").exists()
    with DataLock(tmp_path / "a" / "b") as again:  # a fresh lock file, held by one game
        assert again.held and (tmp_path / "a" / "b" / "lock").is_file()
        with pytest.raises(DirectoryBusy):
            DataLock(tmp_path / "a" / "b").acquire()


async def test_host_a_table_on_a_busy_port_leaves_nothing(tmp_path: Path, busy_port: int) -> None:
    directory = tmp_path / "data"
    directory.mkdir()
    table = table_directory(directory)
    table.mkdir()
    save_a_table(table)
    before = _tree(tmp_path)
    app = await host_on_a_busy_port(directory, busy_port)
    assert app.network.server is None
    assert _tree(tmp_path) == before
