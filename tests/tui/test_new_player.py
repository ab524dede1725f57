"""The front end as a new player finds it: the start screen, the discard, the keys, 80x24, ASCII
mode, watching bots, resuming on a scoring sheet."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.widgets import Input

from game.match import Match
from store.settings import Settings
from table.session import parse_seats
from tests.support.screens import (
    FAST,
    click,
    idle,
    make_app,
    press,
    press_for,
    resume,
    save_at_the_last_tricks,
    screen_text,
    settle,
    table_of,
    wait_for,
)
from text.render import card_text
from tui.app import TarocchinoApp
from tui.screens.help import HelpScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen
from tui.widgets.hand_view import HandView

UNICODE_LOOK = replace(FAST, suit_marks="unicode")
OUR_GLYPHS = "╭╮╰╯─│▶→▊·━×⏎…═║╔╗╚╝┌┐└┘"


async def test_the_start_screen_remembers_the_last_setup(tmp_path: Path) -> None:
    app = TarocchinoApp(settings=FAST, directory=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await idle(pilot)
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#kind-1").value = "easy"
        start.query_one("#kind-2").value = "random"
        start.query_one("#name-3").value = "Zed"
        start.query_one("#target").value = "400"
        await click(pilot, "#start")
        await wait_for(pilot, lambda: table_of(app) is not None)
    again = TarocchinoApp(settings=FAST, directory=tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await idle(pilot)
        start = again.screen
        assert [start.query_one(f"#kind-{i}").value for i in range(4)] == [
            "human",
            "easy",
            "random",
            "hard",
        ]
        assert start.query_one("#name-3").value == "Zed"
        assert start.query_one("#target", Input).value == "400"


async def test_q_quits_the_start_screen_but_types_in_a_name(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        # (on a busy machine the first frames may still be the loading screen's)
        await wait_for(pilot, lambda: "Ctrl+Q Quit" in screen_text(app))
        assert "Ctrl+Q Quit" in screen_text(app)
        await click(pilot, "#name-0")
        await press(pilot, "q", "u", "i")
        assert app.screen.query_one("#name-0", Input).value == "qui"
        await click(pilot, "#seed")
        await press(pilot, "tab")
        await idle(pilot)
        assert not app.screen.query_one("#seed", Input).has_class("-invalid")  # empty is fine
        app.screen.query_one("#start").focus()
        await press(pilot, "q")
        await idle(pilot)
    assert app.return_code == 0


async def test_watching_four_bots_with_pause_and_pace(tmp_path: Path) -> None:
    app = make_app(tmp_path, None, settings=replace(FAST, bot_delay=0.6))
    async with app.run_test(size=(80, 24)) as pilot:
        await idle(pilot)
        app.screen.query_one("#start").focus()
        await press(pilot, "w")
        await wait_for(pilot, lambda: table_of(app) is not None)
        table = table_of(app)
        assert table is not None and table.watching
        assert [s.kind for s in table.session.seats] == ["hard"] * 4  # human seats: hard bots
        assert table.pace == 1.0 and not table.query_one(HandView).display
        await press(pilot, "minus")
        assert table.pace == 1.5
        await press(pilot, "plus", "plus", "plus")
        assert table.pace == 0.3
        await wait_for(pilot, lambda: table.session.ply >= 3, limit=5000)
        await press(pilot, "space")
        await idle(pilot)
        ply = table.session.ply
        assert table.paused and "(paused): Space goes on" in screen_text(app)  # (as the key bar)
        await pilot.pause(0.8)
        assert table.session.ply == ply  # nothing moves while paused
        await press(pilot, "space")
        await wait_for(pilot, lambda: table.session.ply > ply, limit=5000)
        assert "Watching four bots" in screen_text(app)


async def test_enter_twice_on_a_card_takes_the_discard_mark_back(tmp_path: Path) -> None:
    from tests.support.deals import seed_dealer

    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=seed_dealer(0))
    async with app.run_test(size=(80, 24)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        assert "Mark" in screen_text(app) and "Play" not in screen_text(app).splitlines()[-1]
        hand = table.query_one(HandView)
        await press(pilot, "right", "enter")
        first = hand.cards[hand.cursor]
        assert table.marked == [first]
        await press(pilot, "enter")
        assert table.marked == [] and hand.cards[hand.cursor] == first
        assert table.session.match.phase == "discard"


async def test_keys_only_over_the_cards_that_may_be_played(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(200):
            screen = await settle(pilot)
            if isinstance(screen, TableScreen):
                view = screen.my_turn()
                legal = {a.card for a in view.legal}
                hand = screen.query_one(HandView)
                if view.phase == "play" and len(legal) < len(hand.cards):
                    break
                await press_for(pilot, screen)
            else:
                await press(pilot, "enter")
        labels = hand.render().plain.splitlines()[0]
        size, stride, margin = hand._geometry()
        for i, c in enumerate(hand.cards):
            at = margin + i * stride + (size[0] - 1) // 2
            assert (labels[at] != " ") == (c in legal), (i, labels)


async def test_80x24_shows_the_log_and_whole_side_names(tmp_path: Path) -> None:
    app = make_app(
        tmp_path,
        ["human", "random", "random", "random"],
        seed=3,
        names=["Annabella", "Bartolomeo", "Carla", "Domenico"],
    )
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settle(pilot)
        while not isinstance(screen, TableScreen) or not screen.session.match.hand.tricks:
            if isinstance(screen, TableScreen):
                await press_for(pilot, screen)
            else:
                await press(pilot, "enter")
            screen = await settle(pilot)
        lines = screen_text(app).splitlines()
        log = next(
            i for i, line in enumerate(lines) if line.rstrip().endswith("| Log") or " Log " in line
        )
        assert any("plays" in line or "deals" in line for line in lines[log + 1 :])
        text = screen_text(app)
        assert "Bartolomeo &" in text and "Domenico" in text and "…" not in text


async def test_ascii_mode_draws_no_unicode_glyph_of_ours(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=3)  # FAST is ASCII
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(30):
            screen = await settle(pilot)
            text = screen_text(app)
            if isinstance(screen, (TableScreen, ScoringScreen)):
                assert not set(text) & set(OUR_GLYPHS), [ch for ch in text if ch in OUR_GLYPHS]
            if isinstance(screen, TableScreen):
                await press_for(pilot, screen)
            else:
                await press(pilot, "enter")


async def test_ascii_mode_start_and_settings_are_plain_ascii(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)  # FAST is ASCII
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        text = screen_text(app)
        assert "Start new match" in text and text.isascii(), {ch for ch in text if ord(ch) > 127}
        await press(pilot, "f2")
        await wait_for(pilot, lambda: "Bot delay" in screen_text(app))
        await idle(pilot)
        text = screen_text(app)
        assert text.isascii(), {ch for ch in text if ord(ch) > 127}


async def test_a_long_notice_is_not_cut(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = table_of(app)
        notice = (
            "Hint: play KS - it wins the trick for your side and keeps the Queen for the "
            "Kings' sequence; the search expects your side to end this hand ahead by 23"
        )
        table.say(notice)
        # (under the declarations dialog the table is repainted a few frames later)
        await wait_for(
            pilot,
            lambda: (
                "ahead by 23" in " ".join(line.strip() for line in screen_text(app).splitlines())
            ),
        )


async def test_resumed_on_a_scoring_sheet_the_sheet_comes_back(tmp_path: Path) -> None:
    save_at_the_last_tricks(tmp_path, parse_seats(["human", "random", "random", "random"]), 4)
    app = make_app(tmp_path, None)  # (the hand's last two tricks played here)
    async with app.run_test(size=(120, 40)) as pilot:
        await resume(pilot)
        while not isinstance(screen := await settle(pilot), ScoringScreen):
            if isinstance(screen, TableScreen):
                await press_for(pilot, screen)
            else:
                await press(pilot, "enter")
        scores = list(table_of(app).session.match.scores)
    again = make_app(tmp_path, None, settings=Settings(bot_delay=0, trick_pause=0))
    async with again.run_test(size=(120, 40)) as pilot:
        await idle(pilot)
        text = screen_text(again)
        assert f"You & Carla {scores[0]}" in text and f"Bruno & Dario {scores[1]}" in text
        await click(pilot, "#resume")
        await wait_for(pilot, lambda: isinstance(again.screen, ScoringScreen))
        sheet = again.screen
        assert sheet.summary.result.scores_after == tuple(scores)
        await press(pilot, "enter")
        await wait_for(pilot, lambda: not isinstance(again.screen, ScoringScreen))
        assert table_of(again).session.match.scores == scores


class _SheetTimers:
    """The timers the scoring sheets set, kept rather than run: a test fires the one it wants
    when it wants (the sheet's countdown is 4 s of real time)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.set: list[_SheetTimer] = []
        monkeypatch.setattr(ScoringScreen, "set_timer", self._set_timer)

    def _set_timer(self, delay: float, callback, **_: object) -> _SheetTimer:  # noqa: ANN001
        timer = _SheetTimer(delay, callback)
        self.set.append(timer)
        return timer


class _SheetTimer:
    def __init__(self, delay: float, callback) -> None:  # noqa: ANN001
        self.delay, self.callback, self.stopped = delay, callback, False

    def stop(self) -> None:
        self.stopped = True


async def test_watching_the_next_hand_comes_by_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    timers = _SheetTimers(monkeypatch)
    save_at_the_last_tricks(tmp_path, parse_seats(["random"] * 4), 4)  # (watched from there)
    app = make_app(tmp_path, None, settings=replace(FAST, bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await resume(pilot)
        await wait_for(
            pilot,
            lambda: (
                isinstance(app.screen, ScoringScreen)
                and "next hand starts in 4 s" in screen_text(app)
            ),
            limit=10000,
        )
        sheet = app.screen
        assert sheet.next_in == 4.0
        await wait_for(pilot, lambda: bool(timers.set))
        (countdown,) = timers.set
        assert countdown.delay == 4.0 and not countdown.stopped
        countdown.callback()  # the 4 s are over
        await wait_for(pilot, lambda: app.screen is not sheet)
        table = table_of(app)
        assert table is not None and len(table.session.results) >= 1
        assert not isinstance(app.screen, ScoringScreen) or app.screen is not sheet


async def test_back_from_the_help_the_sheet_waits_its_whole_time_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Watching, the help opened on a sheet and closed: the next hand comes the whole 4 s later
    (the sheet's first countdown used to run on and take it away at once)."""
    timers = _SheetTimers(monkeypatch)
    save_at_the_last_tricks(tmp_path, parse_seats(["random"] * 4), 4)  # (watched from there)
    app = make_app(tmp_path, None, settings=replace(FAST, bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await resume(pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, ScoringScreen), limit=10000)
        sheet = app.screen
        await wait_for(pilot, lambda: bool(timers.set))
        (first,) = timers.set
        await press(pilot, "question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert first.stopped  # the first countdown does not run on under the help
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is sheet and len(timers.set) == 2)
        again = timers.set[1]
        assert again.delay == 4.0 and not again.stopped  # the whole time, from now
        await idle(pilot)
        assert app.screen is sheet
        again.callback()  # the 4 s are over: the next hand comes
        await wait_for(pilot, lambda: app.screen is not sheet)


async def test_a_session_whose_other_seats_play_elsewhere(tmp_path: Path) -> None:
    """The table waits for seats it does not drive, and goes on when the session says they
    acted (what a network session does); nothing of theirs is asked of the bot runner."""
    from table.session import Session

    class Elsewhere(Session):
        listener = None

        def listen(self, listener) -> None:
            self.listener = listener

    session = Elsewhere(parse_seats(["human", "easy", "easy", "easy"]), Match(6))
    played_elsewhere = dict(session.bots)
    session.bots = {}  # the other three seats are played by another program

    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await idle(pilot)
        app.push_screen(TableScreen(session))
        await idle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and session.listener is not None
        for _ in range(12):  # the other seats' moves arrive one by one
            while session.turn != 0 and session.winner is None:
                seat = session.turn
                await pilot.pause(0.02)
                assert table.bots.runner is not None and not table.bots.runner.busy
                assert f"Waiting for {session.seats[seat].name}" in screen_text(app)
                view = session.view(seat)
                action = played_elsewhere[seat].choose(view, view.legal, session.bot_rng(seat))
                session.listener(session.apply(action))
            await wait_for(
                pilot,
                lambda: table.my_turn() is not None or not isinstance(app.screen, TableScreen),
            )
            if isinstance(app.screen, TableScreen) and session.phase in ("play", "discard"):
                await press_for(pilot, table)
            else:
                await press(pilot, "enter")
        assert session.ply >= 12


async def test_the_discard_hint_puts_the_cursor_on_a_card_to_mark(tmp_path: Path) -> None:
    """`t` while discarding: the cursor goes to the first suggested card not marked yet, so
    Enter marks it; asked again, to the other one."""
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=104)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and table.current_view().phase == "discard"
        hand = table.query_one(HandView)
        status = table.query_one("#status")
        for marked in range(2):
            await press(pilot, "t")
            await wait_for(
                pilot, lambda: status.text.plain.startswith("Hint: discard"), limit=20000
            )
            card = hand.cards[hand.cursor]
            assert card not in hand.marked and len(hand.marked) == marked
            shown = status.text.plain
            if marked == 0:
                await press(pilot, "enter")
                await idle(pilot)
                assert hand.marked == {card} and card_text(card, table.look).plain in shown
            else:
                assert card_text(card, table.look).plain in shown
