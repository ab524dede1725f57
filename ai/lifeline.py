"""A child process that ends with its parent: no bot or arena worker outlives the game."""

from __future__ import annotations

import os
import signal
import threading
import time

HOST_PID_ENV = "TAROCCHINO_HOST_PID"


def exit_with_parent(parent_pid: int | None = None, interval_s: float = 0.2) -> None:
    """End this process (without clean-up) as soon as ``parent_pid`` (by default the current
    parent) is no longer its parent: a killed game or arena takes its helpers with it."""
    parent = os.getppid() if parent_pid is None else parent_pid

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(interval_s)
        os._exit(70)

    if os.getppid() != parent:
        os._exit(70)
    threading.Thread(target=watch, name="lifeline", daemon=True).start()


def start_worker() -> None:
    """A measurement's pool worker (arena, calibrate, regret): Ctrl+C is for the main process,
    and it ends when the main process does."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_with_parent()
