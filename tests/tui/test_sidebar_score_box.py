"""The score box says what its numbers are, the same way for both sides: at 100x32 its short
form was ``+151  0`` with no word (the hand's points so far beside the match score, the tricks
in the last line as ``tricks 1-5``), and at 80x24 its lines under the scores were each the
longest that fitted, ``3 tricks · 43: Re`` (points without the word) beside ``6 tricks · 120
points``. Now the hand so far always says "points" (or "pts"), both sides in the same form, and
the short form says ``+151 pts`` and ``hand: 1-5 tricks``; at each size the box keeps one form
through the hand (at 100x32 it went from the short form to the other as fewer cards were out)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.sofar import so_far
from tests.support.screens import make_app, play_until
from tests.tui.test_hand_so_far import _three_kings
from text.presenter import so_far_forms
from text.render import Look
from tui.widgets.scoreboard import ScoreBoard, same_depth

ASCII = Look(ascii=True)


def test_every_form_of_the_hand_so_far_calls_its_points_so() -> None:
    ours, theirs = so_far_forms(_three_kings().view(0), ASCII)
    assert ours == (
        "3 tricks - 39 points: Re 17, 22 in cards",
        "3 tricks - 39 points: Re",
        "3 tricks - 39 points",
        "3 tricks - 39 pts",
    )
    assert theirs == ("no tricks yet",)


def test_both_sides_take_the_same_form_the_longest_that_fits_for_both() -> None:
    re_side = (
        "3 tricks · 43 points: Re 17, 26 in cards",
        "3 tricks · 43 points: Re",
        "3 tricks · 43 points",
        "3 tricks · 43 pts",
    )
    plain = (
        "6 tricks · 120 points, in cards",
        "6 tricks · 120 points, in cards",
        "6 tricks · 120 points",
        "6 tricks · 120 pts",
    )
    assert same_depth((re_side, plain), 40) == 0
    # 24 cells: "3 tricks · 43 points: Re" fits, "6 tricks · 120 points, in cards" does not
    assert same_depth((re_side, plain), 24) == 2
    assert same_depth((re_side, ("no tricks yet",)), 24) == 1
    assert same_depth((re_side, plain), 17) == 3


def _box(board: ScoreBoard) -> list[str]:
    return [line.plain for line in board._lines(board.content_size.width)]


@pytest.mark.parametrize("size", [(80, 24), (100, 32), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_at_every_size_the_box_says_what_its_numbers_are(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # Seed 38: three declarations; at 100x32 what is still out takes many rows early on.
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=38)
    seen = set()
    async with app.run_test(size=size) as pilot:
        for tricks in range(1, 7):
            table = await play_until(pilot, lambda v, n=tricks: len(v.tricks) >= n)
            await pilot.pause()
            await pilot.pause()
            board = table.query_one(ScoreBoard)
            box = _box(board)
            hand = table.session.match.hand
            piles = so_far(hand.tricks, hand.dealer)
            first = table.bottom & 1
            mine, theirs = piles[first], piles[1 - first]
            seen.add(board.compact)
            if board.compact:  # the points beside the scores, called so; the tricks said
                assert re.search(rf"\+{mine.total} pts +0$", box[0]), box
                assert re.search(rf"\+{theirs.total} pts +0$", box[1]), box
                assert re.match(rf"(hand: )?{mine.tricks}.{theirs.tricks} tricks ", box[2]), box
            else:  # a line under each score, both in the same form, the points called so
                under = [box[1].strip(), box[3].strip()]
                for line, pile in zip(under, (mine, theirs), strict=True):
                    assert re.search(
                        rf"^{pile.tricks} tricks? . {pile.total} (points|pts)\b", line
                    ) or (not pile.tricks and line == "no tricks yet"), box
                forms = {
                    (unit, line.endswith(unit))
                    for line in under
                    if "trick " in line or "tricks " in line
                    for unit in re.findall(r"\b(points|pts)\b", line)
                }
                assert len(forms) <= 1, box  # the same form for both
            assert box[-1].endswith("target 800"), box
        # one form through the hand: the short one beside what is still out at 100x32 (early on
        # it leaves the other no rows; it changed between two tricks), else the lines under
        assert seen == {size == (100, 32)}, seen
