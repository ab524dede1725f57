"""The game's screens at a remote table: the join dialog from the start screen, then a whole match
played through key presses at the same table screen as local play, against a test server on the
loopback whose other seats are its bots."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import re
from pathlib import Path

from textual.widgets import Input

from ai.easy import EasyBot
from game import wire
from game.match import Match
from game.scoring import declarable_families
from net import protocol as p
from net.client import JoinRequest, TokenStore
from net.referee import STAND_IN
from net.remote import RemoteSession
from tests.support.net import FAST as NET_FAST
from tests.support.net import RawClient, play_on_until, serve
from tests.support.screens import (
    FAST,
    click,
    idle,
    play_to_the_end,
    press,
    press_for,
    screen_text,
    table_of,
    wait_for,
)
from text.presenter import AWAY, CONNECTED
from tui.app import TarocchinoApp
from tui.screens.network import JoinScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen


async def _type(pilot, selector: str, text: str) -> None:  # noqa: ANN001
    field = pilot.app.screen.query_one(selector, Input)
    field.value = text
    await idle(pilot)


async def _join(pilot, address: object, name: str, *, refused: bool = False) -> None:  # noqa: ANN001
    """From the start screen, join the table at ``address`` as ``name``, to the table (or, when
    ``refused``, just ask and stay in the join dialog)."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    await click(pilot, "#join")
    await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
    await _type(pilot, "#address", str(address))
    await _type(pilot, "#name", name)
    await press(pilot, "enter")
    if not refused:
        await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))


