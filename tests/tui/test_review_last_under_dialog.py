"""The last match's review (r on the start screen) is found in a worker: when it is found after
a dialog has opened over the start screen (Settings, say), it does not open over that dialog."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from textual.screen import ModalScreen
from textual.worker import WorkerState

from store.stats import record_finished_match
from tests.support.screens import make_app, wait_for
from tests.tui.test_last_match import finished_match
from text.hand_review import ReviewSource
from tui.screens.review import ReviewScreen
from tui.screens.start import StartScreen


async def test_the_review_found_late_does_not_open_over_a_dialog(tmp_path: Path) -> None:
    finished, _ = finished_match()
    assert record_finished_match(tmp_path, finished) is None
    source = ReviewSource.recorded(tmp_path, None)
    assert isinstance(source, ReviewSource)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        start = app.screen
        dialog: ModalScreen[None] = ModalScreen()
        app.push_screen(dialog)
        await wait_for(pilot, lambda: app.screen is dialog)
        found = SimpleNamespace(
            worker=SimpleNamespace(name="last", result=source), state=WorkerState.SUCCESS
        )
        start.on_worker_state_changed(found)  # the worker's answer, after the dialog opened
        await pilot.pause()
        assert app.screen is dialog, app.screen_stack
        assert not any(isinstance(s, ReviewScreen) for s in app.screen_stack)
        dialog.dismiss(None)
        await wait_for(pilot, lambda: app.screen is start)
        start.on_worker_state_changed(found)  # on top: the review opens
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
