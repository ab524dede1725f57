"""The screens over the whole terminal that go back where they came from say so with the same
key in their footers: "q Back" (the help said "esc Back", the review, the statistics and the
past matches "q Back"; q and Escape work in all of them)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets._footer import FooterKey

from tests.support.screens import make_app, press, wait_for
from tui.screens.help import HelpScreen
from tui.screens.matches import PastMatchesScreen
from tui.screens.start import StartScreen
from tui.screens.statistics import StatisticsScreen


def _back(screen) -> list[str]:
    return [key.key_display for key in screen.query(FooterKey) if key.description == "Back"]


async def test_every_back_key_in_the_footers_is_q(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        for key, kind in (
            ("question_mark", HelpScreen),
            ("s", StatisticsScreen),
            ("p", PastMatchesScreen),
        ):
            await press(pilot, key)
            await wait_for(pilot, lambda kind=kind: isinstance(app.screen, kind))
            screen = app.screen
            await wait_for(pilot, lambda screen=screen: _back(screen))
            assert _back(screen) == ["q"], (kind, _back(screen))
            await press(pilot, "q")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
