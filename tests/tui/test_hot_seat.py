"""Hot-seat play (several people at one screen): the hand-over between them, what was said to
one person kept from the next, and an Enter pressed twice never doing anything unseen."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual import events

from ai.explain import KEEPS, ONLY_CARD, Explanation, Reason
from game.cards import CODES
from game.phase import Phase
from store.settings import Settings
from tests.support.screens import (
    _flush,
    ask_the_discard,
    make_app,
    notices,
    press,
    press_for,
    region_text,
    settle,
    wait_for,
)
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.handover import HandOverScreen
from tui.screens.help import HelpScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen
from tui.widgets.hand_view import CARD_KEYS, HandView
from tui.widgets.trick import TrickView

# --------------------------------------------------------------------------------- hot seat notices
# Hot-seat: what was said to one person (a hint, a mark taken back, why a key did nothing) goes with
# his hand: it is never on screen when the keyboard passes to the next person, and a hint that comes
# after its card was played is dropped.


HOT_SEAT = ["human", "easy", "human", "easy"]
NAMES = ["Anna", "Bruno", "Carla", "Dario"]
ANNA_DEALS = 2  # the seed: Anna (seat 1) deals the first hand
# a reason the hint says at length (the facts of ai.explain; the text layer says them)
LONG = Explanation(
    (Reason(KEEPS, families=tuple(f"reason number {i} of a long hint" for i in range(12))),)
)


async def _annas_discard(pilot) -> TableScreen:
    screen = await settle(pilot)
    assert isinstance(screen, HandOverScreen) and screen.player == "Anna"
    await press(pilot, "enter")
    table = await settle(pilot)
    assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
    return table


async def _on_to_carlas_hand_over(pilot) -> None:
    screen = await settle(pilot)
    if isinstance(screen, ConfirmScreen):
        await press(pilot, "enter")
    await wait_for(
        pilot,
        lambda: isinstance(pilot.app.screen, HandOverScreen) and pilot.app.screen.player == "Carla",
    )


async def test_a_long_hint_told_in_a_notification_is_gone_at_the_hand_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def long_hint(view, legal, rng):
        return legal[0], LONG

    monkeypatch.setattr("tui.screens.table_hint.suggest", long_hint)
    app = make_app(tmp_path, HOT_SEAT, seed=ANNA_DEALS, names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _annas_discard(pilot)
        await press(pilot, "t")
        await wait_for(pilot, lambda: "reason number 11" in notices(app))  # too long: told
        await press_for(pilot, table)  # Anna marks two cards, and says yes
        await _on_to_carlas_hand_over(pilot)
        assert "Hint" not in notices(app) and "reason number" not in notices(app)


async def test_a_mark_taken_back_is_not_told_to_the_next_person(tmp_path: Path) -> None:
    app = make_app(tmp_path, HOT_SEAT, seed=ANNA_DEALS, names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _annas_discard(pilot)
        hand = table.query_one(HandView)
        first = next(c for c in hand.cards if c in hand.legal)
        await press(pilot, CARD_KEYS[hand.cards.index(first)], "u")
        assert "no longer marked" in notices(app)  # said to Anna: it names her card
        await press_for(pilot, table)
        await _on_to_carlas_hand_over(pilot)
        assert "no longer marked" not in notices(app)
        assert CODES[first] not in notices(app)


async def test_a_hint_overtaken_by_the_card_is_dropped_and_t_then_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Enter pressed before the hint came: the card is played, the hint never shown; t pressed
    again while no hand is on screen says so (not "your own turn"), and only until the hand-over."""
    release = threading.Event()

    def slow_hint(view, legal, rng):
        release.wait(30)
        return legal[0], Explanation((Reason(ONLY_CARD),))

    monkeypatch.setattr("tui.screens.table_hint.suggest", slow_hint)
    # Bruno thinks a while: the table is on screen with no hand on it
    slow = Settings(bot_delay=1.0, trick_pause=0.0, suit_marks="ascii")
    app = make_app(tmp_path, HOT_SEAT, seed=ANNA_DEALS, names=NAMES, settings=slow)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            table = await _annas_discard(pilot)
            await press(pilot, "t")  # (press() sees no change but the status line's)
            status = table.query_one("#status")
            await wait_for(pilot, lambda: "Thinking of a hint" in status.text.plain)
            assert "Thinking of a hint" in table.query_one("#status").text.plain
            await press_for(pilot, table)  # the discard overtakes the hint
            assert isinstance(app.screen, ConfirmScreen)
            await press(pilot, "enter")
            await wait_for(pilot, lambda: table.viewer is None and app.screen is table)
            await press(pilot, "t")
            await wait_for(pilot, lambda: notices(app))
            said = notices(app)
            assert "your own turn" not in said and "No hint" in said, said
            release.set()
            await _on_to_carlas_hand_over(pilot)
            await wait_for(
                pilot, lambda: table.hint.worker is None or table.hint.worker.is_finished
            )
            assert "hint" not in notices(app).lower()
            await press(pilot, "enter")  # Carla takes the keyboard
            screen = await settle(pilot)
            if isinstance(screen, DeclareScreen):
                # an Enter of her own (the hand-over's, twice, declares nothing: see
                # test_tui_declare_enter)
                dialog = screen
                await wait_for(pilot, lambda: dialog.is_active)  # (a key before it is lost)
                key = events.Key("enter", None)
                key.time = max(key.time, dialog.not_before or 0)
                app._driver.send_message(key)
                await wait_for(pilot, lambda: app.screen is not dialog)
                screen = await settle(pilot)
            assert isinstance(screen, TableScreen) and screen.viewer == 2
            assert "Hint" not in screen.query_one("#status").text.plain
            assert "hint" not in notices(app).lower()
    finally:
        release.set()


