"""The hand review at 80x24, 100x32 and 120x40: a long line of declarations goes on under the
text after the player's name (it wrapped back to the first column), a hand too long for its
line goes on under its first card, and the keys still step through the hand when the review is
taller than the screen (the scrolled panel took them)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

import ai.judge
from game.match import Match
from store.settings import Settings
from table.session import parse_seats
from tests.support.matches import called_out_match, played
from tests.support.screens import idle, press_each, screen_text, wait_for
from text.hand_review import (
    HandWalk,
    ReviewSource,
    estimate_note,
    facts_text,
    progress_text,
    verdict_text,
)
from text.render import UNICODE
from tui.app import TarocchinoApp
from tui.screens.review import ReviewScreen

SIZES = [(80, 24), (100, 32), (120, 40)]
IDS = {"ids": lambda s: f"{s[0]}x{s[1]}"}


@pytest.fixture(autouse=True)
def _quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai.judge, "DEFAULT_ITERATIONS", 4)


def _match() -> Match:
    # seed 38, first hand: the first seat declares Re, Spade, Coppe, Denari and Mori, 117 with
    # the doubling and eleven cards: some 135 columns in one line
    return played(38, 800)


def _app(tmp_path: Path, names: tuple[str, ...]) -> TarocchinoApp:
    seats = parse_seats(["human", "easy", "easy", "easy"], list(names))
    source = ReviewSource.of(_match(), seats)
    return TarocchinoApp(
        settings=Settings(), directory=tmp_path, persist=False, review=ReviewScreen(source, 0)
    )


async def _shown(pilot: Pilot) -> list[str]:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReviewScreen))
    await pilot.app.workers.wait_for_complete()
    await idle(pilot)
    # the hand's side only (at 110 columns and more the list of every card runs beside)
    return [line.split("▊")[0].rstrip() for line in screen_text(pilot.app).splitlines()]


def _declared(names: tuple[str, ...]) -> str:
    source = ReviewSource.of(_match(), parse_seats(["human"] + ["easy"] * 3, list(names)))
    facts = facts_text(source, HandWalk(source.hands[0], 0, source.judged), 0, UNICODE).plain
    line = next(line for line in facts.splitlines() if line.startswith("Declarations "))
    return line.removeprefix("Declarations ")


@pytest.mark.parametrize("size", SIZES, **IDS)
async def test_declarations_go_on_under_the_text_after_the_name(tmp_path, size) -> None:
    names = ("Anna", "Bruno", "Carla", "Dario")
    declared = _declared(names)
    assert declared.startswith("Anna: Re 17 · Spade 10") and len(declared) > 110
    async with _app(tmp_path, names).run_test(size=size) as pilot:
        lines = await _shown(pilot)
    at = next(i for i, line in enumerate(lines) if line.startswith(" Declarations Anna: "))
    column = len(" Declarations Anna: ")
    block = [lines[at]]
    for line in lines[at + 1 :]:
        if not line.strip() or line[column - 1 : column] != " " or not line[:column].isspace():
            break
        block.append(line)
    assert len(block) >= 2, lines[at : at + 3]  # too long for one line at every size
    for line in block[1:]:
        assert line[column] != " ", f"not under the text: {line!r}"
    # every word there, in order, nothing cut or lost to the first column
    assert " ".join(" ".join(block).split()) == "Declarations " + declared
    follows = lines[at + len(block)]
    assert (
        not follows.strip()
        or follows.startswith(" " * len(" Declarations ") + "Bruno: ")
        or follows.startswith(" " * len(" Declarations "))
    ), follows


async def test_a_long_hand_goes_on_under_its_first_card(tmp_path) -> None:
    names = ("Anna", "Bartolomeo Rossi", "Carla", "Dario")  # 16 letters: the longest name
    async with _app(tmp_path, names).run_test(size=(80, 24)) as pilot:
        lines = await _shown(pilot)
    at = next(i for i, line in enumerate(lines) if "Anna " in line and "│" in line)
    column = lines[at].rindex("│") + 2  # where the cards begin
    hands = lines[at : at + 12]
    hands = hands[: next(i for i, line in enumerate(hands) if not line.strip())]
    continued = [line for line in hands if "│" not in line]
    assert continued, hands  # 80 columns are too few for some hands beside a long name
    for line in continued:
        assert line[:column].isspace() and line[column] != " ", f"not under the cards: {line!r}"
    assert len(hands) - len(continued) == 4


async def test_the_keys_step_through_a_review_taller_than_the_screen(tmp_path) -> None:
    names = ("Anna", "Bartolomeo Rossi", "Carla", "Dario")
    async with _app(tmp_path, names).run_test(size=(80, 24)) as pilot:
        await _shown(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, ReviewScreen)
        left = screen.query_one("#review-left")
        assert left.max_scroll_y > 0  # the review does not fit: the panel scrolls
        await press_each(pilot, "down")
        assert screen.position == 4
        await press_each(pilot, "right", "end")
        assert screen.position == screen.walk.last
        await press_each(pilot, "home")
        assert screen.position == 0


def test_the_progress_writes_the_deals_as_the_note_does() -> None:
    """ "1,000 deals a card", as the note above it says "up to 1,000 deals" (it said 1000)."""
    source = ReviewSource.of(_match())
    walk = HandWalk(source.hands[0], 0, source.judged)
    assert "(1,000 deals " in progress_text(walk, 80, UNICODE, 1000).plain
    assert "1,000 deals" in estimate_note(UNICODE, 1000).plain


def test_a_hand_called_out_before_its_first_card_says_so() -> None:
    """It said "Step through the hand card by card …" over a hand with no card to step to."""
    source = ReviewSource.of(called_out_match())
    walk = HandWalk(source.hands[0], 0, source.judged)
    assert walk.last == 0
    said = verdict_text(source, walk, 0, UNICODE).plain
    assert said == "No card was played: the hand ended when a side called out."
