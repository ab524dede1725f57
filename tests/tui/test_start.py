"""The start screen: its page at every size, the keys its buttons name, keys typed ahead, the
thinking time of the hard bot, and what it shows after a match."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.pilot import Pilot
from textual.widgets import Button, Footer, Input, Select, Static

from ai.hard import TIME_MARGIN, HardBot
from store.lastmatch import LastMatch, LastMatchNote
from store.save import SaveStore
from store.settings import Settings
from table.session import Session, parse_seats
from tests.support.matches import finished_match
from tests.support.screens import (
    FAST,
    click,
    idle,
    make_app,
    press,
    save_at_the_last_tricks,
    screen_text,
    settle,
    table_of,
    wait_for,
)
from text.lastmatch import last_match_parts
from tui.app import TarocchinoApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.start import StartScreen, kind_options
from tui.screens.table import TableScreen

# --------------------------------------------------------------------------------- start keys named
# The start screen names a key for each thing a newcomer comes to do there: Start new match (n,
# whichever field or button has the focus; Enter only worked on the button while it had the focus)
# and Resume (r, where a match is saved: the row of the last match, in its place, says Review r),
# whole at 80 columns.


SEATS = ["human", "random", "random", "random"]


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_n_starts_the_new_match_the_button_says_so(tmp_path: Path, size) -> None:
    app = make_app(tmp_path, None, target=300)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await idle(pilot)
        text = screen_text(app)
        assert "Start new match  n" in text, text
        assert "Quit" in text  # (still whole beside it)
        app.screen.query_one("#watch").focus()  # Enter here would watch bots: n still starts
        await press(pilot, "n")
        await wait_for(pilot, lambda: table_of(app) is not None)
        table = table_of(app)
        assert table.session.humans == [0] and table.session.match.rules.target == 300


async def test_n_typed_in_a_name_stays_there(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        name = app.screen.query_one("#name-0", Input)
        name.value = ""
        name.focus()
        await press(pilot, "N", "i", "n", "a")
        assert name.value == "Nina"
        assert isinstance(app.screen, StartScreen)


async def test_r_resumes_the_saved_match_its_button_says_so(tmp_path: Path) -> None:
    SaveStore(tmp_path).write(Session.new(parse_seats(SEATS), seed=1, target=800))
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await idle(pilot)
        assert "Resume  r" in screen_text(app)
        app.screen.query_one("#start").focus()  # (Enter here would ask to start anew)
        await press(pilot, "r")
        await wait_for(pilot, lambda: table_of(app) is not None)
        assert table_of(app).session.match.rules.target == 800


# --------------------------------------------------------------------------------------- start page
# The start screen in the middle of the terminal's height at every size, whole: at 100x32 it sat at
# the top with 9 empty rows under it (it was put in the middle from 36 rows only), and before that
# at 200x60 with 37 empty rows under it.


@pytest.mark.parametrize(
    "size", [(80, 24), (100, 32), (120, 40), (160, 50), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}"
)
@pytest.mark.parametrize("saved", [False, True], ids=["new", "saved"])
async def test_the_start_page_sits_in_the_middle(
    tmp_path: Path, size: tuple[int, int], saved: bool
) -> None:
    if saved:  # a match to resume: the page is taller
        app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: len(app.screen_stack) > 1)
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await idle(pilot)
        page = app.screen.query_one("#start-page").region
        footer = app.screen.query_one(Footer).region
        above, under = page.y, footer.y - page.bottom
        assert under >= 0, (above, under)  # whole, above the footer
        assert abs(above - under) <= 1, (above, under)


# -------------------------------------------------------------------------------- start button keys
# The start screen's buttons say their keys as the footer does, all of them ("Rules & help ?" and
# "Settings F2" beside "Watch bots w", "Past matches p"), whole at 80 columns.


@pytest.mark.parametrize("ascii", [False, True], ids=["unicode", "ascii"])
async def test_every_button_with_a_key_says_it(tmp_path: Path, ascii: bool) -> None:
    settings = Settings(suit_marks="ascii") if ascii else Settings()
    app = make_app(tmp_path, settings=settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await idle(pilot)
        text = screen_text(app)
        for label in (
            "Watch bots  w",
            "Rules & help  ?",
            "Settings  F2",
            "Past matches  p",
            "Statistics  s",
            "Quit",
        ):
            assert label in text, (label, text)


# ------------------------------------------------------------------------------------ start unicode
# The start page at 80x24 in Unicode (its title three rows of letters) with a saved match whose line
# wraps: whole above the footer, with no scroll bar (its empty message row made it one row too tall,
# and the screen scrolled); a message, when there is one, still shows.


UNICODE_LOOK = Settings(bot_delay=0.0, trick_pause=0.0, suit_marks="unicode")


async def test_the_start_page_fits_80x24_in_unicode_with_a_saved_match(tmp_path: Path) -> None:
    save_at_the_last_tricks(tmp_path, parse_seats(["human", "easy", "human", "easy"], None), 2)
    app = make_app(tmp_path, None, settings=UNICODE_LOOK)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await idle(pilot)
        screen = app.screen
        info = screen.query_one("#resume-info", Static)
        assert info.region.height == 2  # the saved match's line wraps
        assert screen.query_one("#title", Static).region.height == 3
        page = screen.query_one("#start-page").region
        assert page.bottom <= screen.query_one(Footer).region.y
        assert screen.max_scroll_y == 0 and not screen.show_vertical_scrollbar
        screen.show_message("Make at least one seat Human: yours.", error=True)
        await wait_for(pilot, lambda: "Make at least one seat Human" in screen_text(app))


# -------------------------------------------------------------------------------- start after match
# After a match played to its end, the start screen never shows, even for one frame, what it said
# when the match began: not the "Saved match" box of the match that has just ended (it did, for one
# frame, before the last-match note), nor the note of the match before. Every frame painted after
# the last sheet is looked at.


QUICK = Settings(bot_delay=0.0, trick_pause=0.0, suit_marks="ascii", color=True)


def _frames(app) -> list[str]:
    """Every frame the app paints from now on, as the whole screen's text."""
    frames: list[str] = []
    display = app._display

    def painted(screen, update) -> None:
        display(screen, update)
        if update is not None:
            frames.append(screen_text(app))

    app._display = painted
    return frames


