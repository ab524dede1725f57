"""The hint's expected margin: declarations counted in, and the calibration command."""

from __future__ import annotations

import json
import random

import pytest

from ai.hard import HardBot
from ai.lab.calibrate import CHECKPOINTS, Forecast, forecasts_of_hand, summarize
from ai.search import declarations
from ai.spec import parse_spec
from tests.support.matches import view_at


def test_the_declarations_made_count_in_the_margin() -> None:
    for seed in range(8):
        view = view_at(seed, tricks=2)
        known, pending = declarations(view)
        side = view.seat & 1
        assert not pending
        assert known == sum(
            (d.points if d.seat & 1 == side else -d.points) for d in view.declarations if d
        )
        bot = HardBot(iterations=6)
        _, margin = bot.advise(view, view.legal, random.Random(1))
        stats = bot.last_stats
        if stats is None:  # one distinct card: nothing searched
            assert margin is None
            continue
        assert stats.declared == [known] * stats.samples
        assert margin == pytest.approx(stats.mean(stats.best()))


def test_the_players_still_to_declare_are_expected_to_declare_their_hands() -> None:
    view = view_at(3, tricks=0, cards=1)  # the second player of the first trick, not declared
    known, pending = declarations(view)
    assert [seat for seat, _ in pending] == [(view.seat + k) % 4 for k in (1, 2)]
    assert [sign for _, sign in pending] == [-1, 1]  # an opponent, then the partner
    bot = HardBot(iterations=10)
    bot.advise(view, view.legal, random.Random(2))
    assert bot.last_stats is not None
    assert len(set(bot.last_stats.declared)) > 1  # the deals differ in what is still to declare


def test_forecasts_of_a_hand_against_its_real_margin() -> None:
    forecaster = parse_spec("hard:iterations=4")
    rows = forecasts_of_hand(parse_spec("easy"), forecaster, seed=5, index=1)
    assert [f.trick for f in rows] == list(CHECKPOINTS)
    assert len({f.real for f in rows}) <= 2  # one hand: the margin of one side or the other
    again = forecasts_of_hand(parse_spec("easy"), forecaster, seed=5, index=1)
    assert rows == again  # iteration budgets: reproducible


def test_summary_mean_absolute_errors() -> None:
    rows = [Forecast(1, 10.0, 20.0, 0), Forecast(1, -30.0, -10.0, 10), Forecast(5, 0.0, 5.0, 5)]
    out = summarize(rows)
    assert out["trick_1"] == {
        "forecasts": 2,
        "mae_search": 25.0,
        "mae_forecast": 20.0,
        "bias_forecast": 0.0,
        "mean_abs_margin": 5.0,
    }
    assert out["trick_5"]["mae_forecast"] == 0.0 and "trick_10" not in out


def test_calibrate_command(capsys: pytest.CaptureFixture[str]) -> None:
    from cli.main import main

    argv = ["calibrate", "--hands", "2", "--players", "easy", "--forecaster", "hard:iterations=3"]
    assert main([*argv, "--workers", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["hands"] == 2 and set(out["checkpoints"]) == {"trick_1", "trick_5", "trick_10"}
    assert main([*argv, "--workers", "1"]) == 0
    text = capsys.readouterr().out
    assert "MAE search" in text and "MAE forecast" in text
    assert main(["calibrate", "--hands", "0"]) == 2
    assert main(["calibrate", "--players", "grandmaster"]) == 2
    assert "unknown bot" in capsys.readouterr().err
    assert main(["calibrate", "--forecaster", "medium"]) == 2
    assert "a hard bot" in capsys.readouterr().err
