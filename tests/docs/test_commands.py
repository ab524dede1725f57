"""Every `tarocchino` command of a code block in README.md and docs/*.md is run, in a data
directory of its own, and exits as its page says; where a page shows what a command prints
(``$ tarocchino ...`` and the lines under it), it prints exactly that.

A page's commands run in order in one working directory (`simulate --record games/` writes
the records that `replay` and `review` read after it), with `mybot.py` of docs/bots.md there
and a finished match in the statistics. Run as written, except where that would open a screen,
a server or a long measurement:

- a screen (`play`, `review`, a person's `join`) runs without a terminal: its arguments are
  checked, and it then refuses for want of a terminal, touching nothing;
- `host` and `web` listen on a free port of 127.0.0.1 (whatever --bind they name: the tests
  open nothing to a network), answer there, and are stopped with Ctrl+C;
- `join --bot` joins a table hosted for it (with the password it gives) and is stopped with
  Ctrl+C once seated;
- `arena`, `regret`, `calibrate` and `bench` play one deal or hand (a sequential test two),
  their bots searching two deals a decision.

The `tarocchino` commands of the prose (in code spans) are parsed: their options and bots
exist."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import shlex
import socket
import ssl
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from ai.spec import parse_spec, split_specs
from cli import terminal_check
from cli.main import build_parser, main
from game import record
from net.addresses import bind_problem
from net.client import WEB_DRIVER_ENV
from store.stats import FinishedMatch, record_finished_match
from tests.support import markdown
from tests.support.markdown import Command
from tests.support.paths import RECORDS, ROOT
from tests.support.processes import Process
from tests.support.tls import self_signed

LIMIT_S = 120  # no command, and no wait for a line, takes longer
NO_TERMINAL = "the game needs a terminal, and standard input is not one (the keys are read there)"
EXAMPLE_NETWORK = "192.168."  # the pages' example network: this machine stands in for it
BROWSER = "28974847" + "0" * 24  # the browser's directory docs/together.md forgets
SEATS = (("Anna", "human"), ("Bruno", "medium"), ("Carla", "hard"), ("Dario", "medium"))
SCREENS = {"play", "review"}
LAB = {"arena", "regret", "calibrate", "bench"}
SPEC_OPTIONS = ("--players", "--forecaster", "--oracle", "--seats", "--bot", "--stand-in")
BROWSER_LISTS = ("--browsers", "--forget-browser", "--forget-browsers-unused-for")


CERTIFICATE = "table"  # table.pem and table.key in the working directory


def _bot_example() -> str:
    """docs/bots.md's example bot, as the page says to save it: mybot.py."""
    text = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    return next(
        "\n".join(block.lines) + "\n"
        for block in markdown.code_blocks(text)
        if block.info == "python" and block.lines and block.lines[0].startswith("# mybot.py")
    )


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """The working directory: mybot.py, and the data directory `data` with a finished match in
    its statistics and one browser's directory."""
    (tmp_path / "mybot.py").write_text(_bot_example(), encoding="utf-8")
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    match = record.load_recorded(RECORDS / "simulate-seed7-match-0.json").match
    assert record_finished_match(data, FinishedMatch.of(match, SEATS)) is None
    browser = data / "browsers" / BROWSER
    browser.mkdir(parents=True)
    (browser / "settings.json").write_text('{"theme": "charcoal"}')  # (worth keeping)
    self_signed(tmp_path, CERTIFICATE)  # what docs/encryption.md has the reader make with openssl
    return tmp_path


def _settings(data: Path) -> dict[str, str]:
    """What a command is run with: the data directory, an 80x24 terminal's size."""
    return {"TAROCCHINO_DATA_DIR": str(data), "COLUMNS": "80", "LINES": "24"}


def _environment(data: Path) -> dict[str, str]:
    env = dict(os.environ, **_settings(data))
    env.pop("TAROCCHINO_TABLE_PASSWORD", None)
    return env


def _command_of(argv: Sequence[str]) -> str:
    """The subcommand ``argv`` runs (`tarocchino` alone, or with options only, is `play`)."""
    return argv[0] if argv and not argv[0].startswith("-") else "play"


