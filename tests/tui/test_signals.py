"""Partners' signals at the table (RULES.md §10a): a key chooses the signal before the card, the
key bar offers the ones possible now, a refused signal says why and plays nothing, Esc or the
same key takes it back; the log and the trick show a signal given."""

from __future__ import annotations

import json
from pathlib import Path

from rich.text import Text

from game.cards import card
from game.signals import SIGNALS, STRISCIO, TOO_EARLY, VOLO, allowed_signals
from game.view import PlayerView
from net import protocol as p
from store.match_setup import SETUP_FILE, load_setup
from table.session import KINDS, parse_seats
from tests.support.screens import (
    FAST,
    click,
    count_notices,
    idle,
    notices,
    play_until,
    press,
    screen_text,
    settle,
    table_of,
    wait_for,
)
from text import language
from text.presenter import present
from text.render import UNICODE
from text.signals import SIGNAL_KEYS, signal_log_line, table_refusal_words
from tui.app import TarocchinoApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.network import HostScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen
from tui.widgets.checkbox import PlainCheckbox
from tui.widgets.hand_view import CARD_KEYS, HandView
from tui.widgets.keybar import KeyBar


def _app(directory: Path, signals: bool = True) -> TarocchinoApp:
    seats = parse_seats(["human", "easy", "easy", "easy"])
    app = TarocchinoApp(
        settings=FAST, directory=directory, seats=seats, seed=11, signals=signals, persist=False
    )
    count_notices(app)
    return app


def _possible(view: PlayerView) -> set[str]:
    return {s for a in view.legal for s in allowed_signals(view, a.card)}


def _keys(table: TableScreen) -> list[str]:
    return [key for key, _, _ in table.query_one(KeyBar).entries]


async def test_a_signal_is_chosen_then_its_card(tmp_path: Path) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await play_until(pilot, lambda v: bool(_possible(v) - {"busso"}))
        view = table.my_turn()
        assert view is not None
        possible = _possible(view)
        assert set(_keys(table)) >= {SIGNAL_KEYS[s] for s in possible}
        assert not set(_keys(table)) & {SIGNAL_KEYS[s] for s in set(SIGNALS) - possible}
        signal = STRISCIO if STRISCIO in possible else VOLO
        hand = table.query_one(HandView)
        ply = table.session.ply
        await press(pilot, SIGNAL_KEYS[signal])  # chosen, then taken back by the same key
        assert table.signalling.pending == signal
        await press(pilot, SIGNAL_KEYS[signal])
        assert table.signalling.pending is None
        await press(pilot, SIGNAL_KEYS[signal], "escape")  # ... or by Esc, the table stays
        assert table.signalling.pending is None and app.screen is table
        await press(pilot, SIGNAL_KEYS[signal])
        refused = [a.card for a in view.legal if signal not in allowed_signals(view, a.card)]
        if refused:  # a card that may not carry it: said why, nothing played
            await press(pilot, CARD_KEYS[hand.cards.index(refused[0])])
            assert table.session.ply == ply and table.signalling.pending == signal
        card = next(a.card for a in view.legal if signal in allowed_signals(view, a.card))
        await press(pilot, CARD_KEYS[hand.cards.index(card)])
        await settle(pilot)
        match = table.session.match  # type: ignore[attr-defined]
        assert match.actions[ply].endswith(f" {signal}")
        name = table.names[0]
        log = [t.plain for t in present(table.scene()).log]
        assert signal_log_line(name, card, signal, table.look).plain in log


async def test_without_the_option_the_keys_do_nothing(tmp_path: Path) -> None:
    app = _app(tmp_path, signals=False)
    async with app.run_test(size=(120, 40)) as pilot:
        table = await play_until(pilot, lambda v: v.phase == "play")
        ply = table.session.ply
        before = notices(app)
        await press(pilot, "S", "V", "B")
        assert table.session.ply == ply and notices(app) == before
        assert not set(_keys(table)) & set(SIGNAL_KEYS.values())


