"""Hot-seat: Enter pressed twice (or held down) never does two things across a hand-over: the
press that played a card or confirmed the discard does not also pass the hand-over (the next
person's hand would be shown to the one who just played), and the press that passed the
hand-over does not also play a card unseen."""

from __future__ import annotations

from pathlib import Path

from textual import events

from tests.support.screens import _flush, make_app, settle, wait_for
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.handover import HandOverScreen
from tui.screens.table import TableScreen
from tui.widgets.hand import CARD_KEYS, HandView

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


async def _send(pilot, key: str, after: events.Key | None = None, by: float = 0.0) -> events.Key:
    """Send ``key``, pressed ``by`` seconds after ``after`` (else now)."""
    event = events.Key(key, None)
    if after is not None:
        event.time = after.time + by
    pilot.app._driver.send_message(event)
    await _flush(pilot)
    return event


async def _idle(pilot) -> None:
    for _ in range(20):
        await _flush(pilot)


async def _the_second_enter_keeps_the_hand_over(
    pilot, first: events.Key, name: str, table: TableScreen, checked: list[str]
) -> events.Key:
    """``first`` made a move: the same press twice keeps the hand-over; a press of its own
    passes it, and that press twice plays no card (``checked``: the names it was tried for)."""
    app = pilot.app
    await wait_for(
        pilot, lambda: isinstance(app.screen, HandOverScreen) and app.screen.player == name
    )
    handover = app.screen
    await _send(pilot, "enter", after=first, by=0.1)  # the same press, twice
    await _idle(pilot)
    assert app.screen is handover
    own = await _send(pilot, "enter", after=first, by=2.0)  # a press of its own
    await wait_for(pilot, lambda: not isinstance(app.screen, HandOverScreen))
    assert table.viewer == NAMES.index(name)
    if app.screen is table:  # (the declarations dialog keeps a press twice: test_tui_declare_enter)
        moves = table.session.ply
        await _send(pilot, "enter", after=own, by=0.1)  # that press, twice
        await _idle(pilot)
        assert table.session.ply == moves  # no card played unseen
        checked.append(name)
    return own


async def test_a_double_enter_never_passes_the_hand_over(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human"] * 4, seed=2, names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settle(pilot)
        assert isinstance(screen, HandOverScreen) and screen.player == "Anna"
        await _send(pilot, "enter")
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
        hand = table.query_one(HandView)
        for c in [c for c in hand.cards if c in hand.legal][:2]:
            await _send(pilot, CARD_KEYS[hand.cards.index(c)])
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        first = await _send(pilot, "enter")  # yes, discard them
        checked: list[str] = []
        own = await _the_second_enter_keeps_the_hand_over(pilot, first, "Bruno", table, checked)
        if isinstance(app.screen, DeclareScreen):
            own = await _send(pilot, "enter", after=own, by=1.0)
            await settle(pilot)
        assert table.my_turn() is not None
        first = await _send(pilot, "enter", after=own, by=1.0)  # Bruno plays by Enter
        await _the_second_enter_keeps_the_hand_over(pilot, first, "Carla", table, checked)
        assert checked, "no hand-over led straight to the table"
