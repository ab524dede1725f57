"""The coach at the table (tui/screens/table_coach.py): it speaks after a costly card of the person
at the keyboard, from his own view, and not after a good one; i turns it off and the settings
remember it; on for a new player; never at a shared screen; its advice at the declarations."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import Select

from game.view import PlayerView
from store.newcomer import coach_on
from store.settings import Settings, load_settings
from tests.support.coach import new_players_coached
from tests.support.coach_table import Judged, first_choice
from tests.support.deals import seed_declaring
from tests.support.screens import (
    FAST,
    idle,
    make_app,
    notices,
    press,
    screen_text,
    settle,
    table_of,
    to_the_cards,
    wait_for,
)
from text import language
from text.language import pgettext
from tui.screens.declare import DeclareScreen
from tui.screens.settings import SettingsScreen
from tui.screens.start import StartScreen
from tui.widgets.keybar import KeyBar

BOTS3 = ["human", "easy", "easy", "easy"]
COACHED = replace(FAST, coach="on")


@pytest.mark.parametrize("costly", [True, False])
async def test_the_coach_speaks_after_a_costly_card_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, costly: bool
) -> None:
    judged = Judged(costly)
    monkeypatch.setattr("tui.screens.table_coach.lesson", judged)
    app = make_app(tmp_path, BOTS3, settings=COACHED)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await to_the_cards(pilot)
        before = table.session.view(0)
        await first_choice(pilot, table)
        await idle(pilot)
        assert judged.views, "the card was not judged"
        view, card = judged.views[0]
        # the person's own view, as he had it before the card: no hidden card in it
        assert isinstance(view, PlayerView) and view.seat == 0 and view.turn == 0
        assert view.hand & before.hand == view.hand and card in [a.card for a in view.legal]
        said = table.query_one("#status").text.plain + notices(app)
        assert ("Coach:" in said) == costly, said
        if costly:
            assert "cost your side about 23 points" in said


async def test_i_turns_the_coach_off_and_the_settings_remember(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    judged = Judged(True)
    monkeypatch.setattr("tui.screens.table_coach.lesson", judged)
    app = make_app(tmp_path, BOTS3, settings=COACHED)
    app.persist = True
    async with app.run_test(size=(120, 40)) as pilot:
        table = await to_the_cards(pilot)
        bar = table.query_one(KeyBar)
        assert ("i", "Coach", "coach") in bar.entries
        # at 80 columns in Italian (Enter drawn as ⏎) the coach's key gives way before the
        # settings', which stay
        language.use("it")
        try:
            italian = [
                ("⏎" if k == "Enter" else k, pgettext("key", d), a) for k, d, a in bar.entries
            ]
        finally:
            language.use("en")
        assert "settings" in [action for _, _, action in KeyBar(italian).shown(80)]
        await press(pilot, "i")
        assert "The coach is off" in notices(app)
        assert app.settings.coach == "off" and load_settings(tmp_path).coach == "off"
        assert not any(action == "coach" for _, _, action in bar.entries)
        await first_choice(pilot, table)
        await idle(pilot)
        assert not judged.views  # off: nothing judged
        await press(pilot, "i")
        assert load_settings(tmp_path).coach == "on"
        assert ("i", "Coach", "coach") in bar.entries


async def test_the_coach_is_not_at_a_shared_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    judged = Judged(True)
    monkeypatch.setattr("tui.screens.table_coach.lesson", judged)
    app = make_app(tmp_path, ["human", "easy", "human", "easy"], settings=COACHED)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await settle(pilot)
        table = table_of(app)
        assert table is not None and not table.coach.on
        assert screen is not None


def test_a_new_player_gets_the_coach_until_his_third_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_players_coached(monkeypatch)
    assert coach_on(Settings(), tmp_path)  # nothing played yet
    monkeypatch.setattr("store.newcomer.finished_matches", lambda directory=None, **_: 2)
    assert coach_on(Settings(), tmp_path)
    monkeypatch.setattr("store.newcomer.finished_matches", lambda directory=None, **_: 3)
    assert not coach_on(Settings(), tmp_path)
    assert coach_on(Settings(coach="on"), tmp_path)  # chosen: whatever was played
    monkeypatch.setattr("store.newcomer.finished_matches", lambda directory=None, **_: 0)
    assert not coach_on(Settings(coach="off"), tmp_path)


async def test_the_declarations_dialog_gives_the_coach_s_advice(tmp_path: Path) -> None:
    for settings, shown in ((COACHED, True), (FAST, False)):
        app = make_app(tmp_path, BOTS3, seed=seed_declaring(), settings=settings)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: isinstance(pilot.app.screen, DeclareScreen))
            dialog = app.screen
            assert bool(dialog.query("#declare-coach")) == shown
            await press(pilot, "t")  # the advice, whether the coach is on or not
            assert "Coach: Your hand holds" in notices(app)
            assert "Declare it all" in notices(app)


@pytest.mark.parametrize(
    ("lang", "row", "labels"),
    [
        ("en", "Coach", ["on for the first matches", "on", "off"]),
        ("it", "Allenatore", ["attivo per le prime partite", "attivo", "spento"]),
    ],
)
async def test_the_settings_have_a_coach_row(
    tmp_path: Path, lang: str, row: str, labels: list[str]
) -> None:
    language.use(lang)
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, "f2")
        await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
        await idle(pilot)
        select = app.screen.query_one("#coach", Select)
        assert [str(prompt) for prompt, _ in select._options] == labels
        assert select.value == "new"
        lines = screen_text(app).splitlines()
        assert any(f"| {row}  " in line and labels[0] in line for line in lines), lines
        select.value = "off"
        await press(pilot, "ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.settings.coach == "off"


async def test_the_coach_follows_the_settings_changed_at_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, settings=COACHED)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await to_the_cards(pilot)
        assert table.coach.on
        app.apply_settings(replace(app.settings, coach="off"))
        table.redraw()
        await idle(pilot)
        assert not table.coach.on
        assert not any(action == "coach" for _, _, action in table.query_one(KeyBar).entries)
