"""The hand so far at the table: each side's tricks and what its pile would score if the hand
ended now (captured combinations by the rules' names, card points), from the tricks everybody
saw taken: a line a side in the score box (beside the scores where the sidebar is short of rows),
in full with w or a click on the score box; the dealer alone is told what his discard would add.
The table showed nothing of the hand being played but the log."""

from __future__ import annotations

from pathlib import Path

from game.sofar import so_far
from table.session import Session, parse_seats
from tests.support.deals import played_hand, three_kings
from tests.support.screens import (
    click,
    click_entry,
    idle,
    make_app,
    press,
    region_text,
    screen_text,
    settle,
    to_every_declaration,
    wait_for,
)
from text.presenter import Scene, keys, score_texts, so_far_forms, so_far_lines
from text.render import Look
from tui.screens.handover import HandOverScreen
from tui.screens.sofar import SoFarScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen
from tui.widgets.scoreboard import ScoreBoard, fitting

NAMES = ["You", "Bruno", "Carla", "Dario"]
ASCII = Look(ascii=True)


def test_a_line_a_side_from_the_longest_form_that_fits() -> None:
    view = three_kings().view(0)
    ours, theirs = so_far_forms(view, ASCII)
    # 12 cards: three Kings and the Matto (20) with 8 scartini: 20 + (8 - 4) / 2 = 22
    assert ours == (
        "3 tricks - 39 points: Re 17, 22 in cards",
        "3 tricks - 39 points: Re",
        "3 tricks - 39 points",
        "3 tricks - 39 pts",
    )
    assert theirs == ("no tricks yet",)
    assert fitting(ours, 24) == "3 tricks - 39 points: Re"
    assert fitting(ours, 40) == ours[0]
    texts = score_texts(
        Scene(view=view, seats=parse_seats(["human"] + ["easy"] * 3, NAMES), bottom=0, look=ASCII)
    )
    assert texts.taken == ((3, 39), (0, 0)) and texts.hand == (ours, theirs)
    # Bruno at the bottom: his side first
    texts = score_texts(Scene(view=view, seats=parse_seats(["easy"] * 4, NAMES), bottom=1))
    assert texts.taken == ((0, 0), (3, 39))


def test_in_full_each_combination_with_its_cards_and_the_dealers_discard_for_him_only() -> None:
    session = three_kings()
    seats = session.seats
    public = [line.plain for line in so_far_lines(session.view(0), seats, ASCII, 0)]
    assert public == [
        "You & Carla - 3 tricks - 39 points",
        "  Re 17: KS KB KC",
        "  card points 22 (12 cards)",
        "",
        "Bruno & Dario - no tricks yet",
    ]
    dealer = session.view(3)
    assert dealer.discard is not None
    mine = [line.plain for line in so_far_lines(dealer, seats, ASCII, 3, dealer.discard)]
    assert mine[:5] == [
        "Bruno & Dario - no tricks yet",
        "",
        "You & Carla - 3 tricks - 39 points",
        "  Re 17: KS KB KC",
        "  card points 22 (12 cards)",
    ]
    # his side has taken no trick: the discard would go to the other side, one point more
    assert (
        mine[-1] == "Your discard 9D 10D would go to You & Carla now: 1 more point (only "
        "you see it)."
    )


def test_the_matto_exchange_is_said_as_counted() -> None:
    hand = played_hand(
        {0: "KS 6B", 1: "MAT KB", 2: "7S 7B", 3: "8S 8B"}, ["KS MAT 7S 8S", "6B KB 7B 8B"]
    )
    seats = parse_seats(["human"] + ["easy"] * 3, NAMES)
    lines = [line.plain for line in so_far_lines(hand.view(0), seats, ASCII, 0)]
    assert lines[-1] == (
        "The Matto stays with Bruno & Dario, who give 6B to You & Carla for it "
        "(counted so; the card may change by the end)."
    )
    ours, theirs = so_far(hand.tricks, hand.dealer)
    assert "  card points 6 (4 cards)" in lines and ours.card_points == 6
    assert theirs.card_points == 10


def test_the_key_bar_offers_it_to_players_and_to_bots_watched() -> None:
    view = three_kings().view(0)
    for kinds, watching in ((["human"] + ["easy"] * 3, False), (["easy"] * 4, True)):
        scene = Scene(view=view, seats=parse_seats(kinds, NAMES), bottom=0, watching=watching)
        assert ("w", "Won", "so_far") in keys(scene)


