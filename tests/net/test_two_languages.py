"""A table whose seats speak two languages: the server sends codes and numbers, never English
words, and each seat reads the same refusal in its own language."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import re
from collections.abc import Iterator

import pytest

from ai.easy import EasyBot
from game import wire
from game.cards import CODES, cards_of
from game.errors import WireError
from game.match import Match
from game.phase import Phase
from net import protocol as p
from net.spoken import closing_words
from tests.support.catalogue import extracted
from tests.support.net import FAST, LIMIT_S, RawClient, fed_session, serve
from text.language import use

PASSWORD = "s3cret"
CONFIG = dataclasses.replace(FAST, password=PASSWORD)
MOVES = 24  # the moves played before the table's messages are looked at
WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.fixture
def english() -> Iterator[None]:
    yield
    use("en")


def _vocabulary() -> set[str]:
    """The English words of the game's catalogue (3 letters or more)."""
    words: set[str] = set()
    for _context, msgid in extracted():
        words.update(w.casefold() for w in WORD.findall(msgid) if len(w) > 2)
    return words


def _texts(value: object) -> Iterator[str]:
    """Every text in a message, at any depth, but the actions (``"play KS"``: codes)."""
    if isinstance(value, dict):
        for item in value.values():
            yield from _texts(item)
    elif isinstance(value, list):
        for item in value:
            yield from _texts(item)
    elif isinstance(value, str):
        try:
            wire.action_from_json(value)
        except WireError:
            yield value


def _prose(text: str, vocabulary: set[str]) -> bool:
    """Whether ``text`` reads as English: two words or more of the catalogue's (a code such as
    ``must_follow`` is one)."""
    words = [w.strip(".,:;!?()'\"").casefold() for w in text.split()]
    return sum(w in vocabulary for w in words) >= 2


async def _play(client: RawClient, seat: int, refusals: list[dict], enough: asyncio.Event) -> None:
    """Play ``seat`` as an easy bot; once, at a trick where it must follow, try a card it may
    not play first (the table refuses it)."""
    bot = EasyBot()
    tried = False
    while (message := await client.receive()) is not None:
        if message["type"] == "error":
            refusals.append(message)
            continue
        if message["type"] != "state" or message["seed"] is None or not message["started"]:
            continue
        if message["ply"] >= MOVES and any(r["code"] == p.ILLEGAL for r in refusals):
            enough.set()
            return
        view = wire.view_from_json(message["view"])
        if not tried and view.phase == Phase.PLAY and view.trick:
            legal = {str(action) for action in view.legal}
            held = [c for c in cards_of(view.hand) if f"play {CODES[c]}" not in legal]
            if held:
                tried = True
                await client.send(
                    {"type": "action", "seat": seat, "ply": message["ply"],
                     "action": f"play {CODES[held[0]]}"}
                )  # fmt: skip
        action = bot.choose(view, view.legal, random.Random(message["seed"]))
        await client.send(p.act(seat, message["ply"], action))


async def _a_table_in_play() -> tuple[list[RawClient], list[dict]]:
    """Two people and two bots play a few moves; a newcomer gives a wrong password; Anna is
    refused a card. Every client's messages, and the refusals."""
    server, address = await serve(["human", "human", "easy", "easy"], seed=3, config=CONFIG)
    clients: list[RawClient] = []
    refusals: list[dict] = []
    try:
        stranger = await RawClient.connect(address)
        clients.append(stranger)
        await stranger.send(p.hello("Mallory", password="guess"))
        refusals.append(await stranger.until("error"))
        anna, bea = await RawClient.connect(address), await RawClient.connect(address)
        clients += [anna, bea]
        await anna.hello("Anna", seat=0, password=PASSWORD)
        await bea.hello("Bea", seat=1, password=PASSWORD)
        enough = asyncio.Event()
        tasks = [
            asyncio.ensure_future(_play(anna, 0, refusals, enough)),
            asyncio.ensure_future(_play(bea, 1, refusals, enough)),
        ]
        try:
            await asyncio.wait_for(enough.wait(), LIMIT_S)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
    finally:
        await server.close()
        for client in clients:
            await client.closed()  # (the table's closing, too)
            await client.close()
    return clients, refusals


async def test_the_table_sends_no_english_words() -> None:
    clients, refusals = await _a_table_in_play()
    vocabulary = _vocabulary()
    assert _prose("too many refused messages: goodbye", vocabulary)  # (what it sent before)
    codes = {(r["code"], r["args"].get("why")) for r in refusals}
    assert (p.PASSWORD, p.PASSWORD_WRONG) in codes
    assert any(code == p.ILLEGAL for code, _ in codes)
    said = [m for client in clients for m in client.messages]
    assert {m["type"] for m in said} >= {"welcome", "state", "error", "closing"}
    english = [t for m in said for t in _texts(m) if _prose(t, vocabulary)]
    assert english == []


async def test_two_seats_read_one_refusal_each_in_its_own_language(english: None) -> None:
    _, refusals = await _a_table_in_play()
    illegal = next(r for r in refusals if r["code"] == p.ILLEGAL)
    wrong = next(r for r in refusals if r["code"] == p.PASSWORD)
    card, suit = illegal["args"]["card"], illegal["args"].get("suit")
    assert illegal["args"]["why"] in ("must_follow", "must_trump") and suit in "SBCDT"
    refused, password = p.read_server(p.encode(illegal)), p.read_server(p.encode(wrong))
    assert isinstance(refused, p.Refused) and isinstance(password, p.Refused)
    use("en")
    in_english = refused.message, password.message
    use("it")
    in_italian = refused.message, password.message
    assert in_english[0].startswith(f"{card} is not legal: you ")
    assert in_italian[0].startswith(f"{card} non si può giocare")
    assert in_english[1] == "wrong password" and in_italian[1] == "password sbagliata"


def test_a_seat_in_italian_makes_its_own_words_of_the_tables_facts(english: None) -> None:
    """What a seat's screen says of the table's facts (a stand-in's move, the countdown, who is
    waited for, a refusal, the table closing) is made at that screen, in its language."""
    use("it")
    session = fed_session()
    match = Match(3)
    seat = match.turn
    view = match.view(seat)
    names = ["Anna", "Bruno", "Carla", "Dario"]
    seats = tuple(p.SeatStatus(n, p.PERSON, None, True, None, None, True) for n in names)
    session.receive(p.Welcome(seat, "t", p.TableInfo(800, 60, "medium", (), 40.0)))
    session.receive(p.State(0, view, seats, True, None, 5, None, 12.2))
    assert session.countdown() == "Restano 13 s: poi decide per te il bot medio."
    other = (seat + 1) % 4
    session.receive(p.TimedOut(other, 7, None, "medium"))
    assert session.pop_notices() == [f"Tempo scaduto per {names[other]}: ha deciso il bot medio."]
    reading = dataclasses.replace(seats[other], doing=p.SHEET)
    waiting = tuple(reading if i == other else s for i, s in enumerate(seats))
    later = dataclasses.replace(view, turn=other, legal=())
    session.receive(p.State(1, later, waiting, True, None, None, None, None))
    assert session.awaiting() == (
        f"{names[other]} sta ancora leggendo il foglio dei punti: la prossima smazzata comincia "
        f"quando {names[other]} va avanti."
    )
    assert p.Refused(p.NOT_YOUR_TURN, {"turn": other, "name": names[other]}, 1).message == (
        f"tocca a {names[other]}, non a te"
    )
    assert closing_words(p.OVER) == "chi ospita ha chiuso il tavolo (la partita è finita)"
