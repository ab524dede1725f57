"""The table at 80x24 read as a player reads it: every declaration in view without scrolling,
long names shortened the same way everywhere, a log that starts with an entry, a discard hint
that fits the status lines; and the past matches and statistics readable at 80 columns."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from game.history import hand_rows
from game.match import Match
from store.settings import Settings
from store.stats import FinishedMatch, MatchSummary, SeatInfo, record_finished_match
from table.session import Seat, Session, parse_seats
from tests.support.deals import deal_with
from tests.support.matches import called_out_match, played, saved_match
from tests.support.screens import (
    engine_match,
    idle,
    make_app,
    press,
    press_for,
    region_text,
    screen_text,
    settle,
    to_every_declaration,
    to_the_cards,
    wait_for,
)
from text.hand_review import HandWalk, ReviewSource, hands_text, play_lines
from text.presenter import present
from text.render import UNICODE, card_text
from text.words import pair_names, short_name
from tui.screens.scoring import HandSummary, ScoringScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen
from tui.widgets.line import TextLine
from tui.widgets.log import hanging
from tui.widgets.matchtable import MatchTable, narrow_rows
from tui.widgets.score_history import ScoreHistory


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_three_declarations_are_all_in_view_without_scrolling(tmp_path: Path, size) -> None:
    # Seed 38: you hold five combinations (117 points), Bruno two, Carla one.
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=38)
    async with app.run_test(size=size) as pilot:
        table = await to_every_declaration(pilot)
        declared = [d for d in table.session.match.hand.declarations if d and d.families]
        assert len(declared) == 3
        listed = table.query_one("#declarations")
        assert listed.virtual_size.height <= listed.region.height  # nothing scrolled away
        shown = " ".join(region_text(app, listed))
        for d in declared:
            assert table.names[d.seat] in shown and str(d.points) in shown
            if size == (80, 24):  # a line each, cut where it must be (the log keeps 4 rows)
                assert f"{table.names[d.seat]} {d.points}: {d.families[0][:3]}" in shown, shown
                continue
            for family in d.families:
                assert family in shown, (family, shown)
        if size == (120, 40):
            # Beside "Still out" (which says the declared cards each other player still
            # holds), a line each; with it hidden (o), room enough: each combination with its
            # cards.
            out = " ".join(line.plain for line in table.query_one("#out").lines)
            for d in declared:
                if d.seat != table.viewer:
                    assert f"{table.names[d.seat]}: " in out and "holds" in out
            await press(pilot, "o")  # (nothing press() can see changes: no wait for it)
            await wait_for(pilot, lambda: not table.out_shown)
            await idle(pilot)
            shown = " ".join(region_text(app, listed))
            for d in declared:
                for c in d.combinations:
                    assert f"{c.family} {c.points}:" in shown, (c.family, shown)


SIXTEEN = ["Massimilianoroma", "Bartolomeo Crist", "Pier Francesco B", "Giovanni Battist"]


def declared_session(names: list[str]) -> Session:
    """Hand 1 with seat 4 (a person) dealing and the three bots before him declaring: nine
    families, two, one; then it is his turn (he has nothing to declare)."""
    hand = deal_with(
        3,
        {
            0: "ANG MON BEG KS QS NS KB QB NB KC QC NC MO3 MO4 T16",
            1: "SOL LUN MAT AS AB AC AD JS JB JC JD T15 T14 T13 T12",
            2: "KD QD ND 9D 6D 7D 8D MO1 MO2 T11 T10 T9 T8 T7 T6",
        },
    )
    match = Match(1)
    match.hand = hand
    session = Session(parse_seats(["easy", "easy", "easy", "human"], names), match)
    session.apply(hand.legal_actions()[0])  # the dealer's discard
    for _ in range(3):  # each bot declares everything and plays
        session.apply(hand.legal_actions()[0])
        session.apply(hand.legal_actions()[0])
    return session


async def test_three_long_declarations_of_sixteen_character_names_need_no_scrolling(
    tmp_path: Path,
) -> None:
    """At 80x24, with every name 16 characters long and three declarations too long for the
    digest's lines, the declarations stay in view without scrolling: a line for each, with its
    player and his points."""
    session = declared_session(SIXTEEN)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        table = TableScreen(session)
        await app.push_screen(table)
        await wait_for(pilot, lambda: table.my_turn() is not None)
        await idle(pilot)
        listed = table.query_one("#declarations")
        assert listed.virtual_size.height <= listed.region.height  # nothing scrolled away
        rows = [row.strip() for row in region_text(app, listed) if row.strip()]
        assert len(rows) == 3, rows
        for row, d in zip(rows, session.match.hand.declarations, strict=False):
            assert d is not None and row.startswith(SIXTEEN[d.seat][:6]), rows
            assert f" {d.points}: {d.families[0][:3]}" in row, rows


LONG = ["Maria Antonietta", "Massimilianoroma", "Pier Francesco B", "Giovanni Battist"]


async def test_long_names_wrap_between_words_or_end_in_an_ellipsis(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=38, names=LONG)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await to_every_declaration(pilot)
        look = table.look
        right = [line.strip() for line in region_text(app, table.query_one("#seat-right"))]
        left = [line.strip() for line in region_text(app, table.query_one("#seat-left"))]
        # one word too long for the seat: cut visibly, not broken in two
        cut = [line for line in right if line.startswith("Massimil")]
        assert len(cut) == 1 and cut[0].endswith(look.ellipsis), right
        assert "oroma" not in " ".join(right)
        assert "opponent" in right and any(line.endswith(" cards") for line in right), right
        # two words: a line each
        assert "Giovanni" in left and "Battist" in left, left
        assert any(line.endswith(" cards") for line in left), left
        # the score box keeps a line per side, the scores in view
        score = table.query_one("#score")
        rows = region_text(app, score)
        sides = [0, 1] if score.compact else [0, 2]
        assert score.region.height == 3 + 2 * (not score.compact), rows
        assert all(rows[i].rstrip().endswith(" 0") for i in sides), rows
        assert all(look.ellipsis in rows[i] for i in sides), rows
        # the trick's captions: the names shortened rather than the words after them cut
        trick = " ".join(region_text(app, table.query_one("#trick")))
        assert "winning" in trick or "takes it" in trick, trick
        log, sidebar = table.query_one("#log"), table.query_one("#sidebar")
        assert log.region.bottom <= sidebar.region.bottom


WIDE = ["東京太郎花子さん", "🎴🎴 Emoji Player", "Maria Antonietta", "Pier Francesco B"]


async def test_wide_characters_in_names_take_two_cells(tmp_path: Path) -> None:
    """A name in Chinese characters or emoji is measured by the cells it takes on screen, so
    the score box still keeps a line per side with the scores in view."""
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=38, names=WIDE)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await to_the_cards(pilot)
        score = table.query_one("#score")
        rows = region_text(app, score)
        # a line per side (each followed by its hand so far, unless that is beside the score)
        sides = [0, 1] if score.compact else [0, 2]
        assert score.region.height == 3 + 2 * (not score.compact), rows
        assert all(rows[i].rstrip().endswith(" 0") for i in sides), rows
        assert rows[sides[0]].lstrip().startswith("東京"), rows
        assert rows[sides[1]].lstrip().startswith("🎴"), rows


def test_a_name_is_shortened_by_the_cells_it_takes() -> None:
    assert short_name("東京太郎花子", 7) == "東京太…"
    assert short_name("東京太郎", 8) == "東京太郎"
    assert short_name("Anna", 4) == "Anna"
    assert short_name("Massimiliano", 6, "...") == "Mas..."
    assert pair_names("東京太郎花子", "Anna", 12) == "東京… & Anna"


async def test_the_log_at_80x24_starts_with_an_entry_and_ends_with_the_newest(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await to_the_cards(pilot)
        for _ in range(6):  # six of your cards, each time the log as it stands
            await idle(pilot)  # (the log scrolls to its end after it is drawn)
            entries = [line.plain.strip() for line in present(table.scene()).log]
            raw = region_text(app, table.query_one("#log"))
            for row in raw:  # the rest of a wrapped entry is indented
                if row.strip() and not any(e.startswith(row.strip()) for e in entries):
                    assert row.startswith("  "), raw
            rows = [row.strip() for row in raw]
            shown = [row for row in rows if row]
            assert shown and any(entry.startswith(shown[0]) for entry in entries), (rows, entries)
            assert " ".join(shown) in " ".join(entries), (rows, entries)  # each once, in order
            newest = entries[-1]
            assert newest.endswith(shown[-1]), (rows, newest)
            await press_for(pilot, table)
            screen = await settle(pilot)
            assert isinstance(screen, TableScreen)
            table = screen


def _recorded(directory: Path) -> None:
    """Five finished matches: three with short names, two with long ones (one called out)."""
    W = datetime(2026, 11, 30, 18, 0, tzinfo=UTC)
    kinds = ("human", "hard", "human", "medium")
    long_seats = tuple(zip(LONG, kinds, strict=True))
    short_seats = tuple(
        zip(("You", "Bruno", "Carla", "Dario"), ("human", "hard", "hard", "hard"), strict=True)
    )
    for i in range(3):
        assert (
            record_finished_match(
                directory, FinishedMatch.of(played(i), short_seats, ended_at=W.replace(minute=i))
            )
            is None
        )
    assert (
        record_finished_match(
            directory, FinishedMatch.of(played(5), long_seats, ended_at=W.replace(minute=10))
        )
        is None
    )
    assert (
        record_finished_match(
            directory,
            FinishedMatch.of(called_out_match(), long_seats, ended_at=W.replace(minute=20)),
        )
        is None
    )


@pytest.mark.parametrize("key", ["p", "s"])
async def test_past_matches_and_statistics_are_whole_at_80_columns(
    tmp_path: Path, key: str
) -> None:
    _recorded(tmp_path)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, key)
        await wait_for(pilot, lambda: any(t.row_count for t in app.screen.query(MatchTable)))
        table = app.screen.query_one(MatchTable)
        await idle(pilot)
        assert table.virtual_size.width <= table.scrollable_content_region.width  # no scrolling
        table.scroll_visible()
        if key == "s":
            app.screen.query_one("#stats-page").scroll_end(animate=False)
        await idle(pilot)
        rows = [row.rstrip() for row in region_text(app, table)]
        assert "Won" in rows[0]
        winners = {m.id: "AB"[m.winner] for m in table.matches}
        for m in table.matches:
            row = next(r for r in rows if r.split()[:1] == [str(m.id)])
            assert row.endswith(winners[m.id] + " called out" * bool(m.called_out)), row
            assert "Maria Ant" in row or "You & Carla" in row, row


async def test_the_statistics_lines_wrap_under_their_own_start(tmp_path: Path) -> None:
    """At 80 columns a person's figures that wrap go on under the first of them, and a pairing
    that wraps goes on indented like the line it belongs to."""
    _recorded(tmp_path)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, "s")
        await wait_for(pilot, lambda: any(t.row_count for t in app.screen.query(MatchTable)))
        pairings = app.screen.query_one("#stats-pairings")
        pairings.scroll_visible(animate=False)
        await idle(pilot)
        rows = [row.rstrip() for row in region_text(app, pairings) if row.strip()]
        assert rows[0].strip() == "With partner and opponents", rows
        assert len(rows) > 1 and all(row.startswith("  ") for row in rows[1:]), rows
        people = app.screen.query_one("#stats-people")
        people.scroll_visible(animate=False)
        await wait_for(pilot, lambda: any(row.strip() for row in region_text(app, people)))
        rows = [row.rstrip() for row in region_text(app, people) if row.strip()]
        names = [row for row in rows if not row.startswith(" ")]
        assert len(names) == 3 and len(rows) > len(names), rows  # three people, figures wrap
        start = names[0].index("played")  # where the figures begin, for every person
        assert all(row[start - 1] == " " and row[start] != " " for row in rows), rows
        labels = {"played", "won", "hands", "average", "best", "declarations"}
        assert all(row[start:].split()[0] in labels for row in rows), rows  # no pair split


async def test_the_dealers_discard_hint_fits_the_two_status_lines(tmp_path: Path) -> None:
    # Seed 104: you deal, holding Tarocchi, Re, Grande, Spade and Bastoni.
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=104)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
        await press(pilot, "t")
        line = table.query_one("#status", TextLine)
        await wait_for(pilot, lambda: line.text.plain.startswith("Hint: discard"), limit=20000)
        hint = line.text.plain
        # (no forecast at the discard: there it is little better than a guess)
        assert "keeps your combinations Tarocchi, Re, Grande, Spade, Bastoni" in hint, hint
        assert "your side" not in hint, hint
        assert table.status_fits(line.text), hint
        assert not any("Hint" in str(n.message) for n in app._notifications)


def test_the_narrow_match_table_measures_names_in_cells() -> None:
    """Names in wide characters take two cells each: a side that would not fit goes on two
    lines, each within its column."""
    players = tuple(SeatInfo(n, "human") for n in ("東京太郎花子さん", "Bruno", "Carla", "Dario"))
    match = MatchSummary(1, "2026-11-30T18:00:00+00:00", "local", players, (805, 300), 0, False, 4)
    rows = narrow_rows([match], 70, ascii=False)
    side = rows[0][2]
    assert "\n" in side, side  # 8 wide characters and "Carla" do not fit on one line of the column
    widths = [cell_len(line) for line in side.splitlines()]
    assert max(widths) <= 70 // 2, widths  # (each side gets less than half the room)


CHINESE = "张伟李娜王芳刘洋陈静杨帆赵"  # 13 characters, 26 cells: wider than the log at 80x24


@pytest.mark.parametrize("name", [CHINESE, CHINESE[:11]], ids=["13 characters", "11 characters"])
def test_a_log_entry_never_leaves_its_arrow_alone_on_a_line(name: str) -> None:
    """A name too wide for the rest of the line is shortened there with an ellipsis, beside
    the arrow or the "For" before it; other words wrap as before."""
    console = Console(width=200)
    for width in (24, 30):
        taken = hanging(Text.assemble("  → ", (name, "bold"), " takes trick 3"), width, console)
        assert taken[0].plain.startswith(f"  → {name[:4]}"), [t.plain for t in taken]
        assert taken[0].spans and taken[0].spans[0].style == "bold"  # the name is still bold
        stood = hanging(Text(f"For {name}, the medium bot plays K♠"), width, console, "...")
        assert stood[0].plain.startswith(f"For {name[:4]}"), [t.plain for t in stood]
        assert stood[0].plain.rstrip().endswith(","), [t.plain for t in stood]  # comma kept
        for line in (*taken, *stood):
            assert cell_len(line.plain.rstrip()) <= width, line.plain
        shortened = [line.plain for line in taken if "…" in line.plain]
        assert len(shortened) <= 1 and (shortened or width == 30), shortened
    italian = Text("  → Massimilianoroma takes trick 3; the Matto stays with Carla's side")
    assert [line.plain.rstrip() for line in hanging(italian, 24, console)] == [
        "  → Massimilianoroma",
        "  takes trick 3; the",
        "  Matto stays with",
        "  Carla's side",
    ]


async def test_at_80x24_a_trick_taken_by_a_wide_name_keeps_the_arrow_beside_it(
    tmp_path: Path,
) -> None:
    # Seed 5: the third trick goes to the left seat.
    names = ["You", CHINESE, "Carla", CHINESE[::-1]]
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=5, names=names)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await to_the_cards(pilot)
        while len(table.session.match.hand.tricks) < 3:
            await press_for(pilot, table)
            screen = await settle(pilot)
            assert isinstance(screen, TableScreen)
            table = screen
        await idle(pilot)
        log = table.query_one("#log")
        rows = [strip.text.rstrip() for strip in log.lines]
        arrow = table.look.arrow
        arrows = [row for row in rows if arrow in row]
        assert len(arrows) == 3, rows
        assert any(f"{arrow} {CHINESE[::-1][:4]}" in row for row in arrows), arrows
        for row in arrows:
            assert row.strip() != arrow and len(row.split()) > 1, rows
        assert all(cell_len(row) < log.size.width for row in rows), rows


@pytest.mark.parametrize("marks", ["unicode", "ascii"])
async def test_the_saved_match_wraps_between_its_parts_at_80_columns(
    tmp_path: Path, marks: str
) -> None:
    """The summary of the saved match (where the hand is, each side's score, the target) goes
    on two lines at 80 columns, a side's name never parted from its score, no line beginning
    with a separator: where the hand is on the first, the scores and the target they go to on
    the second ("to 800" stood on a row of its own)."""
    saved_match(tmp_path)  # hand 1, trick 12
    app = make_app(tmp_path, None, settings=Settings(bot_delay=0.0, suit_marks=marks))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await idle(pilot)
        rows = [row.strip() for row in region_text(app, app.screen.query_one("#resume-info"))]
        rows = [row for row in rows if row]
        dot = "-" if marks == "ascii" else "·"
        assert len(rows) == 2 and rows[0].startswith("Hand 1, trick 12 of 15"), rows
        assert rows[1] == f"You & Carla 0 {dot} Bruno & Dario 0 {dot} to 800", rows
        assert not any(row[0] in "-·" or row[-1] in "-·" for row in rows), rows


async def test_the_match_line_under_the_sheet_wraps_between_its_parts(tmp_path: Path) -> None:
    """With a long side name at 80 columns, the match score under the last sheet wraps, but
    each score stays with its side and the target with its word."""
    match = engine_match(5, 300, ["easy"] * 4)
    sides = (f"{CHINESE} & Carla", "Bruno & Dario")
    summary = HandSummary(len(match.results) - 1, match.results[-1], sides, match.winner, 300)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await app.push_screen(ScoringScreen(summary, UNICODE))
        await idle(pilot)
        line = app.screen.query_one("#sheet-result")
        rows = [row.text.strip() for row in line.render_lines(line.content_region.reset_offset)]
        rows = [row for row in rows if row]
        scores = summary.result.scores_after
        assert len(rows) == 3, rows  # the score on two lines, then who won
        assert rows[0] == f"Match: {sides[0]} {scores[0]}", rows
        assert rows[1] == f"Bruno & Dario {scores[1]}   (target 300)", rows
        lead = scores[0] - scores[1]
        assert rows[2] == (
            f"{sides[0]} win the match by {lead} points, {scores[0]} to {scores[1]}!"
        ), rows


@pytest.mark.parametrize("width", [80, 120])
async def test_the_score_history_measures_wide_names_in_cells(tmp_path: Path, width: int) -> None:
    """A side's title and the dealer column shorten a wide name with an ellipsis, so the
    columns stay under their headings."""
    match = engine_match(5, 300, ["easy"] * 4)
    rows = hand_rows(match.results)

    async def drawn(names: tuple[str, ...]) -> list[str]:
        sides = (f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}")
        summary = HandSummary(
            len(rows) - 1, match.results[-1], sides, match.winner, 300, history=rows, names=names
        )
        app = make_app(tmp_path, None)
        async with app.run_test(size=(width, 40)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            await app.push_screen(ScoringScreen(summary, UNICODE))
            await idle(pilot)
            history = app.screen.query_one(ScoreHistory)
            return [
                strip.text.rstrip()
                for strip in history.render_lines(history.content_region.reset_offset)
            ]

    plain = await drawn(("Anna", "Bruno", "Carla", "Dario"))
    wide = await drawn((CHINESE, "Bruno", "Carla", CHINESE[::-1]))
    assert "…" in wide[0] and "A: 张伟" in wide[0] and "B: Bruno" in wide[0], wide[0]
    column = cell_len(plain[0][: plain[0].index("B: ")])  # where side B's title begins
    assert cell_len(wide[0][: wide[0].index("B: ")]) == column, (plain[0], wide[0])
    assert [cell_len(r) for r in wide[2 : 2 + len(rows)]] == [
        cell_len(r) for r in plain[2 : 2 + len(rows)]
    ], wide


def test_the_review_lines_measure_wide_names_in_cells() -> None:
    """The review's four hands and its list of every card keep their columns with a name in
    Chinese characters: a name is measured in cells and shortened with an ellipsis."""
    match = engine_match(5, 300, ["easy"] * 4)
    seats = [Seat("easy", name) for name in (CHINESE, "Bruno", "Carla", "Dario")]
    source = ReviewSource.of(match, seats)
    walk = HandWalk(source.hands[0], 0, source.judged)
    for position in (0, 6):
        hands = hands_text(source, walk, position, UNICODE).plain.splitlines()
        bars = {cell_len(line[: line.index("│")]) for line in hands}
        assert len(bars) == 1, hands  # the bar after the names in one column
        assert any("张伟" in line and "…" in line for line in hands), hands
    lines = [line.plain for line in play_lines(source, walk, 0, UNICODE)]
    faces = [card_text(card, UNICODE).plain for _, card in walk.plays]
    cards = {cell_len(line[: line.index(face, 5)]) for line, face in zip(lines, faces, strict=True)}
    assert cards == {16}, lines  # every card in one column, after the names
    assert any("张伟李娜…" in line for line in lines), lines


@pytest.mark.parametrize(
    ("size", "dealer", "shown"),
    ids=["wide 80x24", "wide 120x40", "long 80x24"],
    argvalues=[
        ((80, 24), CHINESE, "dealer 张伟李娜…"),
        ((120, 40), CHINESE, f"dealer {CHINESE}"),
        ((80, 24), "Massimilianoroma", "dealer Massimilianoroma"),
    ],
)
async def test_the_top_bar_shortens_the_dealers_name_only_when_it_must(
    tmp_path: Path,
    size: tuple[int, int],
    dealer: str,
    shown: str,
) -> None:
    # Seed 2: the first seat deals the first hand.
    app = make_app(
        tmp_path,
        ["human", "easy", "easy", "easy"],
        seed=2,
        names=[dealer, "Bruno", "Carla", "Dario"],
        settings=Settings(bot_delay=0.0, trick_pause=0.0),
    )
    async with app.run_test(size=size) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.current_view().dealer == 0
        await idle(pilot)
        bar = table.query_one("#topbar", TextLine)
        text = "".join(strip.text for strip in bar.render_lines(bar.content_region.reset_offset))
        assert shown in text, text
        assert text.rstrip().endswith(shown), text  # whole, nothing cut after it


async def test_a_wide_name_is_shortened_in_its_seat_rather_than_push_out_a_line(
    tmp_path: Path,
) -> None:
    """At 80x24 the bottom seat has two lines: a 13-character Chinese name (26 cells) made
    "to play a card" wrap and left the declaration out; the name is shortened there instead
    (whole in the status line)."""
    name = "张伟李娜王芳刘洋陈静杨帆赵"
    app = make_app(
        tmp_path, ["human", "easy", "easy", "easy"], seed=5, names=[name, "Bruno", "Carla", "Dario"]
    )
    async with app.run_test(size=(80, 24)) as pilot:
        table = await to_the_cards(pilot)
        while table.session.match.view(0).turn != 0:
            table = await settle(pilot)
        await settle(pilot)
        bottom = [line.strip() for line in region_text(app, table.query_one("#seat-bottom"))]
        assert "to play a card" in bottom[0] and table.look.ellipsis in bottom[0], bottom
        assert any(line.startswith("declared 15") for line in bottom), bottom
        assert name in screen_text(app)  # the status line still calls him by his whole name


async def test_what_a_seat_is_to_do_is_never_split_across_lines() -> None:
    """ "to play a card" used to wrap as "to play a" / "card" in the top seat at 80x24; it goes
    whole to a line of its own when it does not fit after the cards."""
    from textual.app import App

    from text.presenter import SeatTexts
    from tui.widgets.seat import SeatPanel

    class One(App[None]):
        def compose(self):
            yield SeatPanel(id="seat")

    line = Text.assemble(
        ("▶ Carla", "bold"), " · partner · connected · 15 cards  ", ("to play a card", "italic")
    )
    app = One()
    async with app.run_test(size=(70, 5)) as pilot:
        panel = app.query_one(SeatPanel)
        panel.styles.width = 50
        panel.show_seat(SeatTexts("Carla", line, True, doing="to play a card"))
        await idle(pilot)
        rows = [row.rstrip() for row in region_text(app, panel)]
        assert rows[:2] == ["▶ Carla · partner · connected · 15 cards", "to play a card"], rows
        panel.styles.width = 70  # room for it all on one line: it stays there
        await idle(pilot)
        rows = [row.rstrip() for row in region_text(app, panel)]
        assert rows[0].endswith("15 cards  to play a card"), rows