async def _last_sheet_left(pilot: Pilot) -> list[str]:
    """Bots play the match out (Enter on each sheet); on the last sheet, m (the menu) with every
    frame recorded from there until the start screen has settled."""
    app = pilot.app
    for _ in range(40):
        await wait_for(pilot, lambda: isinstance(app.screen, ScoringScreen), limit=20000)
        sheet = app.screen
        assert isinstance(sheet, ScoringScreen)
        if sheet.summary.winner is not None:
            frames = _frames(app)
            await press(pilot, "m")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            for _ in range(5):
                await idle(pilot)
            return [f for f in frames if "Ottocento, the tarot game" in f]  # the start screen's
        await press(pilot, "enter")
    raise AssertionError("the match never ended")


async def test_a_resumed_match_played_out_never_shows_its_saved_box(tmp_path: Path) -> None:
    SaveStore(tmp_path).write(Session.new(parse_seats(["easy"] * 4), seed=4, target=100))
    app = make_app(tmp_path, None, settings=QUICK)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert "Saved match" in screen_text(app)
        await press(pilot, "enter")  # Resume (it has the focus)
        frames = await _last_sheet_left(pilot)
    assert frames
    for frame in frames:
        assert "Saved match" not in frame and "Resume" not in frame, frame
        assert "Last match, 1 hand" in frame, frame  # (the match was one hand long)


async def test_the_note_of_the_match_before_is_not_shown_again(tmp_path: Path) -> None:
    # (a guard: only the note's words change here, not which box is shown, and that was drawn
    # right before the fix too)
    finished, match = finished_match()
    LastMatchNote(tmp_path).write(finished, match)
    before = " ".join(last_match_parts(LastMatch.of(finished, match)))
    app = make_app(tmp_path, None, settings=QUICK)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert before.split(" beat ")[1] in " ".join(screen_text(app).split())
        app.screen.query_one("#target").value = "100"
        for seat in range(4):  # quick bots at no pause: the match itself is not what is looked at
            app.screen.query_one(f"#kind-{seat}", Select).value = "easy"
        app.screen.query_one("#pace", Select).value = 0.0
        app.screen.query_one("#watch", Button).press()  # four bots, the seed filled in (1)
        frames = await _last_sheet_left(pilot)
    assert frames
    for frame in frames:
        assert before.split(" beat ")[1] not in " ".join(frame.split()), frame


# -------------------------------------------------------------------------------------- typed ahead
# Keys typed ahead on the start screen (queued while the game was busy, or typed fast): a button
# press that reaches the screen after a key has already opened another screen does nothing, so Enter
# on Start (or Resume) then w opens one match, never a match on top of another.


OPENED = (TableScreen, ConfirmScreen)  # what Start, Resume and Watch open


def _type(app, *keys: str) -> None:
    """The keys queued at once, as a terminal hands over what was typed meanwhile."""
    for key in keys:
        app._driver.send_message(events.Key(key, key if len(key) == 1 else None))


