"""A walk through every screen of the app at 80x24 in Italian: no words of the English
catalogue show on any of them (the player's names and the card codes aside).

The English words looked for are the catalogue's messages whose Italian differs, cut at their
placeholders, each piece unmistakable (two words or more, or one of five letters or more) and
matched on word boundaries; a screen's text is matched with its runs of spaces made one."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from game.cards import CODES
from table.session import DEFAULT_NAMES, parse_seats
from tests.support import catalogue
from tests.support.deals import seed_dealer, seed_declaring
from tests.support.screens import (
    LOOK,
    ask_the_discard,
    make_app,
    play_until,
    press,
    resize,
    resume,
    save_at_the_last_tricks,
    screen_text,
    settle,
    to_the_sheet,
    wait_for,
)
from tests.support.snapshot_steps import BOTS3
from text.language import _, pgettext, use
from tui.app import TarocchinoApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.handover import HandOverScreen
from tui.screens.help import HelpScreen
from tui.screens.matches import PastMatchesScreen
from tui.screens.review import ReviewScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.settings import SettingsScreen
from tui.screens.sofar import SoFarScreen
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen
from tui.screens.table import TableScreen
from tui.screens.too_small import TooSmallScreen

SIZE = (80, 24)
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\(\w*\)[sdfr]|\n")
NAMES = {*DEFAULT_NAMES, "You"}
Seen = dict[str, str]  # the text of each screen visited, by a name for it


@pytest.fixture(autouse=True)
def _italian() -> Iterator[None]:
    use("it")
    yield
    use("en")


def unmistakable(piece: str) -> bool:
    words = re.findall(r"[A-Za-z]+", piece)
    return len(words) >= 2 or any(len(w) >= 5 for w in words)


def english_pieces() -> dict[str, re.Pattern[str]]:
    """The pieces of English looked for (with the Italian spoken now), by their words."""
    found: dict[str, re.Pattern[str]] = {}
    whole, _conflicts = catalogue.merged("it")
    # Words both languages use (the game's own: Matto, Grande, Coppe) are not English
    italian = " ".join(s for m in whole for s in catalogue.translated(m) if m.id)
    for (context, msgid), message in catalogue.extracted().items():
        spoken = pgettext(context, msgid) if context else _(msgid)
        if spoken == msgid:
            continue
        for english in message.id if isinstance(message.id, tuple) else (message.id,):
            for piece in PLACEHOLDER.split(english):
                piece = " ".join(piece.split()).strip(" ,.;:()!?")
                pattern = re.compile(rf"(?<!\w){re.escape(piece)}(?!\w)")
                # (the plain search first: the pattern's search of the whole catalogue is slow)
                if unmistakable(piece) and not (piece in italian and pattern.search(italian)):
                    found[piece] = pattern
    return found


def english_in(text: str, pieces: dict[str, re.Pattern[str]]) -> list[str]:
    """The English pieces in a screen's ``text``."""
    words = " ".join(text.split())
    for name in NAMES:
        words = re.sub(rf"(?<!\w){name}(?!\w)", "·", words)
    for code in CODES:
        words = re.sub(rf"(?<!\w){re.escape(code)}(?!\w)", "·", words)
    return sorted(piece for piece, pattern in pieces.items() if pattern.search(words))


def look(seen: Seen, name: str, app: TarocchinoApp) -> None:
    seen[name] = screen_text(app)


async def back(pilot: Pilot, kind: type) -> None:
    """Escape, until the screen on top is a ``kind``."""
    await press(pilot, "escape")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, kind))


async def around_the_start(pilot: Pilot, seen: Seen) -> None:
    """The start screen and what opens from it, a saved match there to resume."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    look(seen, "start", app)
    for key, kind, name in (
        ("s", StatisticsScreen, "statistics"),
        ("p", PastMatchesScreen, "matches"),
        ("f2", SettingsScreen, "settings"),
        ("question_mark", HelpScreen, "help"),
    ):
        await press(pilot, key)
        await wait_for(pilot, lambda kind=kind: isinstance(app.screen, kind))
        await wait_for(pilot, lambda: not app.workers._workers)
        look(seen, name, app)
        await back(pilot, StartScreen)
    await press(pilot, "n")  # a saved match: whether to start a new one
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
    look(seen, "new match?", app)
    await back(pilot, StartScreen)
    await resize(pilot, 60, 16)
    await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
    look(seen, "too small", app)
    await resize(pilot, *SIZE)
    await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))


async def to_the_review(pilot: Pilot, seen: Seen) -> None:
    """The saved match resumed to its sheet, the hand so far before it; the review."""
    app = pilot.app
    table = await resume(pilot)
    look(seen, "table", app)
    await press(pilot, "w")
    await wait_for(pilot, lambda: isinstance(app.screen, SoFarScreen))
    look(seen, "so far", app)
    await back(pilot, TableScreen)
    await to_the_sheet(pilot)
    assert table.is_attached
    look(seen, "sheet", app)
    await press(pilot, "r")
    await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
    look(seen, "review", app)
    await back(pilot, ScoringScreen)


async def dealer(pilot: Pilot, seen: Seen) -> None:
    """The dealer's discard, its question; the hint; the declarations of a later turn."""
    app = pilot.app
    table = await settle(pilot)
    assert isinstance(table, TableScreen)
    look(seen, "discard", app)
    await press(pilot, "t")
    await wait_for(pilot, lambda: not app.workers._workers)
    look(seen, "hint", app)
    await ask_the_discard(pilot, table)
    look(seen, "discard?", app)


async def declaring(pilot: Pilot, seen: Seen) -> None:
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
    look(seen, "declarations", app)
    await press(pilot, "enter")
    await play_until(pilot, lambda view: view.phase == "play")
    look(seen, "table with hand", app)


async def hand_over(pilot: Pilot, seen: Seen) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, HandOverScreen))
    look(seen, "hand-over", pilot.app)


Walk = Callable[[Pilot, Seen], Awaitable[None]]


async def walk(app: TarocchinoApp, *steps: Walk) -> Seen:
    seen: Seen = {}
    async with app.run_test(size=SIZE) as pilot:
        for step in steps:
            await step(pilot, seen)
    return seen


async def test_no_english_shows_on_any_screen(tmp_path: Path) -> None:
    save_at_the_last_tricks(tmp_path / "saved", parse_seats(BOTS3), seed_dealer(2))
    seen: Seen = {}
    seen |= await walk(
        make_app(tmp_path / "saved", None, seed=None, settings=LOOK),
        around_the_start,
        to_the_review,
    )
    seen |= await walk(make_app(tmp_path / "dealer", BOTS3, seed=seed_dealer(0)), dealer)
    seen |= await walk(make_app(tmp_path / "declaring", BOTS3, seed=seed_declaring()), declaring)
    seen |= await walk(
        make_app(tmp_path / "hot-seat", ["human"] * 4, seed=seed_dealer(1)), hand_over
    )
    assert len(seen) == 17
    pieces = english_pieces()
    english = {name: found for name, text in seen.items() if (found := english_in(text, pieces))}
    assert english == {}, "\n".join(f"{name}: {found}" for name, found in english.items())
