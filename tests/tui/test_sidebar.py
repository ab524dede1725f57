"""The table's sidebar: the score box, what is still out, the declarations and the log sharing
its rows at every size."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from game.cards import (
    FULL_PACK,
    MAT,
    RANK_CODES,
    SUIT_MASK,
    TRUMPS,
    Card,
    shuffled_pack,
    sorted_for_display,
)
from game.hand import Hand
from game.phase import Phase
from game.sofar import so_far
from table.session import parse_seats
from tests.support.deals import three_kings, two_tricks
from tests.support.screens import (
    idle,
    make_app,
    play_until,
    press,
    region_text,
    resize,
    resume,
    save_at_the_last_tricks,
    screen_text,
    settle,
    to_every_declaration,
    wait_for,
)
from text.presenter import out_lines, out_title, so_far_forms, so_far_lines
from text.render import UNICODE, Look, mark
from tui.screens.table import TableScreen
from tui.widgets.line import TextLine
from tui.widgets.log import LineList
from tui.widgets.outlist import OutList
from tui.widgets.scoreboard import ScoreBoard, same_depth
from tui.widgets.sidebar import LOG_FEW, LOG_ROWS

# --------------------------------------------------------------------------------- sidebar log rows
# The log keeps rows enough to tell a player who just took the keyboard what happened: in hot-seat
# at 100x32 it had about two rows under the declarations and what is still out. Now it keeps five
# there (four at 80x24, where what is still out is not beside it), and the score box gives way
# first, to its short form; only then does the log give its fifth row (never its fourth), to a
# declaration that would otherwise be cut. What is still out is in view whole.


def _check(table: TableScreen, log_rows: int) -> None:
    log = table.query_one("#log").region.height
    declared = sum(1 for d in table.session.match.hand.declarations if d and d.families)
    listed = table.query_one("#declarations", LineList)
    assert listed.region.height >= max(1, declared)  # a line a seat at least
    # the log keeps its rows; its fifth at 100x32 goes only once the score box is in its short
    # form (early on in hot-seat, what is still out lists many declared cards), to keep every
    # declaration whole
    assert log >= LOG_FEW
    assert log >= log_rows or table.query_one(ScoreBoard).compact, log
    out = table.query_one(OutList)
    if out.display:  # all of it in view
        assert out.region.height == len(out._rows(out.content_size.width)) > 0
        assert out.region.bottom <= table.query_one("#log").region.y


async def _settled(pilot, table: TableScreen, log_rows: int) -> None:
    def holds() -> bool:
        try:
            _check(table, log_rows)
        except AssertionError:
            return False
        return True

    try:
        await wait_for(pilot, holds, limit=1500)
    except AssertionError:
        pass  # (_check says what is wrong)


SIZES_AND_LOG_ROWS = (((100, 32), LOG_ROWS), ((80, 24), LOG_FEW), ((120, 40), LOG_ROWS))


async def test_in_hot_seat_the_log_keeps_its_rows_through_the_hand(tmp_path: Path) -> None:
    # Seed 38: Anna declares five combinations, Bruno two, Carla one; what is still out lists
    # the declared cards each other player holds. One hand, the terminal resized to each size
    # at each point of it.
    app = make_app(tmp_path, ["human", "easy", "human", "easy"], seed=38)
    async with app.run_test(size=(100, 32)) as pilot:
        for tricks in (1, 2, 4, 7, 10, 13):
            table = await play_until(pilot, lambda v, n=tricks: len(v.tricks) >= n)
            for size, log_rows in SIZES_AND_LOG_ROWS:
                await resize(pilot, *size)
                await idle(pilot)
                # (the sidebar shares its rows once the score box has its own, a refresh later:
                # on a busy machine two pauses can come before that; 3 s at most)
                await _settled(pilot, table, log_rows)
                assert table.out_shown == (size != (80, 24)), size
                _check(table, log_rows)


# ------------------------------------------------------------------------------------- sidebar rows
# The sidebar shares its rows: at 100x32 with what is still out beside the log and three players'
# declarations, the declarations were cut ("Carla 23: Cavalli, Dena…", the sidebar 28 columns wide
# and the declarations given 4 rows whatever the rest took) and the log kept about two rows. Now the
# sidebar is wider from 96 columns and the log keeps LOG_ROWS; the declarations get the rows to be
# read whole where there is room (120x40), a line a seat at 100x32.


def _whole(app, table: TableScreen, cut: bool = False) -> None:
    """Every declaration in view, whole (``cut``: its families may be cut, a line a seat)."""
    listed = table.query_one("#declarations")
    assert listed.virtual_size.height <= listed.region.height  # nothing scrolled away
    shown = " ".join(region_text(app, listed))
    if cut:
        for d in table.session.match.hand.declarations:
            if d and d.families:
                assert f"{table.names[d.seat]} {d.points}: " in shown, shown
        return
    assert "…" not in shown and "..." not in shown, shown
    declared = [d for d in table.session.match.hand.declarations if d and d.families]
    assert len(declared) == 3
    for d in declared:
        assert f"{table.names[d.seat]} {d.points}: " in shown, shown
        for family in d.families:
            assert family in shown, (family, shown)


@pytest.mark.parametrize("size", [(100, 32), (120, 40)], ids=["100x32", "120x40"])
async def test_three_declarations_whole_beside_what_is_out_and_a_log_of_three_rows(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    # Seed 38: you hold five combinations (117 points), Bruno two, Carla one.
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=38)
    async with app.run_test(size=size) as pilot:
        table = await to_every_declaration(pilot)
        for _ in range(6):  # the declarations, then five tricks on
            await wait_for(pilot, lambda t=table: t.my_turn() is not None)
            await idle(pilot)
            await idle(pilot)
            assert table.out_shown and table.query_one("#out").display
            _whole(app, table, cut=size == (100, 32))
            # (at 100x32 early on the log may give its fifth row: test_tui_sidebar_log_rows)
            assert table.query_one("#log").region.height >= (
                LOG_FEW if size == (100, 32) else LOG_ROWS
            )
            board = table.query_one(ScoreBoard)
            assert board.region.bottom <= table.query_one("#declarations").region.y
            await press(pilot, "enter")
            screen = await settle(pilot)
            assert isinstance(screen, TableScreen)
            table = screen


# ------------------------------------------------------------------------------- sidebar resized
# After a resize to 60x16 and back to 80x24, "Dario 60: Grande, Coppe, Denari (doubled)" was
# cut ("Grande, Coppe…"): at 80x24 three players' declarations took a line each, cut, while the
# score box kept its hand so far in lines of its own. The box gives those up first now: every
# declaration is read whole, before and after the resize.


async def test_three_declarations_stay_whole_at_80x24_through_a_resize(tmp_path: Path) -> None:
    # seed 5 (Carla deals): you declare Bastoni, Carla Assi and Mori, Dario 60 in three families
    save_at_the_last_tricks(tmp_path, parse_seats(["human", "easy", "easy", "easy"]), 5)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await resume(pilot)
        for size in [(80, 24), (60, 16), (80, 24)]:
            await pilot.resize_terminal(*size)
            await wait_for(pilot, lambda s=size: app.screen is table or s != (80, 24))
            await idle(pilot)
            await idle(pilot)
            if size == (80, 24):
                _whole(app, table)
                assert "Dario 60: Grande, Coppe, Denari (doubled)" in " ".join(
                    " ".join(region_text(app, table.query_one("#declarations"))).split()
                )
                assert table.query_one("#log").region.height >= LOG_FEW


# -------------------------------------------------------------------------------- sidebar still out
# What is still out says in one line the suits (and trumps) of which nothing is out: near the end of
# a hand it listed ``♠ none``, ``♣ none``, ``♥ none``, ``♦ none`` and ``Trumps none``, up to five
# rows of nothing taken from the log's rows. Every fact is still said: the cards out in each suit
# and in trumps, the suits of which none are out, each other player's voids (those in a suit of
# which nothing is out go without saying: nobody has it) and the declared cards he still holds; two
# suits share a row where they fit in it.


NAMES = ["You", "Bruno", "Carla", "Dario"]


def _views_of_a_whole_hand(seed: int):
    """Every seat's view after every action of a hand played with random legal choices."""
    rng = random.Random(seed)
    hand = Hand.deal(shuffled_pack(rng), rng.randrange(4))
    while True:
        yield from (hand.view(seat) for seat in range(4))
        if hand.phase == Phase.OVER:
            return
        hand.apply(rng.choice(hand.legal_actions()))


