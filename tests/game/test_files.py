"""Reading and writing the game's files: the bounded JSON reader, atomic writes, the clean-up of
what a killed game left behind, and the lock on the data directory."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import files
from game.files import (
    FileMissingError,
    FileReadError,
    read_json,
    remove_stale_temporaries,
    write_atomic,
)
from store.lock import DataLock, DirectoryBusy
from tests.support.paths import ROOT

ROOT = ROOT


def test_a_good_file_reads_back(tmp_path: Path) -> None:
    path = tmp_path / "good.json"
    path.write_text('{"a": [1, 2.5, "[{", null, true], "b": {"c": "\\"]"}}')
    assert read_json(path) == {"a": [1, 2.5, "[{", None, True], "b": {"c": '"]'}}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[" * 5000 + b"]" * 5000, "nested deeper than 32"),
        (b'{"x": ' + b"[" * 40 + b'"unterminated', "nested deeper than 32"),
        (b'{"seed": ' + b"9" * 5000 + b"}", "number in it is too long"),
        (b'{"x": NaN}', "NaN is not a number"),
        (b"[Infinity]", "Infinity is not a number"),
        (b"\xff\xfe{}", "not UTF-8"),
        (b"{", "not valid JSON"),
        (b"", "not valid JSON"),
    ],
    ids=["deep", "deep-unterminated", "huge-int", "nan", "infinity", "bytes", "open", "empty"],
)
def test_bad_content_is_one_clear_error(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(FileReadError, match=message):
        read_json(path)


def test_depth_limit_counts_only_real_nesting() -> None:
    assert files.loads('["' + "[" * 100 + '"]') == ["[" * 100]
    assert files.loads("[" * 32 + "]" * 32) is not None
    with pytest.raises(FileReadError):
        files.loads("[" * 33 + "]" * 33)


def test_the_reader_takes_text_or_utf8_bytes() -> None:
    """The same reader parses a file's bytes and a wire message, text or bytes."""
    assert files.loads(b'{"a": "\xc3\xa8"}') == files.loads('{"a": "\u00e8"}') == {"a": "è"}
    with pytest.raises(files.NestedTooDeepError, match="nested deeper than 8 levels"):
        files.loads(b"[" * 9 + b"]" * 9, max_depth=8)


def test_only_regular_files_are_read(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer forever
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")  # reading it would never end
    for path in (fifo, link, tmp_path):
        with pytest.raises(FileReadError, match="not a regular file"):
            read_json(path)
    with pytest.raises(FileMissingError):
        read_json(tmp_path / "nothing.json")


def test_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_text(" " * 2000 + "{}")
    with pytest.raises(FileReadError, match="too big"):
        read_json(path, max_bytes=1000)
    assert read_json(path, max_bytes=4000) == {}


def test_write_atomic_syncs_the_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced = []
    monkeypatch.setattr(files, "fsync_directory", synced.append)
    write_atomic(tmp_path / "sub" / "x.json", "{}")
    assert (tmp_path / "sub" / "x.json").read_text() == "{}" and synced == [tmp_path / "sub"]


def test_atomic_write_leaves_the_old_file_on_failure(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    write_atomic(path, "old")
    with pytest.raises(TypeError):
        write_atomic(path, 12)  # type: ignore[arg-type]
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_stale_temporaries_are_removed_and_nothing_else(tmp_path: Path) -> None:
    stale = [".autosave.json.ab12cd_9.tmp", ".settings.json.zzzzzzzz.tmp"]
    kept = ["autosave.json", "notes.tmp", ".hidden.tmp", "autosave.json.damaged"]
    for name in stale + kept:
        (tmp_path / name).write_text("x")
    (tmp_path / ".dir.abcdefgh.tmp").mkdir()
    assert remove_stale_temporaries(tmp_path) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*kept, ".dir.abcdefgh.tmp"])
    assert remove_stale_temporaries(tmp_path / "missing") == 0


def test_a_second_game_finds_the_directory_busy(tmp_path: Path) -> None:
    with DataLock(tmp_path) as first:
        assert first.held
        with pytest.raises(DirectoryBusy, match=rf"process {os.getpid()}\).*TAROCCHINO_DATA_DIR"):
            DataLock(tmp_path).acquire()
    with DataLock(tmp_path) as again:  # released at the end of the first game
        assert again.held


def test_a_killed_game_leaves_no_lock_behind(tmp_path: Path) -> None:
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; "
            "from store.lock import DataLock; DataLock(Path(sys.argv[1])).acquire(); "
            "print('locked', flush=True); time.sleep(120)",
            str(tmp_path),
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        with pytest.raises(DirectoryBusy):
            DataLock(tmp_path).acquire()
    finally:
        holder.kill()  # SIGKILL: no clean-up code runs in the holder
        holder.wait(timeout=30)
    lock = DataLock(tmp_path)
    lock.acquire()
    assert lock.held
    lock.release()
