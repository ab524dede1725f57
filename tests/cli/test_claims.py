"""What docs/cli.md and each command's --help promise, held to it: a bad value is refused in one
line that says what would be accepted, and nothing starts or changes on disk.

A value that the commands once took without a word: an empty ``--bind`` (which listened on every
network), an empty ``--password`` (a table without one), an empty path (read as the current
directory), a count of deals, hands or matches beyond any run, ``play --new`` without the match
it starts. Where the command would run for long (or forever) had it taken the value, the test
adds a second bad value that is checked after it, so that the command ends either way."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cli.main import main

TIMEOUT = 60  # seconds a subprocess may take at most


def _refusal(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The exit status and the one line of stderr of ``tarocchino ARGV``, run in this process."""
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse's refusals exit at once
        status = exit_.code
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err and "usage:" not in err
    assert err.count("\n") == 1, err
    assert err.startswith(f"tarocchino {argv[0]}: error: "), err
    return status, err


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "data"
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(directory))
    return directory


# A seat that is no bot: checked after --bind and --password, so that a host that took either
# would stop there instead of listening.
_UNKNOWN_SEAT = ["--seats", "human,human,human,nosuchbot", "--port", "0"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["host", "--bind", "", *_UNKNOWN_SEAT], "--bind needs an address"),
        (["host", "--bind", "  ", *_UNKNOWN_SEAT], "--bind needs an address"),
        (["web", "--bind", ""], "--bind needs an address"),
        (["host", "--password", "", *_UNKNOWN_SEAT], "--password is empty"),
        # bytes that are not UTF-8 (as a shell passes $'\xff'): a traceback from the resolver
        (["host", "--bind", "\udcff", "--port", "0"], "--bind '\\udcff' is not an address"),
    ],
)
def test_an_empty_address_or_password_is_refused_not_taken_as_every_network_or_none(
    argv, message, data, capsys
) -> None:
    status, err = _refusal(argv, capsys)
    assert status == 2 and message in err
    assert not data.exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        # (they said ">= 0" alone, a number past a limit they did not say being refused)
        (["host", "--bot-delay", "61"], "--bot-delay must be a number of seconds >= 0 and <= 60"),
        (
            ["host", "--away-timeout", "1e7"],
            "--away-timeout must be a number of seconds >= 0 and <= 1,000,000",
        ),
        (
            ["host", "--away-timeout", "nan"],
            "--away-timeout must be a number of seconds >= 0 and <= 1,000,000",
        ),
        (
            ["join", "127.0.0.1", "--name", "Anna", "--retry-for", "2000000"],
            "--retry-for must be a number of seconds >= 0 and <= 1,000,000",
        ),
    ],
)
def test_a_number_out_of_range_is_refused_with_the_range(argv, message, data, capsys) -> None:
    status, err = _refusal(argv, capsys)
    assert status == 2 and message in err
    assert not data.exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["export", ""], "argument FILE: an empty path"),
        (["replay", ""], "argument FILE: an empty path"),
        (["review", ""], "argument FILE: an empty path"),
        (["simulate", "--seed", "1", "--record", ""], "argument --record: an empty path"),
    ],
)
def test_an_empty_path_is_refused_not_read_as_the_current_directory(
    argv, message, data, capsys
) -> None:
    status, err = _refusal(argv, capsys)
    assert status == 2 and message in err and "'.'" not in err and " . " not in err


def test_export_to_an_empty_output_path_asks_for_a_file_name(tmp_path, data, capsys) -> None:
    assert main(["simulate", "--seed", "7", "--target", "100", "--record", str(tmp_path)]) == 0
    capsys.readouterr()
    for empty in ("", " "):  # ("" was the current directory, "not a regular file")
        assert main(["export", str(tmp_path / "match-1.json"), "--output", empty]) == 2
        err = capsys.readouterr().err
        assert err == "tarocchino export: error: --output needs a file name\n", err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        # each with a second bad value after it, which ends the command had it taken the first
        (
            ["simulate", "--seed", "1", "--matches", "10000001", "--time-limit", "nan"],
            "--matches must be at most 10,000,000, not 10,000,001",
        ),
        (
            ["arena", "easy", "random", "--deals", "99999999999999999999", "--workers", "0"],
            "--deals must be at most 10,000,000, not 99,999,999,999,999,999,999",
        ),
        (
            ["regret", "easy", "--hands", "10000001", "--workers", "0"],
            "--hands must be at most 10,000,000",
        ),
        (
            ["calibrate", "--hands", "10000001", "--workers", "0"],
            "--hands must be at most 10,000,000",
        ),
        (["bench", "--hands", "10000001"], "must be between 1 and 10,000,000, not 10,000,001"),
    ],
)
def test_a_count_beyond_any_run_is_refused(argv, message, data, capsys) -> None:
    status, err = _refusal(argv, capsys)
    assert status == 2 and message in err