def _check_out(view) -> None:
    lines = [line.plain for line in out_lines(view, NAMES, UNICODE, view.seat)]
    out = view.unseen
    # no row of nothing, and the suits with nothing out said once, together
    assert not any(
        re.fullmatch(r"\S+ none", line) or line.startswith("Trumps none") for line in lines
    ), lines
    nothing = [line for line in lines if line.startswith(("none in ", "nothing ", "only "))]
    assert len(nothing) <= 1, lines
    said = nothing[0] if nothing else ""
    for s in range(4):
        cards = sorted_for_display(out & SUIT_MASK[s])
        if cards:
            assert f"{mark(s, UNICODE)} {' '.join(RANK_CODES[c % 10] for c in cards)}" in lines
        else:
            assert mark(s, UNICODE) in said or said in (
                "nothing is still out",
                "only MAT is still out",
            ), (s, lines)
    if out & TRUMPS:
        assert lines[sum(1 for s in range(4) if out & SUIT_MASK[s])].startswith(
            f"Trumps {(out & TRUMPS).bit_count()}: "
        )
    else:
        assert "trumps" in said or not said.startswith("none in"), lines
    if out >> MAT & 1:
        assert any("MAT" in line and not line.startswith(tuple(NAMES)) for line in lines)
    if not out:
        assert lines == ["nothing is still out"]
    voids = view.voids
    for k in range(1, 4):
        seat = (view.seat + k) % 4
        facts = next((line for line in lines if line.startswith(NAMES[seat] + ": ")), "")
        lacks = facts.split(";")[0] if facts.startswith(f"{NAMES[seat]}: no ") else ""
        for s in range(4):
            shown = bool(voids[seat] & SUIT_MASK[s] and out & SUIT_MASK[s])
            assert (mark(s, UNICODE) in lacks) == shown, (seat, s, lines)
        assert ("trumps" in lacks) == bool(voids[seat] & TRUMPS and out & TRUMPS), lines
        d = view.declarations[seat]
        held: list[Card] = sorted_for_display(d.cards & out) if d is not None else []
        assert ("holds" in facts) == bool(held), lines


