"""The turn limit at a network table (tiny limits, 127.0.0.1, free ports, bounded in time): a
connected person who does not act has that decision made by the stand-in and the match goes on;
a seat that acts in time is never overridden; what the stand-in decides is judged by the
server's engine like any other action; the person's table counts down and says what was done."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import threading
from collections.abc import Sequence
from pathlib import Path

import pytest
from textual.widgets import Input

from ai.easy import EasyBot
from game import wire
from game.actions import Action, play
from game.match import Match
from game.phase import Phase
from game.rules import Rules
from game.scoring import declarable_families
from game.view import PlayerView
from net import protocol as p
from net.client import JoinRequest
from net.config import HostRequest, TableConfig
from net.referee import REMOTE, STAND_IN, TURN_LIMIT
from net.server import TableServer
from tests.support.net import FAST as NET_FAST
from tests.support.net import (
    LIMIT_S,
    RawClient,
    TableClock,
    fed_session,
    run_until,
    serve,
    wait_until,
)
from tests.support.screens import FAST, at_table, idle, screen_text, wait_for
from text.narrate import hand_log
from text.presenter import present
from text.render import UNICODE, card_text
from tui.app import TarocchinoApp
from tui.screens.network import HostScreen
from tui.screens.table import TableScreen

SEED = 6


def _limited(limit: float) -> TableConfig:
    return dataclasses.replace(NET_FAST, turn_limit_s=limit, stand_in="easy")


async def _idle(client: RawClient) -> None:
    """A person who is there and never acts: reads every message."""
    while await client.receive() is not None:
        pass


async def _in_time(client: RawClient, seat: int, clock: TableClock, takes: float) -> None:
    """A person who takes ``takes`` seconds (of the table's clock) over each decision (the easy
    bot's choice)."""
    bot = EasyBot()
    while (message := await client.receive()) is not None:
        if message["type"] == "state" and message["started"] and message["seed"] is not None:
            clock.advance(takes)
            view = wire.view_from_json(message["view"])
            action = bot.choose(view, view.legal, random.Random(message["seed"]))
            await client.send(p.act(seat, message["ply"], action))


def _kept_words(table: TableScreen) -> list[str]:
    """Every word the status line of ``table`` is given from now on, kept (some stay only a
    moment: "Time ran out" until the table's next move)."""
    kept: list[str] = []
    say = table.say

    def said_and_kept(message) -> None:  # noqa: ANN001
        kept.append(message if isinstance(message, str) else message.plain)
        say(message)

    table.say = said_and_kept  # type: ignore[method-assign]
    return kept


async def _run_out_for(server: TableServer, clock: TableClock, seat: int, done) -> None:  # noqa: ANN001
    """Run out the turn limit of each decision of ``seat`` until ``done()``."""
    while not done():
        await wait_until(lambda: done() or clock.awaits(server, seat), f"seat {seat + 1}'s turn")
        if not done():
            clock.run_out(server)


def _replays(actions: list[str], target: int = 800) -> bool:
    """The server's actions, each taken again by a fresh engine (an illegal one raises)."""
    match = Match(SEED, Rules(target))
    for text in actions:
        match.apply(text)
    return True


async def test_an_idle_seat_is_decided_for_and_a_seat_in_time_never_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Anna is there and never acts: her limit runs out (the test runs it out) three times.
    Carla takes 0.6 of the limit over each decision: over three, more than the limit, which
    starts afresh with each decision, and nothing is ever decided for her."""
    limit, clock = 600.0, TableClock(monkeypatch)
    server, address = await serve(
        ["human", "easy", "human", "easy"], seed=SEED, config=_limited(limit)
    )
    anna, carla = await RawClient.connect(address), await RawClient.connect(address)
    movers = server.referee.movers

    def done() -> bool:
        return movers.count((0, TURN_LIMIT)) >= 3 and movers.count((2, REMOTE)) >= 3

    try:
        welcome = await anna.hello("Anna", seat=0)
        await carla.hello("Carla", seat=2)
        assert welcome["table"]["turn_limit_s"] == limit
        tasks = [
            asyncio.ensure_future(_idle(anna)),
            asyncio.ensure_future(_in_time(carla, 2, clock, 0.6 * limit)),
        ]
        await asyncio.wait_for(_run_out_for(server, clock, 0, done), LIMIT_S)
        for task in tasks:
            task.cancel()
    finally:
        await anna.close()
        await carla.close()
        await server.close()
    assert (0, REMOTE) not in movers and (0, STAND_IN) not in movers  # connected all along
    assert {by for seat, by in movers if seat == 2} == {REMOTE}  # never overridden
    match = server.session.match
    after = movers[movers.index((0, TURN_LIMIT)) + 1 :]
    assert (2, REMOTE) in after and (0, TURN_LIMIT) in after  # the match went on ...
    assert len(match.actions) == len(movers) and _replays(match.actions)  # ... legally
    told = [m for m in anna.messages if m["type"] == "timed_out"]
    assert len(told) >= 3 and all(m["seat"] == 0 and m["by"] == "easy" for m in told)
    fresh, where = Match(SEED, Rules(800)), []  # (hand, index in the hand) of each action
    for text in match.actions:
        where.append((len(fresh.results), len(fresh.hand.history)))
        fresh.apply(text)
    kept = {(hand, i) for hand, made in server.hands.stand_ins.items() for i in made}
    assert kept == {where[ply] for ply, (_, by) in enumerate(movers) if by == TURN_LIMIT}
    assert [m["action"] for m in told] == [match.actions[m["ply"]] for m in told]
    others = [m for m in carla.messages if m["type"] == "timed_out"]
    assert [m["ply"] for m in others][:3] == [m["ply"] for m in told][:3]
    assert all(m["action"] is None for m in others)  # what Anna's seat did is hers to know
    waits = [
        m["turn_left_s"]
        for m in anna.messages
        if m["type"] == "state" and m["view"]["turn"] == 0 and m["started"]
    ]
    assert waits and all(0 <= w <= limit for w in waits) and max(waits) > limit / 2
    first_told = {}  # Carla's decisions: the time left the table said as each began
    for m in carla.messages:
        if m["type"] == "state" and m["started"] and m["view"]["turn"] == 2:
            first_told.setdefault(m["ply"], m["turn_left_s"])
    assert len(first_told) >= 3 and all(left == limit for left in first_told.values())


class SlowAndWrong:
    """A stand-in that takes its time (until the test lets it answer) and then answers a card
    that is not legal."""

    name = "slow"

    def __init__(self) -> None:
        self.asked = 0
        self.answer = threading.Event()

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        if view.phase != Phase.PLAY:
            return legal[0]  # (on the way to a card)
        self.asked += 1
        assert self.answer.wait(LIMIT_S)
        return play(next(c for c in range(62) if play(c) not in legal))


async def test_a_late_action_is_refused_and_the_stand_in_is_judged_by_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The limit ran out: Anna's action while the stand-in decides is refused (too late; no
    strike); the stand-in's illegal card is never played (a legal one is, and the host is told);
    the match replays move by move."""
    limit, logs, clock = 600.0, [], TableClock(monkeypatch)
    server, address = await serve(
        ["human", "easy", "easy", "easy"], seed=SEED, config=_limited(limit), log=logs.append
    )
    slow = server.referee.stand_ins[0] = SlowAndWrong()  # type: ignore[assignment]
    anna = await RawClient.connect(address)
    try:
        await anna.hello("Anna", seat=0)
        handled = -1
        while True:  # her time runs out on each decision, up to her first card
            state = await anna.until(
                "state",
                lambda m, after=handled: (
                    m["started"] and m["seed"] is not None and m["ply"] > after
                ),
            )
            await wait_until(lambda: clock.awaits(server, 0), "Anna's turn limit")
            if state["view"]["phase"] == "play":
                break
            clock.run_out(server)
            handled = state["ply"]
        clock.run_out(server)
        await wait_until(lambda: slow.asked > 0, "the stand-in to decide")
        view = wire.view_from_json(state["view"])
        await anna.send(p.act(0, state["ply"], view.legal[0]))
        refusal = await anna.until("error")
        assert refusal["code"] == p.TOO_LATE
        assert (
            refusal["ply"] == state["ply"]
            and server.seats[0].conn is not None
            and server.seats[0].conn.strikes == 0
        )
        slow.answer.set()
        await wait_until(lambda: len(server.referee.movers) > state["ply"], "the stand-in's card")
        assert server.referee.movers[state["ply"]] == (0, TURN_LIMIT)
        await anna.until("state", lambda m: m["ply"] > state["ply"])  # what came before it read
    finally:
        slow.answer.set()
        await anna.close()
        await server.close()
    played = server.session.match.actions[state["ply"]]
    assert Action.parse(played) in view.legal  # not the stand-in's illegal answer
    told = [m for m in anna.messages if m["type"] == "timed_out"]
    assert p.timed_out(0, state["ply"], Action.parse(played), "easy") in told
    assert any("not legal" in line for line in logs)  # the host is told of the bad answer
    assert any(f"did not act within {limit:g} s" in line for line in logs)
    assert _replays(server.session.match.actions)
    assert len([m for m in anna.messages if m["type"] == "error"]) == 1  # nothing else refused


async def test_the_table_counts_down_and_says_what_was_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Anna's table: in the last part of the limit the status line counts down (the rule of
    the trick stays after it); then it says the stand-in's move, and the others play on. (The
    table and her window read the time on a clock the test turns forward, the window looks at
    it when told, as it does every half second; the table's limit is run out by the test.)"""
    clock = TableClock(monkeypatch)
    server, address = await serve(
        ["human", "easy", "easy", "easy"], seed=SEED, config=_limited(600.0)
    )
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            table = await at_table(pilot, app, JoinRequest(address, "Anna", 0))
            session = app.network.session
            assert session is not None
            session.clock = clock.now

            notices = _kept_words(table)

            def said(words: str) -> bool:
                return any(words in text for text in notices)

            await run_until(pilot, lambda: session.seconds_left() is not None)
            clock.advance(session.seconds_left() - 1.5)  # a second and a half left
            app.network._tick()
            await idle(pilot)
            counted = [n for n in notices if "s left: then the easy bot decides for you." in n]
            # (2 s, or fewer if the machine was slow to look)
            assert counted and counted[-1].split(" s left")[0] in ("0", "1", "2"), notices
            clock.run_out(server)
            await run_until(pilot, lambda: said("Time ran out: the easy bot "))
            movers = server.referee.movers
            first = movers.index((0, TURN_LIMIT))
            # the question of that turn is closed (the dialog of the declarations, when they ran
            # out): at once, or a moment later; when her next decision is asked in a dialog
            # first (her declarations after her discard), its limit runs out too
            while not isinstance(app.screen, TableScreen):
                await run_until(
                    pilot, lambda: isinstance(app.screen, TableScreen) or clock.awaits(server, 0)
                )
                if not isinstance(app.screen, TableScreen):
                    clock.run_out(server)
            await wait_until(
                lambda: any(seat != 0 for seat, _ in movers[first + 1 :]), "the others to play on"
            )
    finally:
        await server.close()


