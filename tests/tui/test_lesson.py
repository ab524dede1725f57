"""The lesson's screen (Learn to play): opened from the start screen, Enter goes on, a wrong
card is explained in the status line and changes nothing, the declarations' dialog declares,
and the place is saved for the next time."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from store.lesson import LessonProgress
from table.lesson import STEPS, step_of
from tests.support.screens import make_app, press_each, wait_for
from tui.app import TarocchinoApp
from tui.screens.declare import DeclareScreen
from tui.screens.lesson import LessonScreen
from tui.screens.start import StartScreen
from tui.widgets.keybar import KeyBar
from tui.widgets.line import TextLine
from tui.widgets.seat import SeatPanel


def _status(screen: LessonScreen) -> str:
    return screen.query_one("#status", TextLine).text.plain


async def test_l_on_the_start_screen_opens_the_lesson(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press_each(pilot, "l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await press_each(pilot, "enter")
        assert app.screen.lesson.step == 1  # type: ignore[attr-defined]
        await press_each(pilot, "q")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))


async def test_a_wrong_card_is_explained_and_the_right_one_plays(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        screen = LessonScreen(None, start=step_of("follow"))
        app.push_screen(screen)
        await wait_for(pilot, lambda: app.screen is screen)
        await press_each(pilot, "1")  # T16: a trump, while Spade must be followed
        assert "must follow Spade" in _status(screen)
        assert screen.lesson.current.key == "follow"
        await press_each(pilot, "0")  # 7♠: legal, not the step's
        assert "asks for" in _status(screen)
        await press_each(pilot, "8")  # K♠
        assert screen.lesson.current.key == "trick_won"


async def test_the_declaration_is_made_in_the_dialog(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        screen = LessonScreen(None, start=step_of("declare"))
        app.push_screen(screen)
        await wait_for(pilot, lambda: app.screen is screen)
        await press_each(pilot, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, DeclareScreen))
        await press_each(pilot, "enter")
        await wait_for(pilot, lambda: app.screen is screen)
        assert screen.lesson.current.key == "follow"


async def test_the_place_is_saved_and_resumed(tmp_path: Path) -> None:
    app = TarocchinoApp(directory=tmp_path, lesson=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await press_each(pilot, "enter", "enter", "s")
    assert LessonProgress(tmp_path, len(STEPS)).read_telling() == (3, None)
    again = TarocchinoApp(directory=tmp_path, lesson=True)
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, LessonScreen))
        assert again.screen.lesson.step == 3  # type: ignore[attr-defined]


async def test_damaged_progress_starts_over_with_a_notice(tmp_path: Path) -> None:
    (tmp_path / "lesson.json").write_text("{broken")
    app = TarocchinoApp(directory=tmp_path, lesson=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert app.screen.lesson.step == 0  # type: ignore[attr-defined]
        said = [n.message for n in app._notifications]
        assert any("starts over" in m for m in said)
    assert LessonProgress(tmp_path, len(STEPS)).read_telling() == (0, None)


async def test_a_card_key_at_a_step_to_read_says_why(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        screen = LessonScreen(None, start=step_of("trick_won"))
        app.push_screen(screen)
        await wait_for(pilot, lambda: app.screen is screen)
        await press_each(pilot, "1")
        assert "Enter goes on" in _status(screen)
        assert screen.lesson.current.key == "trick_won"


async def test_the_key_bar_is_clicked(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        screen = LessonScreen(None, start=step_of("follow"))
        app.push_screen(screen)
        await wait_for(pilot, lambda: app.screen is screen)
        bar = screen.query_one(KeyBar)
        start, _end, _action = next(span for span in bar._spans if span[2] == "skip")
        await pilot.click(KeyBar, offset=(start + 1, 0))
        await wait_for(pilot, lambda: screen.lesson.current.key == "trick_won")
        start, _end, _action = next(span for span in bar._spans if span[2] == "back")
        await pilot.click(KeyBar, offset=(start + 1, 0))
        await wait_for(pilot, lambda: screen.lesson.current.key == "follow")


async def test_each_sheet_step_shows_its_line_at_80x24(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        screen = LessonScreen(None, start=step_of("sheet_combinations"))
        app.push_screen(screen)
        await wait_for(pilot, lambda: app.screen is screen)
        board = screen.query_one("#board")
        await pilot.pause()
        assert board.scroll_y == 0
        for key in ("sheet_cards", "sheet_last", "sheet_declarations", "sheet_total"):
            await press_each(pilot, "enter")
            await pilot.pause()
            assert screen.lesson.current.key == key
            assert board.scroll_y > 0, key


async def test_your_seat_shows_your_declaration(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        screen = LessonScreen(None, start=step_of("follow"))
        app.push_screen(screen)
        await wait_for(pilot, lambda: app.screen is screen)
        panel = screen.query_one("#seat-bottom", SeatPanel)
        shown = panel.text.plain.split("\n")[: panel.size.height]  # (its rows at 80x24)
        assert any(line.startswith("declared 27") for line in shown), shown


async def test_page_down_reads_on_in_a_long_step(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        screen = LessonScreen(None, start=step_of("their_declarations"))
        app.push_screen(screen)
        await wait_for(pilot, lambda: app.screen is screen)
        pane = screen.query_one("#lesson-pane")
        # (every step fits at 80x24: a longer text stands in for one that would not)
        screen.query_one("#lesson-body", Static).update("\n".join(["words"] * 40))
        await pilot.pause()
        await press_each(pilot, "pagedown")
        await pilot.pause()
        assert pane.scroll_y > 0
        await press_each(pilot, "pageup")
        await pilot.pause()
        assert pane.scroll_y == 0
