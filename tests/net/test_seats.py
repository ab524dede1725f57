"""The seats of a hosted table (net/seating.py), without a socket: who may have which seat (a
newcomer, a returning player with its token), the names kept apart, absence and return, and the
seats as everybody is told of them."""

from __future__ import annotations

import asyncio

import pytest

from net import protocol as p
from net.claims import Claim, token_hash
from net.seating import Seats
from table.session import HUMAN, Seat, Session, parse_seats


def _seats(kinds: list[str], claimed: list[Claim | None] | None = None) -> tuple[Seats, list]:
    session = Session.new(parse_seats(kinds), seed=1)
    away: list[int] = []
    return Seats(session, claimed, 60.0, away.append), away


def _hello(name: str, **fields: object) -> p.Hello:
    hello = p.read_client(p.encode(p.hello(name, **fields)))  # type: ignore[arg-type]
    assert isinstance(hello, p.Hello)
    return hello


def _refused(seats: Seats, hello: p.Hello) -> str:
    with pytest.raises(p.ProtocolError) as refused:
        seats.seat_for(hello)
    return refused.value.code


def test_newcomers_take_the_free_seats_and_come_back_with_their_tokens() -> None:
    seats, _ = _seats(["human", "easy", "human", "easy"])
    assert not seats.started
    anna = _hello("Anna")
    assert seats.seat_for(anna) == 0
    token = seats.take(0, anna)
    claim = seats[0].claim
    assert claim is not None and claim.opens(token) and claim.player == p.PERSON
    assert seats.session.seats[0] == Seat(HUMAN, "Anna")
    assert seats.seat_for(_hello("Anna", token=token)) == 0  # back, whatever the name
    assert _refused(seats, _hello("Zed", token="not-a-token")) == p.TOKEN
    assert _refused(seats, _hello("ＡＮＮＡ")) == p.NAME_TAKEN  # the same name to the eye
    assert _refused(seats, _hello("Zed", seat=1)) == p.SEAT_TAKEN  # a bot of the host's
    assert _refused(seats, _hello("Zed", seat=0)) == p.SEAT_TAKEN  # Anna's
    robot = _hello("Robot", player=p.BOT, level="hard:budget_s=0.25")
    assert seats.seat_for(robot) == 2
    seats.take(2, robot)
    assert seats[2].claim is not None and seats[2].claim.level == "hard"
    assert seats.started and seats.claims() == [seats[0].claim, None, seats[2].claim, None]
    assert _refused(seats, _hello("Zed")) == p.NO_SEAT


def test_a_finished_match_takes_no_newcomer() -> None:
    seats, _ = _seats(["human", "easy", "easy", "easy"])
    match = seats.session.match
    while match.winner is None:
        match.apply(match.legal_actions()[0])
    assert _refused(seats, _hello("Anna")) == p.MATCH_OVER


def test_an_open_seat_named_like_a_newcomer_is_named_again() -> None:
    """The four names stay different: an open seat whose placeholder is the newcomer's name
    gets another."""
    seats, _ = _seats(["human", "human", "human", "easy"])
    assert seats.session.seats[1].name == "Bruno"
    seats.take(0, _hello("bruno"))
    assert [s.name for s in seats.session.seats] == ["bruno", "Seat 2", "Carla", "Dario"]


def test_a_table_of_bots_only_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one seat"):
        _seats(["easy"] * 4)


def test_the_seats_as_everybody_sees_them() -> None:
    anna = Claim("Anna", p.PERSON, None, token_hash("t"))
    seats, _ = _seats(
        ["human", "easy", "human", "human"], [anna, Claim("Bot", p.BOT, "x", "0" * 64)]
    )
    assert seats[1].claim is None  # a claim on a bot of the host's seat is no claim
    seats[0].stand_in = True
    seats[0].doing = p.SHEET  # (said by a connection that is gone)
    statuses = seats.statuses("medium", None)
    assert statuses[0] == p.SeatStatus("Anna", p.PERSON, None, False, "medium", None, True)
    assert statuses[1] == p.SeatStatus("Bruno", p.BOT, "easy", True, None, None, False)
    assert statuses[2] == p.SeatStatus("Carla", p.OPEN, None, False, None, None, True)
    assert seats.statuses("medium", 0)[0].doing == p.STAND_IN_DECIDING
    seats[0].left = True
    assert seats.came_back(0) and not seats.came_back(0)  # the stand-in was playing, once
    assert not seats[0].stand_in and not seats[0].left and seats[0].away_since is None


async def test_a_seat_away_too_long_goes_to_its_stand_in() -> None:
    session = Session.new(parse_seats(["human", "easy", "easy", "easy"]), seed=1)
    away: list[int] = []
    seats = Seats(session, None, 0.01, away.append)
    seats.went_away(0, 0.0)
    assert seats.statuses("medium", None)[0].away_s is None  # an open seat says nothing
    await asyncio.sleep(0.05)
    assert away == [0]
    seats.went_away(0, 0.0)
    seats.came_back(0)  # back in time: no stand-in
    seats.went_away(0, 0.0)
    seats.stop_timers()  # the table closes
    await asyncio.sleep(0.05)
    assert away == [0]
