"""A screen is laid out for the terminal's size from its first frame: at 80x24 the table, the
scoring sheet and the hand review were drawn once in their roomy layout (the breakpoint classes
came with the screen's first Resize, after that frame) and then jumped to the short one, a
visible flicker."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.screen import Screen

from ai.registry import make_bot
from game.match import Match
from game.rules import Rules
from tests.support.screens import first_layouts, make_app, wait_for
from text.hand_review import ReviewSource
from text.render import UNICODE
from tui.screens.review import ReviewScreen
from tui.screens.scoring import HandSummary, ScoringScreen
from tui.screens.table import TableScreen


def _finished_match(seed: int) -> Match:
    match = Match(seed, Rules(300))
    bots = [make_bot("random") for _ in range(4)]
    rng = random.Random(seed)
    while match.winner is None:
        view = match.view(match.turn)
        match.apply(bots[match.turn].choose(view, view.legal, rng))
    return match


@pytest.mark.parametrize(
    ("size", "wanted"), [((80, 24), {"-narrow", "-short"}), ((120, 40), {"-wide", "-tall"})]
)
async def test_the_table_is_laid_out_for_the_terminal_from_its_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], wanted: set[str]
) -> None:
    seen = first_layouts(monkeypatch, TableScreen)
    app = make_app(tmp_path, ["human", "random", "random", "random"])
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: bool(seen))
        assert wanted <= seen[0]


async def test_the_review_is_laid_out_for_the_terminal_from_its_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = first_layouts(monkeypatch, ReviewScreen)
    source = ReviewSource.of(_finished_match(3), judged=[0])
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen is not None)
        await app.push_screen(ReviewScreen(source, 0, iterations=8))
        await wait_for(pilot, lambda: bool(seen))
        assert {"-narrow", "-short"} <= seen[0]


@pytest.mark.parametrize(("size", "side"), [((80, 24), False), ((120, 40), True)])
async def test_the_review_draws_its_first_frame_at_its_width(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], side: bool
) -> None:
    """The list of every card (a wide terminal) and the progress bar's full width are there
    from the first frame: they came a frame later, once the screen knew its width (the bar grew
    from 10 cells to 30, the list appeared beside the hands)."""
    first: list[tuple[bool, str]] = []
    laid_out: set[int] = set()
    original = Screen._refresh_layout

    def refresh_layout(self: Screen, *args: object, **kwargs: object) -> None:
        if isinstance(self, ReviewScreen) and id(self) not in laid_out and self.outer_size:
            laid_out.add(id(self))
            bar = self.query_one("#review-progress").text.plain.split(" ")[0]
            first.append((self.query_one("#review-side").display, bar))
        original(self, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", refresh_layout)
    source = ReviewSource.of(_finished_match(3), judged=[0])
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: app.screen is not None)
        await app.push_screen(ReviewScreen(source, 0, iterations=8))
        await wait_for(pilot, lambda: bool(first))
        shown, bar = first[0]
        assert shown == side
        assert len(bar) == 30


async def test_the_scoring_sheet_is_laid_out_for_the_terminal_from_its_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(At 80x24 it showed the padded heading and the buttons of a roomy terminal for a frame.)"""
    seen = first_layouts(monkeypatch, ScoringScreen)
    match = _finished_match(3)
    summary = HandSummary(0, match.results[0], ("Anna & Carla", "Bruno & Dario"), None, 300)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.screen is not None)
        await app.push_screen(ScoringScreen(summary, UNICODE))
        await wait_for(pilot, lambda: bool(seen))
        assert {"-narrow", "-short"} <= seen[0]
