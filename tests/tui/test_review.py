"""After the hand, by key presses: the score history on the sheet, the hand review (keys forward
and back, the hands revealed as the record dealt them, the judgement), the statistics and past
matches screens, and the statistics recorded when a match played at the table ends."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from textual.pilot import Pilot
from textual.screen import ModalScreen
from textual.worker import WorkerState

import ai.judge
from ai.discard import rank_discards
from ai.judge import Verdict, discard_decision, judge_discard
from ai.registry import make_bot
from cli.main import build_parser
from cli.review import judged_option
from cli.review import run as review_command
from game import record
from game.cards import cards_of, mask_of, parse_card, sorted_for_display
from game.history import hand_rows, replay_hands
from game.match import Match
from game.record import AWAY, LEFT, OUT_OF_TIME, StandIn
from game.rules import Rules
from store.settings import Settings
from store.stats import FinishedMatch, read_statistics, record_finished_match
from table.session import Seat, parse_seats
from tests.support.local_time import zone
from tests.support.matches import finished_match, played_match, seed_with_hands
from tests.support.screens import (
    click,
    idle,
    make_app,
    press,
    press_each,
    press_for,
    resume,
    save_at_the_last_tricks,
    screen_text,
    settle,
    table_of,
    wait_for,
)
from text.hand_review import (
    HandWalk,
    ReviewSource,
    costly_lines,
    facts_text,
    play_lines,
    verdict_text,
)
from text.render import Look, face
from tui.app import TarocchinoApp
from tui.screens.matches import PastMatchesScreen
from tui.screens.review import ReviewScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen
from tui.screens.table import TableScreen
from tui.widgets.chart import ScoreChart
from tui.widgets.score_history import ScoreHistory

BOTS3 = ["human", "random", "random", "random"]
ASCII = Look(ascii=True)


@pytest.fixture
def utc() -> Iterator[None]:
    """Local time is UTC meanwhile: the times shown are the same on every machine."""
    with zone("UTC"):
        yield


@pytest.fixture(autouse=True)
def _quick_judgement(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai.judge, "DEFAULT_ITERATIONS", 8)


async def _to_sheet(pilot: Pilot) -> ScoringScreen:
    for _ in range(400):
        screen = await settle(pilot)
        if isinstance(screen, ScoringScreen):
            return screen
        if isinstance(screen, TableScreen):
            await press_for(pilot, screen)
        else:
            await press(pilot, "enter")
    raise AssertionError("no scoring sheet")


def _hand_lines(app: TarocchinoApp) -> dict[str, list[str]]:
    """The review's four hand lines, by name: the card codes after the trick column."""
    text = screen_text(app)
    found = {}
    for line in text.splitlines():
        parts = line.split("|")  # who | his card in the trick | his hand (| the list of cards)
        if len(parts) >= 3 and parts[0].split()[:1] in (["A"], ["B"], [">"]):
            found[parts[0].split()[-1]] = parts[2].split()
    return found


# --------------------------------------------------------------------------- the sheet
async def test_sheet_lists_every_hand_and_draws_the_running_score(tmp_path: Path) -> None:
    target = 300
    seed = seed_with_hands(1, target)
    app = make_app(tmp_path, BOTS3, seed=seed, target=target)
    async with app.run_test(size=(80, 24)) as pilot:
        sheets = 0
        while True:
            sheet = await _to_sheet(pilot)
            sheets += 1
            session = table_of(app).session  # type: ignore[union-attr]
            history = sheet.query_one(ScoreHistory)
            assert history.rows == hand_rows(session.results)
            assert len(history.rows) == sheets and history.current == sheets - 1
            chart = sheet.query_one(ScoreChart)
            assert chart.series == (
                [0, *(r.scores_after[0] for r in session.results)],
                [0, *(r.scores_after[1] for r in session.results)],
            )
            await press_each(pilot, "h")  # the history scrolled into view at 80x24
            await idle(pilot)
            text = screen_text(app)
            assert "The match so far" in text and "Score" in text
            last = history.rows[-1]
            assert f"{last.sides[0].score} - {last.sides[1].score}" in text
            if sheet.summary.winner is not None:
                break
            await press(pilot, "enter")
        assert sheets == len(session.results)


