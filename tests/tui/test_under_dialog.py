"""The table shows through a dialog (the declarations, a confirmation): what it says meanwhile
(a network countdown, a word on the status line) reaches the screen under the dialog too; its
repaints were not always passed on to the dialog's screen, which then kept the old words."""

from __future__ import annotations

from pathlib import Path

from tests.support.screens import make_app, screen_text, settle, table_of, wait_for
from tui.screens.declare import DeclareScreen


async def test_the_status_line_under_the_declarations_dialog_follows_what_is_said(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        assert isinstance(await settle(pilot), DeclareScreen)
        table = table_of(app)
        assert table is not None
        for seconds in (9, 8, 7, 6):
            words = f"Waiting for you: {seconds} s left, then the easy bot decides."
            table.say(words)
            await wait_for(pilot, lambda w=words: w in screen_text(app))
        assert isinstance(app.screen, DeclareScreen)  # the dialog stayed on top all along
