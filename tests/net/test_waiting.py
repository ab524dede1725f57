"""What a network table says it waits for: each person's client tells the table what they are
doing at their screen (protocol 4: ``doing``), the table tells everybody (``seats[].doing``),
and every window's status line and seat panel say it ("Bruno is still reading the scoring
sheet: the next hand starts when Bruno goes on.") instead of "Waiting for Bruno." as if it were
his turn to play."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

import pytest

from game.actions import PLAY
from game.match import Match
from game.record import OUT_OF_TIME, StandIn
from net import protocol as p
from net.client import JoinRequest
from net.referee import TURN_LIMIT
from tests.support.net import FAST as NET_FAST
from tests.support.net import LIMIT_S, RawClient, fed_session, raw_easy_seat, serve, wait_until
from tests.support.screens import FAST, press, wait_for
from text.presenter import Scene, present
from text.render import UNICODE, Look
from tui.app import TarocchinoApp
from tui.online import screen_doing
from tui.screens.declare import DeclareScreen
from tui.screens.help import HelpScreen
from tui.screens.review import ReviewScreen
from tui.screens.scoring import HandSummary, ScoringScreen
from tui.screens.settings import SettingsScreen
from tui.screens.table import TableScreen

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


def _seats(
    doing: dict[int, str | None], *, connected: bool = True, stand_in: str | None = None
) -> tuple[p.SeatStatus, ...]:
    """Four people at the table; ``doing`` what some of them are doing (Bruno, seat 1, as
    ``connected`` and ``stand_in`` say)."""
    return tuple(
        p.SeatStatus(
            n,
            p.PERSON,
            None,
            connected or seat != 1,
            stand_in if seat == 1 else None,
            None,
            True,
            doing.get(seat),
        )
        for seat, n in enumerate(NAMES)
    )


def test_the_doing_message_and_field_are_read_strictly() -> None:
    assert p.read_client(p.encode(p.doing(p.SHEET))) == p.Doing(p.SHEET)
    for bad in (
        {"type": "doing"},
        {"type": "doing", "what": "dancing"},
        {"type": "doing", "what": None},
        {"type": "doing", "what": ["sheet"]},
        {"type": "doing", "what": "sheet", "extra": 1},
    ):
        with pytest.raises(p.ProtocolError) as refused:
            p.read_client(p.encode(bad))
        assert refused.value.code == p.BAD_MESSAGE
    seat = p.SeatStatus("Bruno", p.PERSON, None, True, None, None, True, p.REVIEW)
    assert seat.to_json()["doing"] == p.REVIEW
    assert p.SeatStatus.from_json(seat.to_json()) == seat
    assert p.SeatStatus.from_json({**seat.to_json(), "doing": None}).doing is None
    assert p.SeatStatus.from_json({**seat.to_json(), "doing": p.STAND_IN_DECIDING}).doing == (
        p.STAND_IN_DECIDING
    )  # the table's own word
    without = {k: v for k, v in seat.to_json().items() if k != "doing"}
    with pytest.raises(p.ProtocolError, match="doing"):
        p.SeatStatus.from_json(without)
    for bad in ("dancing", 7, "x" * 5000):
        with pytest.raises(p.ProtocolError, match="doing"):
            p.SeatStatus.from_json({**seat.to_json(), "doing": bad})


async def test_the_table_tells_everybody_what_each_person_is_doing() -> None:
    """Bruno says he is on the sheet: Anna and Carla are told, and not again when he says it
    twice; Bruno gone: not known. (Seat 4 stays open: no move is made meanwhile.)"""
    server, address = await serve(["human"] * 4, seed=2)
    anna, bruno, carla = [await RawClient.connect(address) for _ in range(3)]
    try:
        await anna.hello("Anna", seat=0)
        await bruno.hello("Bruno", seat=1)
        await carla.hello("Carla", seat=2)
        for client in (anna, bruno, carla):
            await client.until("state", lambda m: m["seats"][2]["player"] == p.PERSON)
        read = [len(client.messages) for client in (anna, bruno, carla)]
        await bruno.send(p.doing(p.SHEET))
        state = await anna.until("state", lambda m: m["seats"][1]["doing"] == p.SHEET)
        assert state["seats"][0]["doing"] is None and state["seats"][3]["doing"] is None
        await bruno.send(p.doing(p.SHEET))  # the same again: nobody is told
        await bruno.send(p.doing(p.REVIEW))
        for client in (anna, bruno, carla):
            await client.until("state", lambda m: m["seats"][1]["doing"] == p.REVIEW)
        for client, before in zip((anna, bruno, carla), read, strict=True):
            told = [m["type"] for m in client.messages[before:]]
            assert told == ["state", "state"]  # two states to each of the three
        await bruno.close()
        await anna.until(
            "state", lambda m: not m["seats"][1]["connected"] and m["seats"][1]["doing"] is None
        )
    finally:
        for client in (anna, bruno, carla):
            await client.close()
        await server.close()
    assert len(anna.messages) < 100


async def test_every_seat_is_told_while_the_stand_in_decides_for_a_person() -> None:
    """Bruno lets his time run out: before the state of the stand-in's move, every seat gets one
    that says the stand-in is deciding for him; after it, what his client said again."""
    config = dataclasses.replace(NET_FAST, turn_limit_s=0.3, stand_in="easy")
    seed = next(s for s in range(100) if Match(s).first_dealer == 1)  # Bruno discards first
    server, address = await serve(["human", "human", "easy", "easy"], seed=seed, config=config)
    anna, bruno = await RawClient.connect(address), await RawClient.connect(address)
    try:
        await anna.hello("Anna", seat=0)
        await bruno.hello("Bruno", seat=1)
        await bruno.send(p.doing(p.SHEET))
        deciding = await anna.until(
            "state", lambda m: m["seats"][1]["doing"] == p.STAND_IN_DECIDING
        )
        assert deciding["ply"] == 0 and deciding["view"]["turn"] == 1
        after = await anna.until("state", lambda m: m["ply"] == 1)
        assert after["seats"][1]["doing"] == p.SHEET
        assert server.referee.movers[0] == (1, TURN_LIMIT)
    finally:
        for client in (anna, bruno):
            await client.close()
        await server.close()


def test_the_remote_session_says_what_the_table_waits_for() -> None:
    """Anna's words for Bruno, to act, at each thing he may be doing (and his seat's panel)."""
    session = fed_session()
    match = Match(next(s for s in range(100) if Match(s).first_dealer == 1))
    session.receive(p.Welcome(0, "t", p.TableInfo(800, 60, "medium", (), 40.0)))

    def said(doing: dict[int, str | None], left: float | None = None, **kw: object) -> str | None:
        session.receive(
            p.State(
                len(match.actions), match.view(0), _seats(doing, **kw), True, None, None, None, left
            )
        )
        assert session.turn == 1
        return session.awaiting()

    assert said({1: p.TABLE}) is None and said({}) is None  # "Waiting for Bruno." (the table's)
    assert said({1: p.SHEET, 2: p.SHEET}) == "Bruno is still reading the scoring sheet."
    assert said({1: p.SHEET, 2: p.TABLE}) == (
        "Bruno is still reading the scoring sheet: the next hand starts when Bruno goes on."
    )
    assert session.presence[1] == ("on sheet",) and session.presence[2] == ("connected",)
    assert said({1: p.REVIEW}) == (
        "Bruno is reviewing a hand: the next hand starts when Bruno goes on."
    )
    assert said({1: p.SHEET_HELP, 3: p.REVIEW}) == "Bruno is reading the help."
    assert said({1: p.HELP, 2: p.SHEET}) == "Bruno is reading the help."  # (not between hands)
    assert said({1: p.SETTINGS}) == "Bruno is in the settings."
    assert said({1: p.STAND_IN_DECIDING}) == "Time ran out for Bruno: the medium bot is deciding."
    assert said({1: p.SHEET}, connected=False) is None  # away: said as before
    assert said({1: p.STAND_IN_DECIDING}, connected=False, stand_in="medium") is None
    # the turn limit's countdown says it too
    said({1: p.SHEET}, 12.2)
    assert session.countdown() == (
        "Bruno is still reading the scoring sheet: the next hand "
        "starts when Bruno goes on (13 s left, then the medium bot "
        "decides)."
    )
    said({1: p.SHEET, 2: p.SHEET}, 12.2)
    assert session.countdown() == (
        "Bruno is still reading the scoring sheet: 13 s left, then the medium bot decides."
    )
    said({1: p.STAND_IN_DECIDING}, 0.0)
    assert session.countdown() is None  # the status line says the stand-in is deciding
    said({1: p.TABLE}, 12.2)
    assert session.countdown() == "Waiting for Bruno: 13 s left, then the medium bot decides."
    # a card of the hand played: it goes on (not "starts") when he does
    while not (match.turn == 1 and any(m.action.kind == PLAY for m in match.hand.history)):
        match.apply(match.legal_actions()[0])
    assert said({1: p.DECLARING if match.phase == "declare" else p.SHEET}) in (
        "Bruno is choosing what to declare.",
        "Bruno is still reading the scoring sheet: play goes on when Bruno goes on.",
    )
    assert said({1: p.SHEET}) == (
        "Bruno is still reading the scoring sheet: play goes on when Bruno goes on."
    )


def test_the_status_line_says_it_not_waiting_for_him() -> None:
    """The defect: Anna's status line said "Waiting for Bruno." while Bruno read the sheet."""
    session = fed_session()
    match = Match(next(s for s in range(100) if Match(s).first_dealer == 1))
    session.receive(p.Welcome(0, "t", p.TableInfo(800, 60, "medium", (), 0.0)))
    session.receive(
        p.State(0, match.view(0), _seats({0: p.TABLE, 1: p.SHEET}), True, None, None, None, None)
    )
    scene = Scene(
        view=session.view(0),
        seats=session.seats,
        bottom=0,
        look=UNICODE,
        hand_shown=True,
        presence=session.presence,
        awaiting=session.awaiting(),
    )
    texts = present(scene)
    assert texts.status.plain == (
        "Bruno is still reading the scoring sheet: the next hand starts when Bruno goes on."
    )
    assert "on sheet" in texts.seats[1].lines.plain  # Bruno's panel (on Anna's right)


