"""The regret measure: what each card a level plays gives away to the oracle."""

from __future__ import annotations

import json
import random

import pytest

from ai.easy import EasyBot
from ai.lab.regret import Regret, card_values, judge_hand, real_choice, summarize
from ai.oracle import OracleBot
from ai.search import distinct_cards
from ai.spec import parse_spec
from cli.main import main
from game.match import Match

JUDGE = parse_spec("oracle:iterations=8", measurement=True)


def test_the_summary_splits_the_regret_by_place_and_stage() -> None:
    rows = [Regret(1, 0, 30.0), Regret(1, 1, 0.0), Regret(7, 0, 10.0), Regret(15, 3, 20.0)]
    summary = summarize(rows)
    assert summary["all"] == {"decisions": 4, "mean": 15.0, "mistakes": 0.5, "share": 1.0}
    assert summary["by_position"]["lead"] == {
        "decisions": 2,
        "mean": 20.0,
        "mistakes": 0.5,
        "share": 0.67,
    }
    assert summary["by_position"]["third"] == {
        "decisions": 0,
        "mean": 0.0,
        "mistakes": 0.0,
        "share": 0.0,
    }
    assert summary["by_tricks"]["11-15"] == {
        "decisions": 1,
        "mean": 20.0,
        "mistakes": 1.0,
        "share": 0.33,
    }
    assert sum(r["decisions"] for r in summary["by_tricks"].values()) == 4


def test_card_values_cover_every_distinct_card_and_the_card_played() -> None:
    judge = OracleBot(iterations=8)
    easy = EasyBot()
    checked = 0
    for seed in range(6):
        match = Match(seed, first_dealer=seed % 4)
        while len(match.hand.tricks) < 3 or match.hand.trick:
            view = match.view(match.turn)
            match.apply(easy.choose(view, view.legal, random.Random(seed)))
        view = match.view(match.turn)
        if not real_choice(view):
            continue
        judge.see_deal(match.hand.hands, match.hand.discard)
        distinct = distinct_cards([a.card for a in view.legal], view.hand, view.played)
        played = max(a.card for a in view.legal)
        values = card_values(judge, view, played, random.Random(seed))
        assert set(values) == {*distinct, played}
        checked += 1
    assert checked >= 3


def test_a_hand_of_regrets_is_reproducible_and_never_negative() -> None:
    easy = parse_spec("easy")
    first = judge_hand(easy, JUDGE, seed=3, index=1).cards
    assert first == judge_hand(easy, JUDGE, seed=3, index=1).cards
    assert len(first) >= 15  # at least one real choice a trick, here
    assert all(r.regret >= 0 and 1 <= r.trick <= 15 and 0 <= r.position <= 3 for r in first)


def test_a_random_player_gives_away_more_than_a_searching_one() -> None:
    def mean(level: str) -> float:
        rows = [r for i in range(2) for r in judge_hand(parse_spec(level), JUDGE, 5, i).cards]
        return summarize(rows)["all"]["mean"]

    assert mean("random") > mean("medium:samples=10") + 5


def test_regret_command(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["regret", "easy", "--hands", "1", "--oracle", "oracle:iterations=4", "--workers", "1"]
    assert main([*argv, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["players"] == "easy" and summary["regret"]["all"]["decisions"] > 0
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "every card" in text and "lead" in text and "tricks 11-15" in text


@pytest.mark.parametrize(
    "argv",
    [
        ["regret", "easy", "--hands", "0"],
        ["regret", "easy", "--workers", "65"],
        ["regret", "grandmaster"],
        ["regret", "easy", "--oracle", "hard"],
        ["regret", "easy", "--oracle", "oracle:knows=partner"],
    ],
)
def test_regret_command_refuses_bad_arguments(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert "tarocchino regret: error:" in capsys.readouterr().err
