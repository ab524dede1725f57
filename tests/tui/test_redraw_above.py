"""One rule for what shows through a dialog (tui.widgets.underneath.redraw_above): the table's
repaints and the log's rewrite (after a resize) under a dialog ask the dialog's screen to draw
again; under a screen that covers the table wholly (the help) they ask nothing of it."""

from __future__ import annotations

from pathlib import Path

from tests.support.screens import make_app, press, settle, table_of, wait_for
from tui.screens.declare import DeclareScreen
from tui.screens.help import HelpScreen
from tui.widgets.log import PlayLog


def _asked(*widgets) -> list:
    """What ``widgets`` ask to be done after their next refresh, from now on."""
    asked: list = []
    for widget in widgets:

        def later(callback, *args, _call=widget.call_after_refresh, **kwargs):
            asked.append(callback)
            return _call(callback, *args, **kwargs)

        widget.call_after_refresh = later
    return asked


def _mark(screen):
    """``screen``'s refresh, told apart from any other callback."""
    refresh = screen.refresh

    def drawn_again(*args, **kwargs):
        return refresh(*args, **kwargs)

    screen.refresh = drawn_again
    return drawn_again


async def test_what_shows_through_a_dialog_is_drawn_again_and_nothing_else(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = await settle(pilot)
        assert isinstance(dialog, DeclareScreen)
        table = table_of(app)
        assert table is not None
        log = table.query_one(PlayLog)
        asked = _asked(log, table)
        again = _mark(dialog)
        log._rewrite()  # as after a resize
        assert asked.count(again) == 1
        table.redraw()
        assert asked.count(again) == 2
        # the help covers the table wholly: nothing of the table shows, nothing drawn again
        await press(pilot, "question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        again = _mark(app.screen)
        log._rewrite()
        table.redraw()
        assert again not in asked