def test_the_client_says_what_its_person_is_doing_from_the_screens() -> None:
    """The screens over the table, as the table is told of them."""
    match = Match(4)
    while not match.results:
        match.apply(match.legal_actions()[0])
    table = TableScreen.__new__(TableScreen)  # (only its place in the stack matters)
    summary = HandSummary(0, match.results[0], ("A", "B"), None, 800, (), tuple(NAMES))
    over = dataclasses.replace(summary, winner=0)
    sheet, last = ScoringScreen(summary, UNICODE), ScoringScreen(over, UNICODE)
    review = ReviewScreen.__new__(ReviewScreen)
    help_screen, settings = HelpScreen(), SettingsScreen.__new__(SettingsScreen)
    declare = DeclareScreen.__new__(DeclareScreen)
    start = object()
    cases = [
        ([start, table], p.TABLE),
        ([start, table, declare], p.DECLARING),
        ([start, table, settings], p.SETTINGS),
        ([start, table, help_screen], p.HELP),
        ([start, table, sheet], p.SHEET),
        ([start, table, sheet, review], p.REVIEW),
        ([start, table, sheet, help_screen], p.SHEET_HELP),
        ([start, table, sheet, review, help_screen], p.SHEET_HELP),
        ([start, table, last], p.MATCH_OVER),
        ([start, table, last, review], p.REVIEW),
        ([start, help_screen, table], p.TABLE),  # (a help under the table is not this table's)
    ]
    for stack, doing in cases:
        assert screen_doing(stack, table) == doing, stack  # type: ignore[arg-type]