async def test_join_from_the_start_screen_and_play_the_match(tmp_path: Path) -> None:
    seed, target = 11, 150
    server, address = await serve(["human", "easy", "easy", "easy"], seed=seed, target=target)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await _join(pilot, "nowhere:99999", "Anna", refused=True)
            assert isinstance(app.screen, JoinScreen)  # a bad address is refused in the dialog
            assert "port" in screen_text(app)
            await _type(pilot, "#address", str(address))
            await press(pilot, "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            table = app.screen
            session = table.session
            assert isinstance(session, RemoteSession) and session.seat == 0
            assert "easy bot" in screen_text(app)
            sheets = await play_to_the_end(pilot)
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        match = server.session.match
        assert match.winner is not None and session.winner == match.winner
        assert sheets == len(match.results) and list(session.results) == match.results
        assert (0, "remote") in server.referee.movers
        assert TokenStore(tmp_path).get(address, "Anna") is not None  # kept to come back
    finally:
        await server.close()


async def test_the_remote_session_tells_who_comes_and_goes() -> None:
    """Notices and presence tags from the seats' statuses; the listener hears of moves only; an
    action on its way makes it nobody's turn here."""
    sent: list[dict] = []

    class Client:
        def __init__(self, receive) -> None:  # noqa: ANN001
            self.receive = receive

        def send(self, message: dict) -> bool:
            sent.append(message)
            return True

    session = RemoteSession(Client)  # type: ignore[arg-type]
    heard: list = []
    session.listen(heard.append)
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
    session.receive(p.State(0, view, seats, True, None, 5, None))
    assert heard == [None]  # the match is on: this seat's turn
    other = (seat + 1) % 4
    gone = list(seats)
    gone[other] = status(names[other], connected=False, away_s=0.0)
    session.receive(p.State(0, view, tuple(gone), True, None, 5, None))
    assert session.presence[other] == (AWAY,)
    gone[other] = status(names[other], connected=False, stand_in="medium", away_s=61.0)
    session.receive(p.State(0, view, tuple(gone), True, None, 5, None))
    notices = session.pop_notices()
    assert notices == [
        f"{names[other]} left the table.",
        f"The medium bot plays for {names[other]} until they return.",
    ]
    assert session.seats[other].kind == "human" and session.presence[other] == (AWAY, "medium bot")
    assert session.presence[(seat + 2) % 4] == (CONNECTED,) and seat not in session.presence
    assert heard == [None]  # seats coming and going are no move
    assert session.turn == seat
    session.apply(view.legal[0])
    assert sent[-1] == p.act(seat, 0, view.legal[0])
    assert session.turn == -1 and session.view(seat).legal == ()  # nothing twice
    session.apply(view.legal[0])
    assert len(sent) == 1
    session.receive(p.Refused(p.STALE, {}, 0))
    assert session.turn == seat and heard == [None, None]  # refused: this seat's turn again


async def test_a_window_without_the_data_directory_starts_no_match(tmp_path: Path) -> None:
    """Another game holds the data directory: this window hosts and joins, and neither the
    start button, Enter in a field, nor `w` starts a match writing that game's autosave."""
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False, local=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.screen.query_one("#start").disabled
        assert "Another game is using this data directory" in screen_text(app)
        app.screen.query_one("#name-0", Input).focus()
        await press(pilot, "enter")
        await settle_briefly(pilot)
        app.screen.query_one("#join").focus()
        await press(pilot, "w")
        await settle_briefly(pilot)
        assert isinstance(app.screen, StartScreen) and not app.resume_match()
        assert not app.store.exists()
        assert not app.screen.query_one("#join").disabled


async def settle_briefly(pilot) -> None:  # noqa: ANN001
    for _ in range(5):
        await idle(pilot)


async def _easy_person(client: RawClient, seat: int) -> None:
    """A person at another screen, played by the easy bot through raw messages."""
    bot = EasyBot()
    while (message := await client.receive()) is not None:
        if message["type"] == "state" and message["started"] and message["seed"] is not None:
            view = wire.view_from_json(message["view"])
            action = bot.choose(view, view.legal, random.Random(message["seed"]))
            await client.send(p.act(seat, message["ply"], action))


def _seat_text(app: TarocchinoApp, place: str) -> str:
    """A seat's panel on the table, under whatever dialog is over it (the declarations come as
    soon as the fourth player sits down)."""
    table = table_of(app)
    assert table is not None
    return str(table.query_one(f"#seat-{place}").render())


async def test_the_table_shows_who_is_there(tmp_path: Path) -> None:
    """Anna's table at a server: an open seat is waited for, then Bruno (another screen) is
    connected; he drops and is away; the stand-in plays for him; he comes back with his token.
    Every step is on Anna's table: the seat panel and the status line."""
    config = dataclasses.replace(NET_FAST, away_timeout_s=0.3, stand_in="easy")
    server, address = await serve(["human", "human", "easy", "easy"], seed=5, config=config)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    clients: list[RawClient] = []
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            app.join_table(JoinRequest(address, "Anna", 0))
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            await wait_for(pilot, lambda: "Waiting for players: seat 2 open." in screen_text(app))
            assert "open seat" in _seat_text(app, "right")
            bruno = await RawClient.connect(address)
            clients.append(bruno)
            token = (await bruno.hello("Bruno", seat=1))["token"]
            playing = asyncio.ensure_future(_easy_person(bruno, 1))
            await wait_for(pilot, lambda: "connected" in _seat_text(app, "right"))
            assert "Bruno" in _seat_text(app, "right") and "easy bot" in _seat_text(app, "top")
            await play_on_until(pilot, lambda: len(server.referee.movers) >= 12)
            playing.cancel()
            await bruno.close()
            await wait_for(pilot, lambda: "away" in _seat_text(app, "right"))
            await play_on_until(pilot, lambda: (1, STAND_IN) in server.referee.movers)
            await wait_for(pilot, lambda: "away\neasy bot" in _seat_text(app, "right"))
            back = await RawClient.connect(address)
            clients.append(back)
            await back.hello("Bruno", token=token)
            await wait_for(pilot, lambda: "connected" in _seat_text(app, "right"))
            assert "away" not in _seat_text(app, "right")
            assert (
                server.session.match.winner is None
                and server.referee.movers.count((0, "remote")) >= 3
            )
    finally:
        for client in clients:
            await client.close()
        await server.close()


def _seed_seat0_declares_nothing() -> int:
    """A match whose seat 0 is not the dealer and holds no combination."""
    return next(
        s
        for s in range(1, 5000)
        if Match(s).first_dealer != 0 and not declarable_families(Match(s).hand.hands[0])
    )


async def test_nothing_to_declare_comes_with_the_prompt_of_the_card(tmp_path: Path) -> None:
    """At a network table the state after the (empty) declaration comes from the server a moment
    later: the status line still says what to play once it does, after "Nothing to declare."."""
    server, address = await serve(
        ["human", "easy", "easy", "easy"], seed=_seed_seat0_declares_nothing()
    )
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await _join(pilot, address, "Anna")
            table = app.screen
            status = table.query_one("#status")
            await wait_for(pilot, lambda: "Nothing to declare" in status.text.plain)
            await wait_for(pilot, lambda: "your turn" in status.text.plain.lower())
            said = status.text.plain
            assert said.startswith("Nothing to declare. ") and "card" in said
            await press_for(pilot, table)
            await wait_for(pilot, lambda: "Nothing to declare" not in status.text.plain)
    finally:
        await server.close()


async def test_a_table_out_of_reach_says_so_in_the_status_line(tmp_path: Path) -> None:
    """The host stops: the status line says the table cannot be reached (it said "Waiting for
    Bruno." as if the table were there); reached again, the prompt comes back."""
    server, address = await serve(
        ["human", "easy", "easy", "easy"],
        seed=11,
        config=dataclasses.replace(NET_FAST, bot_delay_s=0.5),
    )
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await _join(pilot, address, "Anna")
            table = app.screen
            await server.close()
            await wait_for(
                pilot,
                lambda: "trying again" in table.notice.plain if table.notice is not None else False,
                limit=20000,
            )
            status = " ".join(screen_text(app).split())
            # no "Waiting for Bruno." (the centre may still say "Waiting for players")
            assert "trying again" in status and not re.search(r"Waiting for (?!players)", status)
            app.network._task.cancel()  # no more tries: none can say "trying again" after this
            await idle(pilot)
            app.network._status(f"connected to {address}, seat 1")
            await idle(pilot)
            assert table.notice is None or "trying again" not in table.notice.plain
    finally:
        await server.close()


async def test_the_join_dialog_opens_the_help_and_keeps_a_typed_question_mark(
    tmp_path: Path,
) -> None:
    from tui.screens.help import HelpScreen

    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await click(pilot, "#join")
        await wait_for(pilot, lambda: isinstance(app.screen, JoinScreen))
        dialog = app.screen
        dialog.query_one("#name", Input).focus()
        await press(pilot, "A", "question_mark")
        assert dialog.query_one("#name", Input).value.endswith("A?")
        await press(pilot, "f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await press(pilot, "escape")
        await wait_for(pilot, lambda: app.screen is dialog)
