"""In a browser tab (`tarocchino web`: Textual's ``App.is_web``) Ctrl+Q closes the whole browser
(Firefox on Linux; the page never sees it), so no screen names it there: not the footers, not the
last sheet's Quit button or its notice, not the too-small page. The key still quits where it
reaches the game. A second tab whose data directory another holds says so in a browser's words.
Outside a tab, all of it is as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button

from tests.support.screens import FAST, idle, make_app, press, screen_text, settle, wait_for
from tui.app import TarocchinoApp
from tui.screens.declare import DeclareScreen
from tui.screens.help import HelpScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.start import BUSY_HERE, BUSY_IN_TAB, StartScreen
from tui.screens.too_small import TooSmallScreen


@pytest.fixture(params=[True, False], ids=["tab", "terminal"])
def web(request, monkeypatch) -> bool:
    if request.param:
        monkeypatch.setattr(TarocchinoApp, "is_web", property(lambda self: True))
    return request.param


def _footer(app: TarocchinoApp) -> str:
    return screen_text(app).rstrip("\n").splitlines()[-1]


async def test_no_footer_names_ctrl_q_in_a_tab(tmp_path: Path, web: bool) -> None:
    app = make_app(tmp_path)  # the start screen
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await idle(pilot)
        assert ("Ctrl+Q" in _footer(app)) is not web, _footer(app)
        assert "Quit" in screen_text(app)  # its button
        await press(pilot, "question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await idle(pilot)
        assert ("Ctrl+Q" in _footer(app)) is not web, _footer(app)
        await press(pilot, "ctrl+q")  # the key still quits
        await wait_for(pilot, lambda: not app.is_running)


async def test_the_declarations_footer_in_a_tab(tmp_path: Path, web: bool) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=1)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
        await idle(pilot)
        assert "Ctrl+Q" not in _footer(app), _footer(app)  # (it names the dialog's keys only)


async def test_the_last_sheet_offers_quit_without_ctrl_q_in_a_tab(
    tmp_path: Path, web: bool
) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=5, target=10)
    said: list[str] = []
    notify = app.notify
    app.notify = lambda message, *a, **k: (said.append(message), notify(message, *a, **k))[1]
    async with app.run_test(size=(100, 32)) as pilot:
        sheet = await settle(pilot)  # seed 5, target 10: Dario calls out at once
        assert isinstance(sheet, ScoringScreen) and sheet.summary.winner == 1
        labels = [str(b.label) for b in sheet.query(Button)]
        assert ("Quit" if web else "Quit  Ctrl+Q") in labels, labels
        if web:
            assert "Ctrl+Q" not in screen_text(app)
        await press(pilot, "enter")  # the last sheet says what comes next
        over = [m for m in said if m.startswith("The match is over")]
        assert over and ("Ctrl+Q" in over[-1]) is not web, over
        sheet.query_one("#sheet-quit", Button).press()  # (the notice covers it from a click)
        await wait_for(pilot, lambda: not app.is_running)


async def test_the_too_small_page_in_a_tab(tmp_path: Path, web: bool) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await idle(pilot)
        text = screen_text(app)
        assert ("Ctrl+Q" in text) is not web, text
        assert "the match is saved" in text


async def test_a_second_tab_says_another_tab_holds_its_saves(tmp_path: Path, web: bool) -> None:
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False, local=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await idle(pilot)
        text = " ".join(screen_text(app).split())
        assert (BUSY_IN_TAB if web else BUSY_HERE) in text, text
        assert (BUSY_HERE if web else BUSY_IN_TAB) not in text
        assert BUSY_IN_TAB.startswith("Another tab") and "data directory" not in BUSY_IN_TAB
        said: list[str] = []
        notify = app.notify
        app.notify = lambda message, *a, **k: (said.append(message), notify(message, *a, **k))[1]
        app.resume_match()
        assert said == [BUSY_IN_TAB if web else BUSY_HERE]
