"""The start screen's thinking time for the hard bot: chosen by feel, played, remembered."""

from __future__ import annotations

from pathlib import Path

import pytest

from ai.hard import TIME_MARGIN, HardBot
from table.session import parse_seats
from tests.support.screens import FAST, table_of, wait_for
from tui.app import TarocchinoApp
from tui.screens.start import StartScreen, kind_options


def test_the_quick_hard_bots_are_offered_after_the_hard_bot() -> None:
    values = [value for _, value in kind_options()]
    hard = values.index("hard")
    assert values[hard + 1 : hard + 3] == ["hard:budget_s=0.5", "hard:budget_s=0.25"]
    assert dict((v, label) for label, v in kind_options())["hard:budget_s=0.25"] == (
        "Hard bot, 0.25 s a move"
    )
    seats = parse_seats(["human", "hard:budget_s=0.25", "hard", "hard:budget_s=0.5"])
    assert [s.kind for s in seats][1:] == ["hard:budget_s=0.25", "hard", "hard:budget_s=0.5"]


async def test_a_thinking_time_chosen_on_the_start_screen(tmp_path: Path) -> None:
    app = TarocchinoApp(settings=FAST, directory=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        start = app.screen
        assert isinstance(start, StartScreen)
        start.query_one("#kind-1").value = "hard:budget_s=0.25"
        start.query_one("#kind-3").value = "hard:budget_s=0.5"
        await pilot.click("#start")
        await wait_for(pilot, lambda: table_of(app) is not None)
        session = table_of(app).session
        bots = session.bots
        assert isinstance(bots[1], HardBot) and isinstance(bots[3], HardBot)
        assert bots[1].settings.budget_s == pytest.approx(0.25 * TIME_MARGIN)
        assert bots[3].settings.budget_s == pytest.approx(0.5 * TIME_MARGIN)
        assert bots[2].settings.budget_s == pytest.approx(1.0 * TIME_MARGIN)
    again = TarocchinoApp(settings=FAST, directory=tmp_path)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        kinds = [again.screen.query_one(f"#kind-{i}").value for i in range(4)]
        assert kinds == ["human", "hard:budget_s=0.25", "hard", "hard:budget_s=0.5"]
