"""The browsers' directories under `tarocchino web --bind`: one that holds nothing worth keeping
goes when its browser's last tab closes, never while a tab of it is open (two tabs of a browser
at once; a closed tab's game still ending); the host lists them (`--browsers`) and removes them
(`--forget-browser ID`, `--forget-browsers-unused-for DAYS`), never one in use; there are at
most ``max_browsers``, and a browser turned away is told why, and so is the host. Before, a key
holder who cleared his cookies again and again left a directory each time, and the host could
neither see nor remove them. Served on 127.0.0.1 with a port the OS chooses; every tab's game
is a small script that says where it plays and stays until the test lets it end."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import shlex
import sqlite3
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from cli.main import main
from store.lock import DataLock
from store.match_setup import MatchSetup, save_setup
from store.settings import Settings, save_settings
from store.statsdb import open_database
from web.browsers import (
    BROWSERS,
    IN_USE,
    BrowserInUse,
    holds_nothing,
    remove_unless_used,
    sweep,
)
from web.door import BrowserServer

KEY = "K3y-for-the-test"
LIMIT_S = 20
POLLS = 200  # 0.05 s apart: how long a test waits for something to happen, at most


class _Elsewhere(BrowserServer):
    """Every browser comes from another machine."""

    def from_this_machine(self, request) -> bool:  # noqa: ANN001
        return False


def _tab_game(box: Path) -> str:
    """A tab's game: it takes its directory's lock as the game does (a second tab of the
    browser cannot, and plays on), writes its directory as line N of ``box``/told, the file
    ``box``/write names (if any) in its directory, and stays until ``box``/stop-N or
    ``box``/stop-all is there."""
    code = f"""
import os, time
from pathlib import Path
from store.lock import DataLock, DirectoryBusy
box = Path({str(box)!r})
where = Path(os.environ['TAROCCHINO_DATA_DIR'])
lock = DataLock(where)
try:
    lock.acquire()
except DirectoryBusy:
    pass
write = box / 'write'
if write.exists():
    (where / write.read_text()).write_text('{{}}')
with open(box / 'told', 'a') as told:
    told.write(str(where) + chr(10))
n = len((box / 'told').read_text().splitlines())
for _ in range(600):
    if (box / f'stop-{{n}}').exists() or (box / 'stop-all').exists():
        break
    time.sleep(0.05)
"""
    return f"{shlex.quote(sys.executable)} -c {shlex.quote(code)}"


async def _until(check, what: str) -> None:  # noqa: ANN001
    for _ in range(POLLS):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"still not {what}")


class _Browsers:
    """A server for browsers elsewhere, and browsers to open its page and tabs."""

    def __init__(self, server: BrowserServer, port: int, box: Path) -> None:
        self.server, self.base, self.box = server, f"127.0.0.1:{port}", box
        self.jars: dict[int, aiohttp.CookieJar] = {}
        self.sessions: list[aiohttp.ClientSession] = []

    def told(self) -> list[str]:
        told = self.box / "told"
        return told.read_text().splitlines() if told.exists() else []

    def _session(self, browser: int) -> aiohttp.ClientSession:
        jar = self.jars.setdefault(browser, aiohttp.CookieJar(unsafe=True))
        session = aiohttp.ClientSession(
            timeout=aiohttp.ClientTimeout(total=LIMIT_S), cookie_jar=jar
        )
        self.sessions.append(session)
        return session

    async def page(self, browser: int) -> tuple[int, str]:
        async with self._session(browser).get(f"http://{self.base}/?key={KEY}") as answer:
            return answer.status, await answer.text()

    async def tab(self, browser: int, write: str | None = None) -> tuple[object, Path, int]:
        """Open a tab of ``browser`` (its page first); its socket, the directory its game plays
        in, and the game's number (for :meth:`end`)."""
        if write:
            (self.box / "write").write_text(write)
        status, _ = await self.page(browser)
        assert status == 200
        before = len(self.told())
        socket = await self._session(browser).ws_connect(f"ws://{self.base}/ws")
        await _until(lambda: len(self.told()) > before, "told where the tab plays")
        (self.box / "write").unlink(missing_ok=True)
        return socket, Path(self.told()[before]), before + 1

    async def close(self, socket, number: int) -> None:  # noqa: ANN001
        """Close a tab: its game ends, as a game does when its tab goes."""
        (self.box / f"stop-{number}").write_text("")
        await socket.close()