async def test_every_seat_sees_who_is_waited_for_and_the_stand_ins_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Anna's table, while Carla (another person, idle) is to act: in the last part of the limit
    the status line says who is waited for and how long is left (counted down at Anna's table
    from the state the server sent once, not from a message a second); each decision the
    stand-in made when a person's time ran out is marked in Anna's Log (Carla's and her own).
    (The table and Anna's window read the time on a clock the test turns forward; the table's
    limits are run out by the test.)"""
    clock = TableClock(monkeypatch)
    server, address = await serve(
        ["human", "easy", "human", "easy"], seed=SEED, config=_limited(600.0)
    )
    carla = await RawClient.connect(address)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    waiting: list[str] = []
    try:
        await carla.hello("Carla", seat=2)
        idle_carla = asyncio.ensure_future(_idle(carla))
        async with app.run_test(size=(120, 40)) as pilot:
            table = await at_table(pilot, app, JoinRequest(address, "Anna", 0))
            session = app.network.session
            assert session is not None
            session.clock = clock.now

            def status() -> str:
                text = table.notice.plain if table.notice is not None else ""
                if text.startswith("Waiting for") and text not in waiting:
                    waiting.append(text)
                return text

            def log() -> list[str]:
                return [line.plain for line in present(table.scene()).log]

            def carla_played() -> str | None:
                for ply, (seat, by) in enumerate(server.referee.movers):
                    text = server.session.match.actions[ply]
                    if seat == 2 and by == TURN_LIMIT and text.startswith("play"):
                        card = Action.parse(text).card
                        return "For Carla, the easy bot plays " + card_text(card, table.look).plain
                return None

            told = False  # the countdown for Carla seen at Anna's table
            while not (carla_played() is not None and carla_played() in log()):
                await run_until(
                    pilot,
                    lambda: (
                        (carla_played() is not None and carla_played() in log())
                        or clock.awaits(server, 0)
                        or (clock.awaits(server, 2) and (session.time_left() or (0,))[0] == 2)
                    ),
                )
                if clock.awaits(server, 2) and not told:
                    clock.advance(session.time_left()[1] - 12)  # twelve seconds left
                    app.network._tick()
                    await idle(pilot)
                    assert status().startswith("Waiting for Carla: "), status()
                    assert status().endswith(" s left, then the easy bot decides.")
                    states = len([m for m in carla.messages if m["type"] == "state"])
                    assert states < 20  # the countdown is not one message a second
                    told = True
                if clock.awaits(server, 0) or clock.awaits(server, 2):
                    clock.run_out(server)
            assert any(line.startswith("For Anna, the easy bot ") for line in log())
            assert not any(
                "time ran out" in line for line in log() if line.startswith(("Bruno", "Dario"))
            )
            assert told and len(waiting) >= 1
        idle_carla.cancel()
    finally:
        await server.close()


def test_the_remote_session_tells_whose_time_ran_out() -> None:
    """The words of a decision the stand-in made: to the seat itself with what was done, to the
    others without; a move of the seat a moment too late is not reported as an error; the
    countdown comes only in the last part of the limit."""

    session = fed_session()
    match = Match(3)
    seat = match.turn
    view = match.view(seat)
    names = ["Anna", "Bruno", "Carla", "Dario"]
    seats = tuple(p.SeatStatus(n, p.PERSON, None, True, None, None, True) for n in names)
    session.receive(p.Welcome(seat, "t", p.TableInfo(800, 60, "medium", (), 40.0)))
    session.receive(p.State(0, view, seats, True, None, 5, None, 39.0))
    assert session.countdown() is None  # 39 s left of 40: no word yet
    session.receive(p.State(0, view, seats, True, None, 5, None, 12.2))
    assert session.countdown() == "13 s left: then the medium bot decides for you."
    other = (seat + 1) % 4
    session.receive(p.TimedOut(other, 7, None, "medium"))
    assert session.pop_notices() == [
        f"Time ran out for {names[other]}: the medium bot decided for them."
    ]
    assert session.played_for_me is None
    action = view.legal[0]
    session.receive(p.TimedOut(seat, 0, action, "medium"))
    assert session.played_for_me == session.pop_notices()[0]
    assert session.played_for_me.startswith("Time ran out: the medium bot discarded ")
    session.receive(p.Refused(p.STALE, {}, 0))
    assert session.pop_refusal() is None  # "time ran out" said it already
    session.receive(p.Refused(p.STALE, {}, 3))
    assert session.pop_refusal() is not None
    later = dataclasses.replace(view, turn=(seat + 1) % 4, legal=())
    session.receive(p.State(1, later, seats, True, None, None, None, 12.0))
    assert session.seconds_left() is None  # somebody else's time: said as such
    assert (
        session.countdown() == f"Waiting for {names[(seat + 1) % 4]}: 12 s left, then the "
        "medium bot decides."
    )


def test_the_remote_session_marks_the_stand_ins_decisions_and_counts_down_for_others() -> None:
    """The stand-in's discard and card for seats whose time ran out are marked in the log, at
    their place in the hand's history; another seat's remaining time is counted down here."""

    session = fed_session()
    match = Match(3)
    me = (match.hand.dealer + 1) % 4
    names = ["Anna", "Bruno", "Carla", "Dario"]
    seats = tuple(p.SeatStatus(n, p.PERSON, None, True, None, None, True) for n in names)
    session.receive(p.Welcome(me, "t", p.TableInfo(800, 60, "easy", (), 40.0)))

    def state(left: float | None) -> p.State:
        return p.State(len(match.actions), match.view(me), seats, True, None, None, None, left)

    session.receive(state(12.2))  # the dealer is to discard, with 12.2 s left
    dealer = names[match.hand.dealer]
    assert session.countdown() == f"Waiting for {dealer}: 13 s left, then the easy bot decides."
    session.receive(state(39.0))
    assert session.countdown() is None  # not yet the last part of the limit
    session.receive(p.TimedOut(match.hand.dealer, 0, None, "easy"))
    match.apply(match.legal_actions()[0])
    session.receive(state(None))
    while match.turn != me or match.phase != Phase.PLAY:  # to a card of this seat
        match.apply(match.legal_actions()[0])
        session.receive(state(None))
    session.receive(p.TimedOut(me, len(match.actions), None, "easy"))
    card = match.legal_actions()[0]
    match.apply(card)
    session.receive(state(None))
    assert session.countdown() is None and session.seconds_left() is None
    marks = session.decided_for(0)
    assert marks[-1] == "easy" and marks[len(match.view(me).history) - 1] == "easy"
    log = [t.plain for t in hand_log(match.view(me), names, UNICODE, marks)]
    assert f"For {dealer}, the easy bot discards two cards face down." in log
    played = card_text(card.card, UNICODE).plain
    assert f"For {names[me]}, the easy bot plays {played}" in log
    assert sum(", the easy bot " in line for line in log) == 2


async def test_the_host_dialog_asks_the_turn_limit(tmp_path: Path) -> None:
    """Host a table from the start screen: the turn limit is 120 s unless changed; a limit a
    person cannot play in is refused in the dialog, with the reason."""
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    asked: list[HostRequest | None] = []
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: app.screen is not None and app.is_running)
        for value in ("3", "100000", "x", "60"):
            app.push_screen(HostScreen(2), asked.append)
            await idle(pilot)
            field = app.screen.query_one("#turn-limit", Input)
            assert field.value == "120"
            field.value = value
            await idle(pilot)
            app.screen.submit()
            await idle(pilot)
            if value != "60":
                assert isinstance(app.screen, HostScreen) and not asked
                assert "turn limit is 0 (none) or 5 to 86400" in screen_text(app)
                app.screen.dismiss(None)
                await idle(pilot)
                assert asked == [None]
                asked.clear()
    assert asked == [HostRequest(7800, "127.0.0.1", None, 60.0)]


def test_an_away_seat_to_act_is_counted_down_to_its_stand_in() -> None:
    """Waiting for a person who is away says when the stand-in takes over (the table's absence
    rule, from the seconds the table says she has been gone); once it plays, or she is back,
    the count is over."""
    import dataclasses as dc

    from game.match import Match
    from net import protocol as pr
    from net.remote import RemoteSession

    class Client:
        def __init__(self, receive) -> None:  # noqa: ANN001
            self.receive = receive

    session = RemoteSession(Client)  # type: ignore[arg-type]
    match = Match(3)
    away = match.turn
    mine = (away + 1) % 4
    here = pr.SeatStatus("Anna", pr.PERSON, None, True, None, None, True)
    seats = [dc.replace(here, name=f"P{i}") for i in range(4)]
    seats[away] = dc.replace(seats[away], name="Bea", connected=False, away_s=18.0)
    session.receive(pr.Welcome(mine, "t", pr.TableInfo(800, 60, "medium", ())))
    session.receive(pr.State(0, match.view(mine), tuple(seats), True, None, None, None))
    assert session.countdown() == "Waiting for Bea (away): the medium bot plays for them in 42 s."
    seats[away] = dc.replace(seats[away], stand_in="medium", away_s=61.0)
    session.receive(pr.State(0, match.view(mine), tuple(seats), True, None, None, None))
    assert session.countdown() is None


# ------------------------------------------------------------------------------------------ ran out
# What a person's table says after the turn limit ran out and the stand-in decided for them
# (127.0.0.1, a free port, easy bots in the other seats, bounded in time): when the declarations
# were made for them, the card is still theirs to play, and the status line says so; what the
# stand-in did is said until the table moves on, then the status line is the table's again (whose
# turn, what to play), never "Time ran out" when the person's next turn comes.


def _seed_seat0_declares() -> int:
    """A match whose seat 0 is not the dealer and has something to declare."""
    return next(
        s
        for s in range(1, 5000)
        if Match(s).first_dealer != 0 and declarable_families(Match(s).hand.hands[0])
    )


async def test_after_the_stand_in_the_status_line_says_whose_turn_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(The table's limit is run out by the test, for Anna's first two decisions.)"""
    clock = TableClock(monkeypatch)
    config = dataclasses.replace(NET_FAST, turn_limit_s=600.0, stand_in="easy")
    server, address = await serve(
        ["human", "easy", "easy", "easy"], seed=_seed_seat0_declares(), config=config
    )
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            table = await at_table(pilot, app, JoinRequest(address, "Anna", 0))
            session = app.network.session
            assert session is not None
            session.clock = clock.now
            movers = server.referee.movers

            def status() -> str:
                return table.query_one("#status").text.plain

            kept = _kept_words(table)

            def said(words: str) -> str | None:
                return next((text for text in kept if words in text), None)

            # Anna does nothing: the stand-in declares for her; the card is still hers to play
            await run_until(pilot, lambda: clock.awaits(server, 0))
            clock.run_out(server)
            await run_until(pilot, lambda: said("the easy bot declared") is not None)
            declared = said("the easy bot declared")
            assert declared is not None and declared.startswith(
                "Time ran out: the easy bot declared "
            )
            assert "Anna, your turn" in declared, declared
            # ... and then plays it for her; the others play on
            await run_until(pilot, lambda: clock.awaits(server, 0))
            clock.run_out(server)
            await run_until(
                pilot, lambda: (0, TURN_LIMIT) in movers[1:] and said("the easy bot played")
            )
            ran_out = len(movers)

            def her_next_turn() -> bool:  # after others played
                return (
                    session.turn == 0
                    and session.ply > ran_out
                    and len(server.session.match.actions) == session.ply
                )

            def leads_at_once() -> bool:  # (she took the trick: her time runs out again)
                return clock.awaits(server, 0) and len(server.session.match.actions) == ran_out

            await run_until(pilot, lambda: her_next_turn() or leads_at_once())
            if leads_at_once():
                clock.run_out(server)
                await run_until(pilot, her_next_turn)
            # her next turn: the status line says it is hers (no countdown on a long limit)
            await idle(pilot)
            now = status()
            assert "Time ran out" not in now, now
            assert "Anna, your turn" in now, now
    finally:
        await server.close()