# ---------------------------------------------------------------------------------------- hand over
# Hot-seat: the hand-over screen offers the help and the menu (the match is kept, and offered back
# with the hand-over again, never a hand); undo takes back the dealer's own marks, and says why a
# card cannot be taken back.


async def test_the_hand_over_offers_the_help_and_the_menu(tmp_path: Path) -> None:
    app = make_app(tmp_path, HOT_SEAT, seed=ANNA_DEALS, names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settle(pilot)
        assert isinstance(screen, HandOverScreen) and screen.player == "Anna"
        await press(pilot, "question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is screen)  # Anna's hand is not shown
        actions = list(app.store.read().match.actions)
        await press(pilot, "q")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.store.read().match.actions == actions  # kept as it was
        await press(pilot, "enter")  # Resume
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        assert app.screen.player == "Anna"


async def test_hot_seat_undo_takes_back_a_mark_and_says_why_not_a_card(tmp_path: Path) -> None:
    app = make_app(tmp_path, HOT_SEAT, seed=ANNA_DEALS, names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # Anna takes the keyboard
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
        await press(pilot, "3")
        assert table.marked
        await press(pilot, "u")
        assert table.marked == [] and "no longer marked for the discard" in notices(app)
        app.clear_notifications()
        for _ in range(100):  # on to the first card a person plays
            screen = await settle(pilot)
            if isinstance(screen, TableScreen) and screen.current_view().phase == "play":
                break
            if isinstance(screen, TableScreen):
                hand = screen.query_one(HandView)
                for c in [c for c in hand.cards if c in hand.legal][:2]:
                    await press(pilot, "123456789"[hand.cards.index(c)])
            else:
                assert isinstance(screen, (HandOverScreen, ConfirmScreen, DeclareScreen))
                await press(pilot, "enter")
        moves = len(table.session.match.actions)
        await press(pilot, "u")
        assert "No undo with two or more people" in notices(app)
        assert len(table.session.match.actions) == moves


# ------------------------------------------------------------------------------------- double enter
# Hot-seat: Enter pressed twice (or held down) never does two things across a hand-over: the press
# that played a card or confirmed the discard does not also pass the hand-over (the next person's
# hand would be shown to the one who just played), and the press that passed the hand-over does not
# also play a card unseen.


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


# ------------------------------------------------------------------------------------ declare enter
# Hot-seat: the Enter that passes the hand-over, pressed twice (or held, or typed twice in one go),
# neither declares unseen in the declarations dialog that comes next nor plays a card unseen; an
# Enter of its own, a moment later, declares as always.


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


# ------------------------------------------------------------------------- hot-seat first trick
# In hot-seat at 80 columns the middle of the table said "Bruno leads the first" over a lone
# "trick". It says the trick first, as the last trick's caption does: on one row where it fits,
# else broken after its colon ("First trick:" over "Bartolomeo leads").


@pytest.mark.parametrize("eldest", ["Dario", "Bartolomeo"])
async def test_the_first_trick_caption_reads_whole_at_80_columns(
    tmp_path: Path, eldest: str
) -> None:
    # seed 7: Carla deals, Dario (seat 4) leads the first trick
    names = ["Anna", "Bruno", "Carla", eldest]
    app = make_app(tmp_path, ["human"] * 4, seed=7, names=names)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await press(pilot, "enter")  # Carla's hand: she discards two cards
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        table = app.screen
        await ask_the_discard(pilot, table)
        await press(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandOverScreen))
        await press(pilot, "enter")  # Dario's hand (nothing to declare): the table
        await wait_for(pilot, lambda: app.screen is table and table.my_turn() is not None)
        rows = [row.strip() for row in region_text(app, table.query_one(TrickView))]
        said = [row for row in rows if any(ch.isalpha() for ch in row)]  # (not the places)
        whole = f"First trick: {eldest} leads"
        assert said in ([whole], ["First trick:", f"{eldest} leads"]), rows
