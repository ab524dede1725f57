"""docs/together.md's "With friends on your network, step by step", run as written: its commands
are read from the page and run (the network's address put back to 127.0.0.1, a free port from the
system, `--bot easy` for the people, who would each need a terminal), and what it says they print
is what they print. A guide and a program that disagree fail here. Bounded in time and output."""

from __future__ import annotations

import os
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from cli import host, web
from cli.main import build_parser, main
from net import addresses
from net.client import Address
from net.server import TableServer
from table.session import Session, parse_seats
from tests.support.paths import ROOT
from tests.support.processes import LIMIT_S, Process

GUIDE = ROOT / "docs" / "together.md"
HEADING = "## With friends on your network, step by step"

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


def _guide() -> str:
    text = GUIDE.read_text(encoding="utf-8") + "\n## "  # (the page's last section)
    start = text.index(HEADING)
    return text[start : text.index("\n## ", start + 1)]


def _commands() -> list[str]:
    """The commands of the guide's code blocks, in order."""
    blocks = re.findall(r"```\n(.*?)```", _guide(), flags=re.S)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def _quoted() -> list[str]:
    """What the guide quotes in `backticks` (what a command prints, a command to type)."""
    return re.findall(r"`([^`\n]+)`", re.sub(r"```.*?```", "", _guide(), flags=re.S))


def _option(argv: list[str], name: str) -> str:
    return argv[argv.index(name) + 1]


def _with(argv: list[str], name: str, value: str) -> list[str]:
    argv = list(argv)
    argv[argv.index(name) + 1] = value
    return argv


def test_the_guide_has_its_commands() -> None:
    commands = _commands()
    assert [c.split()[:2] for c in commands] == [
        ["tarocchino", "host"],
        ["tarocchino", "join"],
        ["tarocchino", "host"],
        ["tarocchino", "web"],
    ]
    lan = _option(shlex.split(commands[0]), "--bind")  # the host's address on the network
    assert shlex.split(commands[1])[2] == lan and _option(shlex.split(commands[3]), "--bind") == lan
    assert "--bind" not in commands[2]  # (the browser's table stays on the host's machine)


@pytest.fixture
def processes():
    started: list[Process] = []
    yield started
    for process in started:
        process.kill()


def _local(argv: list[str], lan: str, port: int | None = None) -> list[str]:
    """A command of the guide on 127.0.0.1 (and ``port``) instead of the network's address."""
    where = "127.0.0.1" if port is None else f"127.0.0.1:{port}"
    return [where if word == lan else word for word in argv]


