"""What the store has to tell a player, in words (text.storage): a failed write, settings that
cannot be read, a match that cannot be saved, the pace."""

from __future__ import annotations

import errno
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.files import FileReadError, clip_path, read_json, write_atomic
from text import language
from text.storage import file_problem, pace_words, write_problem


@pytest.fixture
def italian() -> Iterator[None]:
    language.use("it")
    yield
    language.use("en")


def test_a_failed_write_is_said_in_words(tmp_path: Path) -> None:
    in_the_way = tmp_path / "data"
    in_the_way.write_text("not a folder")
    with pytest.raises(OSError) as caught:
        write_atomic(in_the_way / "save.json", "{}")
    # (the path as the player reads it: clipped where the temporary folder's name is long)
    said = f"a file is in the way of the folder {clip_path(str(in_the_way))}"
    assert write_problem(caught.value) == said
    with pytest.raises(OSError) as caught:
        write_atomic(in_the_way / "sub" / "save.json", "{}")
    assert write_problem(caught.value).startswith("a file is in the way of the folder ")
    full = OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "x"))
    assert write_problem(full) == "the disk is full"
    denied = PermissionError(errno.EACCES, "Permission denied", "/data/x")
    assert write_problem(denied) == "no permission to write in /data/x"
    assert write_problem(OSError(errno.EIO, "Input/output error")) == (
        "the file: Input/output error"
    )


def test_a_file_problem_is_said_in_words(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    for content, said in [
        ("", "not valid JSON (it is empty)"),
        ("[" * 100, "nested deeper than 32 levels"),
        (
            "{",
            "not valid JSON (Expecting property name enclosed in double quotes: line 1, column 2)",
        ),
        ("[NaN]", "not valid JSON (NaN is not a number)"),
    ]:
        path.write_text(content)
        with pytest.raises(FileReadError) as caught:
            read_json(path)
        assert file_problem(caught.value) == said == str(caught.value)
    path.write_bytes(b"\xff")
    with pytest.raises(FileReadError) as caught:
        read_json(path)
    assert file_problem(caught.value) == "not UTF-8 text (bad byte at offset 0)"


def test_the_pace_and_a_file_problem_in_italian(tmp_path: Path, italian: None) -> None:
    assert pace_words(0.6) == "0,6 s a mossa"
    assert pace_words(0) == "nessuna pausa"
    path = tmp_path / "x.json"
    path.write_bytes(b"x" * 2000)
    with pytest.raises(FileReadError) as caught:
        read_json(path, max_bytes=1500)
    assert file_problem(caught.value) == "troppo grande (2.000 byte; al massimo 1.500)"
