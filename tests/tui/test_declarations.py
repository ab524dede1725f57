"""The declarations at the table: the dialog that asks them (it fits its rows, its footer names
its keys), every declaration of the hand kept in view, and what a declaration is worth said
alike everywhere (a doubling included)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from game.actions import declare, play
from game.cards import mask_of, parse_card, parse_cards
from game.match import Match
from game.rules import Rules
from game.scoring import declarable_families, declaration, doublings
from game.view import Declaration
from table.session import parse_seats
from tests.support.deals import m
from tests.support.screens import (
    FAST,
    ask_the_discard,
    idle,
    make_app,
    press,
    region_text,
    resize,
    screen_text,
    settle,
    to_the_cards,
    wait_for,
)
from text.narrate import declaration_brief, declaration_digest, declaration_lines, hand_log
from text.presenter import Scene, seat_texts
from text.render import UNICODE, face
from tui.screens.declare import DeclareScreen
from tui.screens.dialog import EDGE, MARGIN, max_height
from tui.screens.handover import HandOverScreen
from tui.screens.table import TableScreen
from tui.widgets.families import family_keys
from tui.widgets.log import LineList
from tui.widgets.scoreboard import ScoreBoard

# -------------------------------------------------------------------------------------- declare fit
# The declarations dialog fits its max-height: roomy (blank rows and buttons) when that fits, tight
# otherwise, and never a row cut off, at 80x24, 100x32 and 120x40, with the most families a hand can
# have, with none switched on, and with the call-out line; measured at the width it has over the
# felt (narrower than 72 columns where the felt is), so that it lies over the felt only. Where even
# its tight form does not show every line over the felt (ten families and the call-out line at
# 80x24), it goes as little wider as shows them all, over the sidebar's left columns.


# Ten families (4 cricche, 6 sequences: the longest total, wrapped, with both doublings).
MOST = "KS QS KB NB KC QC NC KD QD ND ANG MON MO3 MO4 BEG"
# Seven families, 3 cricche and 4 sequences: with the call-out line the roomy dialog is one row
# taller than 24 rows allow (the dialog's max-height is a share of the rows above its footer).
SEVEN = "KS QS KB QB JB KC QD AD 10D ANG MON T15 MO1 MO2 MAT"
# Two families: roomy over the felt at every size.
FEW = "KS KB KC KD MO3 MO4 BEG"
SIZES = [(80, 24), (100, 32), (120, 40)]


def _cut(screen: DeclareScreen) -> list[str]:
    """The parts of the dialog that reach below its frame (a row cut off)."""
    box = screen.query_one("#declare-dialog")
    inside = box.content_region
    return [
        str(part)
        for part in box.children
        if part.display and part.region.height and part.region.bottom > inside.bottom
    ]


def _over_the_felt(screen: DeclareScreen, table: TableScreen) -> bool:
    """Over the felt only, a column of felt either side, clear of the sidebar."""
    box = screen.query_one("#declare-dialog").region
    felt = table.query_one("#felt").content_region  # (inside its frame, if any)
    return (
        felt.x + MARGIN <= box.x
        and box.right <= felt.right - MARGIN
        and not box.overlaps(table.query_one("#sidebar").region)
    )


async def _open(
    pilot: Pilot, table: TableScreen, cards: str, needs: int | None, none_on: bool = False
) -> DeclareScreen:
    view = table.current_view()
    hand = mask_of(parse_cards(cards))
    view = replace(view, hand=hand, legal=(declare(declarable_families(hand)),))
    screen = DeclareScreen(view, "Anna", table.look, needs)
    await pilot.app.push_screen(screen)
    await wait_for(pilot, lambda: screen.is_active and screen.query_one("#declare-dialog").size)
    if none_on:
        for index in range(len(screen.combos)):
            screen.families.toggle(index)
    await idle(pilot)
    await idle(pilot)
    return screen


@pytest.mark.parametrize("size", SIZES, ids=lambda size: "x".join(map(str, size)))
async def test_the_declarations_fit_their_rows_at_every_size(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=2)
    async with app.run_test(size=size) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        for cards in (MOST, SEVEN):
            for needs in (None, 10):
                for none_on in (False, True):
                    screen = await _open(pilot, table, cards, needs, none_on)
                    case = (size, len(screen.combos), needs, none_on)
                    assert not _cut(screen), (case, _cut(screen))
                    # over the felt only, but for ten families and the call-out line in 24 rows
                    wider = size == (80, 24) and cards == MOST and needs is not None
                    assert _over_the_felt(screen, table) != wider, case
                    tight = screen.has_class("-tight")
                    # roomy wherever it fits: always from 32 rows on
                    assert not tight or size == (80, 24), case
                    screen.dismiss(())
                    await wait_for(pilot, lambda: app.screen is table)


async def test_over_the_felt_at_24_rows_seven_families_go_tight_two_stay_roomy(
    tmp_path: Path,
) -> None:
    """Over the 52 columns of felt at 80x24 (the dialog 50 wide), seven families go tight with
    the call-out line, their buttons' keys in the footer, and stay roomy without it; two
    families keep the roomy dialog, buttons and all."""
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        for cards, needs, tight in ((SEVEN, 10, True), (SEVEN, None, False), (FEW, 10, False)):
            screen = await _open(pilot, table, cards, needs)
            case = (len(screen.combos), needs)
            assert screen.query_one("#declare-dialog").region.width == 50, case
            assert _over_the_felt(screen, table) and not _cut(screen), case
            assert screen.has_class("-tight") == tight, case
            assert bool(screen.query_one(".dialog-buttons").region.height) != tight, case
            screen.dismiss(())
            await wait_for(pilot, lambda: app.screen is table)


async def test_too_many_rows_for_the_felt_the_dialog_goes_as_little_wider_as_it_must(
    tmp_path: Path,
) -> None:
    """Ten families and the call-out line in 24 rows: over the felt (50 columns) even the tight
    dialog would cut its last rows. It is as wide as shows every row (a column less would not),
    as near the felt's middle as a column from the screen's edge lets it, whole; once the
    terminal has the rows (90x28), it is over the felt only again."""
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        screen = await _open(pilot, table, MOST, 10)
        box = screen.query_one("#declare-dialog")
        limit = max_height(box, screen.room(), app.size)
        assert screen.has_class("-tight") and not _cut(screen)
        assert box.region.width > 50 and box.region.x == EDGE
        assert (
            screen.rows_needed(box.region.width) <= limit < screen.rows_needed(box.region.width - 1)
        )
        assert not _over_the_felt(screen, table)
        await resize(pilot, 90, 28)
        await wait_for(pilot, lambda: _over_the_felt(screen, table))
        await idle(pilot)
        assert screen.has_class("-tight") and not _cut(screen)


# ------------------------------------------------------------------------- declarations all in view
# Every declaration of the hand in view without scrolling at 100x32. Seed 19: Bruno, Carla and Dario
# declare in the first trick while what is still out takes ten rows beside them. The score box kept
# the height of its form before (the hand so far in lines of its own: two blank rows) and the log
# its fourth row, so the list showed two declarations and scrolled for the third. Now the box is as
# tall as its lines, the log gives rows down to its least for a line a seat, and where even that is
# short the declarations are listed in a line (names and points).


async def test_three_declarations_of_the_first_trick_in_view_at_100x32(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=19)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await to_the_cards(pilot)
        for _ in range(4):
            await idle(pilot)
        declared = [d for d in table.session.match.hand.declarations if d and d.families]
        assert len(declared) == 3 and not table.session.match.hand.tricks
        assert table.query_one("#out").display  # what is still out, beside
        board = table.query_one(ScoreBoard)
        assert board.size.height == len(board._lines(board.size.width))  # no blank rows
        listed = table.query_one("#declarations")
        assert listed.virtual_size.height <= listed.region.height  # nothing scrolled away
        shown = " ".join(region_text(app, listed))
        for d in declared:
            assert f"{table.names[d.seat]} {d.points}: " in shown, shown
        assert table.query_one("#log").region.height >= 3


class _List(App[None]):
    def compose(self) -> ComposeResult:
        yield LineList(id="listed")


async def test_where_a_line_a_player_does_not_fit_the_declarations_share_a_line() -> None:
    digest = [
        Text(f"{name} {points}: Re, Spade, Coppe, Denari")
        for name, points in (("Anna", 45), ("Bruno", 26), ("Carla", 15), ("Dario", 60))
    ]
    packed = Text(" · ").join(
        Text(f"{name} {points}")
        for name, points in (("Anna", 45), ("Bruno", 26), ("Carla", 15), ("Dario", 60))
    )
    app = _List()
    async with app.run_test(size=(34, 10)) as pilot:
        listed = app.query_one(LineList)
        listed.styles.max_height = 2
        listed.show(digest + [Text("  the cards")], digest, packed)
        await idle(pilot)
        rows = [line.plain for line in listed.form()]
        assert len(rows) <= 2, rows
        assert all(
            f"{name} {points}" in " ".join(rows)
            for name, points in (("Anna", 45), ("Bruno", 26), ("Carla", 15), ("Dario", 60))
        ), rows
        listed.styles.max_height = 4  # a row each: the digest, cut
        rows = [line.plain for line in listed.form()]
        assert len(rows) == 4 and rows[0].startswith("Anna 45: Re"), rows


# ------------------------------------------------------------------------------ declare footer keys
# The declarations dialog's footer names the number keys beside the families with Space, which
# switch them on and off as Space does: "Space/1-3 Toggle" (it said only "Space Toggle"), and the
# whole footer still fits at 80x24 (q Menu, the way out, last).


def test_the_keys_beside_the_families_are_named_as_a_range() -> None:
    assert family_keys(1) == "1" and family_keys(3) == "1-3" and family_keys(10) == "1-a"


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
async def test_the_footer_names_the_number_keys_and_fits_at_80x24(
    tmp_path: Path, ascii: bool
) -> None:
    app = make_app(
        tmp_path,
        ["human", "easy", "easy", "easy"],
        seed=1,
        settings=replace(FAST, suit_marks="ascii" if ascii else "unicode"),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
        dialog = app.screen
        assert isinstance(dialog, DeclareScreen)
        await idle(pilot)
        count = len(dialog.combos)
        assert count >= 1
        footer = screen_text(app).rstrip("\n").splitlines()[-1]
        assert f"Space/{family_keys(count)} Toggle" in footer, footer
        assert footer.rstrip().endswith("q Menu"), footer  # all of it fits
        before = dialog.families.chosen
        await press(pilot, "1")  # the key named switches the first family off
        assert dialog.families.chosen == before[1:], dialog.families.chosen


# ----------------------------------------------------------------------------------- declared words
# A declaration that a doubling made is said alike everywhere: the log ("Dario declares 60: Grande,
# Coppe, Denari (doubled)") and the line under the seat ("declared 60: Grande, Coppe, Denari
# (doubled)") say "(doubled)" as the list beside the table does (they left it out).


NAMES = ["You", "Bruno", "Carla", "Dario"]


def _after_a_doubled_declaration() -> Match:
    """Seed 5: Dario declares Grande, Coppe, Denari at once, three sequences: doubled."""
    match = Match(5, Rules(800))
    while not any(d is not None and any(doublings(d.families)) for d in match.view(0).declarations):
        match.apply(match.view(match.turn).legal[0])
    return match


def test_the_log_the_seat_and_the_list_say_doubled_alike() -> None:
    match = _after_a_doubled_declaration()
    view = match.view(0)
    d = view.declarations[3]
    assert d is not None and d.families == ("Grande", "Coppe", "Denari")
    said = f"{d.points}: Grande, Coppe, Denari (doubled)"
    assert declaration_brief(d) == said
    log = [line.plain for line in hand_log(view, NAMES, UNICODE)]
    assert f"Dario declares {said}" in log, log
    seats = parse_seats(["human", "easy", "easy", "easy"], NAMES)
    seat = seat_texts(Scene(view, seats, 0, UNICODE), 3, compact=False)
    assert f"declared {said}" in seat.lines.plain, seat.lines.plain
    assert [t.plain for t in declaration_digest(view, NAMES)] == [f"Dario {said}"]


def test_a_declaration_not_doubled_says_nothing_more() -> None:
    match = _after_a_doubled_declaration()
    d = match.view(0).declarations[3]
    assert d is not None
    plain = type(d)(3, ("Grande",), d.cards, 20)
    assert declaration_brief(plain) == "20: Grande"


# -------------------------------------------------------------------------------- declared doubling
# The declarations beside the table add up: when a player's cricche or sequences were doubled (three
# or more of them), a line says so and what it added. Carla's "144 points" over Re 34 and five
# sequences of 55 in all was a sum nobody could make. And where nobody declared, the list says so
# once the first trick is over, instead of "none yet".


def _lines(seat: int, hand: str, families: tuple[str, ...]) -> list[str]:
    shown, points = declaration(m(hand), families)
    declarations = [None] * 4
    declarations[seat] = Declaration(seat, families, shown, points)
    view = SimpleNamespace(declarations=declarations, tricks=())
    lines: list[Text] = declaration_lines(view, NAMES, UNICODE)  # type: ignore[arg-type]
    return [line.plain for line in lines]


def test_doubled_sequences_are_said_with_what_they_added() -> None:
    lines = _lines(
        2,
        "KS KB KC KD QS NS NB QC JD MO1 MO4 MAT",
        ("Re", "Spade", "Bastoni", "Coppe", "Denari", "Mori"),
    )
    assert lines[0] == "Carla · 144 points"
    assert lines[-1] == "  sequences doubled +55"
    assert "cricche doubled" not in " ".join(lines)
    # the lines add up to the points
    assert sum(int(line.split(":")[0].split()[-1]) for line in lines[1:-1]) + 55 == 144


def test_a_criccone_is_said_too_and_nothing_without_doubling() -> None:
    lines = _lines(0, "ANG MON BEG KS KB KC QS QB QC", ("Tarocchi", "Re", "Regine"))
    assert lines[0] == "You · 98 points" and lines[-1] == "  cricche doubled +49"
    plain = _lines(1, "KS KB KC QS QB QC", ("Re", "Regine"))
    assert plain == ["Bruno · 31 points", "  Re 17: K♠ K♣ K♥", "  Regine 14: Q♠ Q♣ Q♥"]


def test_once_the_first_trick_is_over_the_list_says_nobody_declared() -> None:
    """ "none yet" all hand long read as if declarations could still come."""
    nobody = [None, Declaration(1, (), 0, 0), None, None]
    during = SimpleNamespace(declarations=nobody, tricks=())
    assert declaration_lines(during, NAMES, UNICODE) == []  # (the list says "none yet")
    after = SimpleNamespace(declarations=nobody, tricks=(object(),))
    assert [t.plain for t in declaration_lines(after, NAMES, UNICODE)] == ["nobody declared"]


def test_the_short_form_says_doubled_too() -> None:
    """At 80x24 the declarations come a line each, without their cards: "Dario 60: Grande,
    Coppe, Denari" over three sequences of 10 needs its "(doubled)"."""
    hand = "ANG MON SOL KC NC JC KD QD ND"
    shown, points = declaration(m(hand), ("Grande", "Coppe", "Denari"))
    plain, plain_points = declaration(m("KS KB KC"), ("Re",))
    view = SimpleNamespace(
        declarations=[
            Declaration(0, ("Re",), plain, plain_points),
            None,
            None,
            Declaration(3, ("Grande", "Coppe", "Denari"), shown, points),
        ],
        tricks=(),
    )
    digest = [t.plain for t in declaration_digest(view, NAMES)]  # type: ignore[arg-type]
    assert digest == ["You 17: Re", f"Dario {points}: Grande, Coppe, Denari (doubled)"]


# ---------------------------------------------------------------------------- declare trick shown
# The declarations dialog lies over the felt: it covered the trick in progress (Dario had led 10♣,
# and it showed only in the log). The dialog says the cards of the trick so far, by whom.


async def test_the_declarations_dialog_says_the_trick_so_far(tmp_path: Path) -> None:
    # seed 7, hot-seat: Carla deals, Dario leads 10♣, then Anna may declare Bastoni
    app = make_app(tmp_path, ["human"] * 4, seed=7, names=["Anna", "Bruno", "Carla", "Dario"])
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await press(pilot, "enter")  # Carla's hand: she discards two cards
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        await ask_the_discard(pilot, table)
        await press(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await press(pilot, "enter")  # Dario's hand (nothing to declare)
        await wait_for(pilot, lambda: app.screen is table and table.my_turn() is not None)
        table.perform(play(parse_card("10B")))
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await press(pilot, "enter")  # Anna's hand: her declarations
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
        ten = face(parse_card("10B"), table.look)  # 10♣ (ASCII here: 10B)
        assert f"On the table: Dario {ten}" in screen_text(app)
