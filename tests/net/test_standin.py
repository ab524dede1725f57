"""A stand-in's decisions at a network table, in the review: a person goes away, the stand-in
plays for them, they come back; every seat's review of the match (live, from what the table
told it) and the review of the match recorded in the statistics mark exactly the stand-in's
cards "(bot)" and never judge them as the person's."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

import pytest

from game import record
from game.actions import DISCARD, PLAY
from game.history import replay_hands
from game.match import Match
from game.record import AWAY as GONE
from game.record import LEFT, OUT_OF_TIME, StandIn
from net import protocol as p
from net.botclient import RemoteBot
from net.claims import ClaimStore
from net.client import Address, TableClient, TokenStore
from net.referee import STAND_IN
from net.remote import RemoteSession
from net.server import TableServer
from store.save import SaveStore
from store.stats import record_finished_match
from tests.support.net import (
    FAST,
    LIMIT_S,
    MAX_FRAMES,
    remote_bot,
    serve,
    wait_until,
)
from text.hand_review import HandWalk, ReviewSource, play_lines, verdict_text
from text.render import Look

SEED, TARGET = 3, 300
AWAY = 1  # the seat whose person goes away
ASCII = Look(ascii=True)


def _person(
    address: Address, seat: int, tokens: TokenStore, heard: list[p.ServerMessage]
) -> RemoteBot:
    """A person's seat (as the table sees it) whose moves an easy bot chooses; every message
    the table sends it is kept in ``heard``."""
    seat_bot = remote_bot(address, seat, "easy", tokens, name=f"Person{seat + 1}")
    seat_bot.client.player, seat_bot.client.level = p.PERSON, None
    on_message = seat_bot.client.on_message

    def hear(message: p.ServerMessage) -> None:
        assert len(heard) < MAX_FRAMES
        heard.append(message)
        on_message(message)

    seat_bot.client.on_message = hear
    return seat_bot


def _expected(server: TableServer) -> list[dict[int, StandIn]]:
    """Per finished hand: the cards the stand-in played (by their number in the hand; -1 the
    discard), from what the server saw of each action."""
    out = []
    done = 0
    for hand in replay_hands(server.session.match):
        marks, played = {}, 0
        for i, move in enumerate(hand.history):
            seat, by = server.referee.movers[done + i]
            assert seat == move.seat
            if move.action.kind == PLAY:
                if by == STAND_IN:
                    marks[played] = StandIn("easy", GONE)
                played += 1
            elif move.action.kind == DISCARD and by == STAND_IN:
                marks[-1] = StandIn("easy", GONE)
        done += len(hand.history)
        out.append(marks)
    return out


def _check_review(source: ReviewSource, expected: list[dict[int, StandIn]]) -> int:
    """The review marks exactly the expected cards and judges none of them; the number marked."""
    assert list(source.stand_in_cards) == expected
    marked = 0
    for number, hand in enumerate(source.hands):
        walk = HandWalk(hand, number, source.judged, source.stand_ins(number))
        bot_cards = {n for n in expected[number] if n >= 0}
        lines = [line.plain for line in play_lines(source, walk, 0, ASCII)]
        assert {n for n, line in enumerate(lines) if line.endswith(" (bot)")} == bot_cards
        judged = {d.number for d in walk.decisions}
        assert not judged & bot_cards
        if AWAY in source.judged:  # the person's own cards are judged, the bot's are not
            own = {n for n, (seat, _) in enumerate(walk.plays) if seat == AWAY}
            assert judged >= own - bot_cards
        for n in bot_cards:
            said = verdict_text(source, walk, n + 1, ASCII).plain
            assert said.startswith("The easy bot played ") and said.endswith(
                f"it is not judged as {source.names[AWAY]}'s."
                if AWAY in source.judged
                else f" for {source.names[AWAY]} (away)."
            )
        marked += len(bot_cards)
    return marked


async def test_the_stand_ins_cards_are_marked_in_every_review(tmp_path: Path) -> None:
    config = dataclasses.replace(FAST, away_timeout_s=0.05, stand_in="easy", turn_limit_s=0)
    server, address = await serve(seed=SEED, target=TARGET, config=config)
    tokens = TokenStore(tmp_path / "tokens")
    heard: list[list[p.ServerMessage]] = [[] for _ in range(4)]
    seats = [_person(address, seat, tokens, heard[seat]) for seat in range(4)]
    tasks = [asyncio.ensure_future(s.run()) for s in seats]
    movers = server.referee.movers
    try:
        await wait_until(lambda: len(movers) >= 20, "the first cards")
        tasks[AWAY].cancel()  # the person's connection is gone
        await wait_until(lambda: movers.count((AWAY, STAND_IN)) >= 6, "the stand-in's cards")
        heard[AWAY] = []  # back: the welcome, every finished hand's record again, the table
        back = _person(address, AWAY, tokens, heard[AWAY])
        tasks[AWAY] = asyncio.ensure_future(back.run())
        await asyncio.wait_for(asyncio.gather(*tasks), LIMIT_S)
        await asyncio.wait_for(server.finished.wait(), LIMIT_S)
    finally:
        for task in tasks:
            task.cancel()
        await server.close()
    match = server.session.match
    assert match.winner is not None and (AWAY, "remote") in movers[movers.index((AWAY, STAND_IN)) :]
    expected = _expected(server)
    assert sum(len(m) for m in expected) >= 3  # the stand-in played cards of the person's
    # As it happens: every seat still there hears of each decision the stand-in made for the
    # person away, while it shows the state before it, so its Log marks each one.
    for seat in set(range(4)) - {AWAY}:
        stood = [m for m in heard[seat] if isinstance(m, p.StoodIn)]
        assert len(stood) == movers.count((AWAY, STAND_IN)) and {m.seat for m in stood} == {AWAY}
        session = RemoteSession(lambda receive: None)  # type: ignore[arg-type, return-value]
        for message in heard[seat]:
            session.receive(message)
        marks = [session.decided_for(n) for n in range(len(server.hands.results))]
        assert sum(len(m) for m in marks) == len(stood)
        assert {by for m in marks for by in m.values()} == {"easy"}
    # Live: each seat's review, from what the table told that seat.
    for seat in range(4):
        session = RemoteSession(lambda receive: None)  # type: ignore[arg-type, return-value]
        for message in heard[seat]:
            session.receive(message)
        source = session.review_source()
        assert source is not None and source.judged == {seat}
        assert _check_review(source, expected) >= 3
    # Later: the match as the statistics keep it.
    finished = server.finished_match()
    assert [s.kind for s in finished.seats] == ["human"] * 4
    assert record_finished_match(tmp_path / "data", finished) is None
    recorded = ReviewSource.recorded(tmp_path / "data", None)
    assert isinstance(recorded, ReviewSource) and recorded.judged == set(range(4))
    assert _check_review(recorded, expected) >= 3


def test_a_hand_records_stand_ins_are_read_strictly() -> None:
    match = Match(7)
    while not match.results:
        match.apply(match.legal_actions()[0])
    hand = replay_hands(match)[0]
    actions = tuple(m.action for m in hand.history)
    marks = {0: StandIn("easy", GONE), 9: StandIn("medium", OUT_OF_TIME)}
    message = p.hand_record(0, hand.dealer, hand.dealt, actions, marks)
    assert message["stand_ins"] == {
        "0": {"by": "easy", "why": "away"},
        "9": {"by": "medium", "why": "time"},
    }
    read = p.read_server(p.encode(message))
    assert isinstance(read, p.HandRecord) and read.stand_ins == marks
    none = p.hand_record(0, hand.dealer, hand.dealt, actions)
    assert none["stand_ins"] == {} and p.read_server(p.encode(none)).stand_ins == {}
    without = {k: v for k, v in message.items() if k != "stand_ins"}
    with pytest.raises(p.ProtocolError, match="stand_ins"):
        p.read_server(p.encode(without))
    for bad in (
        [],
        {"x": "easy"},
        {"01": "easy"},
        {str(len(actions)): "easy"},
        {"0": ""},
        {"9" * 5000: "easy"},
        {"0": {"by": "easy"}},
        {"0": {"by": "easy", "why": "tea"}},
        {"0": {"by": "", "why": "away"}},
        {"0": {"by": "easy", "why": "away", "x": 1}},
        {"0": None},
        {"0": "x" * (p.MAX_LEVEL + 1)},
    ):
        with pytest.raises(p.ProtocolError, match="stand_ins"):
            p.read_server(p.encode({**message, "stand_ins": bad}))


async def test_a_restarted_host_keeps_the_stand_ins_moves(tmp_path: Path) -> None:
    """The stand-in's decisions are kept with the seats: a host stopped and started again still
    knows them, and the match it records at the end has them all."""
    config = dataclasses.replace(FAST, away_timeout_s=0.05, stand_in="easy", turn_limit_s=0)
    store, claims = SaveStore(tmp_path / "table"), ClaimStore(tmp_path / "table")
    server, address = await serve(
        seed=SEED, target=TARGET, config=config, store=store, claims=claims
    )
    tokens = TokenStore(tmp_path / "tokens")
    heard: list[list[p.ServerMessage]] = [[] for _ in range(4)]
    seats = [_person(address, seat, tokens, heard[seat]) for seat in range(4)]
    tasks = [asyncio.ensure_future(s.run()) for s in seats]
    try:
        await wait_until(lambda: len(server.referee.movers) >= 10, "the first cards")
        tasks[AWAY].cancel()
        await wait_until(lambda: server.referee.movers.count((AWAY, STAND_IN)) >= 4, "the stand-in")
        await server.close()  # the host stops; the others keep trying to come back
        before = server.hands.stand_ins
        assert sum(len(m) for m in before.values()) >= 4
        session = store.read()
        assert session.match.actions == server.session.match.actions
        resumed = TableServer(session, config, store=store, claims=claims, claimed=claims.read())
        assert resumed.hands.stand_ins == before
        await resumed.start("127.0.0.1", address.port)
        tasks[AWAY] = asyncio.ensure_future(_person(address, AWAY, tokens, []).run())
        await asyncio.wait_for(asyncio.gather(*tasks), LIMIT_S)
    finally:
        for task in tasks:
            task.cancel()
        await server.close()
    await resumed.close()
    kept = record.read(resumed.finished_match().record).stand_ins
    assert resumed.session.match.winner is not None
    assert all(kept[hand].items() >= made.items() for hand, made in before.items())


async def test_a_seat_joining_mid_hand_sees_the_stand_ins_moves_in_its_log(tmp_path: Path) -> None:
    """Whoever joins (or comes back) mid-hand gets the hand's stand-in decisions so far: its log
    marks them as the bot's, as the logs of those who saw them made do."""
    # 0.3 s a bot move: the hand lasts some 15 s, not over before the seat is back
    config = dataclasses.replace(FAST, stand_in="easy", bot_delay_s=0.3)
    server, address = await serve(["human", "human", "easy", "easy"], seed=SEED, config=config)
    tokens = TokenStore(tmp_path)
    heard: list[p.ServerMessage] = []
    person = _person(address, AWAY, tokens, heard)
    anna = _person(address, 0, TokenStore(tmp_path / "anna"), [])
    runs = [asyncio.ensure_future(person.run()), asyncio.ensure_future(anna.run())]
    try:
        await wait_until(lambda: server.seats.started, "the match to start")
        await person.client.close(leave=True)  # away: the stand-in plays at once
        await wait_until(
            lambda: (
                sum(by == STAND_IN for _, by in server.referee.movers) >= 2
                and len(server.hands.results) == 0
            ),
            "two stand-in moves in hand 1",
            LIMIT_S,
        )
        back = RemoteSession(
            lambda receive: TableClient(
                address, "Person2", receive, tokens=tokens, retry_for_s=LIMIT_S
            )
        )
        runs.append(asyncio.ensure_future(back.client.run()))
        try:
            await wait_until(lambda: back.joined and back.decided_for(0), "the marks after joining")
        except AssertionError:  # say how far it got
            raise AssertionError(
                f"no marks after joining: joined={back.joined}, refusal="
                f"{back.client.refusal}, hands over={len(server.hands.results)}"
            ) from None
        await asyncio.sleep(0.05)
        assert back.seat == AWAY and len(server.hands.results) == 0
        marks = server.hands.stand_ins[0]  # index in the hand (0: the discard) -> the bot
        assert back.decided_for(0) == {index - 1: "easy" for index in marks}
        assert set(marks.values()) == {StandIn("easy", LEFT)}  # the person left on purpose
    finally:
        for run in runs:
            run.cancel()
        await server.close()