def test_the_log_line_in_both_languages() -> None:
    english = signal_log_line("Carla", card("7C"), STRISCIO, UNICODE)
    assert isinstance(english, Text) and english.plain == "Carla slides 7♥: holds more Coppe"
    assert signal_log_line("You", card("7C"), VOLO, UNICODE).plain == (
        "You let 7♥ fly: you have no more Coppe"
    )
    language.use("it")
    try:
        italian = signal_log_line("Carla", card("7C"), STRISCIO, UNICODE).plain
    finally:
        language.use("en")
    assert italian != english.plain and "Carla" in italian and "7♥" in italian


async def _start_from_the_form(app: TarocchinoApp, tick: bool | None) -> bool:
    """Start the start screen's match (its box ticked or not by a click, ``None``: as it is);
    whether that match allows signals."""
    async with app.run_test(size=(80, 24)) as pilot:
        await idle(pilot)
        box = app.screen.query_one("#signals", PlainCheckbox)
        if tick is not None and box.value != tick:
            await click(pilot, "#signals")
            assert box.value == tick
        saved = app.store.exists()
        await click(pilot, "#start")
        if saved:  # (kept as a backup)
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await press(pilot, "y")
        await wait_for(pilot, lambda: table_of(app) is not None)
        table = table_of(app)
        assert table is not None
        return table.session.match.rules.signals  # type: ignore[attr-defined, no-any-return]


async def test_the_start_screens_box_starts_the_match_with_signals_or_without(
    tmp_path: Path,
) -> None:
    assert await _start_from_the_form(TarocchinoApp(settings=FAST, directory=tmp_path), True)
    saved = json.loads((tmp_path / SETUP_FILE).read_text())
    assert saved["signals"] is True
    # remembered: the next launch ticks it, and a new match (the saved one kept) has them
    again = TarocchinoApp(settings=FAST, directory=tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await idle(pilot)
        assert again.screen.query_one("#signals", PlainCheckbox).value
    other = tmp_path / "other"
    assert not await _start_from_the_form(TarocchinoApp(settings=FAST, directory=other), None)
    assert not await _start_from_the_form(TarocchinoApp(settings=FAST, directory=tmp_path), False)
    assert load_setup(tmp_path, KINDS).signals is False


async def test_play_signals_ticks_the_box(tmp_path: Path) -> None:
    app = TarocchinoApp(settings=FAST, directory=tmp_path, signals=True, persist=False)
    assert await _start_from_the_form(app, None)


async def test_the_box_goes_with_the_language_and_to_the_table_hosted(tmp_path: Path) -> None:
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    hosted: list[bool] = []

    async def host_table(*seats: object, signals: bool = False, **given: object) -> None:
        hosted.append(signals)

    app.host_table = host_table  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await idle(pilot)
        start = app.screen
        assert isinstance(start, StartScreen)
        box = start.query_one("#signals", PlainCheckbox).focus()
        await wait_for(pilot, lambda: app.focused is box)  # (the focus moves a moment later)
        await press(pilot, "space")
        language.use("it")
        try:
            await start.speak_again()
            await idle(pilot)
            box = start.query_one("#signals", PlainCheckbox)
            assert box.value and "[x] Segnali" in screen_text(app)
        finally:
            language.use("en")
        await click(pilot, "#host")
        await wait_for(pilot, lambda: isinstance(app.screen, HostScreen))
        screen = app.screen
        assert isinstance(screen, HostScreen)
        screen.submit()
        await wait_for(pilot, lambda: bool(hosted))
    assert hosted == [True]


def test_a_refused_signal_is_said_in_words_at_the_screen() -> None:
    refusal = p.Refused(p.SIGNAL, {"why": TOO_EARLY}, 3)
    assert refusal.message == table_refusal_words(TOO_EARLY) != TOO_EARLY
