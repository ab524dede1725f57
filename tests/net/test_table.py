"""The table server over the loopback: bot seats play a seeded match exactly as `simulate` does,
a dropped seat comes back with its token, an empty seat is played by a stand-in and handed back,
a restarted host resumes the table, and no seat ever receives a card another seat still hides."""

from __future__ import annotations

import asyncio
import dataclasses
import random

from ai.easy import EasyBot
from game import wire
from game.actions import DECLARE, PLAY, Action
from game.cards import CODES, INDEX, cards_of
from game.match import Match
from game.rules import Rules
from net import protocol as p
from net.claims import ClaimStore
from net.client import TableClient, TokenStore
from net.referee import STAND_IN
from net.server import TableServer
from store.save import SaveStore
from table.runner import ask
from table.session import Session, parse_seats
from tests.support.net import (
    FAST,
    LIMIT_S,
    RawClient,
    hand_totals,
    remote_bot,
    serve,
    simulate_hands,
    wait_until,
)

SEED, TARGET = 4, 500  # three hands with these players
PLAYERS = ["easy", "medium", "hard:iterations=20", "easy"]


def _results(server: TableServer) -> list[tuple[int, int]]:
    return [(r.sides[0].total, r.sides[1].total) for r in server.hands.results]


async def test_four_bot_seats_play_the_match_simulate_plays(capsys) -> None:
    expected = simulate_hands(SEED, PLAYERS, TARGET, capsys)
    server, address = await serve(seed=SEED, target=TARGET)
    bots = [remote_bot(address, seat, spec) for seat, spec in enumerate(PLAYERS)]
    refusals = await asyncio.wait_for(asyncio.gather(*(b.run() for b in bots)), LIMIT_S)
    await server.close()
    assert refusals == [None] * 4
    assert len(expected) >= 3 and _results(server) == hand_totals(expected)
    assert [b.scores for b in bots] == [tuple(expected[-1]["score"])] * 4
    assert server.session.match.winner == expected[-1]["winner"]
    assert {by for _, by in server.referee.movers} == {"remote"}


def test_local_play_makes_the_choices_simulate_makes(capsys) -> None:
    """One generator per decision everywhere: the bots of a local match (the session the table
    screen plays, asked as its bot runner asks them) choose as in simulate and at a table."""
    expected = simulate_hands(SEED, PLAYERS, TARGET, capsys)
    session = Session.new(parse_seats(PLAYERS), seed=SEED, target=TARGET)
    while session.winner is None:
        seat = session.turn
        view = session.view(seat)
        action, error = ask(session.bots[seat], view, session.bot_rng(seat))
        assert error is None
        session.apply(action)
    assert [(r.sides[0].total, r.sides[1].total) for r in session.results] == hand_totals(expected)


async def test_a_seat_dropped_mid_hand_comes_back_with_its_token(tmp_path, capsys) -> None:
    expected = simulate_hands(SEED, PLAYERS, TARGET, capsys)
    server, address = await serve(seed=SEED, target=TARGET)
    tokens = TokenStore(tmp_path)
    bots = [remote_bot(address, seat, spec, tokens) for seat, spec in enumerate(PLAYERS)]
    tasks = [asyncio.ensure_future(b.run()) for b in bots]
    match = server.session.match
    await wait_until(lambda: len(match.actions) >= 20 and match.turn != 2, "the first tricks")
    tasks[2].cancel()  # seat 3's client dies mid-hand
    await wait_until(lambda: server.seats[2].conn is None, "the server to see seat 3 go")
    assert server.statuses()[2].connected is False
    back = remote_bot(address, 0, PLAYERS[2], tokens, name="Bot3")  # asks for seat 1 ...
    tasks[2] = asyncio.ensure_future(back.run())
    await asyncio.wait_for(asyncio.gather(*tasks), LIMIT_S)
    await server.close()
    assert back.client.seat == 2  # ... but its token brings it back to seat 3
    assert _results(server) == hand_totals(expected)
    assert all(by == "remote" for _, by in server.referee.movers)


async def test_an_empty_seat_is_played_by_a_bot_and_handed_back(tmp_path) -> None:
    config = dataclasses.replace(FAST, away_timeout_s=0.05, stand_in="easy")
    server, address = await serve(seed=SEED, target=TARGET, config=config)
    tokens = TokenStore(tmp_path)
    bots = [remote_bot(address, seat, "easy", tokens) for seat in range(4)]
    tasks = [asyncio.ensure_future(b.run()) for b in bots]
    movers = server.referee.movers
    await wait_until(lambda: len(movers) >= 8, "the first moves")
    tasks[1].cancel()
    await wait_until(lambda: server.seats[1].stand_in, "the stand-in to take seat 2")
    await wait_until(lambda: movers.count((1, STAND_IN)) >= 3, "the stand-in's moves")
    seen = bots[0].state
    assert seen is not None and seen.seats[1].connected is False
    assert seen.seats[1].stand_in == "easy"  # the others see who plays the seat
    again = remote_bot(address, 1, "easy", tokens)
    tasks[1] = asyncio.ensure_future(again.run())
    await wait_until(lambda: server.seats[1].conn is not None, "seat 2 to come back")
    handed_back = len(movers)
    assert not server.seats[1].stand_in
    await asyncio.wait_for(asyncio.gather(*tasks), LIMIT_S)
    await server.close()
    later = movers[handed_back:]
    assert (1, "remote") in later and (1, STAND_IN) not in later
    assert server.session.match.winner is not None


