"""The per-hand history rows (game/history.py): built from the engine's results, replayed with
who declared what."""

from __future__ import annotations

import pytest

from ai.driver import play_match, seat_rngs
from ai.random_bot import RandomBot
from game.hand import HandResult, SideResult, side_of
from game.history import hand_rows, match_rows, replay_hands
from game.match import Match
from game.rules import Rules
from game.scoring import score
from game.view import Declaration
from tests.support.deals import m
from tests.support.matches import called_out_match, played


def _side(total: int, pile: str = "", declared: int = 0) -> SideResult:
    return SideResult(m(pile), 0, 0, 0, declared, total, total)


def test_rows_from_hand_built_results() -> None:
    first = HandResult(
        dealer=3,
        called_out=None,
        sides=(_side(120, "KS KB KC QS"), _side(35, declared=10)),
        discard_side=1,
        matto_exchange=(0, 1, 5),
        tricks=(9, 6),
        scores_before=(0, 0),
    )
    second = HandResult(
        dealer=0,
        called_out=1,
        sides=(_side(0), _side(30, declared=30)),
        discard_side=None,
        matto_exchange=None,
        tricks=(0, 0),
        scores_before=(120, 35),
    )
    carla = Declaration(seat=3, families=("Re",), cards=m("KS KB KC"), points=10)
    rows = hand_rows([first, second], [[None, None, None, carla]])
    assert [r.number for r in rows] == [1, 2]
    assert [r.dealer for r in rows] == [3, 0]
    a, b = rows[0].sides
    assert (a.total, a.score, a.tricks, b.total, b.score, b.tricks) == (120, 120, 9, 35, 35, 6)
    assert rows[0].margin == 85 and rows[0].discard_side == 1
    assert rows[0].matto_exchange == (0, 1, 5)
    assert a.captured == score(m("KS KB KC QS")) and a.declared == () and b.declared == (carla,)
    assert rows[1].called_out == 1 and rows[1].sides[0].captured is None
    assert (rows[1].sides[0].score, rows[1].sides[1].score) == (120, 65)
    assert rows[1].sides[1].declared == ()  # no declarations given for hand 2: points only
    assert rows[1].sides[1].declarations == 30


def test_match_rows_agree_with_the_engine() -> None:
    match = played(11, target=700)
    rows = match_rows(match)
    assert len(rows) == len(match.results) >= 2
    for row, result in zip(rows, match.results, strict=True):
        assert row.dealer == result.dealer and row.called_out == result.called_out
        for side in (0, 1):
            s, r = row.sides[side], result.sides[side]
            assert (s.total, s.raw, s.card_points, s.last_trick, s.captured_combinations) == (
                r.total,
                r.raw,
                r.card_points,
                r.last_trick,
                r.captured_combinations,
            )
            assert s.score == result.scores_after[side] and s.tricks == result.tricks[side]
            assert sum(d.points for d in s.declared) == s.declarations
            assert all(side_of(d.seat) == side and d.families for d in s.declared)
            assert s.captured is not None
            assert s.captured.combinations_points == s.captured_combinations
    assert [rows[-1].sides[i].score for i in (0, 1)] == match.scores


def test_easy_bots_declare_and_the_rows_show_who() -> None:
    rows = [r for seed in range(3) for r in match_rows(played(seed))]
    declared = [d for r in rows for s in r.sides for d in s.declared]
    assert declared, "easy bots declare everything they can"
    assert all(d.combinations for d in declared)


def test_called_out_hand_has_no_captured_cards() -> None:
    match = called_out_match()
    last = match_rows(match)[-1]
    assert last.called_out == match.winner
    assert all(s.captured is None for s in last.sides)
    assert last.sides[match.winner].declared


def test_replay_gives_every_finished_hand_and_refuses_a_changed_match() -> None:
    match = Match(3, Rules(target=2000))
    play_match(match, [RandomBot() for _ in range(4)], seat_rngs(3), max_hands=2)
    hands = replay_hands(match)  # the match is not over: the hand in progress is left out
    assert [h.result for h in hands] == match.results and len(hands) == 2
    assert all(len(h.tricks) == 15 for h in hands)
    match.results[0] = match.results[1]
    with pytest.raises(ValueError, match="do not replay"):
        replay_hands(match)