# --------------------------------------------------------------------------- the review
async def test_review_from_the_sheet_steps_through_the_hand(tmp_path: Path) -> None:
    """(The hand is resumed at its last two tricks: the hand played whole through the keys is
    tests/test_tui_play.py's.)"""
    save_at_the_last_tricks(tmp_path, parse_seats(BOTS3), 4)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(120, 40)) as pilot:
        await resume(pilot)
        await _to_sheet(pilot)
        session = table_of(app).session  # type: ignore[union-attr]
        await press_each(pilot, "r")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        hand = replay_hands(record.from_json(record.to_json(session.match)))[0]
        names = [s.name for s in session.seats]
        walk = review.walk
        assert walk.hand.dealt == hand.dealt

        def expected(position: int) -> dict[str, list[str]]:
            gone = hand.discard
            for _, card in walk.plays[:position]:
                gone |= 1 << card
            return {
                names[s]: [face(c, ASCII) for c in sorted_for_display(hand.dealt[s] & ~gone)]
                for s in range(4)
            }

        assert _hand_lines(app) == expected(0)  # the deal as recorded, the discard aside
        assert "Discard" in screen_text(app)
        for c in cards_of(hand.discard):
            assert face(c, ASCII) in screen_text(app).split("Discard", 1)[1].splitlines()[0]
        await press_each(pilot, "right", "right", "right")
        assert review.position == 3 and _hand_lines(app) == expected(3)
        await press_each(pilot, "left")
        assert review.position == 2 and _hand_lines(app) == expected(2)
        await press_each(pilot, "down")
        assert review.position == 4 and _hand_lines(app) == expected(4)
        await press_each(pilot, "down", "down")
        assert review.position == 12
        await press_each(pilot, "up")
        assert review.position == 8
        await press_each(pilot, "end")
        assert review.position == walk.last and _hand_lines(app) == expected(walk.last)
        assert "Hand over" in screen_text(app)
        await press_each(pilot, "home")
        assert review.position == 0
        await app.workers.wait_for_complete()
        await idle(pilot)
        assert walk.judged_all and len(walk.verdicts) == len(walk.decisions) > 0
        assert {d.seat for d in walk.decisions} == {0}  # the person's cards only
        text = screen_text(app)
        assert "15 of 15 cards all judged" in text and "hard bot's estimate" in text
        first = walk.decisions[0].number + 1
        review.show_hand(0, first)
        await idle(pilot)
        assert "You played" in screen_text(app)
        await press_each(pilot, "q")
        assert isinstance(app.screen, ScoringScreen)


