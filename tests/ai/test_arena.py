"""The duplicate arena (ai.lab.arena) and its command, `tarocchino arena`."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

import pytest

from ai.lab import journal
from ai.lab.arena import BotSpec, DealResult, play_deal, run_arena, run_sprt, summarize
from ai.lab.journal import JournalError
from ai.lab.sprt import Sprt
from cli import arena as arena_command
from game.files import TOO_BIG, FileReadError


def cli(argv: list[str]) -> int:
    """Run through the real command line (cli.main), or the arena module alone if that fails."""
    try:
        from cli.main import main
    except ImportError:  # pragma: no cover - another command of the CLI is broken
        parser = argparse.ArgumentParser(prog="tarocchino")
        arena_command.register(parser.add_subparsers(dest="command"))
        args = parser.parse_args(argv)
        return args.func(args)
    return main(argv)


def test_arena_command_prints_the_figures_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli(
        ["arena", "random", "easy", "--deals", "4", "--seed", "3", "--workers", "1", "--json"]
    )
    assert code == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert out["a"] == "random" and out["b"] == "easy" and out["deals"] == 4
    lo, hi = out["ci95"]
    assert math.isclose(lo, out["mean_diff"] - 1.96 * out["stderr"], abs_tol=0.01)
    assert math.isclose(hi, out["mean_diff"] + 1.96 * out["stderr"], abs_tol=0.01)
    assert set(out["decision_ms"]) == {"random", "easy"}
    assert {"p50", "p95"} <= set(out["decision_ms"]["easy"])
    assert "4/4 deals" in captured.err  # progress on stderr


def test_arena_command_plain_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["arena", "easy", "random", "--deals", "2", "--workers", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "easy vs random: 2 duplicate deals" in out and "p95" in out


def test_arena_command_rejects_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli(["arena", "easy", "grandmaster", "--deals", "1", "--workers", "1"]) == 2
    assert "unknown bot 'grandmaster'" in capsys.readouterr().err


def test_a_deal_is_played_from_both_sides_on_the_same_cards() -> None:
    same = play_deal(BotSpec("easy"), BotSpec("easy"), seed=5, index=0)
    assert same.margins[0] == -same.margins[1]  # the same play from both sides: no margin
    assert same.diff == 0


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    a = BotSpec.parse("medium:samples=2")
    b = BotSpec("easy")
    one = run_arena(a, b, deals=2, seed=9, workers=1)
    two = run_arena(a, b, deals=2, seed=9, workers=2)
    assert one["mean_diff"] == two["mean_diff"] and one["stderr"] == two["stderr"]


def test_bot_spec_parses_options() -> None:
    spec = BotSpec.parse("hard:budget_s=0.5,solver_tricks=2")
    assert spec.name == "hard" and dict(spec.options) == {"budget_s": 0.5, "solver_tricks": 2}
    with pytest.raises(ValueError):
        BotSpec.parse("hard:budget_s")


def test_summary_statistics() -> None:
    results = [DealResult(i, (d, d)) for i, d in enumerate([10, 20, 30, 40])]
    out = summarize(BotSpec("easy"), BotSpec("random"), results)
    assert out["mean_diff"] == 25
    assert math.isclose(out["stderr"], math.sqrt(((15**2 + 5**2) * 2) / 3) / 2, abs_tol=1e-3)


# ---------------------------------------------------------------- the journal
EASY, RANDOM = BotSpec("easy"), BotSpec("random")


def _figures(summary: dict[str, Any]) -> dict[str, Any]:
    """A summary without what differs between a run in one go and one resumed: the time, the
    deals read from the journal, and the decision times (the number of decisions stays)."""
    out = {k: v for k, v in summary.items() if k not in ("elapsed_s", "from_journal")}
    out["decision_ms"] = {k: t["decisions"] for k, t in summary["decision_ms"].items()}
    return out


def _deals(path: Path) -> list[Any]:
    """A journal's lines, each deal's decision times counted (their values are the clock's)."""
    lines = [json.loads(line) for line in path.read_bytes().splitlines()]
    for deal in lines[1:]:
        deal["times_ms"] = [len(times) for times in deal["times_ms"]]
    return lines


def _sprt(path: Path, stop_after: int | None = None) -> dict[str, Any]:
    """Easy against random until a test decides (past 20 deals: 41), stopped as Ctrl+C stops it
    after ``stop_after`` deals."""

    def progress(done: int, total: int, mean: float, llr: float) -> None:
        if done == stop_after:
            raise KeyboardInterrupt

    return run_sprt(EASY, RANDOM, Sprt(150, 200), seed=2, progress=progress, journal=path)


def _head(path: Path, deals: int) -> bytes:
    """The journal's header and its first ``deals`` deals."""
    return b"".join(path.read_bytes().splitlines(keepends=True)[: deals + 1])


def test_a_sequential_test_stopped_goes_on_to_the_same_verdict(tmp_path: Path) -> None:
    whole = _sprt(tmp_path / "whole.jsonl")
    assert whole["deals"] == 41 and whole["sprt"]["verdict"] == "H1"
    assert whole["from_journal"] == 0
    stopped = tmp_path / "stopped.jsonl"
    with pytest.raises(KeyboardInterrupt):
        _sprt(stopped, stop_after=13)
    assert _deals(stopped) == _deals(tmp_path / "whole.jsonl")[:14]
    resumed = _sprt(stopped)
    assert _figures(resumed) == _figures(whole) and resumed["from_journal"] == 13
    assert _deals(stopped) == _deals(tmp_path / "whole.jsonl")  # not a deal more
    again = _sprt(stopped)  # the verdict is in it: nothing is played
    assert _figures(again) == _figures(whole) and again["from_journal"] == 41


def test_a_plain_run_goes_on_from_its_journal(tmp_path: Path) -> None:
    whole = run_arena(EASY, RANDOM, 12, seed=3, journal=tmp_path / "whole.jsonl")
    part = tmp_path / "part.jsonl"
    part.write_bytes(_head(tmp_path / "whole.jsonl", 5))
    resumed = run_arena(EASY, RANDOM, 12, seed=3, workers=2, journal=part)
    assert _figures(resumed) == _figures(whole) and resumed["from_journal"] == 5
    assert _deals(part) == _deals(tmp_path / "whole.jsonl")


@pytest.mark.parametrize(
    "tail",
    [b'{"index":5,"margins":[1', b"\x00\x00\x00", b'{"index":5,"mar\n', b"\n"],
    ids=["cut off", "zeros", "cut off, then ended", "an empty line"],
)
def test_a_last_line_cut_off_mid_write_is_played_again(tmp_path: Path, tail: bytes) -> None:
    whole = tmp_path / "whole.jsonl"
    _sprt(whole)
    stopped = tmp_path / "stopped.jsonl"
    stopped.write_bytes(_head(whole, 5) + tail)
    assert _figures(_sprt(stopped)) == _figures(_sprt(whole))
    assert _deals(stopped) == _deals(whole)


@pytest.mark.parametrize(
    "header", [b"", b'{"journal":"taroc', b'{"journal":"tarocchino arena jo\n']
)
def test_a_header_cut_off_mid_write_starts_the_journal_again(tmp_path: Path, header: bytes) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(header)
    run_arena(EASY, RANDOM, 2, seed=3, journal=path)
    assert len(path.read_bytes().splitlines()) == 3


def _refused(path: Path, reason: str, **head: Any) -> JournalError:
    """The error of a plain run of 4 deals on ``path`` (with ``head`` for its header), which
    leaves the file as it was."""
    before = path.read_bytes()
    deals = head.pop("deals", 4)
    with pytest.raises(JournalError) as caught:
        run_arena(BotSpec("easy"), BotSpec("random"), deals, seed=head.pop("seed", 3), journal=path)
    assert caught.value.reason == reason, caught.value
    assert path.read_bytes() == before
    return caught.value


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """The journal of 4 deals of easy against random, seed 3."""
    path = tmp_path / "played.jsonl"
    run_arena(EASY, RANDOM, 4, seed=3, journal=path)
    return path


def test_another_run_s_journal_is_refused_and_left_as_it_is(played: Path) -> None:
    error = _refused(played, journal.OTHER_RUN, seed=4)
    assert error.facts == {"key": "seed", "journal": "3", "run": "4"}
    assert _refused(played, journal.OTHER_RUN, deals=5).facts["key"] == "deals"
    with pytest.raises(JournalError) as caught:
        run_sprt(EASY, RANDOM, Sprt(0, 10), seed=3, journal=played)
    assert caught.value.reason == journal.OTHER_RUN and caught.value.facts["key"] == "low"


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda lines: lines[:2] + [b"{oops\n"] + lines[3:], journal.NOT_JSON),
        (lambda lines: lines[:2] + [b"[" * 9 + b"]" * 9 + b"\n"] + lines[3:], journal.NOT_JSON),
        (lambda lines: lines[:2] + [b"[" * 9 + b"]" * 9 + b"\n"], journal.NOT_JSON),
        (lambda lines: lines[:2] + [lines[2].replace(b"[", b"[true,", 1)], journal.NOT_A_DEAL),
        (lambda lines: lines[:2] + [b'{"index": 1}\n'], journal.NOT_A_DEAL),
        (lambda lines: [lines[0], lines[2], lines[1]], journal.OUT_OF_ORDER),
        (lambda lines: [b'{"theme": "charcoal"}'], journal.NOT_A_HEADER),
        (lambda lines: [b"# notes\n", *lines], journal.NOT_A_HEADER),
        (
            lambda lines: [lines[0].replace(b'version":1', b'version":2'), *lines[1:]],
            journal.NOT_A_HEADER,
        ),
    ],
    ids=[
        "not json",
        "too deep",
        "too deep, last",
        "a bool",
        "no fields",
        "out of order",
        "another file",
        "a first line before",
        "another version",
    ],
)
def test_a_damaged_journal_is_refused_and_left_as_it_is(played: Path, change, reason) -> None:
    played.write_bytes(b"".join(change(_lines(played))))
    _refused(played, reason)


def test_a_journal_with_more_deals_than_the_run_is_refused(played: Path, tmp_path) -> None:
    lines = _lines(played)
    played.write_bytes(b"".join([lines[0].replace(b'"deals":4', b'"deals":3'), *lines[1:]]))
    assert _refused(played, journal.TOO_MANY, deals=3).facts == {"limit": 3}
    whole = tmp_path / "whole.jsonl"
    _sprt(whole)
    lines = _lines(whole)
    extra = lines[-1].replace(b'"index":40', b'"index":41')
    whole.write_bytes(b"".join(lines) + extra)  # one deal past the verdict
    before = whole.read_bytes()
    with pytest.raises(JournalError) as caught:
        _sprt(whole)
    assert caught.value.reason == journal.TOO_MANY and whole.read_bytes() == before


def test_a_journal_too_big_is_refused(played: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(journal, "MAX_BYTES", 1000)
    error = _refused(played, journal.UNREADABLE)
    assert isinstance(error.cause, FileReadError) and error.cause.reason == TOO_BIG