@asynccontextmanager
async def served(tmp_path: Path, **options: object) -> AsyncIterator[_Browsers]:
    box = tmp_path / "box"
    box.mkdir()
    server = _Elsewhere(_tab_game(box), host="127.0.0.1", port=0, key=KEY, home=tmp_path / "host")
    for name, value in options.items():
        setattr(server, name, value)
    test = TestServer(await server._make_app(), host="127.0.0.1")
    await test.start_server()
    browsers = _Browsers(server, test.port, box)
    others = set(_children())  # (left by tests before this one: not waited for)
    try:
        yield browsers
    finally:
        (box / "stop-all").write_text("")
        for session in browsers.sessions:
            await session.close()
        for _ in range(POLLS):  # every tab's game ended and reaped
            if not server.in_use and not set(_children()) - others:
                break
            await asyncio.sleep(0.05)
        await test.close()
        gc.collect()  # the tabs' finished processes let go while their loop still runs


def _children() -> list[str]:
    """This process's children still running or not yet reaped ([] where /proc says nothing)."""
    found = []
    for each in Path("/proc/self/task").glob("*/children"):
        try:
            found += each.read_text().split()
        except OSError:
            continue
    return found


def _kept(tmp_path: Path) -> list[str]:
    folder = tmp_path / "host" / BROWSERS
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


async def test_a_browser_s_directory_that_holds_nothing_goes_with_its_last_tab(
    tmp_path: Path,
) -> None:
    async with served(tmp_path) as browsers:
        socket, directory, number = await browsers.tab(0)
        assert directory.is_dir() and (directory / IN_USE).exists()
        await browsers.close(socket, number)
        await _until(lambda: not directory.exists(), "removed")
        assert _kept(tmp_path) == []
        assert browsers.server.in_use == {}


async def test_a_directory_with_a_saved_match_is_kept(tmp_path: Path) -> None:
    async with served(tmp_path) as browsers:
        socket, directory, number = await browsers.tab(0, write="autosave.json")
        await browsers.close(socket, number)
        await _until(lambda: browsers.server.in_use == {}, "let go")
        assert (directory / "autosave.json").exists()


async def test_never_while_another_tab_of_the_browser_is_open(tmp_path: Path) -> None:
    """The first tab has the game's lock; the second plays without it. The first closes: the
    directory stays (and cannot be forgotten) until the second closes too."""
    async with served(tmp_path) as browsers:
        first, directory, one = await browsers.tab(0)
        second, again, two = await browsers.tab(0)
        assert again == directory
        await browsers.close(first, one)
        await _until(lambda: browsers.server.in_use[directory].tabs == 1, "one tab left")
        await asyncio.sleep(0.3)
        assert directory.is_dir()
        with pytest.raises(BrowserInUse):  # the host cannot remove it meanwhile either
            remove_unless_used(directory)
        assert directory.is_dir()
        await browsers.close(second, two)
        await _until(lambda: not directory.exists(), "removed")


async def test_a_tab_of_the_browser_opened_while_its_last_game_ends_keeps_it(
    tmp_path: Path,
) -> None:
    """The last tab is closed but its game has not ended yet: a new tab of the browser opens
    meanwhile, and the directory stays for it."""
    async with served(tmp_path) as browsers:
        first, directory, one = await browsers.tab(0)
        await first.close()  # its game goes on a while: the server waits for it
        second, again, two = await browsers.tab(0)
        assert again == directory
        (browsers.box / f"stop-{one}").write_text("")
        await _until(lambda: browsers.server.in_use[directory].tabs == 1, "one tab left")
        await asyncio.sleep(0.3)
        assert directory.is_dir()
        await browsers.close(second, two)
        await _until(lambda: not directory.exists(), "removed")


async def test_a_new_browser_beyond_the_bound_is_turned_away_and_the_host_told(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path / "host"))
    async with served(tmp_path, max_browsers=1) as browsers:
        socket, directory, number = await browsers.tab(0, write="autosave.json")
        with caplog.at_level(logging.WARNING):
            status, text = await browsers.page(1)
            assert status == 503
            assert "keeps the saves of 1 browsers already" in text
            assert "tarocchino web --browsers" in text
            await browsers.page(1)  # the host is not told again at once
        told = [r.getMessage() for r in caplog.records if "turned away" in r.getMessage()]
        assert len(told) == 1 and "--forget-browser" in told[0]
        assert (await browsers.page(0))[0] == 200  # the browser kept goes on
        await browsers.close(socket, number)
        await _until(lambda: browsers.server.in_use == {}, "let go")
        assert main(["web", "--forget-browser", directory.name[:8]]) == 0
        assert (await browsers.page(1))[0] == 200  # room again


