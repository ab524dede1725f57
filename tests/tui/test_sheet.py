"""The scoring sheet after each hand: its rows and combinations' cards read cleanly at every
width, the keys it names and what its score history offers."""

from __future__ import annotations

import io
import re
from itertools import takewhile
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.app import App
from textual.widgets import Button

from game.cards import mask_of, parse_cards
from game.scoring import declared_combinations
from game.view import Declaration
from net.client import JoinRequest
from table.session import parse_seats
from tests.support.net import play_on_until, serve
from tests.support.screens import (
    FAST,
    at_the_last_tricks,
    engine_match,
    make_app,
    open_sheet,
    press,
    screen_text,
    settle,
    wait_for,
)
from text.counting import combination_rule
from text.render import ASCII_MARKS, UNICODE, Look, card_text
from tui.app import TarocchinoApp
from tui.screens.scoring import HandSummary, ScoringScreen, _Offered
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen
from tui.widgets.sheet import CardList, ScoreSheet

# -------------------------------------------------------------------------------------- sheet cards
# The cards of a combination on the scoring sheet read cleanly at 80 columns (and at 100, 120): a
# sequence of 6 or 7 cards takes one row of the sheet, in the short form when its faces do not fit
# ("K♠ Q N J A BEG MAT"), and a longer one (the Grande) is broken between groups of cards, never
# inside one; a player's declarations too.


ASCII = Look(ascii=True)
SEED, HAND, SIDE = 22, 0, 1  # Bruno & Dario: a Grande of 20 cards and seven sequences
NARROW = 18  # the cards column of a sheet at 80 columns


def lines(codes: str, width: int, look: Look = UNICODE, prefix: str = "") -> list[str]:
    return [line.plain for line in CardList(parse_cards(codes), look, prefix).lines(width)]


@pytest.mark.parametrize(
    ("codes", "short"),
    [
        ("KS QS NS JS AS BEG MAT", "K♠ Q N J A BEG MAT"),
        ("AS AB AC AD BEG MAT", "A♠ ♣ ♥ ♦ BEG MAT"),
        ("MO1 MO2 MO3 MO4 BEG MAT", "MO1 2 3 4 BEG MAT"),
        ("MO1 MO3 MO4 BEG MAT", "MO1 3 4 BEG MAT"),
    ],
)
def test_a_sequence_of_up_to_seven_cards_fits_the_narrow_column(codes: str, short: str) -> None:
    assert lines(codes, NARROW) == [short]
    assert lines(codes, 40) == [" ".join(lines(c, 3)[0] for c in codes.split())]  # whole


def test_the_short_form_in_ascii() -> None:
    assert ASCII_MARKS == ("S", "B", "C", "D")
    assert lines("KS QS NS JS AS BEG MAT", NARROW, ASCII) == ["KS Q N J A BEG MAT"]
    assert lines("AS AB AC AD BEG MAT", NARROW, ASCII) == ["AS B C D BEG MAT"]


def test_the_grande_is_broken_between_groups_only() -> None:
    grande = "ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 MO1 MO2 MO3 MO4 BEG MAT"
    assert lines(grande, NARROW) == ["ANG–T5 MO1 2 3 4", "BEG MAT"]
    assert lines(grande, NARROW, ASCII) == ["ANG-T5 MO1 2 3 4", "BEG MAT"]
    # a missing card shows: LUN and T6 are not there
    gaps = "ANG MON SOL T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T5 MO2 MO3 BEG"
    assert lines(gaps, NARROW) == ["ANG–SOL T16–T7 T5", "MO2 3 BEG"]
    # a short Grande with a gap may take two rows, broken before the counters (kept together)
    assert lines("ANG MON SOL T16 T15 BEG MAT", NARROW) == ["ANG–SOL T16 T15", "BEG MAT"]
    assert lines("ANG MON SOL LUN T16 BEG MAT", NARROW) == ["ANG–T16 BEG MAT"]


def _rendered(sheet: ScoreSheet) -> list[str]:
    """The sheet's rows as drawn at its width (all of them, the part scrolled away too)."""
    width = sheet.content_region.width
    console = Console(width=width, file=io.StringIO(), record=True, legacy_windows=False)
    console.print(sheet.content)  # what the sheet was given to show
    return [line.rstrip() for line in console.export_text().splitlines()]


def _declared() -> Declaration:
    cards = mask_of(parse_cards("KS QS NS JS AS BEG MAT MO1 MO2 MO3 MO4 AB AC AD"))
    families = ("Spade", "Assi", "Mori")
    points = sum(c.points for c in declared_combinations(cards, families))
    return Declaration(1, families, cards, 2 * points)