async def test_a_seat_left_while_its_welcome_is_on_the_way_is_kept(tmp_path) -> None:
    """Leaving the moment the table gives the seat (its welcome, with the seat's token, not yet
    read) still keeps the token: the person comes back to the seat, and is not refused as a
    newcomer whose name is taken."""
    tokens = TokenStore(tmp_path)
    leaving: list[asyncio.Future] = []

    def log(text: str) -> None:
        if text.startswith("Anna took seat"):  # said before the welcome is sent
            leaving.append(asyncio.ensure_future(first.close(leave=True)))

    config = dataclasses.replace(FAST, stand_in="easy", bot_delay_s=0.05)
    server, address = await serve(["human", "easy", "easy", "easy"], config=config, log=log)
    first = TableClient(address, "Anna", lambda message: None, tokens=tokens, retry_for_s=LIMIT_S)
    runs = [asyncio.ensure_future(first.run())]
    try:
        assert await asyncio.wait_for(runs[0], LIMIT_S) is None
        await asyncio.wait_for(leaving[0], LIMIT_S)
        assert server.seats[0].stand_in  # left on purpose: the stand-in plays at once
        assert tokens.get(address, "Anna") == first.token is not None
        back = TableClient(
            address, "Anna", lambda message: None, tokens=tokens, retry_for_s=LIMIT_S
        )
        runs.append(asyncio.ensure_future(back.run()))
        await wait_until(lambda: back.connected or back.refusal is not None, "an answer")
        assert back.refusal is None and back.seat == 0
        assert not server.seats[0].stand_in  # handed back at once
    finally:
        for run in runs:
            run.cancel()
        await server.close()


async def test_a_client_closed_while_connecting_takes_no_seat() -> None:
    """Closed before its connection is up, a client says no hello: it takes no seat, and does
    not stay at the table unseen."""
    server, address = await serve(["human", "easy", "easy", "easy"])
    client = TableClient(address, "Anna", lambda message: None, retry_for_s=LIMIT_S)
    run = asyncio.ensure_future(client.run())
    try:
        await asyncio.sleep(0)  # the client is connecting
        await client.close()
        assert await asyncio.wait_for(run, LIMIT_S) is None
        await wait_until(lambda: not server.doorway.connections, "the connection to end")
        assert server.seats[0].claim is None and client.token is None
    finally:
        run.cancel()
        await server.close()


async def test_a_restarted_host_resumes_the_table(tmp_path, capsys) -> None:
    expected = simulate_hands(SEED, PLAYERS, TARGET, capsys)
    store, claims = SaveStore(tmp_path / "table"), ClaimStore(tmp_path / "table")
    server, address = await serve(seed=SEED, target=TARGET, store=store, claims=claims)
    tokens = TokenStore(tmp_path / "client")
    bots = [remote_bot(address, seat, spec, tokens) for seat, spec in enumerate(PLAYERS)]
    tasks = [asyncio.ensure_future(b.run()) for b in bots]
    await wait_until(lambda: len(server.session.match.actions) >= 70, "the second hand")
    await server.close()  # the host stops (Ctrl+C); the clients keep trying
    session = store.read()
    assert session.match.actions == server.session.match.actions
    resumed = TableServer(session, FAST, store=store, claims=claims, claimed=claims.read())
    await resumed.start("127.0.0.1", address.port)
    await asyncio.wait_for(asyncio.gather(*tasks), LIMIT_S)
    await resumed.close()
    assert _results(resumed) == hand_totals(expected)
    assert not store.exists()  # a finished match clears the save


async def test_host_bots_and_the_match_end(tmp_path) -> None:
    """The host's own bots play their seats; at the end everybody is told, the hook runs."""
    ended = []
    server, address = await serve(
        ["easy", "human", "easy", "easy"], seed=3, target=300, on_match_over=ended.append
    )
    bot = remote_bot(address, 1, "easy")
    assert await asyncio.wait_for(bot.run(), LIMIT_S) is None
    await asyncio.wait_for(server.finished.wait(), LIMIT_S)
    await server.close()
    assert ended == [server.session] and bot.winner == server.session.match.winner
    assert {by for seat, by in server.referee.movers if seat != 1} == {"host"}
    status = server.statuses()
    assert status[0].player == p.BOT and status[0].level == "easy" and not status[0].remote


