"""Shared by every test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _screens_run_without_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands that open the game's screens refuse when there is no terminal
    (tui.commands.terminal); tests run them with a fake or headless app, whatever the test run's
    own standard streams are. The check itself is tested in a subprocess and on its own."""
    monkeypatch.setattr("tui.commands.terminal.problem", lambda: None)