async def _typed_ahead(directory: Path, button: str) -> list:
    app = make_app(directory, None, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        app.screen.query_one(f"#{button}").focus()
        await idle(pilot)
        _type(app, "enter", "w")
        await wait_for(pilot, lambda: any(isinstance(s, OPENED) for s in app.screen_stack))
        for _ in range(20):  # (the press of the button, handled after the w)
            await idle(pilot)
        return [s for s in app.screen_stack if isinstance(s, OPENED)]


async def test_enter_on_start_then_w_opens_one_match(tmp_path: Path) -> None:
    opened = await _typed_ahead(tmp_path, "start")
    assert len(opened) == 1, opened  # not a new match asked for over the one just started


async def test_enter_on_resume_then_w_opens_one_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:  # a match saved
        await wait_for(pilot, lambda: table_of(app) is not None)
    opened = await _typed_ahead(tmp_path, "resume")
    assert len(opened) == 1, opened  # not the saved match resumed over the question


# ----------------------------------------------------------------------------------------- thinking
# The start screen's thinking time for the hard bot: chosen by feel, played, remembered.


def test_the_slower_hard_bots_are_offered_after_the_hard_bot() -> None:
    values = [value for _, value in kind_options()]
    hard = values.index("hard")
    assert values[hard + 1 : hard + 3] == ["hard:budget_s=0.5", "hard:budget_s=1.0"]
    labels = dict((v, label) for label, v in kind_options())
    assert labels["hard"] == "Hard bot, 0.25 s a move"
    assert labels["hard:budget_s=1.0"] == "Hard bot, 1 s a move"
    seats = parse_seats(["human", "hard:budget_s=1.0", "hard", "hard:budget_s=0.5"])
    assert [s.kind for s in seats][1:] == ["hard:budget_s=1.0", "hard", "hard:budget_s=0.5"]


async def test_a_thinking_time_chosen_on_the_start_screen(tmp_path: Path) -> None:
    app = TarocchinoApp(settings=FAST, directory=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await idle(pilot)
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#kind-1").value = "hard:budget_s=1.0"
        start.query_one("#kind-3").value = "hard:budget_s=0.5"
        await click(pilot, "#start")
        await wait_for(pilot, lambda: table_of(app) is not None)
        session = table_of(app).session
        bots = session.bots
        assert isinstance(bots[1], HardBot) and isinstance(bots[3], HardBot)
        assert bots[1].settings.budget_s == pytest.approx(1.0 * TIME_MARGIN)
        assert bots[3].settings.budget_s == pytest.approx(0.5 * TIME_MARGIN)
        assert bots[2].settings.budget_s == pytest.approx(0.25 * TIME_MARGIN)
    again = TarocchinoApp(settings=FAST, directory=tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await idle(pilot)
        kinds = [again.screen.query_one(f"#kind-{i}").value for i in range(4)]
        assert kinds == ["human", "hard:budget_s=1.0", "hard", "hard:budget_s=0.5"]


@pytest.mark.parametrize("meanwhile", ["quit", "told_on_top"])
async def test_the_page_composed_as_it_comes_into_view_is_filled_once_it_is_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, meanwhile: str
) -> None:
    """The page not yet composed comes into view, and before its widgets are mounted the game
    quits (the table closed with the app) or the page is told it is on top again: it fills
    nothing until they are there, and the game ends without an error."""
    recompose = StartScreen.recompose

    async def interrupted(self: StartScreen) -> None:
        if meanwhile == "quit":
            self.app.exit()
        else:
            self.on_screen_resume()
        await recompose(self)

    monkeypatch.setattr(StartScreen, "recompose", interrupted)
    app = make_app(tmp_path, ["random", "random", "random", "random"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
        start = app.screen_stack[1]
        assert isinstance(start, StartScreen) and not start.built
        app.pop_screen()  # (the page comes into view, and its composing is asked for)
        if meanwhile == "told_on_top":
            await wait_for(pilot, lambda: start.built)
            assert start.query_one("#resume-row").display  # filled in: the match just saved
    if meanwhile == "quit":
        assert start.built and not start.children


async def test_under_a_match_started_at_once_the_page_is_composed_when_it_comes_into_view(
    tmp_path: Path,
) -> None:
    """`play --seats` opens the table over the start screen at once: the page is not composed
    under it (a fifth of the table's start), and no key acts on it meanwhile; back from the
    table it is whole, with the match just saved, and its keys work."""
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        start = app.screen_stack[1]
        assert isinstance(start, StartScreen)
        assert not start.built and not start.children
        assert not start.check_action("new_match", ())
        await press(pilot, "q")
        await wait_for(pilot, lambda: app.screen is start and start.built)
        await idle(pilot)
        assert start.query_one("#resume-row").display
        assert app.focused is start.query_one("#resume", Button)
        assert "Saved match" in screen_text(app)
        await press(pilot, "r")
        await wait_for(pilot, lambda: any(isinstance(s, TableScreen) for s in app.screen_stack))