# ----------------------------------------------------------------- hidden information
def _replay(seed: int, target: int, actions: list[str]) -> tuple[list[tuple[int, int]], list]:
    """The match again: for each ply (the state after that many actions) the hand in play and
    the cards public in it so far (played or shown in a declaration); and the hands."""
    match = Match(seed, Rules(target))
    hands = [match.hand]
    timeline, public = [], 0
    for text in actions:
        timeline.append((len(hands) - 1, public))
        hand, seat, action = match.hand, match.turn, Action.parse(text)
        match.apply(action)
        if action.kind == PLAY:
            public |= 1 << action.card
        elif action.kind == DECLARE:
            public |= hand.declarations[seat].cards
        if match.hand is not hand:
            hands.append(match.hand)
            public = 0
    timeline.append((len(hands) - 1, public))
    return timeline, hands


def _codes(mask: int) -> set[str]:
    return {CODES[c] for c in cards_of(mask)}


def _cards_in(value: object) -> set[str]:
    """Every card code written anywhere in a JSON value (a code, or a word of an action)."""
    if isinstance(value, dict):
        return set().union(set(), *(_cards_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(_cards_in(v) for v in value))
    if isinstance(value, str):
        return {w for w in value.split() if w in INDEX}
    return set()


async def _easy_seat(seat: int, client: RawClient) -> None:
    """A seat played by the easy bot through raw messages, reading every one of them."""
    await client.hello(f"P{seat + 1}", seat=seat)
    bot = EasyBot()
    while (message := await client.receive()) is not None:
        if message["type"] != "state" or message["winner"] is not None:
            if message["type"] == "state":
                return
            continue
        view = wire.view_from_json(message["view"])
        if view.legal and message["seed"] is not None and message["started"]:
            action = bot.choose(view, view.legal, random.Random(message["seed"]))
            await client.send(p.act(seat, message["ply"], action))


async def test_no_message_holds_a_card_another_seat_still_hides() -> None:
    """Four seats record every message of a whole match (two hands or more): each card in a
    message to a seat is its own (the dealer's discard included) or public by then. The record
    of a hand for its review (every card of it) comes only once the hand is over."""
    seed, target = 2, 400
    server, address = await serve(seed=seed, target=target)
    clients = [await RawClient.connect(address) for _ in range(4)]
    await asyncio.wait_for(
        asyncio.gather(*(_easy_seat(s, c) for s, c in enumerate(clients))), LIMIT_S
    )
    for client in clients:
        await client.close()
    await server.close()
    timeline, hands = _replay(seed, target, server.session.match.actions)
    assert len(hands) >= 2
    own_seen = discard_seen = records = 0
    for seat, client in enumerate(clients):
        over: set[int] = set()  # the hands whose end this seat has been told
        latest = 0  # the ply of the latest state this seat was sent
        for message in client.messages:
            if message["type"] == "hand_record":
                number = message["number"]
                hand = hands[number]
                assert number in over and timeline[latest][0] == number, number  # just after
                assert message["dealt"] == [wire.cards_to_json(m) for m in hand.dealt]
                assert message["actions"] == [str(m.action) for m in hand.history]
                records += 1
            elif message["type"] == "state":
                latest = message["ply"]
                number, public = timeline[message["ply"]]
                hand = hands[number]
                own = hand.dealt[seat]  # as dealt: the dealer's discard is among them
                shown = _cards_in(message)
                assert not shown & _codes(~own & ~public & ((1 << 62) - 1)), message["ply"]
                own_seen += bool(shown & _codes(own & ~public))
                discard_seen += bool(shown & _codes(hand.discard))
                if seat != hand.dealer:
                    assert not shown & _codes(hand.discard)
            elif message["type"] == "hand_over":
                over.add(message["number"])
                hand = hands[message["number"]]
                # at the end of a hand the piles are counted face up (the discard with them);
                # still hidden: cards never played (a called-out hand), and then the discard
                held = 0
                for other in range(4):
                    if other != seat:
                        held |= hand.hands[other]
                if hand.result.called_out is not None and seat != hand.dealer:
                    held |= hand.discard
                assert not _cards_in(message) & _codes(held)
    assert own_seen > 100 and discard_seen > 0  # the check saw real cards, the discard too
    assert records == 4 * len(server.hands.results)  # every seat got every finished hand's record


async def test_bots_acting_as_fast_as_the_table_goes_are_no_flood() -> None:
    """Accepted actions come one a turn at most: only other messages count against the limit."""
    config = dataclasses.replace(FAST, rate=1.0, burst=5)
    server, address = await serve(seed=SEED, target=300, config=config)
    bots = [remote_bot(address, seat, "easy") for seat in range(4)]
    refusals = await asyncio.wait_for(asyncio.gather(*(b.run() for b in bots)), LIMIT_S)
    await server.close()
    assert refusals == [None] * 4 and server.session.match.winner is not None
    assert len(server.session.match.actions) > 4 * config.burst