def _option(argv: Sequence[str], name: str) -> str | None:
    return argv[argv.index(name) + 1] if name in argv else None


def _local(argv: Sequence[str]) -> list[str]:
    """``argv`` on this machine alone: what a server is bound to (``--bind``), and the example
    network's address of a join's HOST[:PORT], become 127.0.0.1."""
    local = []
    for i, word in enumerate(argv):
        if i and argv[i - 1] == "--bind":
            word = "127.0.0.1"
        elif i and argv[i - 1] in ("--cert", "--key"):  # the workspace's own certificate
            word = f"{CERTIFICATE}.{'pem' if argv[i - 1] == '--cert' else 'key'}"
        elif word.startswith(EXAMPLE_NETWORK):
            word = "127.0.0.1" + word.removeprefix(word.split(":")[0])
        local.append(word)
    return local


def _quick(argv: Sequence[str]) -> list[str]:
    """A measurement's command shrunk to a moment: one deal or hand, two deals a decision."""
    argv = list(argv)
    for i, word in enumerate(argv):
        if i and argv[i - 1] in ("--deals", "--hands"):
            argv[i] = "1"
        else:
            word = re.sub(r"\biterations=\d+", "iterations=2", word)
            argv[i] = re.sub(r"\bbudget_s=[\d.]+", "budget_s=0.01", word)
    command = argv[0]
    if command == "arena":
        argv += ["--iterations", "2", "--quiet"]
        if any(word.startswith("--sprt") for word in argv):
            argv += ["--max-deals", "2"]
    elif command == "regret" and "--oracle" not in argv:
        argv += ["--oracle", "oracle:iterations=2"]
    elif command == "calibrate":
        for option in ("--players", "--forecaster"):
            if option not in argv:
                argv += [option, "hard:iterations=2"]
    elif command == "bench":
        argv += ["--hands", "20", "--rollouts", "20", "--no-bots"]
    return argv


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass(frozen=True, slots=True)
class Done:
    """How a command ended: its exit status and what it printed."""

    returncode: int
    stdout: str
    stderr: str


Runner = Callable[[list[str]], Done]


def in_process(capsys: pytest.CaptureFixture[str]) -> Runner:
    """Run a command that serves nothing in this process, as `tarocchino` would
    (`cli.main.main`): quicker than a Python of its own for each. (Its standard input is no
    terminal: see the test.)"""

    def run(argv: list[str]) -> Done:
        capsys.readouterr()
        try:
            status = main(argv)
        except SystemExit as exit_:  # argparse's refusals
            status = exit_.code if isinstance(exit_.code, int) else 2
        out, err = capsys.readouterr()
        return Done(status, out, err)

    return run


def check(command: Command, cwd: Path, run: Runner) -> str | None:
    """Run ``command`` as its page means it (``run``: a command that opens nothing, in the
    working directory ``cwd``); what went otherwise, in words (None: as said)."""
    argv, data = list(command.argv), cwd / "data"
    name = _command_of(argv)
    if "--help" in argv or "-h" in argv:
        done = run(argv)
        return None if done.returncode == 0 else f"exit status {done.returncode}: {done.stderr}"
    if name in SCREENS or (name == "join" and "--bot" not in argv):
        done = run(argv)  # (standard input is no terminal)
        said = f"tarocchino {name}: error: {NO_TERMINAL}\n"
        if (done.returncode, done.stderr) != (2, said):
            return f"not refused for want of a terminal ({done.returncode}): {done.stderr}"
        return None
    if name in ("host", "web", "join") and not any(option in argv for option in BROWSER_LISTS):
        try:
            return _serving(name, argv, cwd, data)
        except AssertionError as exc:  # (a line it never said)
            return str(exc)
    done = run(_quick(argv) if name in LAB else argv)
    if done.returncode != 0:
        return f"exit status {done.returncode}: {done.stderr}"
    if command.shown is not None:
        printed = [line.rstrip() for line in done.stdout.rstrip("\n").split("\n")]
        shown = [line.rstrip() for line in command.shown]
        if printed != shown:
            return "it prints:\n" + "\n".join(printed)
    return None