def test_every_fact_once_and_no_row_of_nothing_through_whole_hands() -> None:
    ends = 0
    for seed in range(6):
        for view in _views_of_a_whole_hand(seed):
            _check_out(view)
            ends += view.phase == Phase.OVER and view.seat == view.dealer
    assert ends == 6  # (the dealer at the end: nothing is still out)


async def test_at_the_last_tricks_at_100x32_the_suits_with_nothing_out_take_one_row(
    tmp_path: Path,
) -> None:
    save_at_the_last_tricks(tmp_path, parse_seats(["human", "random", "random", "random"]), 2)
    app = make_app(tmp_path, None)  # (the hand resumed at its last two tricks)
    async with app.run_test(size=(100, 32)) as pilot:
        await resume(pilot)
        table = await play_until(pilot, lambda v: len(v.tricks) == 14)
        await idle(pilot)
        view = table.current_view()
        empty = [s for s in range(4) if not view.unseen & SUIT_MASK[s]]
        assert len(empty) + (not view.unseen & TRUMPS) >= 2  # (the case: rows of nothing)
        rows = region_text(app, table.query_one(OutList))
        assert not any(re.fullmatch(r"\s*(\S+|Trumps) none\s*", row) for row in rows), rows
        look = table.scene().look
        said = [row for row in rows if row.lstrip().startswith("none in ")]
        assert len(said) == 1 and all(mark(s, look) in said[0] for s in empty), rows
        assert ("trumps" in said[0]) == (not view.unseen & TRUMPS), rows
        # every line of it in view, two suits in a row where they fit
        assert len(rows) == 3, rows  # (it took 6: a row a suit, one for trumps, one for Dario)