def test_the_guide_in_terminals(
    tmp_path: Path, processes: list[Process], monkeypatch, capsys
) -> None:
    """The host's command, each friend's, a wrong password, Ctrl+C and the command that resumes
    the table, as the guide says them."""
    host_cmd, join_cmd = (shlex.split(c)[1:] for c in _commands()[:2])
    lan, password = _option(host_cmd, "--bind"), _option(host_cmd, "--password")
    quoted = _quoted()
    # What the host prints on the network's address (said here, listened on nowhere).
    monkeypatch.setattr(addresses, "this_machines", lambda **_: [lan])
    args = build_parser().parse_args(host_cmd)
    config = host._config(args)
    host._welcome(TableServer(Session.new(parse_seats(["human"] * 4)), config), args, 7800)
    printed = capsys.readouterr().out.splitlines()
    # one address: its join command once, for this machine or another (indented under that)
    said = next(q for q in quoted if q.startswith("tarocchino join") and "YOURNAME" in q)
    assert "Join from a terminal on this machine or another:" in printed
    assert f"    {said}" in printed
    resume = next(q for q in quoted if q.startswith("tarocchino host"))
    said_resume = resume
    assert f"`{said_resume}` resumes it (with the password again" in printed[-1]
    printed_join = shlex.split(said)  # tarocchino join LAN:7800 --name YOURNAME [--seat 1-4]
    assert printed_join[:2] == ["tarocchino", "join"] and "--name" in join_cmd
    assert Address.parse(join_cmd[1]) == Address.parse(printed_join[2])  # (7800 by default)

    # The table, on 127.0.0.1 and a free port.
    table = Process([*_local(host_cmd, lan), "--port", "0"], tmp_path / "host")
    processes.append(table)
    port = int(table.line(r"listening on 127\.0\.0\.1 port (\d+)")[1])
    friends = []
    for seat, name in enumerate(NAMES):
        argv = [
            *_with(_local(join_cmd, lan, port), "--name", name),
            "--bot",
            "easy",
            "--delay",
            "0.5",
        ]  # (a match that lasts until the host stops it)
        friends.append(Process(argv, tmp_path / name))
        processes.append(friends[-1])
        table.line(rf"{name} took seat {seat + 1}")
    # A wrong password: one line, status 2, nothing else.
    wrong = subprocess.run(
        [
            sys.executable,
            "-m",
            "cli.main",
            *_with(_local(join_cmd, lan, port), "--password", password + "x"),
            "--bot",
            "easy",
        ],
        env=dict(os.environ, TAROCCHINO_DATA_DIR=str(tmp_path / "stranger")),
        capture_output=True,
        text=True,
        timeout=LIMIT_S,
    )
    assert "wrong password" in quoted
    assert (wrong.returncode, wrong.stderr) == (2, "tarocchino join: error: wrong password\n")
    table.line(r"disconnected \(password\): wrong password")
    # Ctrl+C: saved; the command the guide gives (with the password again) resumes it, and
    # everybody comes back by themselves.
    assert table.stop() == 0
    table.line(r"The table is saved: `tarocchino host --port \d+` resumes it")
    again = Process(
        [*_local(shlex.split(resume)[1:], lan), "--password", password, "--port", str(port)],
        tmp_path / "host",
    )
    processes.append(again)
    again.line(r"Resuming the saved table")
    back = {again.line(r"(\w+) is back at seat")[1] for _ in NAMES}  # (in any order)
    assert back == set(NAMES)
    assert again.stop() == 0
    for friend in friends:
        assert friend.stop() == 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _page_status(url: str) -> int:
    """The status of the page at ``url`` once it is served (tried for LIMIT_S seconds at most:
    `web` says where to go just before it listens)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # (no proxy)
    deadline = time.monotonic() + LIMIT_S
    while True:
        try:
            with opener.open(url, timeout=LIMIT_S) as answer:
                return answer.status
        except urllib.error.URLError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def test_the_guide_in_a_browser(
    tmp_path: Path, processes: list[Process], monkeypatch, capsys
) -> None:
    """The table on the host's machine only, the game served to the network: the address it
    prints (with its key), a tab's game joining the table at 127.0.0.1, Ctrl+C."""
    host_cmd, web_cmd = (shlex.split(c)[1:] for c in _commands()[2:])
    lan = _option(web_cmd, "--bind")
    # What `web` prints on the network's address (said here, served nowhere).
    from web import door as browser

    served: dict = {}
    monkeypatch.setattr(web, "serve_problem", lambda host, port: None)
    monkeypatch.setattr(
        browser.BrowserServer, "serve", lambda self: served.update(host=self.host, key=self.key)
    )
    assert main(web_cmd) == 0
    printed = capsys.readouterr().out.splitlines()
    assert served["host"] == lan and served["key"]
    said = next(q for q in _quoted() if q.startswith("http://"))
    assert said.endswith("?key=…")
    assert printed[1] == f"    {said.removesuffix('…')}{served['key']}"
    assert all(line.startswith("Warning: ") for line in printed[2:])

    data = tmp_path / "host"  # (the tabs' games play in the host's data directory)
    table = Process([*host_cmd, "--port", "0"], data)
    processes.append(table)
    port = int(table.line(r"listening on 127\.0\.0\.1 port (\d+)")[1])
    page = _free_port()
    served_here = Process([*_local(web_cmd, lan), "--port", str(page)], data)
    processes.append(served_here)
    served_here.line(rf"Open http://127\.0\.0\.1:{page} in a browser")
    assert _page_status(f"http://127.0.0.1:{page}/") == 200
    password = _option(host_cmd, "--password")
    tab = Process(
        ["join", f"127.0.0.1:{port}", "--name", "Anna", "--password", password, "--bot", "easy"],
        data,
    )
    processes.append(tab)
    table.line(r"Anna took seat 1")
    assert served_here.stop() == 0
    assert tab.stop() == 0 and table.stop() == 0
