"""The game notices its terminal hanging up (a closed window) even when nothing sends it SIGHUP,
as under `make play`, so it quits instead of reading an ended input forever."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys

import pytest

from tui.terminal import terminal_gone

CHILD = """
import fcntl, os, signal, sys, termios, time
from tui.terminal import terminal_gone, terminal_input
fcntl.ioctl(0, termios.TIOCSCTTY, 0)  # the pty becomes its terminal, as a window's shell's
signal.signal(signal.SIGHUP, signal.SIG_IGN)  # like make: no hang-up signal reaches the game
fd = terminal_input()
result = open(sys.argv[1], "w")
result.write(f"fd={fd} gone={terminal_gone(fd)}\\n"); result.flush()
os.write(1, b"ready\\n")  # one write: nothing left to write once the window closes
for _ in range(100):
    if terminal_gone(fd):
        result.write("hung up\\n")
        break
    time.sleep(0.05)
result.close()
"""


@pytest.mark.skipif(not hasattr(pty, "openpty") or sys.platform != "linux", reason="needs a pty")
def test_a_hung_up_terminal_is_noticed(tmp_path) -> None:
    out = tmp_path / "result.txt"
    master, slave = pty.openpty()
    # (a new process on the pty, not a fork of this one: the test process has threads)
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(out)],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
    )
    os.close(slave)
    try:
        said = b""
        while b"\n" not in said:  # the whole line, so the child has nothing more to write
            ready, _, _ = select.select([master], [], [], 30)
            assert ready, said
            said += os.read(master, 1024)
        assert said.startswith(b"ready"), said
        os.close(master)  # the window is closed
        assert child.wait(30) == 0
        lines = out.read_text().splitlines()
        assert lines[0] == "fd=0 gone=False" and lines[1] == "hung up", lines
    finally:
        child.kill()
        child.wait()


def test_a_closed_descriptor_is_a_terminal_gone() -> None:
    read, write = os.pipe()
    os.close(read)
    os.close(write)
    assert terminal_gone(read)
