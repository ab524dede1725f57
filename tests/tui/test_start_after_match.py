"""After a match played to its end, the start screen never shows, even for one frame, what it
said when the match began: not the "Saved match" box of the match that has just ended (it did,
for one frame, before the last-match note), nor the note of the match before. Every frame
painted after the last sheet is looked at."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Button, Select

from store.lastmatch import LastMatch, LastMatchNote
from store.save import SaveStore
from store.settings import Settings
from table.session import Session, parse_seats
from tests.support.screens import make_app, press, screen_text, wait_for
from tests.tui.test_last_match import finished_match
from tui.screens.scoring import ScoringScreen
from tui.screens.start import StartScreen

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
                await pilot.pause()
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
    before = " ".join(LastMatch.of(finished, match).parts())
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
