"""A first match as a new player plays it: the start screen's words and checks, the
score history of a called-out hand, the match tables' side names, the review's first words, the
declarations that wrap, the hand-over's footer."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from rich.text import Text
from textual.app import App, ComposeResult

from ai.hard import DEFAULT_BUDGET_S
from ai.judge import judge_discard
from cli.main import main
from game.history import hand_rows
from game.match import Match
from store.stats import FinishedMatch, record_finished_match
from tests.support.screens import (
    FAST,
    engine_match,
    idle,
    make_app,
    press,
    screen_text,
    table_of,
    wait_for,
)
from text.hand_review import HandWalk, ReviewSource, verdict_text
from text.render import Look
from tui.app import TarocchinoApp
from tui.screens.handover import HandOverScreen
from tui.screens.start import StartScreen, kind_options
from tui.screens.statistics import StatisticsScreen
from tui.widgets.log import LineList
from tui.widgets.score_history import ScoreHistory

ASCII = Look(ascii=True)


def _called_out_match() -> Match:
    """A match between random bots whose first hand is called out (target 50)."""
    for seed in range(1, 200):
        match = engine_match(seed, 50, ["random"] * 4)
        if match.results[0].called_out is not None:
            return match
    raise AssertionError("no called-out hand")


class _HistoryApp(App[None]):
    def __init__(self, match: Match, width: int) -> None:
        super().__init__()
        self.match, self.width = match, width

    def compose(self) -> ComposeResult:
        history = ScoreHistory(id="history")
        history.styles.width = self.width
        history.show(
            hand_rows(self.match.results),
            ("Anna & Carla", "Bruno & Dario"),
            ("Anna", "Bruno", "Carla", "Dario"),
            ASCII,
        )
        yield history


@pytest.mark.parametrize("width", [77, 78, 100])  # the sheet at 80 and at 120 columns, and wide
async def test_a_called_out_hand_fits_its_line_of_the_history(width: int) -> None:
    match = _called_out_match()
    row = hand_rows(match.results)[0]
    app = _HistoryApp(match, width)
    async with app.run_test(size=(width + 2, 12)) as pilot:
        await idle(pilot)
        lines = screen_text(app).splitlines()
    line = next(line for line in lines if line.split()[:1] == ["1"])
    a, b = row.sides
    assert line.rstrip().endswith(f"{a.score} - {b.score}"), line  # nothing after the score
    assert "called out" in line
    caller = line.split("called out")[0]
    # under the calling side's headings: the other side's cells come first for side B
    assert (caller.count("-") >= 3) == (row.called_out == 1), line
    assert not any(line.strip() == "out" for line in lines)


def test_the_hard_bot_says_its_thinking_time_like_the_quicker_ones() -> None:
    labels = dict((value, label) for label, value in kind_options())
    assert labels["hard"] == f"Hard bot, {DEFAULT_BUDGET_S:g} s a move"
    assert labels["hard:budget_s=0.5"] == "Hard bot, 0.5 s a move"


async def test_the_pace_on_the_start_screen_says_it_is_for_watching(tmp_path: Path) -> None:
    app = TarocchinoApp(settings=FAST, directory=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await idle(pilot)
        text = screen_text(app)
        assert "Watch pace" in text and "Bot pace" not in text


async def test_a_target_that_is_no_multiple_of_5_is_refused(tmp_path: Path) -> None:
    app = TarocchinoApp(settings=FAST, directory=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await idle(pilot)
        start = app.screen
        assert isinstance(start, StartScreen)
        target = start.query_one("#target")
        target.value = "803"
        target.focus()
        await press(pilot, "enter")
        await idle(pilot)
        assert app.screen is start  # no match started
        assert "multiple of 5" in screen_text(app)
        target.value = "805"
        await press(pilot, "enter")
        await wait_for(pilot, lambda: table_of(app) is not None)
        assert table_of(app).session.view(0).target == 805


def test_play_refuses_a_target_that_is_no_multiple_of_5(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(TarocchinoApp, "run", lambda *a, **k: pytest.fail("the game started"))
    assert main(["play", "--seats", "human,easy,easy,easy", "--target", "803"]) == 2
    assert "--target must be a positive multiple of 5" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # nothing saved


async def test_the_match_tables_name_the_sides_a_and_b(tmp_path: Path) -> None:
    match = engine_match(3, 100, ["human", "easy", "easy", "easy"])
    seats = [("Anna", "human"), ("Bruno", "easy"), ("Carla", "easy"), ("Dario", "easy")]
    finished = FinishedMatch.of(match, seats, ended_at=datetime(2025, 3, 1, tzinfo=UTC))
    assert record_finished_match(tmp_path, finished) is None
    app = make_app(tmp_path, None)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, "s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatisticsScreen))
        await app.workers.wait_for_complete()
        await idle(pilot)
        head = next(line for line in screen_text(app).splitlines() if "Ended" in line)
        assert head.split()[2:7] == ["Side", "A", "Score", "Side", "B"], head


def test_the_review_opens_with_words_true_once_everything_is_judged() -> None:
    match = _called_out_match()
    source = ReviewSource.of(match, judged=[0])
    walk = HandWalk(source.hands[0], 0, source.judged)
    walk.verdicts = dict.fromkeys(range(len(walk.decisions)))  # as if every card were judged
    if walk.discard is not None:  # ... and the dealer's discard
        walk.discard_verdict = judge_discard(walk.discard, 8)
    assert walk.judged_all
    text = verdict_text(source, walk, 0, ASCII).plain
    assert "as they come" not in text
    # (this hand was called out before its first card: nothing to step through)
    opening = "No card was played" if walk.last == 0 else "Step through the hand card by card"
    assert opening in text


class _LinesApp(App[None]):
    def compose(self) -> ComposeResult:
        lines = LineList(id="declarations", empty="none yet")
        lines.styles.width = 26
        yield lines


async def test_a_declaration_that_wraps_stays_indented() -> None:
    app = _LinesApp()
    async with app.run_test(size=(40, 10)) as pilot:
        lines = app.query_one(LineList)
        await idle(pilot)
        assert screen_text(app).splitlines()[0].strip() == "none yet"
        lines.show(
            [
                Text("You * 25 points"),
                Text("  Grande 15: ANG SOL T16 MAT T12"),
                Text("  Assi 10: AC AD MAT"),
            ]
        )
        await idle(pilot)
        shown = [line[:26].rstrip() for line in screen_text(app).splitlines()[:4]]
    assert shown == [
        "You * 25 points",
        "  Grande 15: ANG SOL T16",
        "  MAT T12",
        "  Assi 10: AC AD MAT",
    ], shown


async def test_the_hand_over_says_how_to_quit(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "random", "human", "random"], seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await idle(pilot)
        await wait_for(pilot, lambda: screen_text(app).splitlines()[-1].strip() != "")
        footer = screen_text(app).splitlines()[-1]
        assert "Show the hand" in footer and "Quit" in footer, footer
        await press(pilot, "ctrl+q")
        await idle(pilot)
    assert app.return_code is not None or not app.is_running