# -------------------------------------------------------------------------------- still out discard
# What is still out says that two of those cards are in the discard (for all but the dealer): at the
# last trick "Still out" listed two cards when nobody had a card left, with nothing to say where
# they were.


def test_the_title_says_two_are_in_the_discard_except_to_the_dealer() -> None:
    hand = two_tricks()
    assert out_title(hand.view(0)) == "Still out (2 discarded)"
    assert out_title(hand.view(3)) == "Still out"  # he knows his discard: it is not listed


async def test_at_the_last_trick_the_two_cards_nobody_holds_are_said_to_be_discarded(
    tmp_path: Path,
) -> None:
    save_at_the_last_tricks(tmp_path, parse_seats(["human", "random", "random", "random"]), 7)
    app = make_app(tmp_path, None)  # (the hand resumed at its last two tricks)
    async with app.run_test(size=(100, 32)) as pilot:
        await resume(pilot)
        table = await play_until(pilot, lambda v: len(v.tricks) == 14 and v.seat != v.dealer)
        await idle(pilot)
        view = table.current_view()
        assert view.unseen.bit_count() == 2 + sum(  # the others' last cards and the discard
            view.hand_sizes[s] for s in range(4) if s != view.seat
        )
        assert view.unseen & FULL_PACK
        assert "Still out (2 discarded)" in screen_text(app)


# -------------------------------------------------------------------------------- sidebar score box
# The score box says what its numbers are, the same way for both sides: at 100x32 its short form was
# ``+151 0`` with no word (the hand's points so far beside the match score, the tricks in the last
# line as ``tricks 1-5``), and at 80x24 its lines under the scores were each the longest that
# fitted, ``3 tricks · 43: Re`` (points without the word) beside ``6 tricks · 120 points``. Now the
# hand so far always says "points" (or "pts"), both sides in the same form, and the short form says
# ``+151 pts`` and ``hand: 1-5 tricks``; at each size the box keeps one form through the hand (at
# 100x32 it went from the short form to the other as fewer cards were out).


ASCII = Look(ascii=True)


def test_every_form_of_the_hand_so_far_calls_its_points_so() -> None:
    ours, theirs = so_far_forms(three_kings().view(0), ASCII)
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
            await idle(pilot)
            await idle(pilot)
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


# ---------------------------------------------------------------------------------------- score box
# The score box says the scores and the target, not the hand's number: the top bar says that ("Hand
# 1 · trick 1 of 15"), and the box said it again ("Hand 1 target 800").


@pytest.mark.parametrize("size", [(80, 24), (100, 32), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_hand_number_is_said_once(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=1)
    async with app.run_test(size=size) as pilot:
        for tricks in range(3):  # before the first trick and after (80x24: the compact form)
            table = await play_until(
                pilot, lambda view, n=tricks: view.phase == "play" and len(view.tricks) >= n
            )
            await idle(pilot)
            board = table.query_one(ScoreBoard)
            box = "\n".join(line.plain for line in board._lines(board.content_size.width))
            assert "Hand" not in box and box.splitlines()[-1].endswith("target 800"), box
            assert "Hand 1" in table.query_one("#topbar", TextLine).text.plain


# ---------------------------------------------------------------------------------- no tricks words
# A side that has taken no trick is said one way: the score box's "no tricks yet" (the hand so far
# in full said "0 tricks" where the box said "no tricks yet").


def test_the_box_and_the_hand_so_far_in_full_say_the_same_words() -> None:
    session = three_kings()
    view = session.view(0)
    _, theirs = so_far_forms(view, ASCII)  # Bruno & Dario: none of the three tricks
    assert theirs == ("no tricks yet",)
    lines = [line.plain for line in so_far_lines(view, session.seats, ASCII, 0)]
    assert "Bruno & Dario - no tricks yet" in lines, lines
    assert not any("0 tricks" in line for line in lines), lines
