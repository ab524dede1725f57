"""Partners' signals at the table (RULES.md §10a): a key chooses the signal before the card, the
key bar offers the ones possible now, a refused signal says why and plays nothing, Esc or the
same key takes it back; the log and the trick show a signal given."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text

from game.cards import card
from game.signals import SIGNALS, STRISCIO, TOO_EARLY, VOLO, allowed_signals
from game.view import PlayerView
from net import protocol as p
from table.session import parse_seats
from tests.support.screens import (
    FAST,
    count_notices,
    notices,
    play_until,
    press,
    settle,
    table_of,
    wait_for,
)
from text import language
from text.presenter import present
from text.render import UNICODE
from text.signals import SIGNAL_KEYS, signal_log_line, table_refusal_words
from tui.app import TarocchinoApp
from tui.screens.table import TableScreen
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


async def test_play_signals_starts_the_start_screens_matches_with_them(tmp_path: Path) -> None:
    app = TarocchinoApp(settings=FAST, directory=tmp_path, signals=True, persist=False)
    count_notices(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        title = app.screen.query_one("#new-title")
        assert "signals on" in str(title.render())
        await press(pilot, "n")
        await wait_for(pilot, lambda: table_of(app) is not None)
        table = table_of(app)
        assert table is not None and table.session.match.rules.signals  # type: ignore[attr-defined]


def test_a_refused_signal_is_said_in_words_at_the_screen() -> None:
    refusal = p.Refused(p.SIGNAL, {"why": TOO_EARLY}, 3)
    assert refusal.message == table_refusal_words(TOO_EARLY) != TOO_EARLY
