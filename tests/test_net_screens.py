"""The game's screens at a remote table: the join dialog from the start screen, then a whole match
played through key presses at the same table screen as local play, against a test server on the
loopback whose other seats are its bots."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from test_tui_support import FAST, press, press_for, screen_text, settle, wait_for
from textual.widgets import Input

from tests.net_helpers import serve
from tui.app import TarocchinoApp
from tui.net import protocol as p
from tui.net.client import TokenStore
from tui.net.remote import RemoteSession
from tui.net.screens import JoinScreen
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen


async def _type(pilot, selector: str, text: str) -> None:  # noqa: ANN001
    field = pilot.app.screen.query_one(selector, Input)
    field.value = text
    await pilot.pause()


async def test_join_from_the_start_screen_and_play_the_match(tmp_path: Path) -> None:
    seed, target = 11, 150
    server, address = await serve(["human", "easy", "easy", "easy"], seed=seed, target=target)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            await pilot.click("#join")
            await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
            await _type(pilot, "#address", "nowhere:99999")
            await _type(pilot, "#name", "Anna")
            await pilot.press("enter")
            assert isinstance(app.screen, JoinScreen)  # a bad address is refused in the dialog
            assert "port" in screen_text(app)
            await _type(pilot, "#address", str(address))
            await press(pilot, "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            table = app.screen
            session = table.session
            assert isinstance(session, RemoteSession) and session.seat == 0
            assert "easy bot" in screen_text(app)
            sheets = 0
            for _ in range(3000):
                screen = await settle(pilot)
                if isinstance(screen, ScoringScreen):
                    sheets += 1
                    if screen.summary.winner is not None:
                        await press(pilot, "m")
                        break
                    await press(pilot, "enter")
                elif isinstance(screen, (DeclareScreen, ConfirmScreen)):
                    await press(pilot, "enter")
                elif isinstance(screen, TableScreen):
                    await press_for(pilot, screen)
                else:
                    raise AssertionError(f"unexpected screen {screen!r}")
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        match = server.session.match
        assert match.winner is not None and session.winner == match.winner
        assert sheets == len(match.results) and session.results == match.results
        assert (0, "remote") in server.movers
        assert TokenStore(tmp_path).get(address, "Anna") is not None  # kept to come back
    finally:
        await server.close()


async def test_the_remote_session_tells_who_comes_and_goes() -> None:
    """Notices from the seats' statuses; an action on its way makes it nobody's turn here."""
    sent: list[dict] = []

    class Client:
        def __init__(self, receive) -> None:  # noqa: ANN001
            self.receive = receive

        def send(self, message: dict) -> bool:
            sent.append(message)
            return True

    session = RemoteSession(Client)  # type: ignore[arg-type]
    from game.match import Match

    match = Match(3)
    seat = match.turn
    view = match.view(seat)

    def status(name: str, **changes: object) -> p.SeatStatus:
        base = p.SeatStatus(name, p.PERSON, None, True, None, None, True)
        return dataclasses.replace(base, **changes)

    names = ["Anna", "Bruno", "Carla", "Dario"]
    seats = tuple(status(n) for n in names)
    session.receive(p.Welcome(seat, "t", p.TableInfo(800, 60, "medium", ())))
    session.receive(p.State(0, view, seats, True, None, 5))
    other = (seat + 1) % 4
    gone = list(seats)
    gone[other] = status(names[other], connected=False, away_s=0.0)
    session.receive(p.State(0, view, tuple(gone), True, None, 5))
    gone[other] = status(names[other], connected=False, stand_in="medium", away_s=61.0)
    session.receive(p.State(0, view, tuple(gone), True, None, 5))
    notices = session.pop_notices()
    assert notices == [f"{names[other]} left the table.",
                       f"The medium bot plays for {names[other]} until they return."]
    assert session.seats[other].kind == "medium" and session.status_tags(other) == ["away"]
    assert session.match.turn == seat
    session.apply(view.legal[0])
    assert sent[-1] == p.act(seat, 0, view.legal[0])
    assert session.match.turn == -1 and session.view(seat).legal == ()  # nothing twice