async def test_review_of_a_record_file_moves_between_hands(tmp_path: Path) -> None:
    target = 400
    seed = seed_with_hands(2, target)
    match = played_match(seed, target)
    path = tmp_path / "match.json"
    record.save(match, path)
    source = ReviewSource.of(record.load(path), judged=[1], title="match.json")
    app = TarocchinoApp(
        settings=Settings(suit_marks="ascii"),
        directory=tmp_path,
        persist=False,
        review=ReviewScreen(source, 1),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.index == 1
        hands = replay_hands(match)
        names = [f"Seat {i + 1}" for i in range(4)]
        dealt = hands[1].dealt
        lines = _hand_lines(app)
        for s in range(4):
            cards = dealt[s] & ~hands[1].discard
            assert lines[names[s].split()[-1]] == [
                face(c, ASCII) for c in sorted_for_display(cards)
            ]
        await press_each(pilot, "left_square_bracket")
        assert review.index == 0 and review.position == 0
        await press_each(pilot, "right_square_bracket")
        assert review.index == 1
        await app.workers.wait_for_complete()
        assert {d.seat for d in review.walk.decisions} == {1}
        await press_each(pilot, "q")
    assert app.return_code in (0, None)


def test_review_command_checks_its_arguments(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    parser = build_parser()

    def run(*argv: str) -> int:
        return review_command(parser.parse_args(["review", *argv]))

    assert run() == 2 and "give a record FILE or --match" in capsys.readouterr().err
    assert run(str(tmp_path / "none.json")) == 2
    assert "cannot read record" in capsys.readouterr().err
    fresh = tmp_path / "fresh.json"
    record.save(Match(1), fresh)
    assert run(str(fresh)) == 2 and "no finished hand" in capsys.readouterr().err
    assert run("--match", "last") == 2 and "no match has been recorded" in capsys.readouterr().err
    assert run(str(fresh), "--judge", "5") == 2 and "--judge" in capsys.readouterr().err
    assert run(str(fresh), "--iterations", "0") == 2
    assert judged_option("all") == [0, 1, 2, 3] and judged_option("3,1") == [0, 2]
    assert judged_option(None) is None


# --------------------------------------------------------------------------- statistics
def _record(directory: Path, n: int) -> None:
    seats = [("Anna", "human"), ("Bruno", "hard"), ("Carla", "medium"), ("Dario", "hard")]
    start = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)
    for i in range(n):
        match = played_match(10 + i, 150, "easy")
        finished = FinishedMatch.of(match, seats, ended_at=start + timedelta(hours=i))
        assert record_finished_match(directory, finished) is None


async def test_statistics_screen_shows_the_database(tmp_path: Path, utc: None) -> None:
    _record(tmp_path, 2)
    figures, _ = read_statistics(tmp_path)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press_each(pilot, "s")
        assert isinstance(app.screen, StatisticsScreen)
        await app.workers.wait_for_complete()
        await idle(pilot)
        text = screen_text(app)
        assert "2 finished matches" in text
        anna = figures.people[0]
        row = next(line.split() for line in text.splitlines() if line.split()[:1] == ["Anna"])
        assert anna.name == "Anna" and row[1:5] == [
            "played",
            str(anna.played),
            "won",
            str(anna.won),
        ]
        assert "Anna with a medium partner against hard bots: 2 played" in text
        assert "Latest matches" in text and "2025-03-01 19:00" in text
        await press_each(pilot, "enter")  # the latest match, reviewed
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        assert "match 2, ended 2025-03-01 19:00" in screen_text(app)  # local time (UTC here)
        await press_each(pilot, "q")
        assert isinstance(app.screen, StatisticsScreen)
        await press_each(pilot, "q")
        assert isinstance(app.screen, StartScreen)


async def test_statistics_screen_empty_and_unreadable(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await click(pilot, "#statistics")
        await wait_for(pilot, lambda: isinstance(app.screen, StatisticsScreen))
        await app.workers.wait_for_complete()
        await idle(pilot)
        assert "No finished match is recorded yet" in screen_text(app)
        await press_each(pilot, "escape")
        (tmp_path / "stats.sqlite3").write_bytes(b"this is not a database" * 100)
        await press_each(pilot, "p")
        assert isinstance(app.screen, PastMatchesScreen)
        await app.workers.wait_for_complete()
        await idle(pilot)
        text = screen_text(app)
        assert "stats.sqlite3.damaged" in text or "could not be read" in text, text


async def test_past_matches_list_opens_a_review(tmp_path: Path) -> None:
    _record(tmp_path, 1)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press_each(pilot, "p")
        await app.workers.wait_for_complete()
        await idle(pilot)
        assert "1 recorded match." in screen_text(app)
        await press_each(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert review.source.seats[0] == Seat("human", "Anna")
        assert review.source.judged == frozenset({0})
        # the top bar says where the match comes from as far as it fits: at 80 columns "match 1"
        # (it showed "match 1,…"), whole at 120
        await idle(pilot)
        top = screen_text(app).splitlines()[0].rstrip()
        assert top.endswith("   match 1") and "…" not in top, top
        await pilot.resize_terminal(140, 30)
        await idle(pilot)
        top = screen_text(app).splitlines()[0].rstrip()
        assert re.search(r"   match 1, ended .*\d$", top) and "…" not in top, top


async def test_a_match_played_at_the_table_is_recorded(tmp_path: Path) -> None:
    """Four bots watched at the table, a low target: when the match ends it is in the
    statistics, with the totals of the match played."""
    app = make_app(
        tmp_path,
        ["random"] * 4,
        seed=21,
        target=100,
        settings=Settings(bot_delay=0.0, trick_pause=0.0),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(50):
            await wait_for(pilot, lambda: isinstance(app.screen, ScoringScreen), limit=20000)
            sheet = app.screen
            assert isinstance(sheet, ScoringScreen)
            if sheet.summary.winner is not None:
                break
            await press_each(pilot, "enter")
        match = table_of(app).session.match  # type: ignore[union-attr]
        await app.workers.wait_for_complete()
        figures, message = read_statistics(tmp_path)
        assert message is None and figures.matches == 1
        recent = figures.recent[0]
        assert recent.scores == tuple(match.scores) and recent.winner == match.winner
        assert [p.name for p in recent.players] == [s.name for s in parse_seats(["random"] * 4)]
        assert recent.hands == len(match.results)


async def test_hot_seat_review_is_offered_once_the_hand_is_over(tmp_path: Path) -> None:
    """(The hand is resumed at its last two tricks, which the two people play through the keys,
    each after the hand-over: the hot-seat hand played whole through the keys is
    tests/test_tui_play.py's.)"""
    seats = parse_seats(["human", "random", "human", "random"], ["Anna", "Bruno", "Carla", "Dario"])
    save_at_the_last_tricks(tmp_path, seats, 5)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(120, 40)) as pilot:
        await resume(pilot)
        sheet = await _to_sheet(pilot)
        session = table_of(app).session  # type: ignore[union-attr]
        assert sheet.summary.hot_seat and session.match.hand.history == []  # a new hand dealt
        await press_each(pilot, "h")
        assert "it is offered only now that the hand is over" in screen_text(app)
        await press_each(pilot, "r")
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert review.source.judged == frozenset({0, 2})  # the two people at the table
        assert review.walk.hand.result == session.results[0]  # the finished hand, nothing later
        assert "Every hand is shown: the hand is over." in screen_text(app)


# --------------------------------------------------------------------------- the discard judged
def _poor_discard_match(seed: int = 3, target: int = 300) -> Match:
    """A match whose first dealer put away the discard the hard bot's ranking likes least."""
    match = Match(seed, Rules(target))
    view = match.view(match.turn)
    match.apply(rank_discards(view.hand, view.legal)[-1])
    bots = [make_bot("random") for _ in range(4)]
    rng = random.Random(seed)
    while not match.results:
        view = match.view(match.turn)
        match.apply(bots[match.turn].choose(view, view.legal, rng))
    return match


async def test_the_review_judges_the_dealers_discard(tmp_path: Path) -> None:
    match = _poor_discard_match()
    hand = replay_hands(match)[0]
    dealer = hand.dealer
    source = ReviewSource.of(match, judged=[dealer])
    app = TarocchinoApp(
        settings=Settings(suit_marks="ascii"),
        directory=tmp_path,
        persist=False,
        review=ReviewScreen(source, 0),
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await app.workers.wait_for_complete()
        await idle(pilot)
        walk = review.walk
        verdict = walk.discard_verdict
        assert walk.judged_all and verdict is not None
        assert verdict == judge_discard(discard_decision(hand, 0), ai.judge.DEFAULT_ITERATIONS)
        assert verdict.made == hand.history[0].action.cards and verdict.loss >= 1
        text = " ".join(screen_text(app).split())
        facts = review.query_one("#review-facts").region  # (a long line wraps there)
        said = " ".join(
            " ".join(
                line[facts.x : facts.right]
                for line in screen_text(app).splitlines()[facts.y : facts.bottom]
            ).split()
        )
        made, best = (
            " ".join(face(c, ASCII) for c in sorted_for_display(mask_of(pair)))
            for pair in (verdict.made, verdict.best)
        )
        assert verdict.clear and verdict.noise > 0  # beyond its margin of error, said
        assert (
            f"Seat {dealer + 1} discarded {made}; {best} was worth about "
            f"{round(verdict.loss)} more, give or take {max(1, round(verdict.noise))} "
            "(expected hand margin" in said
        )
        choices = len(walk.decisions) + 1
        assert f"{choices} of {choices} choices all judged" in text
        assert (
            f"discard Seat {dealer + 1} discarded {made}, about {round(verdict.loss)} "
            f"behind {best}" in text
        )  # among the costliest choices
        await press_each(pilot, "q")


async def test_closing_the_review_stops_the_discards_judgement(tmp_path: Path, monkeypatch) -> None:
    chunks: list[int] = []
    search = ai.judge.search_discards

    def counted(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        chunks.append(1)
        return search(*args, **kwargs)

    monkeypatch.setattr(ai.judge, "search_discards", counted)
    match = _poor_discard_match()
    dealer = replay_hands(match)[0].dealer
    source = ReviewSource.of(match, judged=[dealer])
    app = TarocchinoApp(
        settings=Settings(suit_marks="ascii"),
        directory=tmp_path,
        persist=False,
        review=ReviewScreen(source, 0, iterations=50_000),
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        assert isinstance(review, ReviewScreen)
        assert "still judging it" in screen_text(app)
        await press_each(pilot, "q")
        await app.workers.wait_for_complete()  # stops at the next chunk, not after 50000 deals
        assert review.walk.discard_verdict is None and not review.walk.verdicts
    assert 1 <= len(chunks) < 50_000 // ai.judge.DISCARD_CHUNK


def test_the_review_marks_a_stand_ins_choices_and_does_not_judge_them() -> None:
    """At a network table, the card and the discard a stand-in chose for a person (away, or out
    of time) are said as such (the card's words, the "Every card" list, the facts) and are not
    judged as that person's choices: no verdict, nothing in the costliest choices."""
    match = played_match(3, 300)
    source = ReviewSource.of(match, judged=range(4))
    plain = HandWalk(source.hands[0], 0, source.judged)
    seat, card = plain.plays[5]
    marked = replace(source, stand_in_cards=({5: StandIn("easy"), -1: StandIn("medium")},))
    walk = HandWalk(marked.hands[0], 0, marked.judged, marked.stand_ins(0))
    name, dealer = marked.names[seat], marked.names[walk.hand.dealer]
    assert 5 in [d.number for d in plain.decisions] and plain.discard is not None
    assert 5 not in [d.number for d in walk.pending()] and walk.discard is None
    assert len(walk.decisions) == len(plain.decisions) - 1
    said = verdict_text(marked, walk, 6, ASCII).plain
    assert said == (
        f"The easy bot played {face(card, ASCII)} for {name}. The choice was the "
        f"bot's: it is not judged as {name}'s."
    )
    assert " bot played " not in verdict_text(marked, walk, 5, ASCII).plain
    assert " bot played " not in verdict_text(source, plain, 6, ASCII).plain
    lines = [t.plain for t in play_lines(marked, walk, 0, ASCII)]
    assert lines[5].endswith(" (bot)") and not any("(bot)" in t for t in lines[:5] + lines[6:])
    assert not any("(bot)" in t.plain for t in play_lines(source, plain, 0, ASCII))
    facts = facts_text(marked, walk, 0, ASCII).plain
    assert f"The medium bot discarded for {dealer} (not judged)." in facts
    assert "bot discarded" not in facts_text(source, plain, 0, ASCII).plain
    # Why the stand-in decided, when the record says it (a table of protocol 4)
    why = replace(source, stand_in_cards=({5: StandIn("easy", LEFT), -1: StandIn("medium", AWAY)},))
    walk = HandWalk(why.hands[0], 0, why.judged, why.stand_ins(0))
    assert verdict_text(why, walk, 6, ASCII).plain.startswith(
        f"The easy bot played {face(card, ASCII)} for {name} (left the table). The choice"
    )
    assert (
        f"The medium bot discarded for {dealer} (away; not judged)."
        in facts_text(why, walk, 0, ASCII).plain
    )
    # Whatever the judgement finds, the stand-in's card is never among the person's costs.
    for d in walk.decisions:
        walk.verdicts[d.number] = ai.judge.judge(d, 8)
    assert 5 not in walk.verdicts
    _, targets = costly_lines(marked, walk, ASCII)
    assert 6 not in targets and 0 not in targets  # neither the card nor the discard


def test_the_costliest_choices_say_how_many_points_were_lost() -> None:
    """The heading's figure is the points the judged choices lost in all, said as points (not
    a count of choices)."""
    match = played_match(3, 300)
    source = ReviewSource.of(match, judged=range(4))
    walk = HandWalk(source.hands[0], 0, source.judged)
    for d in walk.decisions:
        walk.verdicts[d.number] = ai.judge.judge(d, 8)
    lost = sum(v.loss for v in walk.verdicts.values() if v.clear)  # beyond the noise only
    lines, _ = costly_lines(source, walk, ASCII)
    assert len(lines) > 1  # this hand has costly choices (8 deals a card: rough ones)
    listed = sum(v.loss for v in ai.judge.costliest(list(walk.verdicts.values())))
    in_all = " in all" if round(lost) != round(listed) else ""  # (more than the three listed)
    assert f"(about {round(lost)} points lost{in_all}; n or a click shows one)" in lines[0].plain


async def test_the_review_screen_marks_the_stand_ins_card_in_every_card(tmp_path: Path) -> None:
    """The review screen at a network table: the stand-in's card is marked "(bot)" in the list
    of every card, and the judgement passes it by."""
    match = played_match(3, 300)
    source = replace(
        ReviewSource.of(match, judged=range(4)), stand_in_cards=({5: StandIn("easy", OUT_OF_TIME)},)
    )
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(ReviewScreen(source, 0, iterations=8))
        review = app.screen
        await wait_for(pilot, lambda: review.walk.judged_all, limit=30000)
        assert 5 not in review.walk.verdicts and review.walk.discard is not None
        text = screen_text(app)
        row = next(line for line in text.splitlines() if " 2.2 " in line)
        assert "(bot)" in row and text.count("(bot)") == 1
        await press_each(pilot, *["right"] * 6)  # to the card: why the bot played it
        assert "(out of time)" in " ".join(screen_text(app).split())


# --------------------------------------------------------------------------- review costliest words
# `n` in the review with no costly choice says so as the page does once every card is judged ("No
# choice in this hand cost a point or more."), and "yet" only while the judging goes on (it said "…
# has been found in this hand (yet)." under "15 of 15 cards all judged").


async def test_no_costly_choice_is_said_with_yet_only_while_judging(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ai.judge, "DEFAULT_ITERATIONS", 8)
    target = 400
    match = played_match(seed_with_hands(1, target), target)
    path = tmp_path / "match.json"
    record.save(match, path)
    source = ReviewSource.of(record.load(path), judged=[0], title="match.json")
    app = TarocchinoApp(
        settings=Settings(), directory=tmp_path, persist=False, review=ReviewScreen(source, 0)
    )
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        review = app.screen
        assert isinstance(review, ReviewScreen)
        await app.workers.wait_for_complete()
        await wait_for(pilot, lambda: review.walk.judged_all)
        said: list[str] = []
        monkeypatch.setattr(review, "notify", lambda message, **_: said.append(str(message)))
        review._costly = []
        review.action_costly()
        monkeypatch.setattr(HandWalk, "judged_all", property(lambda walk: False))
        review.action_costly()
        assert said == [
            "No choice in this hand cost a point or more.",
            "No costly choice has been found yet: the judging goes on.",
        ]


# ------------------------------------------------------------------------- review last under dialog
# The last match's review (r on the start screen) is found in a worker: when it is found after a
# dialog has opened over the start screen (Settings, say), it does not open over that dialog.


async def test_the_review_found_late_does_not_open_over_a_dialog(tmp_path: Path) -> None:
    finished, _ = finished_match()
    assert record_finished_match(tmp_path, finished) is None
    source = ReviewSource.recorded(tmp_path, None)
    assert isinstance(source, ReviewSource)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        start = app.screen
        dialog: ModalScreen[None] = ModalScreen()
        app.push_screen(dialog)
        await wait_for(pilot, lambda: app.screen is dialog)
        found = SimpleNamespace(
            worker=SimpleNamespace(name="last", result=source), state=WorkerState.SUCCESS
        )
        start.on_worker_state_changed(found)  # the worker's answer, after the dialog opened
        await idle(pilot)
        assert app.screen is dialog, app.screen_stack
        assert not any(isinstance(s, ReviewScreen) for s in app.screen_stack)
        dialog.dismiss(None)
        await wait_for(pilot, lambda: app.screen is start)
        start.on_worker_state_changed(found)  # on top: the review opens
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))


# ----------------------------------------------------------------------------- review points in all
# The review's "Costliest choices (about 109 points lost …)" lists three choices but counts every
# judged one: where the figure is more than the lines listed add up to, it says "in all"; where it
# is what they add up to, it says nothing more.


def _verdict(loss: float, number: int) -> Verdict:
    k, t = parse_card("KS"), parse_card("T12")
    return Verdict(0, number, k, t, loss, 10.0, 10.0 + loss, 5, 0.2, 1000)


def _head(losses: list[float]) -> tuple[str, int]:
    source = ReviewSource.of(played_match(3, 300), judged=[0])
    walk = HandWalk(source.hands[0], 0, source.judged)
    numbers = [d.number for d in walk.decisions[: len(losses)]]
    walk.verdicts = {n: _verdict(loss, n) for n, loss in zip(numbers, losses, strict=True)}
    lines, _ = costly_lines(source, walk, ASCII)
    return lines[0].plain, len(lines) - 1


def test_a_figure_beyond_the_three_listed_says_in_all() -> None:
    head, listed = _head([40.0, 30.0, 20.0, 19.0])
    assert listed == 3
    assert "(about 109 points lost in all; n or a click shows one)" in head, head


def test_a_figure_the_listed_add_up_to_says_nothing_more() -> None:
    head, listed = _head([40.0, 30.0, 20.0])
    assert listed == 3
    assert "(about 90 points lost; n or a click shows one)" in head, head
    head, _ = _head([40.0, 30.0, 20.0, 0.6])  # a small loss, not listed: the figure is more
    assert "(about 91 points lost in all;" in head, head


# ------------------------------------------------------------------------------- review points lost
# The review's costliest choices say the points lost in all as a count of points: "about 1 point
# lost" for one (it said "about 1 points lost"), "about 12 points lost" for more.


def test_one_point_lost_is_said_in_the_singular() -> None:
    source = ReviewSource.of(played_match(3, 300), judged=[0])
    walk = HandWalk(source.hands[0], 0, source.judged)
    first, second = walk.decisions[0].number, walk.decisions[1].number
    walk.verdicts = {first: _verdict(1.2, first)}
    lines, _ = costly_lines(source, walk, ASCII)
    assert "(about 1 point lost; n or a click shows one)" in lines[0].plain, lines[0].plain
    walk.verdicts = {first: _verdict(1.2, first), second: _verdict(10.6, second)}
    lines, _ = costly_lines(source, walk, ASCII)
    assert "(about 12 points lost; n or a click shows one)" in lines[0].plain, lines[0].plain
