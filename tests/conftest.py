"""Shared by every test."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _screens_run_without_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands that open the game's screens refuse when there is no terminal
    (tui.commands.terminal); tests run them with a fake or headless app, whatever the test run's
    own standard streams are. The check itself is tested in a subprocess and on its own."""
    monkeypatch.setattr("tui.commands.terminal.problem", lambda: None)


COLLECTED = pytest.StashKey[dict[str, set[str]]]()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep the names of the tests collected in each file, before any selection (``-k``): the
    test of the snapshot files (tests/test_tui_snapshot_files.py) compares them with the files."""
    collected: dict[str, set[str]] = {}
    for item in items:
        collected.setdefault(item.path.stem, set()).add(item.name)
    config.stash[COLLECTED] = collected


@pytest.fixture
def collected_tests(pytestconfig: pytest.Config) -> dict[str, set[str]]:
    """The names of the tests collected in this run, by file (``test_x`` for tests/test_x.py)."""
    return pytestconfig.stash.get(COLLECTED, {})


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A port of 127.0.0.1 that another program listens on."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield other.getsockname()[1]