@pytest.mark.parametrize(
    "argv",
    [
        # each with a second bad value after it, which ends the command had it taken the first
        ["play", "--seats", "human,easy,easy,easy", "--target", "100000", "--bot-delay", "nan"],
        ["host", "--target", "100000", "--stand-in", "nosuchbot"],
        ["simulate", "--seed", "1", "--target", "100000", "--time-limit", "nan"],
    ],
)
def test_a_target_past_what_the_start_screen_takes_is_refused(argv, data, capsys) -> None:
    """The start screen's field takes five digits; a target of 10**11 was a match that never
    ends (simulate played on for ever)."""
    status, err = _refusal(argv, capsys)
    assert status == 2
    assert "--target must be a positive multiple of 5 (scores are) up to 99,995, not 100000" in err
    assert not data.exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        # --budget and --iterations were checked only by a player that takes them: with easy
        # and random the arena played on, whatever they said
        (
            ["--budget", "601", "--time-limit", "nan"],
            "--budget must be at most 600 seconds, not 601",
        ),
        (["--iterations", "100001", "--deals", "1"], "--iterations must be at most 100,000"),
    ],
)
def test_arena_checks_budget_and_iterations_whoever_takes_them(argv, message, data, capsys) -> None:
    status, err = _refusal(["arena", "easy", "random", *argv], capsys)
    assert status == 2 and message in err


def test_bench_text_names_the_bots_figures_one_a_line(capsys, monkeypatch) -> None:
    """They came as a Python dict on one line ("bots: {'decisions': 20, 'seed': 1, ...}")."""
    monkeypatch.setattr("cli.bench.bench_engine", lambda hands, rollouts: {"hands": 5})
    monkeypatch.setattr("cli.bench.bench_scoring", lambda: {})
    monkeypatch.setattr(
        "cli.bench.bench_bots",
        lambda: {"decisions": 20, "hard": {"p50_ms": 119.8, "p95_ms": 931.2}},
    )
    assert main(["bench", "--hands", "5"]) == 0
    out = capsys.readouterr().out
    assert "{" not in out and "'" not in out
    assert out.splitlines() == [
        "hands: 5".rjust(32 + 3),
        "bots.decisions: 20".rjust(32 + 4),
        "bots.hard.p50_ms: 119.8".rjust(32 + 7),
        "bots.hard.p95_ms: 931.2".rjust(32 + 7),
    ]


def test_play_new_without_seats_is_refused_not_ignored(data, capsys) -> None:
    # (--target 7 is refused after it: a play that took --new alone would stop there)
    status, err = _refusal(["play", "--new", "--target", "7"], capsys)
    assert status == 2 and "--new needs --seats" in err
    assert not data.exists()


def test_export_through_a_link_to_no_file_yet_writes_the_file_it_names(
    tmp_path, data, capsys
) -> None:
    assert main(["simulate", "--seed", "7", "--target", "100", "--record", str(tmp_path)]) == 0
    capsys.readouterr()
    link = tmp_path / "sheet.txt"
    link.symlink_to("named.txt")
    assert main(["export", str(tmp_path / "match-1.json"), "--output", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == "named.txt"
    assert (tmp_path / "named.txt").read_text().startswith("Tarocchino · Ottocento · scoresheet")


def test_one_hand_measured_is_said_in_the_singular(data, capsys) -> None:
    for argv in (
        ["regret", "easy", "--oracle", "oracle:iterations=2"],
        ["calibrate", "--players", "easy", "--forecaster", "hard:iterations=2"],
    ):
        assert main([*argv, "--hands", "1", "--workers", "1"]) == 0
        first = capsys.readouterr().out.splitlines()[0]
        assert first.startswith("1 hand of easy, seed 1;"), first


def test_a_killed_regret_stops_its_workers_and_says_so(tmp_path: Path) -> None:
    """As the arena does: a kill (SIGTERM) ends it as Ctrl+C does, `interrupted` and status 130,
    its worker processes stopped (no leaked semaphores warned about at exit)."""
    env = {**os.environ, "TAROCCHINO_DATA_DIR": str(tmp_path)}
    argv = ["regret", "easy", "--hands", "1000", "--oracle", "oracle:iterations=20"]
    process = subprocess.Popen(
        [sys.executable, "-m", "cli.main", *argv],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert process.stderr is not None
        seen = b""
        while b"/1000 hands" not in seen:  # the workers have started and finished a hand
            chunk = process.stderr.read1(4096)
            assert chunk, seen
            seen += chunk
        process.send_signal(signal.SIGTERM)
        _out, err = process.communicate(timeout=TIMEOUT)
    finally:
        process.kill()
        process.wait(timeout=TIMEOUT)
    text = (seen + err).decode()
    assert process.returncode == 130, text
    assert text.rstrip().endswith("tarocchino regret: interrupted"), text
    assert "Traceback" not in text and "Warning" not in text and "leaked" not in text, text
