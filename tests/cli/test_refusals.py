"""Every command refuses in one line (``tarocchino CMD: error: ...``), never with a traceback or
argparse's usage block, and changes nothing on disk: bad options, standard streams that are
closed, not terminals or full, output paths that are not files, names that are not printable,
and Ctrl+C. The processes are bounded by timeouts; nothing waits on the clock."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from cli.main import main
from cli.terminal_check import streams_problem

TIMEOUT = 60  # seconds a subprocess may take at most (a refusal takes well under one)


def _one_line(err: str, command: str) -> str:
    assert "Traceback" not in err and "usage:" not in err
    assert err.count("\n") == 1, err
    assert err.startswith(f"tarocchino {command}: error: "), err
    return err


@pytest.mark.parametrize(
    ("argv", "command", "message"),
    [
        (["score", "KS", "--bogus"], "score", "unrecognized arguments: --bogus"),
        (["simulate"], "simulate", "required: --seed"),
        (["simulate", "--seed", "x"], "simulate", "invalid int value: 'x'"),
        (["export", "--format", "xml"], "export", "invalid choice: 'xml'"),
        (["stats", "--recent", "9" * 5000], "stats", "invalid int value: '999"),
        (["--bogus"], "play", "unrecognized arguments: --bogus"),
    ],
)
def test_a_bad_option_is_one_line_named_by_its_command(argv, command, message, capsys) -> None:
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse's refusals exit at once
        status = exit_.code
    assert status == 2
    out, err = capsys.readouterr()
    assert out == "" and message in _one_line(err, command) and len(err) < 400


def test_an_unknown_command_is_one_line(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["bogus"])
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(
        "tarocchino: error: argument COMMAND: invalid choice: 'bogus'"
    )


def _run(argv: list[str], data: Path, **kwargs) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TAROCCHINO_DATA_DIR": str(data)}
    env.pop("TEXTUAL_DRIVER", None)
    return subprocess.run(
        [sys.executable, "-m", "cli.main", *argv],
        env=env,
        text=True,
        capture_output=True,
        timeout=TIMEOUT,
        **kwargs,
    )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("argv", [["score", "KS"], ["bots"]])
def test_output_to_a_full_disk_is_one_line_and_status_1(argv, tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "cli.main", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=TIMEOUT,
            env={**os.environ, "TAROCCHINO_DATA_DIR": str(tmp_path)},
        )
    assert done.returncode == 1
    assert "No space left on device" in _one_line(done.stderr, argv[0])


def _close_stdin() -> None:
    os.close(0)


def test_scoring_standard_input_when_it_is_closed(tmp_path: Path) -> None:
    done = _run(["score", "-"], tmp_path, stdin=None, preexec_fn=_close_stdin)
    assert done.returncode == 2
    assert "standard input is closed" in _one_line(done.stderr, "score")


RECORD = ["simulate", "--seed", "3", "--target", "300", "--record"]


@pytest.fixture(scope="module")
def record_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("records")
    assert main([*RECORD, str(path)]) == 0
    return path / "match-1.json"


@pytest.mark.parametrize("stdin", ["closed", "null", "binary"])
@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--seats", "easy,easy,easy,easy"],
        [],
        ["review", "RECORD"],
        ["join", "127.0.0.1:9", "--name", "Anna"],
    ],
)
def test_the_screens_need_a_terminal(argv, stdin, record_file: Path, tmp_path: Path) -> None:
    """Without a terminal the game's screens refused in one line (they crashed with a traceback
    on a closed or binary standard input, and ran blind on /dev/null), before the data
    directory is touched."""
    argv = [str(record_file) if a == "RECORD" else a for a in argv]
    data = tmp_path / "data"
    data.mkdir()
    kwargs: dict = {"stdin": subprocess.DEVNULL}
    if stdin == "closed":
        kwargs = {"stdin": None, "preexec_fn": _close_stdin}
    elif stdin == "binary":
        (tmp_path / "noise").write_bytes(bytes(range(256)) * 16)
        kwargs = {"stdin": (tmp_path / "noise").open("rb")}
    done = _run(argv, data, **kwargs)
    command = argv[0] if argv else "play"
    assert done.returncode == 2
    which = "closed" if stdin == "closed" else "not one"
    assert f"the game needs a terminal, and standard input is {which}" in _one_line(
        done.stderr, command
    )
    assert list(data.iterdir()) == []


def test_the_screens_need_standard_error_to_be_a_terminal(tmp_path: Path) -> None:
    main_fd, other_fd = os.openpty()
    try:
        done = _run(["play"], tmp_path, stdin=other_fd)
    finally:
        os.close(main_fd)
        os.close(other_fd)
    assert done.returncode == 2
    assert "standard error is not one" in _one_line(done.stderr, "play")
    assert list(tmp_path.iterdir()) == []


def test_a_browser_tab_needs_no_terminal() -> None:
    class Stream:
        closed = False

        def isatty(self) -> bool:
            return False

    assert streams_problem(Stream(), Stream(), {"TEXTUAL_DRIVER": "web"}) is None  # type: ignore[arg-type]
    assert "standard input is not one" in streams_problem(Stream(), Stream(), {})  # type: ignore[arg-type, operator]
    assert "standard input is closed" in streams_problem(None, Stream(), {})  # type: ignore[arg-type, operator]


def test_ctrl_c_ends_the_line_and_says_so(tmp_path: Path) -> None:
    """Interrupted, a command ends what it was printing (a progress line) with a line saying
    so, status 130, no traceback."""
    env = {**os.environ, "TAROCCHINO_DATA_DIR": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "cli.main", "score", "--json", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert process.stdin and process.stdout
        process.stdin.write("KS QS NS\n")
        process.stdin.flush()
        assert '"cards"' in process.stdout.readline()  # it is reading the next line now
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=TIMEOUT)
    finally:
        process.kill()
    assert process.returncode == 130
    assert err == "\ntarocchino score: interrupted\n"


def test_export_never_replaces_what_is_not_a_file(
    record_file: Path, tmp_path: Path, capsys
) -> None:
    """`--output` named a FIFO, a directory or a device (as root, /dev/full): the atomic write
    put a regular file in its place."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in (fifo, tmp_path, Path(" ")):
        assert main(["export", str(record_file), "--output", str(path)]) == 2
        err = _one_line(capsys.readouterr().err, "export")
        assert "not a regular file" in err or "needs a file name" in err
    assert fifo.is_fifo()
    target = tmp_path / "sheet.txt"
    target.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    assert main(["export", str(record_file), "--output", str(link)]) == 0
    assert link.is_symlink() and "scoresheet" in target.read_text()


