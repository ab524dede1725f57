"""The too-small page is clean: no notification is drawn over it. What was on screen when the
terminal shrank and what is said while it is small comes back, each for its whole time, when the
terminal is big enough again (even one whose time ran out meanwhile: nobody could read it); one
taken back meanwhile (withdrawn: stale) does not."""

from __future__ import annotations

from pathlib import Path

from textual.widgets._toast import Toast

from tests.support.screens import make_app, screen_text, settle, wait_for
from tui.screens.table import TableScreen
from tui.screens.too_small import TooSmallScreen

BEFORE = "Shown as the terminal shrank"
MEANWHILE = "Said while it was small"
STALE = "Taken back while it was small"


def _toasts(app) -> dict[str, Toast]:
    return {toast._notification.message: toast for toast in app.screen.query(Toast)}


async def test_the_too_small_page_holds_the_notifications(tmp_path: Path) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=2)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        table = await settle(pilot)
        assert isinstance(table, TableScreen)
        app.notify(BEFORE, timeout=30)
        await wait_for(pilot, lambda: BEFORE in _toasts(app))
        await pilot.resize_terminal(30, 8)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        page = app.screen
        await pilot.pause()
        assert not _toasts(app) and "shrank" not in screen_text(app)  # a clean page
        app.notify(MEANWHILE, timeout=0.05)
        app.notify(STALE, timeout=30)
        await wait_for(pilot, lambda: MEANWHILE in {n.message for n in page.held.values()})
        app.withdraw({STALE})
        # the time of the one said meanwhile runs out while nobody can read it
        await wait_for(
            pilot, lambda: all(n.has_expired for n in page.held.values() if n.message == MEANWHILE)
        )
        await pilot.pause()
        shown = screen_text(app)
        assert not _toasts(app), _toasts(app)
        assert "Terminal too small" in shown and "shrank" not in shown and "Said" not in shown
        said: list[tuple[str, float | None]] = []
        notify = app.notify

        def told(message: str, **kwargs) -> None:
            said.append((message, kwargs.get("timeout")))
            notify(message, **kwargs)

        app.notify = told
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: app.screen is table)
        await wait_for(pilot, lambda: BEFORE in _toasts(app))
        # said again, each for its whole time (counted from now), in the order first said
        assert said == [(BEFORE, 30), (MEANWHILE, 0.05)]
        assert _toasts(app)[BEFORE]._notification.time_left > 25
