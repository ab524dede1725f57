"""The hard bot's default thinking time: the budget the arena found as strong as a longer one."""

from __future__ import annotations

import pytest

from ai.hard import DEFAULT_BUDGET_S, TIME_MARGIN, HardBot
from ai.registry import make_bot


def test_the_default_hard_bot_thinks_a_quarter_second() -> None:
    assert DEFAULT_BUDGET_S == 0.25
    bot = make_bot("hard")
    assert isinstance(bot, HardBot)
    assert bot.settings.budget_s == pytest.approx(0.25 * TIME_MARGIN)
    assert bot.settings.samples is None


def test_iterations_alone_leave_no_time_limit() -> None:
    bot = HardBot(iterations=10)
    assert bot.settings.budget_s is None and bot.settings.samples == 10