@pytest.mark.parametrize("command", ["export", "review"])
@pytest.mark.parametrize(
    ("names", "message"), [("\x1b[2J,B,C,D", "printable"), ("A,B,C," + "x" * 5000, "at most 16")]
)
def test_names_are_what_a_table_accepts(
    command, names, message, record_file: Path, capsys, monkeypatch
) -> None:
    monkeypatch.setattr("cli.review._review", lambda source, args: 0)  # no screen
    assert main([command, str(record_file), "--names", names]) == 2
    err = _one_line(capsys.readouterr().err, command)
    assert message in err and len(err) < 300 and "\x1b" not in err


@pytest.mark.parametrize("other", [["--seats", "human,easy,easy,easy"], ["--new"]])
def test_resume_goes_alone(other, tmp_path: Path, monkeypatch, capsys) -> None:
    """`play --resume --seats ...` started a new match over the saved one, --resume unsaid."""
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    monkeypatch.setattr("cli.play._play", lambda *args, **kwargs: 0)  # no screen
    assert main(["play", "--resume", *other]) == 2
    assert "--resume goes alone" in _one_line(capsys.readouterr().err, "play")
    assert list(tmp_path.iterdir()) == []


def test_web_on_a_port_in_use_or_a_bad_address(tmp_path: Path) -> None:
    """It printed the address to open, then a traceback from the server."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _run(["web", "--port", str(port)], tmp_path, stdin=subprocess.DEVNULL)
    assert done.returncode == 1 and done.stdout == ""
    assert "already in use" in _one_line(done.stderr, "web")
    done = _run(
        ["web", "--bind", "no such host", "--port", str(port)], tmp_path, stdin=subprocess.DEVNULL
    )
    assert done.returncode == 1 and done.stdout == ""
    assert "cannot serve on 'no such host'" in _one_line(done.stderr, "web")
