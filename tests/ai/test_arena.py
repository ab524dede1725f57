"""The duplicate arena (ai.lab.arena) and its command, `tarocchino arena`."""

from __future__ import annotations

import argparse
import json
import math

import pytest

from ai.lab.arena import BotSpec, DealResult, play_deal, run_arena, summarize
from cli import arena as arena_command


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