async def test_a_person_at_the_sheet_is_said_at_the_others_tables(tmp_path: Path) -> None:
    """Anna's real table at a real server; Bruno (another screen) is to discard first and says
    he is on the scoring sheet: Anna's status line says so, and who the next hand waits for;
    back at the table: "Waiting for Bruno.". Anna opens the help: the table is told."""
    seed = next(s for s in range(100) if Match(s).first_dealer == 1)
    server, address = await serve(["human", "human", "easy", "easy"], seed=seed)
    bruno = await RawClient.connect(address)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        await bruno.hello("Bruno", seat=1)
        async with app.run_test(size=(100, 32)) as pilot:
            app.join_table(JoinRequest(address, "Anna", 0))
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            table = app.screen
            status = table.query_one("#status")
            await wait_for(pilot, lambda: status.text.plain == "Waiting for Bruno.")
            await bruno.send(p.doing(p.SHEET))
            await wait_for(
                pilot, lambda: status.text.plain.startswith("Bruno is still reading"), limit=10_000
            )
            assert status.text.plain == (
                "Bruno is still reading the scoring sheet: the next hand starts when Bruno goes on."
            )
            assert "on sheet" in str(table.query_one("#seat-right").render())
            await bruno.send(p.doing(p.TABLE))
            await wait_for(pilot, lambda: status.text.plain == "Waiting for Bruno.", limit=10_000)
            await wait_for(pilot, lambda: server.seats[0].doing == p.TABLE, limit=10_000)
            await press(pilot, "question_mark")
            await wait_for(pilot, lambda: server.seats[0].doing == p.HELP, limit=10_000)
            await press(pilot, "escape")
            await wait_for(pilot, lambda: server.seats[0].doing == p.TABLE, limit=10_000)
    finally:
        await bruno.close()
        await server.close()
    assert len(bruno.messages) < 200


