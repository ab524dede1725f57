"""The front end driven by key presses: a whole match against bots, hot-seat secrecy, undo,
saving and resuming, settings, the small-terminal screen."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

from game.actions import play
from game.cards import CODES, cards_of
from store.settings import Settings
from table.session import parse_seats
from tests.support.screens import (
    FAST,
    _flush,
    click,
    engine_match,
    idle,
    make_app,
    play_to_the_end,
    press,
    press_for,
    resize,
    resume,
    save_at_the_last_tricks,
    screen_text,
    settle,
    table_of,
    to_the_sheet,
    wait_for,
)
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.handover import HandOverScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen
from tui.screens.too_small import TooSmallScreen
from tui.widgets.hand_view import HandView

BOTS3 = ["human", "random", "random", "random"]
_TOKEN = re.compile(r"[A-Z0-9]+")


async def test_whole_match_through_keys_matches_the_engine(tmp_path: Path) -> None:
    seed, target = 2024, 300
    app = make_app(tmp_path, BOTS3, seed=seed, target=target)
    async with app.run_test(size=(120, 40)) as pilot:
        table = table_of(app)
        assert table is not None
        session = table.session
        sheets = await play_to_the_end(pilot, 2000)
        await idle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert not app.store.exists()  # a finished match clears the save
    expected = engine_match(seed, target, BOTS3)
    assert session.match.winner is not None
    assert session.match.actions == expected.actions
    assert session.match.scores == expected.scores
    assert session.match.winner == expected.winner
    assert sheets == len(expected.results) >= 2


def _tokens(text: str) -> set[str]:
    return set(_TOKEN.findall(text))


async def test_hot_seat_never_shows_another_humans_hand(tmp_path: Path) -> None:
    names = ["Anna", "Bruno", "Carla", "Dario"]
    app = make_app(tmp_path, ["human"] * 4, seed=99, names=names)
    async with app.run_test(size=(80, 24)) as pilot:
        table = table_of(app)
        assert table is not None
        match = table.session.match
        handovers = tables = 0
        for _ in range(400):
            screen = await settle(pilot)
            text = screen_text(app)
            tokens = _tokens(text)
            assert "You" not in text.split()  # names, not "You", on a shared screen
            if isinstance(screen, HandOverScreen):
                handovers += 1
                assert not tokens & set(CODES), text  # no card at all on a hand-over screen
                assert screen.player == names[match.turn]
                await press(pilot, "enter")
                continue
            if isinstance(screen, ScoringScreen):
                break
            turn = match.turn
            hands = match.hand.hands
            for seat in range(4):
                declared = match.hand.declarations[seat]
                public = declared.cards if declared is not None else 0
                secret = {CODES[c] for c in cards_of(hands[seat] & ~public)}
                if seat != turn:
                    assert not tokens & secret, (seat, turn, text)
            hand = table.query_one(HandView)
            assert sorted(hand.cards) == cards_of(hands[turn])  # exactly the player's own hand
            assert table.viewer == turn
            tables += 1
            if isinstance(screen, (DeclareScreen, ConfirmScreen)):
                await press(pilot, "enter")
            else:
                await press_for(pilot, screen)
        assert isinstance(app.screen, ScoringScreen)
        assert handovers >= 45 and tables >= 60  # a hand-over whenever the turn changes hands


def _secrets(match, seats: list[int]) -> set[str]:
    """The codes of the cards the people at ``seats`` hold and have not shown."""
    out = set()
    for seat in seats:
        declared = match.hand.declarations[seat]
        public = declared.cards if declared is not None else 0
        out |= {CODES[c] for c in cards_of(match.hand.hands[seat] & ~public)}
    return out


async def test_hot_seat_with_bots_shows_no_hand_while_a_bot_plays(tmp_path: Path) -> None:
    slow = Settings(bot_delay=0.1, trick_pause=0.0, suit_marks="ascii")
    app = make_app(tmp_path, ["human", "easy", "human", "easy"], seed=5, settings=slow)
    async with app.run_test(size=(80, 24)) as pilot:
        table = table_of(app)
        assert table is not None
        match = table.session.match
        seen = set()  # the bots' turns looked at (each of their 32 moves of the hand)
        for _ in range(5000):
            await _flush(pilot)
            screen = app.screen
            if isinstance(screen, ScoringScreen):
                break
            if isinstance(screen, TableScreen) and match.turn in (1, 3):
                tokens = _tokens(screen_text(app))
                assert not tokens & _secrets(match, [0, 2]), screen_text(app)
                assert not table.query_one(HandView).cards
                seen.add(len(match.actions))
            if isinstance(screen, (HandOverScreen, DeclareScreen, ConfirmScreen)):
                await press(pilot, "enter")
            elif (
                isinstance(screen, TableScreen)
                and screen.my_turn() is not None
                and match.phase in ("play", "discard")
            ):
                await press_for(pilot, screen)
            else:
                await asyncio.sleep(0.005)
        assert isinstance(app.screen, ScoringScreen)
        assert len(seen) >= 16, sorted(seen)


async def test_hot_seat_the_fourth_card_shows_the_trick_before_the_hand_over(
    tmp_path: Path,
) -> None:
    paused = Settings(bot_delay=0.0, trick_pause=0.4, suit_marks="ascii")
    app = make_app(
        tmp_path, ["human"] * 4, seed=99, names=["Anna", "Bruno", "Carla", "Dario"], settings=paused
    )
    async with app.run_test(size=(100, 32)) as pilot:
        table = table_of(app)
        assert table is not None
        match = table.session.match
        done = 0
        while True:  # to a trick whose fourth card is not the winner's (he would lead next)
            screen = await settle(pilot)
            if isinstance(screen, TableScreen):
                await press_for(pilot, screen)
            else:
                await press(pilot, "enter")
            tricks = match.hand.tricks
            if len(tricks) > done:
                done = len(tricks)
                if (tricks[-1].leader + 3) % 4 != tricks[-1].winner:
                    break
        assert isinstance(app.screen, TableScreen)  # not yet the hand-over
        text = screen_text(app)
        assert "takes it" in text and not table.query_one(HandView).cards
        assert not _tokens(text) & _secrets(match, [0, 1, 2, 3])
        winner = ["Anna", "Bruno", "Carla", "Dario"][match.hand.tricks[-1].winner]
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, HandOverScreen)
                and f"{winner} takes trick {done}" in screen_text(app)
            ),
        )


async def test_resume_after_a_crash(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=7)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(12):
            screen = await settle(pilot)
            if isinstance(screen, TableScreen):
                await press_for(pilot, screen)
            else:
                await press(pilot, "enter")
        screen = await settle(pilot)
        table = table_of(app)
        assert table is not None and isinstance(screen, TableScreen)
        state = list(table.session.match.actions)
        saved = json.loads(app.store.path.read_text())
        assert saved["record"]["actions"] == state
    # The app is gone as after a crash: a new one offers to resume exactly there.
    app2 = make_app(tmp_path, None)
    async with app2.run_test(size=(120, 40)) as pilot:
        await idle(pilot)
        start = app2.screen
        assert isinstance(start, StartScreen)
        assert start.query_one("#resume-row").display
        await click(pilot, "#resume")
        await wait_for(pilot, lambda: table_of(app2) is not None)
        table = table_of(app2)
        assert table is not None
        assert table.session.match.actions == state


async def test_undo_takes_back_a_card_only_while_its_trick_is_in_progress(tmp_path: Path) -> None:
    # Bots slow enough that the undo surely comes while the next one thinks, even on a busy machine
    # (quick ones on the way there and after: the settings are read at each bot move).
    slow = Settings(bot_delay=1.5, trick_pause=0.0, suit_marks="ascii")
    quick = Settings(bot_delay=0.0, trick_pause=0.0, suit_marks="ascii")
    app = make_app(tmp_path, BOTS3, seed=7, settings=quick)
    async with app.run_test(size=(120, 40)) as pilot:
        while True:  # to a card of the human's that some bot answers in the same trick
            screen = await settle(pilot)
            if isinstance(screen, TableScreen):
                view = screen.my_turn()
                if view is not None and view.phase == "play" and len(view.trick) < 3:
                    break
                await press_for(pilot, screen)
            else:
                await press(pilot, "enter")
        table = screen
        before = list(table.session.match.actions)
        app.settings = slow
        await press_for(pilot, table)
        assert len(table.session.match.actions) == len(before) + 1
        await press(pilot, "u")  # while the next bot thinks
        await idle(pilot)
        assert table.session.match.actions == before
        assert "Your card is back in your hand." in [n.message for n in app._notifications]
        assert json.loads(app.store.path.read_text())["record"]["actions"] == before
        app.settings = quick
        # Played again, and the trick completed: the card stays.
        await press_for(pilot, await settle(pilot))
        await settle(pilot)
        after = list(table.session.match.actions)
        assert len(after) > len(before) + 1
        await press(pilot, "u")
        await idle(pilot)
        assert table.session.match.actions == after
        assert any("trick in progress" in n.message for n in app._notifications)


async def test_a_damaged_save_gives_a_message_and_a_new_match(tmp_path: Path) -> None:
    (tmp_path / "autosave.json").write_text('{"format": "tarocchino-save", "version": 1}')
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await idle(pilot)
        assert isinstance(app.screen, StartScreen)
        assert "could not be read" in screen_text(app)
        assert not app.screen.query_one("#resume-row").display
        assert (tmp_path / "autosave.json.damaged").exists()
        for i in (1, 2, 3):
            app.screen.query_one(f"#kind-{i}").value = "random"
        await click(pilot, "#start")
        await wait_for(pilot, lambda: table_of(app) is not None)


async def test_start_screen_sets_up_a_match(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(100, 30)) as pilot:
        await idle(pilot)
        await click(pilot, "#name-0")
        await press(pilot, *"Zoe")
        for i in (1, 2, 3):
            app.screen.query_one(f"#kind-{i}").value = "random"
        app.screen.query_one("#seed").value = "31"
        app.screen.query_one("#target").value = "0"
        await click(pilot, "#start")
        await idle(pilot)
        assert "positive" in screen_text(app)
        app.screen.query_one("#target").value = "400"
        await pilot.pause(0.25)  # a button ignores clicks for 0.2 s after a press
        await click(pilot, "#start")
        await wait_for(pilot, lambda: table_of(app) is not None)
        table = table_of(app)
        assert table is not None
        assert table.session.seats[0].name == "Zoe"
        assert table.session.match.seed == 31 and table.session.match.rules.target == 400


async def test_illegal_card_says_why_and_click_plays(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        table = table_of(app)
        assert table is not None
        for _ in range(200):
            screen = await settle(pilot)
            if not isinstance(screen, TableScreen):
                await press(pilot, "enter")
                continue
            view = screen.my_turn()
            legal = {a.card for a in view.legal}
            hand = screen.query_one(HandView)
            illegal = [c for c in hand.cards if c not in legal]
            if view.phase == "play" and illegal:
                break
            await press_for(pilot, screen)
        await press(
            pilot,
            str(hand.cards.index(illegal[0]) + 1)[-1] if hand.cards.index(illegal[0]) < 9 else "0",
        )
        text = screen_text(app)
        assert "not legal" in text or "not in your hand" in text
        before = len(table.session.match.actions)
        target = next(c for c in hand.cards if c in legal)
        size, stride, margin = hand._geometry()
        await click(pilot, HandView, offset=(margin + hand.cards.index(target) * stride + 1, 3))
        await idle(pilot)
        assert table.session.match.actions[before] == str(play(target))


async def test_too_small_screen_recovers(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await resize(pilot, 40, 10)
        await idle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        text = screen_text(app)
        # all of it fits, and in ASCII (the settings of these tests) the sizes are "40x10"
        assert "too small" in text and "40x10" in text and "80x24" in text
        await resize(pilot, 80, 24)
        await idle(pilot)
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)


async def test_a_dialog_opening_while_the_terminal_is_too_small_waits(tmp_path: Path) -> None:
    """The discard is confirmed and the terminal shrinks at once, while the bots are about to
    play up to the declaration dialog; enlarged again, the dialog is there and the game goes
    on. A dialog that opens while the terminal is small waits for it to be big again."""
    slow = Settings(bot_delay=0.05, trick_pause=0.0, suit_marks="ascii")
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=2, settings=slow)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert table is not None and table.session.match.first_dealer == 0
        await press(pilot, "2", "g")
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "enter")
        await resize(pilot, 30, 8)
        await idle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        answers = []
        app.push_screen(ConfirmScreen("A question?"), answers.append)
        await idle(pilot)
        assert isinstance(app.screen, TooSmallScreen)  # still on top: nothing opened over it
        await resize(pilot, 80, 24)
        await idle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await press(pilot, "enter")
        assert answers == [True]
        match = table.session.match
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
        assert match.turn == 0 and match.phase == "declare"
        await press(pilot, "enter")
        await wait_for(pilot, lambda: match.phase == "play" and match.turn == 0)
        assert app.return_code is None and isinstance(app.screen, TableScreen)


async def test_a_bot_move_held_while_small_waits_for_a_dialog_held_with_it(tmp_path: Path) -> None:
    """A bot declares while the terminal is small, and a dialog is held back too: enlarged, the
    dialog comes up and the bot's move waits until it is answered (it used to be played under
    the dialog, and the person's declaration dialog could open over it)."""
    slow = Settings(bot_delay=0.3, trick_pause=0.0, suit_marks="ascii")
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=2, settings=slow)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert table is not None
        match = table.session.match
        await press(pilot, "2", "g", "enter")  # the discard, confirmed
        await wait_for(pilot, lambda: match.phase == "declare" and match.turn == 3)
        await resize(pilot, 30, 8)
        await wait_for(pilot, lambda: table.bots.held is not None)  # seat 3 has declared, held
        assert isinstance(app.screen, TooSmallScreen) and match.turn == 3
        moves = len(match.actions)
        answers = []
        app.push_screen(ConfirmScreen("A question?"), answers.append)
        await resize(pilot, 80, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await idle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and len(match.actions) == moves
        await press(pilot, "enter")
        assert answers == [True]
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
        assert match.turn == 0 and match.phase == "declare"


async def test_help_settings_and_hint(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=3, settings=FAST)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await settle(pilot)
        while not isinstance(screen, TableScreen):
            await press(pilot, "enter")
            screen = await settle(pilot)
        await press(pilot, "question_mark")
        await wait_for(pilot, lambda: "Bolognese tarot game" in screen_text(app))
        await press(pilot, "escape")
        assert "Hint:" not in screen_text(app)  # the key bar says "Hint"; the hint says "Hint:"
        await press(pilot, "t")
        await wait_for(pilot, lambda: "Hint:" in screen_text(app))
        await press(pilot, "s")
        await idle(pilot)
        app.screen.query_one("#suit_marks").value = "unicode"
        await press(pilot, "ctrl+s")
        await idle(pilot)
        assert app.settings.suit_marks == "unicode"
        assert any(m in screen_text(app) for m in "♠♣♥♦")


async def test_calling_out_ends_the_match_at_the_declaration(tmp_path: Path) -> None:
    from game.match import Match
    from game.scoring import declarable_families

    seed = next(
        s
        for s in range(1, 5000)
        if Match(s).first_dealer == 3 and declarable_families(Match(s).hand.hands[0])
    )
    app = make_app(tmp_path, BOTS3, seed=seed, target=10)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await settle(pilot)
        assert isinstance(screen, DeclareScreen)
        assert "calls out" in screen_text(app)  # the dialog warns before it happens
        await press(pilot, "enter")
        screen = await settle(pilot)
        assert isinstance(screen, ScoringScreen)
        assert screen.summary.result.called_out == 0 and screen.summary.winner == 0
        text = screen_text(app)
        assert "call out" in text and "win the match" in text
        await press(pilot, "q")
        await idle(pilot)
    assert not app.store.exists()


def test_monochrome_setting_adds_a_filter(tmp_path: Path) -> None:
    from dataclasses import replace

    from textual.filter import Monochrome

    from tui.app import TarocchinoApp

    mono = TarocchinoApp(settings=replace(FAST, color=False), directory=tmp_path, persist=False)
    colour = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    assert any(isinstance(f, Monochrome) for f in mono.get_line_filters())
    assert not any(isinstance(f, Monochrome) for f in colour.get_line_filters())


async def test_q_on_a_sheet_during_the_match_goes_back_to_the_menu(tmp_path: Path) -> None:
    """As at the table, q on the sheet of a hand goes back to the start screen, the match saved
    and offered back with that sheet (only the sheet that ends the match quits)."""
    save_at_the_last_tricks(tmp_path, parse_seats(BOTS3), 3)  # (the hand's end resumed)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(120, 40)) as pilot:
        await resume(pilot)
        await to_the_sheet(pilot)
        assert isinstance(app.screen, ScoringScreen) and app.screen.summary.winner is None
        await press(pilot, "q")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.is_running and app.store.exists()
        assert "Hand 1 over" in screen_text(app)
        await press(pilot, "enter")  # Resume: the sheet again
        await wait_for(pilot, lambda: isinstance(app.screen, ScoringScreen))
