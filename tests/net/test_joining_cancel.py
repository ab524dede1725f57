"""Joining a table where nothing answers: a dialog says where, as whom, what the last try found
and for how long it goes on (it was a notice every 10 s over the start screen for up to 600 s,
with no way to stop but quitting); Esc or its Cancel gives up at once, back on the start screen,
and nothing is tried any more. A table that answers closes the dialog for the table. (127.0.0.1:
a port the OS gave that nothing listens on; bounded waits.)"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Button, Static

from net.client import Address, JoinRequest
from tests.support.net import serve
from tests.support.screens import FAST, click, press, wait_for
from tui.app import TarocchinoApp
from tui.screens.network import JoiningScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A port of 127.0.0.1 held (so nobody takes it) that nothing listens on."""
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        yield held.getsockname()[1]


def _said(screen: JoiningScreen) -> str:
    return " ".join(str(s.render()) for s in screen.query(Static))


@pytest.mark.parametrize("how", ["escape", "button"])
async def test_giving_up_a_table_that_does_not_answer(
    tmp_path: Path, silent_port: int, how: str
) -> None:
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        app.join_table(JoinRequest(Address("127.0.0.1", silent_port), "Anna"))
        await wait_for(pilot, lambda: isinstance(app.screen, JoiningScreen))
        dialog = app.screen
        assert isinstance(dialog, JoiningScreen)
        await wait_for(pilot, lambda: "nothing answers" in _said(dialog))
        said = _said(dialog)
        assert f"127.0.0.1:{silent_port}" in said and "Anna" in said
        assert "10 minutes" in said and "Esc" in said
        client = app.network.session.client  # type: ignore[union-attr]
        if how == "escape":
            await press(pilot, "escape")
        else:
            await click(pilot, dialog.query_one("#cancel", Button))
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.network.session is None
        await wait_for(pilot, lambda: client._closing and app.network._task.done())  # type: ignore[union-attr]
        assert not app.network._joining


async def test_a_table_that_answers_takes_the_dialog_away(tmp_path: Path) -> None:
    server, address = await serve(["human", "easy", "easy", "easy"])
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            app.join_table(JoinRequest(address, "Anna"))
            await wait_for(pilot, lambda: TableScreen in map(type, app.screen_stack))
            assert not any(isinstance(s, JoiningScreen) for s in app.screen_stack)
    finally:
        await server.close()


def test_join_retry_for_is_a_persons_too(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """`tarocchino join --retry-for` was read for a bot's seat only: a person's was tried for
    600 s whatever it said."""
    from cli import join
    from cli import terminal_check as terminal
    from cli.main import main

    asked: list[JoinRequest] = []
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(terminal, "problem", lambda: None)
    monkeypatch.setattr(join, "_person", lambda args, request: asked.append(request) or 0)
    assert main(["join", "127.0.0.1:7800", "--name", "Anna", "--retry-for", "30"]) == 0
    assert asked[0].retry_for_s == 30


async def test_the_dialog_says_how_long_it_tries(tmp_path: Path, silent_port: int) -> None:
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        app.join_table(JoinRequest(Address("127.0.0.1", silent_port), "Anna", retry_for_s=90))
        await wait_for(pilot, lambda: isinstance(app.screen, JoiningScreen))
        assert "for up to 90 s" in _said(app.screen)  # type: ignore[arg-type]
        await press(pilot, "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