def test_a_stand_in_mark_keeps_why() -> None:
    assert StandIn("easy", OUT_OF_TIME).to_json() == {"by": "easy", "why": "time"}
    assert StandIn("easy").to_json() == "easy"  # the older form, when why is not known


def test_a_state_of_the_same_move_keeps_this_seats_action_on_its_way() -> None:
    """Anna has sent her move; a state of the same move comes first (Bruno went to the sheet):
    her turn is not offered again (a second move would be refused as stale); the state of the
    next move, a refusal, or a new connection ends the wait."""
    session = fed_session()
    match = Match(next(s for s in range(100) if Match(s).first_dealer == 0))
    session.receive(p.Welcome(0, "t", p.TableInfo(800, 60, "medium", (), 0.0)))

    def state(doing: str) -> p.State:
        return p.State(
            len(match.actions), match.view(0), _seats({1: doing}), True, None, 5, None, None
        )

    session.receive(state(p.TABLE))
    assert session.turn == 0
    session.apply(match.legal_actions()[0])
    assert session.turn == -1 and len(session.client.sent) == 1  # type: ignore[attr-defined]
    session.receive(state(p.SHEET))
    assert session.turn == -1  # still on its way
    session.receive(p.Refused(p.ILLEGAL, {}, 0))
    assert session.turn == 0
    session.apply(match.legal_actions()[0])
    session.receive(p.Welcome(0, "t", p.TableInfo(800, 60, "medium", (), 0.0)))
    session.receive(state(p.SHEET))
    assert session.turn == 0  # a new connection: the move is asked again
    session.apply(match.legal_actions()[0])
    match.apply(match.legal_actions()[0])
    session.receive(state(p.SHEET))
    assert session.turn == match.turn and session.ply == 1