@pytest.mark.parametrize("size", [(80, 24), (100, 32), (120, 40)])
async def test_every_sequence_reads_on_one_row(tmp_path: Path, size: tuple[int, int]) -> None:
    match = engine_match(SEED, 300, ["easy"] * 4)
    result = match.results[HAND]
    sequences = result.sides[SIDE].breakdown.sequences
    assert sorted(len(c.cards) for c in sequences)[-3:] == [7, 7, 20]  # the case in point
    summary = HandSummary(
        HAND,
        result,
        ("Anna & Carla", "Bruno & Dario"),
        None,
        300,
        names=("Anna", "Bruno", "Carla", "Dario"),
        declared=(None, _declared(), None, None),
    )
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        await open_sheet(pilot, summary)
        rows = _rendered(app.screen.query_one(f"#sheet-{SIDE}", ScoreSheet))
        for c in sequences:
            at = next(i for i, row in enumerate(rows) if row.startswith(f"  {c.family} "))
            rule = combination_rule(c)
            after = list(takewhile(lambda row: row.startswith(" " * 13), rows[at + 1 :]))
            assert rule in " ".join([rows[at], *after]), rows  # how it scores, beside or below
            cards = [row for row in after if rule not in row]
            # the cards on the family's row alone; the Grande's on two rows at most
            assert len(cards) <= (0 if len(c.cards) <= 7 else 1), rows
        start = rows.index("Declared by")
        declared = rows[start + 1 : rows.index(next(r for r in rows[start:] if "doubled" in r)) + 1]
        points = [r for r in declared if r.split()[-1].lstrip("+").isdigit()]
        assert [r.split()[0] for r in points] == ["Spade", "Assi", "Mori", "doubled"], rows
        assert declared[0].strip() == "Bruno"  # the name's row, then the families as above
        # on the screen too: the Spade row, whole (at 80 columns in the short form)
        for _ in range(len(rows)):  # (scrolled down to it)
            spade = [r for r in screen_text(app).splitlines() if "  Spade " in r]
            if spade:
                break
            await press(pilot, "j")
        assert spade and re.search(r"  Spade +K♠ .*BEG MAT.* +30 ?\|", spade[0]), spade


# ----------------------------------------------------------------------------------- sheet menu key
# The scoring sheet names the menu's key as the table, the hand-over and the declarations do: "q
# Menu" (its footer said "m Menu" where the table says "q Menu", and q quit once the match was
# over). q and Escape go back to the start screen, during the match and once it is over; m, the
# sheet's key before, still does; Ctrl+Q quits. Over the network the sheet says "q Leave" as the
# table does (127.0.0.1, a free port, bounded in time).


def _menu_says(app: App) -> str:
    """What the footer says for q (Escape the same binding); m is not named."""
    bindings = app.screen.active_bindings
    assert bindings["escape"].binding.description == bindings["q"].binding.description
    assert bindings["q"].binding.show and not bindings["m"].binding.show
    return bindings["q"].binding.description


async def _last_sheet(tmp_path: Path, pilot) -> ScoringScreen:
    screen = await settle(pilot)  # seed 5, target 10: Dario calls out at once
    assert isinstance(screen, ScoringScreen) and screen.summary.winner == 1
    return screen


async def test_the_last_sheet_says_q_menu_and_q_goes_back_to_the_menu(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=5, target=10)
    async with app.run_test(size=(100, 32)) as pilot:
        sheet = await _last_sheet(tmp_path, pilot)
        assert _menu_says(app) == "Menu"
        labels = [str(b.label) for b in sheet.query(Button)]
        assert "Menu  q" in labels and "Quit  Ctrl+Q" in labels, labels
        assert not any(label.endswith("  m") for label in labels), labels
        await press(pilot, "q")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.is_running  # the menu, not the end of the game


@pytest.mark.parametrize("key", ["m", "escape"])
async def test_the_keys_players_know_still_go_back_to_the_menu(tmp_path: Path, key: str) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=5, target=10)
    async with app.run_test(size=(100, 32)) as pilot:
        await _last_sheet(tmp_path, pilot)
        await press(pilot, key)
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.is_running