async def test_the_host_lists_and_forgets_browsers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path / "host"))
    async with served(tmp_path) as browsers:
        playing, busy, number = await browsers.tab(0, write="autosave.json")
        gone, kept, other = await browsers.tab(1, write="lastmatch.json")
        await browsers.close(gone, other)
        await _until(
            lambda: kept not in [d.directory for d in browsers.server.in_use.values()], "let go"
        )
        (busy / "autosave.json").write_text(
            json.dumps(
                {
                    "seats": [
                        {"kind": "human", "name": "Anna"},
                        {"kind": "hard", "name": "Bot"},
                        {"kind": "human", "name": "Carla"},
                        {"kind": "hard", "name": "Dario"},
                    ]
                }
            )
        )
        capsys.readouterr()
        assert main(["web", "--browsers"]) == 0
        out = capsys.readouterr().out
        assert "2 browsers' directories" in out
        line = next(line for line in out.splitlines() if busy.name[:8] in line)
        assert " yes " in line and "Anna, Carla" in line and "in use" in line
        assert "Bot" not in line and "Dario" not in line  # bots' names are no player's
        line = next(line for line in out.splitlines() if kept.name[:8] in line)
        assert " no " in line and "in use" not in line

        assert main(["web", "--forget-browser", busy.name[:8]]) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and "in use" in error and busy.name[:8] in error
        assert busy.is_dir()

        old = time.time() - 3 * 86400
        for path in (kept, *kept.iterdir()):
            os.utime(path, (old, old))
        assert main(["web", "--forget-browsers-unused-for", "4"]) == 0
        assert kept.is_dir()
        assert main(["web", "--forget-browsers-unused-for", "2"]) == 0
        assert "Removed 1 browser's directory not used for 2 days: " in capsys.readouterr().out
        assert not kept.exists() and busy.is_dir()
        assert main(["web", "--forget-browsers-unused-for", "0"]) == 0  # busy: in use
        assert "Kept 1 in use" in capsys.readouterr().out and busy.is_dir()

        await browsers.close(playing, number)
        await _until(lambda: browsers.server.in_use == {}, "let go")
        assert main(["web", "--forget-browser", busy.name[:6].upper()]) == 0
        assert not busy.exists()
        assert main(["web", "--browsers"]) == 0
        assert "No browser keeps a directory" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["--forget-browser", "zz"],
        ["--forget-browser", "0123abcd"],
        ["--forget-browser", "../x"],
        ["--forget-browsers-unused-for", "-1"],
        ["--forget-browsers-unused-for", "two"],
        ["--forget-browsers-unused-for", "1e9"],
        ["--browsers", "--forget-browser", "abcd"],
    ],
)
def test_a_bad_id_or_number_of_days_is_one_line_and_status_2(
    argv: list[str],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    assert main(["web", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("tarocchino web: error: ")


def test_what_holds_nothing_worth_keeping(tmp_path: Path) -> None:
    def fresh(name: str) -> Path:
        directory = tmp_path / name
        with DataLock(directory):
            (directory / IN_USE).write_text("")
        return directory

    assert holds_nothing(fresh("opened"))  # the game's lock and the tabs' mark only
    defaults = fresh("defaults")
    save_settings(Settings.default(), defaults)
    save_setup(MatchSetup(), defaults)
    open_database(defaults).connection.close()  # no match recorded in it
    assert holds_nothing(defaults)

    changed = fresh("settings")
    save_settings(Settings(suit_marks="ascii"), changed)
    named = fresh("setup")
    save_setup(MatchSetup(names=("Anna", "", "", "")), named)
    damaged = fresh("damaged")
    (damaged / "settings.json").write_text("{")
    played = fresh("played")
    with sqlite3.connect(played / "stats.sqlite3") as database:
        database.execute("CREATE TABLE matches (id INTEGER)")
        database.execute("INSERT INTO matches VALUES (1)")
    broken = fresh("broken")
    (broken / "stats.sqlite3").write_text("not a database")
    worth = [changed, named, damaged, played, broken]
    for name in (
        "autosave.json",
        "autosave.json.backup",
        "lastmatch.json",
        "seats",
        "table",
        "anything",
    ):
        worth.append(fresh(name.replace(".", "-")))
        (worth[-1] / name).write_text("")
    for directory in worth:
        assert not holds_nothing(directory), directory.name


async def test_a_server_starting_removes_what_an_earlier_one_left(tmp_path: Path) -> None:
    folder = tmp_path / "host" / BROWSERS
    empty, saved, tab = folder / ("a" * 32), folder / ("b" * 32), folder / "tab-x1"
    for directory in (empty, saved, tab):
        directory.mkdir(parents=True)
        (directory / "lock").write_text("")
    (saved / "autosave.json").write_text("{}")
    (tab / "autosave.json").write_text("{}")  # a tab without a name keeps nothing, ever
    playing = folder / ("c" * 32)
    with DataLock(playing):  # a game plays there (another server's tab)
        assert sweep(tmp_path / "host") == 2
        async with served(tmp_path):
            pass
    assert _kept(tmp_path) == ["b" * 32, "c" * 32]