async def test_the_host_says_who_the_finished_table_waits_for() -> None:
    """The match is over: the table closes when everybody has left; its log says who is still
    there and where (once each change), until the last one leaves."""
    logged: list[str] = []
    server, address = await serve(
        ["human", "easy", "human", "easy"], seed=3, target=100, log=logged.append
    )
    anna, bruno = await RawClient.connect(address), await RawClient.connect(address)
    try:
        await anna.hello("Anna", seat=0)
        await bruno.hello("Carla", seat=2)
        await asyncio.wait_for(
            asyncio.gather(raw_easy_seat(anna, 0), raw_easy_seat(bruno, 2)), LIMIT_S
        )
        await anna.send(p.doing(p.MATCH_OVER))
        await bruno.send(p.doing(p.REVIEW))
        await bruno.send(p.doing(p.REVIEW))
        await wait_until(
            lambda: logged[-1].endswith("Anna (on the final sheet), Carla (reviewing a hand)"),
            "the log",
        )
        await anna.close()
        await wait_until(
            lambda: logged[-1].endswith("still there Carla (reviewing a hand)"), "Anna gone"
        )
        assert not server.finished.is_set()
        await bruno.close()
        await asyncio.wait_for(server.finished.wait(), LIMIT_S)
    finally:
        await anna.close()
        await bruno.close()
        await server.close()
    lingering = [line for line in logged if "the table closes when" in line]
    assert len(lingering) == len(set(lingering)) <= 5


def test_the_table_is_told_what_this_person_does_once_each_change() -> None:
    """What this person does is told the table once each change, and again after each welcome
    (a new connection knows nothing yet)."""
    match = Match(2)
    session = fed_session()
    welcome = p.Welcome(0, "t", p.TableInfo(800, 60, "medium", (), 0.0))
    session.receive(welcome)
    session.receive(p.State(0, match.view(0), _seats({}), True, None, None, None, None))
    for what in (p.SHEET, p.SHEET, p.TABLE):
        session.tell_doing(what)
    session.receive(welcome)
    session.tell_doing(p.TABLE)
    told = [m["what"] for m in session.client.sent]  # type: ignore[attr-defined]
    assert told == [p.SHEET, p.TABLE, p.TABLE]


# ------------------------------------------------------------------------------------- waiting bots
# What a person's status line says while a bot is to act at a network table (the host's bot, or a
# bot client): that it is thinking, as at a table of one's own, not "Waiting for Bruno." as if a
# person were choosing a card.


ASCII = Look(ascii=True)


def _state(bruno: p.SeatStatus) -> tuple[Match, tuple[p.SeatStatus, ...]]:
    match = Match(next(s for s in range(100) if Match(s).first_dealer == 0))  # Bruno eldest
    anna = p.SeatStatus("Anna", p.PERSON, None, True, None, None, True, p.TABLE)
    carla = p.SeatStatus("Carla", p.BOT, "easy", True, None, None, False)
    dario = p.SeatStatus("Dario", p.PERSON, None, True, None, None, True, p.TABLE)
    return match, (anna, bruno, carla, dario)


def _said(bruno: p.SeatStatus, look=UNICODE) -> str:  # noqa: ANN001
    session = fed_session()
    session.look = look
    session.receive(p.Welcome(0, "t", p.TableInfo(800, 60, "medium", (), 0.0)))
    match, seats = _state(bruno)
    match.apply(match.legal_actions()[0])  # Anna (the dealer) discards: Bruno is to act
    session.receive(p.State(len(match.actions), match.view(0), seats, True, None, None, None, None))
    assert session.turn == 1
    scene = Scene(
        view=session.view(0),
        seats=session.seats,
        bottom=0,
        look=look,
        hand_shown=True,
        presence=session.presence,
        awaiting=session.awaiting(),
    )
    return present(scene).status.plain


def test_a_bot_to_act_is_thinking() -> None:
    host_bot = p.SeatStatus("Bruno", p.BOT, "hard", True, None, None, False)
    assert _said(host_bot) == "Bruno is thinking…"
    assert _said(host_bot, ASCII) == "Bruno is thinking..."
    bot_client = p.SeatStatus("Bruno", p.BOT, "hard", True, None, None, True)
    assert _said(bot_client) == "Bruno is thinking…"


def test_a_person_or_a_bot_client_gone_is_waited_for_as_before() -> None:
    person = p.SeatStatus("Bruno", p.PERSON, None, True, None, None, True, p.TABLE)
    assert _said(person) == "Waiting for Bruno."
    gone = p.SeatStatus("Bruno", p.BOT, "hard", False, None, 3.0, True)
    assert _said(gone) == "Waiting for Bruno (away)."
