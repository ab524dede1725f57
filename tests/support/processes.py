"""Commands run as a person runs them, each in a process of its own, their output read line by
line under a time limit."""

from __future__ import annotations

import os
import queue
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

LIMIT_S = 60  # no line is waited for longer than this
MAX_LINES = 5000  # a process's lines kept at most


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


class Process:
    """`tarocchino ARGV` in a process of its own, as a person runs it: data directory ``data``,
    working directory ``cwd``, no table password from this environment, ``env`` added; a thread
    reads its output (standard error with it), so that waiting for a line is bounded even when
    nothing comes."""

    def __init__(
        self, argv: Sequence[str], data: Path, cwd: Path | None = None, **env: str
    ) -> None:
        self.argv = list(argv)
        environ = {**os.environ, "TAROCCHINO_DATA_DIR": str(data), **env}
        if "TAROCCHINO_TABLE_PASSWORD" not in env:
            environ.pop("TAROCCHINO_TABLE_PASSWORD", None)
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "cli.main", *argv],
            cwd=cwd,
            env=environ,
            text=True,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.popen.stdout is not None
        for count, text in enumerate(self.popen.stdout):
            if count < MAX_LINES:
                self.lines.put(text)
        self.lines.put(None)

    def line(self, pattern: str) -> re.Match[str]:
        """Read until a line matches (at most LIMIT_S seconds)."""
        deadline = time.monotonic() + LIMIT_S
        while (left := deadline - time.monotonic()) > 0:
            try:
                text = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if text is None:
                break
            self.seen.append(text)
            if found := re.search(pattern, text):
                return found
        raise AssertionError(
            f"`tarocchino {shlex.join(self.argv)}` said no line like {pattern!r}:\n"
            + "".join(self.seen)
        )

    def rest(self) -> list[str]:
        """Every line still to come, once the process has ended (at most LIMIT_S seconds)."""
        self.popen.wait(LIMIT_S)
        out = []
        while (text := self.lines.get(timeout=LIMIT_S)) is not None:
            out.append(text)
        return out

    def stop(self) -> int:
        """Ctrl+C, as a person stops it; its exit status."""
        self.popen.send_signal(signal.SIGINT)
        try:
            return self.popen.wait(LIMIT_S)
        finally:
            self.kill()

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
        self.popen.wait()
