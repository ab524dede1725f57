"""`tarocchino host` and `tarocchino join --bot` as a person runs them: separate processes on the
loopback, one of them killed mid-match and started again; the match ends as `simulate` ends it."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from cli.main import main
from tests.support.net import hand_totals, simulate_hands
from tests.support.processes import LIMIT_S, line, next_lines, tarocchino

SEED, TARGET = 1, 500
PLAYERS = ["easy", "medium", "hard:iterations=20", "easy"]


def test_host_and_four_bot_clients_one_killed_and_back(tmp_path: Path, capsys, monkeypatch) -> None:
    expected = simulate_hands(SEED, PLAYERS, TARGET, capsys)
    host = tarocchino(
        ["host", "--port", "0", "--seed", str(SEED), "--target", str(TARGET)], tmp_path / "host"
    )
    processes = [host]
    try:
        log: list[str] = []
        port = line(host, r"listening on 127\.0\.0\.1 port (\d+)", log)[1]
        assert "tarocchino join 127.0.0.1:" in "".join(log + [line(host, "join", log)[0]])
        # whoever knows the seed knows every hand: the host is told
        assert f"Warning: This table deals from seed {SEED}: a player's program" in "".join(log)
        join = ["join", f"127.0.0.1:{port}", "--delay", "0"]
        bots = [
            tarocchino(
                [*join, "--bot", spec, "--name", f"Bot{i + 1}", "--seat", str(i + 1)],
                tmp_path / f"client{i}",
            )
            for i, spec in enumerate(PLAYERS)
        ]
        processes += bots
        line(host, r"hand 1: ", log)  # the second hand is under way: one bot dies
        bots[1].send_signal(signal.SIGKILL)
        bots[1].wait(LIMIT_S)
        line(host, r"Bot2 left seat 2", log)
        back = tarocchino([*join, "--bot", PLAYERS[1], "--name", "Bot2"], tmp_path / "client1")
        processes.append(back)
        line(host, r"Bot2 is back at seat 2", log)
        final = line(host, r"the match is over: .* win, (\d+) to (\d+)", log)
        assert host.wait(LIMIT_S) == 0  # everybody left: the host ends by itself
        for process in [*bots[:1], *bots[2:], back]:
            assert process.wait(LIMIT_S) == 0
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
            process.wait()
    hands = [
        tuple(map(int, m))
        for m in re.findall(r"hand \d+: \S+ & \S+ (\d+), \S+ & \S+ (\d+)", "".join(log))
    ]
    assert hands == hand_totals(expected)
    assert [int(final[1]), int(final[2])] == expected[-1]["score"]
    capsys.readouterr()
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path / "host"))
    assert main(["stats", "--json"]) == 0  # the host recorded the match
    stats = json.loads(capsys.readouterr().out)
    assert stats["matches"] == 1 and stats["recent"][0]["source"] == "network"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["join", "nowhere:99999", "--name", "Anna"], "port"),
        (["join", "127.0.0.1", "--bot", "genius"], "genius"),
        (["join", "127.0.0.1"], "--name"),
        (["join", "127.0.0.1", "--name", "A" * 40], "16"),
        (["join", "127.0.0.1", "--name", "Anna", "--seat", "5"], "--seat"),
        (["host", "--seats", "easy,easy,easy,easy"], "simulate"),
        (["host", "--port", "70000"], "--port"),
        (["host", "--target", "803"], "multiple of 5"),
        (["host", "--stand-in", "genius"], "genius"),
        (["host", "--away-timeout", "-1"], "--away-timeout"),
        (["web", "--port", "0"], "--port"),
    ],
)
def test_bad_arguments_are_refused_in_oneline(argv, message, capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_join_a_table_that_is_not_there(tmp_path, monkeypatch, capsys) -> None:
    """A bot client that finds no table gives up after its retry time with one line."""
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    code = main(["join", "127.0.0.1:9", "--bot", "easy", "--name", "Robot", "--retry-for", "0.3"])
    assert code == 1
    assert "cannot reach the table" in capsys.readouterr().err


def test_the_table_server_and_a_bot_seat_run_without_textual() -> None:
    """`tarocchino host` and `join --bot` are headless: they never import Textual."""
    code = (
        "import sys, net.server, net.botclient, net.remote, cli.host, "
        "cli.join; print(sorted(m for m in sys.modules if m.startswith('textual')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_browser_tab_finds_the_data_directory_busy(tmp_path, monkeypatch) -> None:
    """`tarocchino web` runs `play --tab`: with another game in the data directory the tab still
    opens (to host or join), its local matches off."""
    from cli import play
    from store.lock import DataLock

    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    opened = []
    monkeypatch.setattr(
        play, "_play", lambda args, directory, seats, local=True: opened.append(local) or 0
    )
    with DataLock(tmp_path):
        assert main(["play", "--tab"]) == 0
        assert main(["play"]) == 2  # a terminal is told another game is running (nothing done)
    assert opened == [False]


def test_a_joined_window_plays_its_own_match_only_with_the_data_directory(
    tmp_path, monkeypatch
) -> None:
    """`tarocchino join` (a person) holds the data lock while it runs, so the same window may
    also start a match of its own; with another game in the directory it only joins and hosts
    (never writing that game's autosave)."""
    import tui.app
    from store.lock import DataLock, DirectoryBusy

    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    seen: list[object] = []

    class App:
        def __init__(self, **kwargs: object) -> None:
            seen.append(kwargs["local"])
            self.network = SimpleNamespace(left=None)  # no table was left mid-match

        def run(self) -> None:
            try:
                with DataLock(tmp_path):
                    seen.append("free")
            except DirectoryBusy:
                seen.append("held")

    monkeypatch.setattr(tui.app, "TarocchinoApp", App)
    assert main(["join", "127.0.0.1:9", "--name", "Anna"]) == 0
    with DataLock(tmp_path):
        assert main(["join", "127.0.0.1:9", "--name", "Anna"]) == 0
    assert seen == [True, "held", False, "held"]
    with DataLock(tmp_path):
        pass  # released when the window closed


def test_a_stopped_host_says_the_command_that_resumes_it_where_it_was(tmp_path: Path) -> None:
    """Ctrl+C prints the exact command (its port, its choices) that resumes the table at the
    address the players' windows keep trying; a second table on that port is refused in one
    sentence; the command printed resumes it."""
    host = tarocchino(
        ["host", "--port", "0", "--turn-limit", "30", "--password", "pw", "--stand-in", "easy"],
        tmp_path / "host",
    )
    processes = [host]
    try:
        log: list[str] = []
        port = int(line(host, r"listening on 127\.0\.0\.1 port (\d+)", log)[1])
        command = f"tarocchino host --port {port} --turn-limit 30 --stand-in easy"
        line(host, re.escape(f"Ctrl+C stops the table; `{command}` resumes it"), log)
        assert not [line for line in log if "seed" in line]  # random deals: nothing to warn of
        other = tarocchino(["host", "--port", str(port)], tmp_path / "other")
        processes.append(other)
        assert other.wait(LIMIT_S) == 1
        said = "".join(next_lines(other)).strip()
        assert said == (
            f"tarocchino host: error: port {port} is already in use on 127.0.0.1 "
            "(another table or program): choose another port"
        )
        anna = tarocchino(
            ["join", f"127.0.0.1:{port}", "--bot", "easy", "--name", "Anna", "--password", "pw"],
            tmp_path / "anna",
        )
        processes.append(anna)
        line(host, r"Anna took seat 1", log)
        host.send_signal(signal.SIGINT)
        assert host.wait(LIMIT_S) == 0
        saved = line(host, r"The table is saved: `(.*)` resumes it \(with the password again", log)[
            1
        ]
        assert saved == command
        again = tarocchino([*saved.split()[1:], "--password", "pw"], tmp_path / "host")
        processes.append(again)
        line(again, r"Resuming the saved table", log)
        line(again, rf"listening on 127\.0\.0\.1 port {port}\b", log)
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
            process.wait()


def test_a_browser_tab_too_small_asks_for_a_wider_window() -> None:
    """In a browser (`tarocchino web`) there is no terminal to enlarge: the window is widened,
    or the page zoomed out."""
    from tui.screens.too_small import too_small_text

    said = too_small_text(66, 38, web=True).plain
    assert said.startswith("Window too small") and "zoom out" in said and "66×38" in said
    assert too_small_text(66, 38).plain.startswith("Terminal too small")
