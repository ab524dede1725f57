"""The regret measure of the dealer's discard: every legal pair valued by the oracle."""

from __future__ import annotations

import json
import random

import pytest

from ai.discard import rank_discards
from ai.lab.regret import (
    DiscardRegret,
    discard_regret,
    discard_values,
    judge_hand,
    summarize_discards,
)
from ai.oracle import OracleBot
from ai.spec import parse_spec
from cli.main import main
from game.actions import DISCARD
from game.match import Match

# Without random cards in the playouts the oracle's value of a pair on the true deal is the same
# on every deal: a player and its judge then see exactly the same values.
EXACT_JUDGE = parse_spec("oracle:iterations=2,eps=0", measurement=True)
JUDGE = parse_spec("oracle:iterations=8", measurement=True)
EVERY_PAIR = 136  # C(17, 2): at least every legal discard


def test_every_legal_pair_is_valued_in_the_heuristics_order() -> None:
    match = Match(4, first_dealer=2)
    view = match.view(match.turn)
    judge = OracleBot(iterations=4)
    judge.see_deal(match.hand.hands, match.hand.discard)
    ranked, values = discard_values(judge, view, random.Random(1))
    assert ranked == rank_discards(view.hand, view.legal)
    assert len(ranked) == len(view.legal) > 8 and all(a.kind == DISCARD for a in ranked)
    assert len(values) == len(ranked) and len(set(values)) > 1


def test_a_discards_regret_ranks_and_what_the_heuristic_offers() -> None:
    ranked = [a for a in Match(4, first_dealer=2).view(2).legal][:12]
    values = [10.0, 12.0, 5.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 30.0, 30.0, -4.0]
    made = ranked[2]
    assert discard_regret(ranked, values, made) == DiscardRegret(
        regret=25.0, pairs=12, made_rank=3, best_rank=10, offered=18.0, heuristic=20.0
    )
    best = discard_regret(ranked, values, ranked[9])
    assert best.regret == 0.0 and best.made_rank == best.best_rank == 10


@pytest.mark.parametrize("index", range(3))
def test_the_oracle_searching_every_pair_has_no_discard_regret(index: int) -> None:
    oracle = parse_spec(
        f"oracle:iterations=2,eps=0,discard_candidates={EVERY_PAIR}", measurement=True
    )
    judged = judge_hand(oracle, EXACT_JUDGE, seed=5, index=index, cards=False)
    assert judged.cards == [] and judged.discard is not None
    assert judged.discard.regret == 0.0
    assert judged.discard.made_rank == judged.discard.best_rank


@pytest.mark.parametrize("index", range(3))
def test_the_oracle_searching_the_heuristics_8_loses_what_they_miss(index: int) -> None:
    oracle = parse_spec("oracle:iterations=2,eps=0", measurement=True)
    discard = judge_hand(oracle, EXACT_JUDGE, seed=5, index=index, cards=False).discard
    assert discard is not None and discard.made_rank <= 8
    assert discard.regret == pytest.approx(discard.offered)


def test_with_random_cards_in_the_playouts_the_oracles_own_regret_is_small() -> None:

    def mean(player: str) -> float:
        spec = parse_spec(player, measurement=True)
        rows = [judge_hand(spec, JUDGE, 5, i, cards=False).discard for i in range(3)]
        return summarize_discards([r for r in rows if r is not None])["mean"]

    assert mean(f"oracle:iterations=8,discard_candidates={EVERY_PAIR}") + 40 < mean("random")


def test_the_discard_is_judged_on_a_hand_whose_cards_are_judged_too() -> None:
    easy = parse_spec("easy")
    judged = judge_hand(easy, JUDGE, seed=3, index=1)
    assert judged == judge_hand(easy, JUDGE, seed=3, index=1)
    alone = judge_hand(easy, JUDGE, seed=3, index=1, cards=False)
    assert judged.discard == alone.discard and len(judged.cards) >= 15
    assert judged.discard is not None and judged.discard.made_rank == 1  # easy: the heuristic's


def test_the_discards_summary() -> None:
    rows = [
        DiscardRegret(0.0, 91, 1, 1, 0.0, 0.0),
        DiscardRegret(20.0, 105, 3, 12, 15.0, 30.0),
        DiscardRegret(4.0, 91, 9, 2, 0.0, 6.0),
        DiscardRegret(12.0, 105, 2, 1, 0.0, 0.0),
    ]
    summary = summarize_discards(rows)
    assert summary == {
        "discards": 4,
        "mean": 9.0,
        "se": 4.4,
        "mistakes": 0.5,
        "made_rank": {"1": 0.25, "2-8": 0.5, "9+": 0.25},
        "best_rank": {"1": 0.5, "2-8": 0.25, "9+": 0.25},
        "best_offered": 0.75,
        "offered": 3.8,
        "heuristic": 9.0,
        "pairs": 98.0,
    }
    assert summarize_discards([])["discards"] == 0


def test_regret_command_prints_the_discards_apart(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["regret", "easy", "--hands", "1", "--oracle", "oracle:iterations=4", "--workers", "1"]
    assert main([*argv, "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["regret"]["all"]["decisions"] > 0
    discard = summary["discard"]
    assert discard["discards"] == 1 and discard["made_rank"] == {"1": 1.0, "2-8": 0.0, "9+": 0.0}
    assert set(discard) == {
        "discards",
        "mean",
        "se",
        "mistakes",
        "made_rank",
        "best_rank",
        "best_offered",
        "offered",
        "heuristic",
        "pairs",
    }
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "every card" in text and "dealer's discards: 1, every legal pair valued" in text
    assert "the pair made, in the heuristic's order: its 1st 100%, 2nd-8th 0%, later 0%" in text
    assert "the oracle's best pair: its 1st" in text
    assert "the best of the heuristic's first 8 gives away" in text


def test_regret_command_judges_the_discards_alone(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["regret", "easy", "--hands", "2", "--oracle", "oracle:iterations=4", "--workers", "1"]
    assert main([*argv, "--discards-only", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["regret"] is None and summary["discard"]["discards"] == 2
    assert main([*argv, "--discards-only"]) == 0
    text = capsys.readouterr().out
    assert "decisions" not in text and "dealer's discards: 2" in text
