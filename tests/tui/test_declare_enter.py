"""Hot-seat: the Enter that passes the hand-over, pressed twice (or held, or typed twice in one
go), neither declares unseen in the declarations dialog that comes next nor plays a card unseen;
an Enter of its own, a moment later, declares as always."""

from __future__ import annotations

from pathlib import Path

from textual import events

from game.phase import Phase
from tests.support.screens import make_app, settle, wait_for
from tests.tui.test_double_enter import NAMES, _idle, _send
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.handover import HandOverScreen
from tui.screens.table import TableScreen
from tui.widgets.hand import CARD_KEYS, HandView


async def _together(pilot, after: events.Key, by: float) -> events.Key:
    """Enter twice in one go (as a terminal delivers a key typed twice quickly, or held), the
    first ``by`` seconds after ``after``: both are queued before either is handled."""
    first, second = events.Key("enter", None), events.Key("enter", None)
    first.time = after.time + by
    second.time = first.time + 0.01
    pilot.app._driver.send_message(first)
    pilot.app._driver.send_message(second)
    await _idle(pilot)
    return second


async def _to_brunos_hand_over(pilot) -> tuple[TableScreen, events.Key]:
    """Anna discards by Enter: Bruno's hand-over is up (and the Enter that discarded)."""
    app = pilot.app
    await settle(pilot)
    await _send(pilot, "enter")
    table = await settle(pilot)
    assert isinstance(table, TableScreen)
    hand = table.query_one(HandView)
    for c in [c for c in hand.cards if c in hand.legal][:2]:
        await _send(pilot, CARD_KEYS[hand.cards.index(c)])
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
    discarded = await _send(pilot, "enter")
    await wait_for(
        pilot, lambda: isinstance(app.screen, HandOverScreen) and app.screen.player == "Bruno"
    )
    return table, discarded


async def test_the_hand_over_enter_twice_declares_nothing_unseen(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human"] * 4, seed=2, names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        table, discarded = await _to_brunos_hand_over(pilot)
        own = await _send(pilot, "enter", after=discarded, by=2.0)
        await wait_for(pilot, lambda: not isinstance(app.screen, HandOverScreen))
        assert app.screen is table  # (Bruno has nothing to declare in this deal)
        played = await _send(pilot, "enter", after=own, by=1.0)  # Bruno plays by Enter
        await wait_for(
            pilot, lambda: isinstance(app.screen, HandOverScreen) and app.screen.player == "Carla"
        )
        shown = await _send(pilot, "enter", after=played, by=2.0)  # Carla passes it
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
        dialog = app.screen
        ply = table.session.ply
        await _send(pilot, "enter", after=shown, by=0.1)  # the same press, twice
        await _idle(pilot)
        assert app.screen is dialog and table.session.ply == ply  # nothing declared unseen
        await _send(pilot, "space", after=shown, by=0.2)  # nor switched off
        await _idle(pilot)
        assert all(row.on for row in dialog.families.rows)
        await _send(pilot, "enter", after=shown, by=1.0)  # an Enter of her own declares
        await wait_for(pilot, lambda: table.session.ply == ply + 1)
        assert app.screen is table
        assert table.session.phase == Phase.PLAY


async def test_an_enter_typed_twice_in_one_go_does_nothing_unseen(tmp_path: Path) -> None:
    """Both presses reach the hand-over before it has gone: the second is not for the table
    (Bruno's card) nor for the declarations dialog (Carla's)."""
    app = make_app(tmp_path, ["human"] * 4, seed=2, names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        table, discarded = await _to_brunos_hand_over(pilot)
        ply = table.session.ply
        twice = await _together(pilot, discarded, 2.0)
        await wait_for(pilot, lambda: app.screen is table and table.viewer == 1)
        await _idle(pilot)
        # (his "nothing to declare" is made for him) and no card is played unseen
        assert table.session.ply == ply + 1 and table.session.turn == 1
        played = await _send(pilot, "enter", after=twice, by=1.0)  # Bruno plays by Enter
        await wait_for(
            pilot, lambda: isinstance(app.screen, HandOverScreen) and app.screen.player == "Carla"
        )
        ply = table.session.ply
        await _together(pilot, played, 2.0)
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
        await _idle(pilot)
        assert isinstance(app.screen, DeclareScreen) and table.session.ply == ply
