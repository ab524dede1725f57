"""Every step of the lesson fits its pane at 80x24, in English and in Italian: a newcomer reads
each step whole, without scrolling, beside the table (measured as the screen wraps it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from table.lesson import STEPS
from tests.support.screens import make_app, wait_for
from text.language import use
from tui.screens.lesson import LessonScreen
from tui.screens.start import StartScreen


@pytest.fixture(params=["en", "it"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    use(request.param)
    try:
        yield request.param
    finally:
        use("en")


async def test_every_step_fits_its_pane_at_80x24(tmp_path: Path, language: str) -> None:
    app = make_app(tmp_path, None)
    too_long = []
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        screen = LessonScreen(None, start=0)
        app.push_screen(screen)
        await wait_for(pilot, lambda: app.screen is screen)
        pane = screen.query_one("#lesson-pane")
        for n, step in enumerate(STEPS):
            screen.lesson.go(n)
            screen.moved()
            await pilot.pause()
            await pilot.pause()
            room = pane.scrollable_content_region.height
            needed = room + pane.max_scroll_y
            if needed > room:
                too_long.append(f"{n + 1} {step.key}: {needed} lines, room for {room}")
    assert not too_long, "\n".join(too_long)