async def test_the_sheet_over_the_network_says_q_leave(tmp_path: Path) -> None:
    # (the table's first hand taken up at its last two tricks)
    going_on = at_the_last_tricks(parse_seats(["human", "easy", "easy", "easy"]), 4, 500)
    server, address = await serve(session=going_on)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            app.join_table(JoinRequest(address, "Anna", 0))
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            await play_on_until(pilot, lambda: isinstance(app.screen, ScoringScreen), most=100)
            await wait_for(pilot, lambda: bool(app.screen.query(Button)))
            assert _menu_says(app) == "Leave"
            labels = [str(b.label) for b in app.screen.query(Button)]
            assert "Leave  q" in labels, labels
    finally:
        await server.close()


# -------------------------------------------------------------------------------------- sheet offer
# The score history's title says what it offers ("click a hand or press r to review it") after a dot
# on the title's row where it fits (120 columns), else on a row of its own without the dot: at 80
# and 100 columns the row began with "· click a hand", a stray mark at its start.


PIECES = [
    Text("The match so far", style="bold"),
    Text("2 hands and a chart of the running score", style="dim"),
]
OFFER = Text("click a hand or press r to review it", style="dim")


def _rows(width: int, offer: Text | None = OFFER) -> list[str]:
    console = Console(width=width, file=io.StringIO(), legacy_windows=False)
    with console.capture() as captured:
        console.print(_Offered(PIECES, offer, "·"))
    return [row.rstrip() for row in captured.get().splitlines()]


def test_on_the_title_s_row_where_it_fits() -> None:
    assert _rows(120) == [
        "The match so far  2 hands and a chart of the running score  · click a "
        "hand or press r to review it"
    ]


@pytest.mark.parametrize("width", [76, 96])  # (the sheet's width at 80 and 100 columns)
def test_on_a_row_of_its_own_without_the_dot_where_it_does_not(width: int) -> None:
    assert _rows(width) == [
        "The match so far  2 hands and a chart of the running score",
        "click a hand or press r to review it",
    ]


def test_nothing_offered_the_title_alone() -> None:
    assert _rows(80, None) == ["The match so far  2 hands and a chart of the running score"]


# --------------------------------------------------------------------------------------- sheet rows
# The scoring sheet's rows read whole at 80 columns (two sheets side by side) and at 100: the
# criccone row ("criccone 4 cricche +N") and the Matto note ("Matto kept; 10♦ to Bruno & Dario") are
# not broken in the middle.


# Anna & Carla: criccone of 4 cricche, and the Matto kept for a card given
ROWS_SEED, ROWS_HAND = 5, 0


def sheet_rows(app, sheet: ScoreSheet) -> list[str]:
    """The sheet's rows as on the screen, inside its frame."""
    r = sheet.region
    return [
        line[r.x + 1 : r.right - 1].rstrip()
        for line in screen_text(app).splitlines()[r.y + 1 : r.bottom - 1]
    ]


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_the_sheet_rows_are_not_broken_at_80_and_100_columns(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    match = engine_match(ROWS_SEED, 300, ["easy"] * 4)
    result = match.results[ROWS_HAND]
    breakdown = result.sides[0].breakdown
    giver, receiver, card = result.matto_exchange
    assert breakdown.criccone and len(breakdown.cricche) == 4 and giver == 0
    sides = ("Anna & Carla", "Bruno & Dario")
    summary = HandSummary(ROWS_HAND, result, sides, None, 300)
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        await open_sheet(pilot, summary)
        rows = sheet_rows(app, app.screen.query_one("#sheet-0", ScoreSheet))
        doubled = [row for row in rows if "cricche" in row]
        assert len(doubled) == 1, rows
        assert "criccone" in doubled[0] and "4 cricche" in doubled[0], rows
        assert doubled[0].endswith(f"+{breakdown.cricche_points // 2}"), rows
        given = card_text(card, UNICODE).plain
        note = [row for row in rows if "Matto" in row]
        assert len(note) == 1 and f"{given} to {sides[receiver]}" in note[0], rows


# ----------------------------------------------------------------------------------- sheet last row
# A combination's cards on the scoring sheet never leave one card alone on their last row ("Grande
# ANG MON LUN T16" / "BEG" at 80 columns): the card before joins it.


def test_the_last_row_of_a_combination_is_never_one_card_alone() -> None:
    cards = CardList(parse_cards("ANG MON LUN T16 BEG"), UNICODE)
    for width in range(11, 19):
        rows = [row.plain for row in cards.lines(width)]
        assert rows == ["ANG MON LUN", "T16 BEG"], width
    assert [row.plain for row in cards.lines(19)] == ["ANG MON LUN T16 BEG"]
    # two on the row before: the card alone stays (the row before would be left with one)
    assert [row.plain for row in cards.lines(10)] == ["ANG MON", "LUN T16", "BEG"]
