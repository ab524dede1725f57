"""How far the player got in the lesson (*Learn to play*): one step number in a small file of the
data directory, written atomically, read bounded. A file that cannot be read is a
:class:`ProgressError` (the text layer says it), and the lesson starts over. No Textual here."""

from __future__ import annotations

import json
from pathlib import Path

from game.files import FileMissingError, FileReadError, read_json, write_atomic

PROGRESS_FILE = "lesson.json"
FORMAT = "tarocchino-lesson"
VERSION = 1
MAX_BYTES = 1024  # the file is about 60 bytes

# Why the progress cannot be read: the codes of a ProgressError.
UNREADABLE = "unreadable"  # cause: the FileReadError (too big, not JSON, ...)
NOT_PROGRESS = "not progress"  # JSON, but not the lesson's progress (or another version)
BAD_STEP = "bad step"  # a step the lesson does not have


class ProgressError(ValueError):
    """Progress that cannot be read: ``reason`` (a code above), ``cause`` when the file itself
    could not be read."""

    def __init__(self, reason: str, cause: FileReadError | None = None) -> None:
        super().__init__(reason if cause is None else f"{reason}: {cause}")
        self.reason = reason
        self.cause = cause


class LessonProgress:
    """The progress file in one directory (the data directory)."""

    def __init__(self, directory: Path, steps: int) -> None:
        """``steps``: how many steps the lesson has (a saved step must be one of them)."""
        self.path = Path(directory) / PROGRESS_FILE
        self.steps = steps

    def read(self) -> int:
        """The step to resume at (0 when nothing is saved); ProgressError saying what is wrong."""
        try:
            data = read_json(self.path, max_bytes=MAX_BYTES, max_depth=2)
        except FileMissingError:
            return 0
        except FileReadError as exc:
            raise ProgressError(UNREADABLE, exc) from None
        if (
            not isinstance(data, dict)
            or data.get("format") != FORMAT
            or data.get("version") != VERSION
        ):
            raise ProgressError(NOT_PROGRESS)
        step = data.get("step")
        if type(step) is not int or not 0 <= step < self.steps:
            raise ProgressError(BAD_STEP)
        return step

    def read_telling(self) -> tuple[int, ProgressError | None]:
        """The step to resume at, or 0 and why the progress could not be read. Never raises."""
        try:
            return self.read(), None
        except ProgressError as exc:
            return 0, exc
        except (OSError, ValueError, RecursionError) as exc:
            return 0, ProgressError(UNREADABLE, FileReadError(str(exc)))

    def write(self, step: int) -> OSError | None:
        """Save ``step`` (atomically); the error when it could not be written, else None."""
        text = json.dumps({"format": FORMAT, "version": VERSION, "step": step}) + "\n"
        try:
            write_atomic(self.path, text)
        except OSError as exc:
            return exc
        return None
