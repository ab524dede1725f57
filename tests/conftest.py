"""Shared by every test."""

from __future__ import annotations

import gc
import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.coach import quiet_coach
from tests.support.stylesheets import share_parsed_rules
from text import language

MEMORY = Path("/dev/shm")  # a file system in memory, where the system has one


def pytest_configure(config: pytest.Config) -> None:
    """The apps of a test process share the rules parsed from the same stylesheets
    (tests/support/stylesheets.py): a sixth of an app's start, hundreds of apps a process.
    The tests' temporary directories (tmp_path) are made in memory where there is room."""
    share_parsed_rules()
    _temporary_directories_in_memory(config)


def _temporary_directories_in_memory(config: pytest.Config) -> None:
    """The game writes its files as it does for a player, each made durable on the disk
    (game.files.write_atomic: a file and its directory synced): the match after every move,
    the settings, the statistics. On a disk each sync takes milliseconds (11 ms on the project's
    machine), a test process waiting on some thousands of them; in memory it costs nothing.
    The temporary root pytest makes its numbered directories in (PYTEST_DEBUG_TEMPROOT, read by
    the test processes it starts too) is then MEMORY, where it has 1 GiB free; unless the run
    names its own (--basetemp, the variable already set)."""
    if config.option.basetemp or "PYTEST_DEBUG_TEMPROOT" in os.environ:
        return
    try:
        room = os.statvfs(MEMORY)
    except OSError:
        return
    if room.f_bavail * room.f_frsize >= 1 << 30 and os.access(MEMORY, os.W_OK | os.X_OK):
        os.environ["PYTEST_DEBUG_TEMPROOT"] = str(MEMORY)


@pytest.fixture(autouse=True)
def _screens_run_without_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands that open the game's screens refuse when there is no terminal
    (cli.terminal_check); tests run them with a fake or headless app, whatever the test run's
    own standard streams are. The check itself is tested in a subprocess and on its own."""
    monkeypatch.setattr("cli.terminal_check.problem", lambda: None)


@pytest.fixture(autouse=True)
def _english_and_a_data_directory_of_its_own(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[None]:
    """The game speaks the language the settings or the environment choose (text.language):
    each test runs in English, with settings of its own (never the player's), unless it says
    otherwise; a test that speaks Italian leaves English behind for the next."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    yield
    language.use("en")


@pytest.fixture(autouse=True)
def _no_coach_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The coach speaks to a new player, and each test's player is new: off unless a test
    chooses it (tests.support.coach)."""
    quiet_coach(monkeypatch)


COLLECTED = pytest.StashKey[dict[str, set[str]]]()

# The files whose tests take longest (whole hands played through the screens, processes of their
# own), heaviest first (tests/test_organisation.py checks that each is there): they run first, so
# that the test processes end together, each on short tests (with --dist worksteal, a process
# that runs out takes the pending tests at the end of another's queue; a long test left for the
# end would have one process wait for the other). The other files keep their order, after these.
RUN_FIRST = (
    "tui/test_monkey",
    "tui/test_play",
    "tui/test_sidebar",
    "tui/test_dialog_felt",
    "tui/test_new_player",
    "tui/test_review",
    "net/test_guide",
    "tui/test_start",
    "tui/test_snapshots",
    "tui/test_sizes",
    "tui/test_keys",
    "tui/test_idle_keys",
    "ai/test_contain",
    "tui/test_declarations",
    "tui/test_dialogs",
    "tui/test_narrow",
    "cli/test_refusals",
    "net/test_screens",
    "tui/test_settings",
    "tui/test_mouse",
    "cli/test_packaging",
    "net/test_cli",
)


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """``-n auto``: one test process more than the cores. Some tests wait rather than compute
    (a table's server and its clients talking, a command's process starting): a process more
    keeps every core busy meanwhile. On the project's idle 2-core machine `make test` took
    5 min 07 s with 3 processes, 5 min 24 s with 2. PYTEST_XDIST_AUTO_NUM_WORKERS, when set,
    still decides."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return len(os.sched_getaffinity(0)) + 1 if hasattr(os, "sched_getaffinity") else None


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Keep the names of the tests collected in each file, before any selection (``-k``): the
    test of the snapshot files (tests/test_tui_snapshot_files.py) compares them with the files.
    Then put the longest files first (RUN_FIRST), each file's tests in their order."""
    collected: dict[str, set[str]] = {}
    for item in items:
        collected.setdefault(_place(item), set()).add(item.name)
    config.stash[COLLECTED] = collected
    rank = {stem: i for i, stem in enumerate(RUN_FIRST)}  # the longest files first
    items.sort(key=lambda item: rank.get(_place(item), len(rank)))  # (a stable sort)


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """Python's cycle collector, tuned for a process that runs hundreds of screen tests: what
    was imported and collected is set aside for good (gc.freeze), and the collector runs after
    10,000 new objects rather than 700 (each test's app allocates millions; with the default,
    the full collections over every object took a quarter of a screen test's time, 14 s of 49
    in test_tui_narrow and test_tui_keys). Garbage is still collected, in fewer, larger
    rounds (a test process stays under 250 MB); what the tests check does not change."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)


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


def _place(item: pytest.Item) -> str:
    """A test file by its folder and name under tests/ ("tui/test_play")."""
    return f"{item.path.parent.name}/{item.path.stem}"