async def _at_table(pilot, app, session: Session) -> TableScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    table = TableScreen(session)
    await app.push_screen(table)
    if table.hot_seat:
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await press(pilot, "enter")
    await wait_for(pilot, lambda: table.my_turn() is not None)
    await idle(pilot)
    return table


async def test_under_the_scores_and_in_full_with_w_or_a_click(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _at_table(pilot, app, three_kings())
        board = table.query_one(ScoreBoard)
        rows = [row.strip() for row in region_text(app, board)]
        # beside what is still out at 100x32, the short form (all through the hand)
        assert rows == [
            "You & Carla          +39 pts  0",
            "Bruno & Dario         +0 pts  0",
            "hand: 3-0 tricks     target 800",
        ], rows
        await press(pilot, "o")  # (nothing press() can see changes: no wait for it)
        await wait_for(pilot, lambda: not board.compact)
        await idle(pilot)
        rows = [row.strip() for row in region_text(app, board)]
        assert rows[:4] == [
            "You & Carla                   0",
            "3 tricks - 39 points: Re",
            "Bruno & Dario                 0",
            "no tricks yet",
        ], rows
        await press(pilot, "w")
        await wait_for(pilot, lambda: isinstance(app.screen, SoFarScreen))
        text = screen_text(app)
        assert "Re 17: KS KB KC" in text and "card points 22 (12 cards)" in text
        assert "discard" in text and "Your discard" not in text  # (he is not the dealer)
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is table)
        await click(pilot, ScoreBoard)
        await wait_for(pilot, lambda: isinstance(app.screen, SoFarScreen))
        await press(pilot, "w")
        await wait_for(pilot, lambda: app.screen is table)
        await click_entry(pilot, "so_far")  # the key bar's "w Won"
        await wait_for(pilot, lambda: isinstance(app.screen, SoFarScreen))


async def test_hot_seat_shows_no_discard_but_to_the_dealer(tmp_path: Path) -> None:
    """Hot-seat, Dario (a person) deals: his own count says what his discard would add; You,
    at the same screen, are told nothing of it, and the score box is the same for both."""
    app = make_app(tmp_path, None)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _at_table(pilot, app, three_kings(["human", "easy", "easy", "human"]))
        assert table.viewer == 0
        await press(pilot, "w")
        await wait_for(pilot, lambda: isinstance(app.screen, SoFarScreen))
        assert "Your discard" not in screen_text(app) and "9D" not in screen_text(app)
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is table)
        lines = so_far_lines(
            table.session.view(3), table.session.seats, ASCII, 3, table.session.view(3).discard or 0
        )
        assert "Your discard 9D 10D" in lines[-1].plain  # what his own screen would say
        assert table.scene().view.discard is None  # and You's screen never has it


async def test_at_80x24_under_the_scores_with_the_declarations_a_line_each(tmp_path: Path) -> None:
    """Seed 38: three declarations that need six rows at 80x24: they take a line each (their
    one-line form, cut where it must be) and the hand so far keeps its lines under the scores
    (it went beside them, ``+47  0``, with the tricks in the box's last line)."""
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=38)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await to_every_declaration(pilot)
        while not table.session.match.hand.tricks:
            await press(pilot, "enter")
            screen = await settle(pilot)
            assert isinstance(screen, TableScreen)
            table = screen
        await idle(pilot)
        await idle(pilot)
        assert not table.query_one(ScoreBoard).compact
        hand = table.session.match.hand
        piles = so_far(hand.tricks, hand.dealer)
        rows = [row.strip() for row in region_text(app, table.query_one(ScoreBoard))]
        assert rows[0].startswith("You & Carla") and rows[2].startswith("Bruno & Dario"), rows
        for row, pile in zip((rows[1], rows[3]), piles, strict=True):
            assert row.startswith(f"{pile.tricks} trick") or row == "no tricks yet", rows
        assert rows[4].endswith("target 800"), rows
        listed = table.query_one("#declarations")
        assert listed.virtual_size.height <= listed.region.height  # nothing scrolled away
        shown = region_text(app, listed)
        for d in hand.declarations:
            if d is not None and d.families:
                assert any(row.startswith(f"{table.names[d.seat]} {d.points}: ") for row in shown)
