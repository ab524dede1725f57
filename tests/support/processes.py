"""Commands run as a person runs them, each in a process of its own, their output read line by
line under a time limit."""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

LIMIT_S = 60  # no line is waited for longer than this


def tarocchino(
    args: list[str], data: Path, env: dict[str, str] | None = None
) -> subprocess.Popen[str]:
    """The command in a process of its own (``env`` added to this one's); a thread reads its
    output into ``process.lines`` (None at its end), so that waiting for a line is bounded even
    when it prints nothing."""
    process = subprocess.Popen(
        [sys.executable, "-m", "cli.main", *args],
        env=dict(os.environ, TAROCCHINO_DATA_DIR=str(data), **(env or {})),
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    process.lines = lines  # type: ignore[attr-defined]
    return process


def next_lines(process: subprocess.Popen[str]) -> Iterator[str]:
    """The process's lines as they come, until its output ends or the time limit."""
    deadline = time.monotonic() + LIMIT_S
    while (left := deadline - time.monotonic()) > 0:
        try:
            line = process.lines.get(timeout=left)  # type: ignore[attr-defined]
        except queue.Empty:
            return
        if line is None:
            return
        yield line


def line(process: subprocess.Popen[str], pattern: str, seen: list[str]) -> re.Match[str]:
    """Read the process's output until a line matches (bounded by the time limit)."""
    for text in next_lines(process):
        seen.append(text)
        found = re.search(pattern, text)
        if found:
            return found
    raise AssertionError(f"no line like {pattern!r} in:\n{''.join(seen)}")