def _serving(name: str, argv: list[str], cwd: Path, data: Path) -> str | None:
    """``check`` of a command that serves: a table, the browser game, a bot at a table. It
    serves this machine alone, on a free port, whatever address it names (which must be one
    the command takes)."""
    bind = _option(argv, "--bind")
    if bind is not None and bind_problem(bind):
        return bind_problem(bind)
    if name == "host":
        return _serve([*_local(argv), "--port", "0"], cwd, data, r"listening on .* port (\d+)")
    if name == "web":
        return _serve(
            [*_local(argv), "--port", str(_free_port())], cwd, data, r"127\.0\.0\.1:(\d+)"
        )
    return _bot_joins(argv, cwd, data)


def _serve(argv: list[str], cwd: Path, data: Path, port_said: str) -> str | None:
    """A server that says its port (``port_said``), answers there, and stops with Ctrl+C.
    (Its answer says its event loop runs: Ctrl+C is then the server's, not Python's.)"""
    server = Process(argv, data, cwd, **_settings(data))
    try:
        port = int(server.line(port_said)[1])
        _answers(port, secure="--cert" in argv)
        status = server.stop()
    finally:
        server.kill()
    return None if status == 0 else f"stopped with Ctrl+C, exit status {status}"


def _answers(port: int, secure: bool = False) -> None:
    """Wait until something answers HTTP (HTTPS when ``secure``: any certificate) on
    127.0.0.1:``port`` (any status)."""
    unchecked = ssl.create_default_context()
    unchecked.check_hostname, unchecked.verify_mode = False, ssl.CERT_NONE
    opener = urllib.request.build_opener(
        urllib.request.ProxyHandler({}),  # (no proxy)
        urllib.request.HTTPSHandler(context=unchecked),
    )
    deadline = time.monotonic() + LIMIT_S
    while True:
        try:
            with opener.open(f"http{'s' if secure else ''}://127.0.0.1:{port}/", timeout=LIMIT_S):
                return
        except urllib.error.HTTPError:
            return  # (a page that wants its key: answered all the same)
        except (urllib.error.URLError, OSError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _bot_joins(argv: list[str], cwd: Path, data: Path) -> str | None:
    """`join --bot` at a table hosted for it (its password, if it gives one)."""
    password = _option(argv, "--password")
    hosted = ["host", "--port", "0", *(["--password", password] if password else [])]
    table = Process(hosted, cwd / "table-host", cwd, **_settings(cwd / "table-host"))
    bot = None
    try:
        port = table.line(r"listening on 127\.0\.0\.1 port (\d+)")[1]
        _answers(int(port))
        bot = Process([argv[0], f"127.0.0.1:{port}", *argv[2:]], data, cwd, **_settings(data))
        bot.line(r"connected to 127\.0\.0\.1:\d+, seat \d")
        status = bot.stop()
        if status != 0:
            return f"stopped with Ctrl+C, exit status {status}"
        status = table.stop()
        return None if status == 0 else f"the table stopped with exit status {status}"
    finally:
        table.kill()
        if bot is not None:
            bot.kill()


PAGES = [page for page in markdown.pages() if markdown.commands(page)]


def test_the_pages_have_their_commands() -> None:
    names = {page.name for page in PAGES}
    assert {"README.md", "playing.md", "together.md", "cli.md", "bots.md"} <= names
    shown = [c for page in PAGES for c in markdown.commands(page) if c.shown is not None]
    assert {c.argv[0] for c in shown} >= {"score", "simulate", "replay"}


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_every_command_of_a_page_does_what_it_says(
    page: Path,
    workspace: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(workspace)
    for name, value in _settings(workspace / "data").items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("TAROCCHINO_TABLE_PASSWORD", raising=False)
    monkeypatch.delenv(WEB_DRIVER_ENV, raising=False)
    # The check the commands make (which the tests' conftest turns off), with the standard input
    # of a command that is not run from a terminal, whatever this test run's is.
    no_terminal = open(os.devnull)
    monkeypatch.setattr(
        terminal_check,
        "problem",
        lambda: terminal_check.streams_problem(no_terminal, sys.__stderr__, os.environ),
    )
    run = in_process(capsys)
    wrong = []
    for command in markdown.commands(page):
        problem = check(command, workspace, run)
        if problem:
            wrong.append(f"{command}\n  {problem}")
    no_terminal.close()
    assert not wrong, "\n".join(wrong)


_SCHEMATIC = ("…", "...", "[", "|", "<")  # a command's form, not a command line
_PLACEHOLDER = re.compile(r"[A-Z][A-Z0-9_]*(:[A-Z]\w*)?")  # COMMAND, A, B, SECONDS, HOST:PORT
_MENTION = ("expected one argument", "the following arguments are required")


def _spec_words(argv: list[str]) -> list[str]:
    """The bots an argument list names (each to be read by ai.spec)."""
    words = []
    command = _command_of(argv)
    if command == "arena":
        words += argv[1:3]
    elif command in ("regret", "bots") and len(argv) > 1 and not argv[1].startswith("-"):
        words.append(argv[1])
    for option in SPEC_OPTIONS:
        value = _option(argv, option)
        if value:
            words += split_specs(value)
    return [w for w in words if w != "human"]


def _problem(argv: list[str], parser: argparse.ArgumentParser) -> str | None:
    """What is wrong with a command line of the prose: an unknown command or option, a value
    the command refuses, a bot that does not exist. A mention of a command and its options
    without their values (`tarocchino review --match`), or with placeholders (`tarocchino arena
    A B`), is held to its words alone."""
    command = _command_of(argv)
    if argv and argv[0] != command:
        argv = [command, *argv]  # (as the command reads `tarocchino --ascii`)
    sub = next(
        (
            action.choices
            for action in parser._actions
            if hasattr(action, "choices") and isinstance(action.choices, dict)
        ),
        {},
    ).get(command)
    if sub is None:
        return f"no command {command!r}"
    options = {s for action in sub._actions for s in action.option_strings}
    unknown = [w for w in argv if w.startswith("-") and w.split("=")[0] not in options]
    if unknown:
        return f"no option {unknown[0]} of {command}"
    if any(_PLACEHOLDER.fullmatch(word) for word in argv[1:]):
        return None
    said = io.StringIO()
    try:
        with contextlib.redirect_stderr(said), contextlib.redirect_stdout(io.StringIO()):
            parser.parse_args(argv)
    except SystemExit as exit_:
        if exit_.code and not any(words in said.getvalue() for words in _MENTION):
            return said.getvalue().strip()
        return None
    lab = command in LAB
    for word in _spec_words(argv):
        try:
            parse_spec(word, measurement=lab)
        except Exception as exc:  # (SpecError, or what the bot's own module raises)
            return f"{word}: {exc}"
    return None


def test_the_commands_of_the_prose_are_accepted(
    workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each `tarocchino ...` of the prose (and of the in-game help) names commands, options
    and bots that exist, with values they take; a command's form (with brackets, an ellipsis,
    COMMAND) or what a command says (`tarocchino join: error: ...`) is passed over."""
    monkeypatch.chdir(workspace)  # (mybot.py is there)
    parser = build_parser()
    wrong, read = [], 0
    for page in [*markdown.pages(), *sorted((ROOT / "assets").glob("help*.md"))]:
        for line, text in markdown.inline_commands(page):
            argv = shlex.split(text)[1:]
            if any(mark in text for mark in _SCHEMATIC) or not argv:
                continue
            if argv[0].endswith(":") or _PLACEHOLDER.fullmatch(argv[0]):
                continue  # what a command says (`tarocchino join: error: ...`), or any command
            problem = _problem(argv, parser)
            if problem:
                wrong.append(f"{page.relative_to(ROOT)}:{line}: {text}: {problem}")
            read += 1
    assert not wrong, "\n".join(wrong)
    assert read > 40
