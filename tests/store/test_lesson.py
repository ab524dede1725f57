"""The lesson's saved place (store.lesson): written atomically, read bounded; a file that
cannot be read says why and the lesson starts over, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from store.lesson import (
    BAD_STEP,
    MAX_BYTES,
    NOT_PROGRESS,
    PROGRESS_FILE,
    UNREADABLE,
    LessonProgress,
)
from table.lesson import STEPS


def test_nothing_saved_starts_at_the_beginning(tmp_path: Path) -> None:
    assert LessonProgress(tmp_path, len(STEPS)).read_telling() == (0, None)


def test_a_step_saved_is_read_back(tmp_path: Path) -> None:
    progress = LessonProgress(tmp_path, len(STEPS))
    assert progress.write(12) is None
    assert progress.read_telling() == (12, None)
    assert not [p for p in tmp_path.iterdir() if p.name != PROGRESS_FILE]  # no temporaries


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"{not json", UNREADABLE),
        (b"\xff\xfe", UNREADABLE),
        (b"[" * 40 + b"]" * 40, UNREADABLE),
        (b" " * (MAX_BYTES + 1), UNREADABLE),
        (b'{"format": "other", "version": 1, "step": 3}', NOT_PROGRESS),
        (b'{"format": "tarocchino-lesson", "version": 1, "step": 9999}', BAD_STEP),
        (b'{"format": "tarocchino-lesson", "version": 1, "step": "3"}', BAD_STEP),
    ],
)
def test_a_damaged_file_starts_over_with_a_notice(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    (tmp_path / PROGRESS_FILE).write_bytes(content)
    step, error = LessonProgress(tmp_path, len(STEPS)).read_telling()
    assert step == 0 and error is not None and error.reason == reason


def test_a_directory_in_its_place_is_unreadable(tmp_path: Path) -> None:
    (tmp_path / PROGRESS_FILE).mkdir()
    step, error = LessonProgress(tmp_path, len(STEPS)).read_telling()
    assert step == 0 and error is not None and error.reason == UNREADABLE


def test_a_write_that_fails_is_returned(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert isinstance(LessonProgress(blocker, len(STEPS)).write(1), OSError)
