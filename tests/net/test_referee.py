"""Driving a hosted table's match (net/referee.py), without a socket: a connection's action
judged (each refusal with its code, nothing changed), the host's bots and a stand-in asked in a
thread, the turn limit handing a late decision to the stand-in."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from game.actions import Action
from game.hand import HandResult
from net import protocol as p
from net.claims import Claim
from net.config import TableConfig
from net.referee import HOST, REMOTE, STAND_IN, TURN_LIMIT, Referee, bot_pause
from net.seating import Seats
from table.session import Session, parse_seats
from tests.support.net import FAST

CLAIM = Claim("Anna", p.PERSON, None, "0" * 64)


class Table:
    """What the referee tells: the actions applied, the stand-ins starting to decide."""

    def __init__(self) -> None:
        self.applied: list[tuple[int, str, Action]] = []
        self.deciding = 0

    def on_applied(self, result: HandResult | None, seat: int, by: str, action: Action) -> None:
        self.applied.append((seat, by, action))

    def on_deciding(self) -> None:
        self.deciding += 1


def _referee(
    kinds: list[str], claimed: list[Claim | None], config: TableConfig = FAST
) -> tuple[Referee, Table]:
    session = Session.new(parse_seats(kinds), seed=5)
    seats = Seats(session, claimed, config.away_timeout_s, lambda seat: None)
    table = Table()
    referee = Referee(
        session,
        config,
        seats,
        on_applied=table.on_applied,
        on_deciding=table.on_deciding,
        log=lambda text: None,
    )
    return referee, table


def _refused(referee: Referee, seat: int, act: p.Act) -> str:
    with pytest.raises(p.ProtocolError) as refused:
        referee.act(seat, act)
    return refused.value.code


def test_a_connections_action_is_judged() -> None:
    referee, table = _referee(["human"] * 4, [CLAIM] * 4)
    match = referee.session.match
    seat, legal = match.turn, match.legal_actions()
    assert _refused(referee, seat, p.Act((seat + 1) % 4, 0, legal[0])) == p.NOT_YOUR_SEAT
    other = (seat + 1) % 4
    assert _refused(referee, other, p.Act(other, 0, legal[0])) == p.NOT_YOUR_TURN
    assert _refused(referee, seat, p.Act(seat, 3, legal[0])) == p.STALE
    illegal = Action.parse("discard ANG 6S")  # (the Angelo is never discarded)
    assert _refused(referee, seat, p.Act(seat, 0, illegal)) == p.ILLEGAL
    referee.thinking = (seat, 0, TURN_LIMIT)  # the stand-in decides: the time is over
    assert _refused(referee, seat, p.Act(seat, 0, legal[0])) == p.TOO_LATE
    referee.thinking = (seat, 0, STAND_IN)  # (a stand-in for a person away: the seat acts)
    assert not match.actions and not table.applied
    referee.act(seat, p.Act(seat, 0, legal[0]))
    assert table.applied == [(seat, REMOTE, legal[0])] and referee.movers == [(seat, REMOTE)]
    assert len(match.actions) == 1


def test_no_action_before_every_seat_is_taken_or_after_the_end() -> None:
    referee, _ = _referee(["human"] * 4, [CLAIM, None, None, None])
    match = referee.session.match
    act = p.Act(match.turn, 0, match.legal_actions()[0])
    assert _refused(referee, match.turn, act) == p.NOT_STARTED
    while match.winner is None:
        match.apply(match.legal_actions()[0])
    assert _refused(referee, 0, p.Act(0, 0, act.action)) == p.MATCH_OVER


def test_who_a_stand_in_decides_for() -> None:
    referee, _ = _referee(["human"] * 4, [CLAIM] * 4)
    assert referee.deciding_for() is None
    referee.thinking = (2, 0, HOST)
    assert referee.deciding_for() is None
    referee.thinking = (2, 0, TURN_LIMIT)
    assert referee.deciding_for() == 2
    referee.hand_back(2)  # a decision of the turn limit stands
    assert referee.thinking == (2, 0, TURN_LIMIT)


async def test_the_bots_play_and_a_late_person_has_the_stand_in_decide() -> None:
    """The host's bots play in turn; the person's turn limit runs out and the stand-in makes
    that decision, everybody told it is deciding first."""
    config = dataclasses.replace(FAST, turn_limit_s=0.05, stand_in="easy")
    referee, table = _referee(["human", "easy", "easy", "easy"], [CLAIM], config)
    match = referee.session.match

    def go_on(result: HandResult | None, seat: int, by: str, action: Action) -> None:
        Table.on_applied(table, result, seat, by, action)
        referee.drive()

    referee.on_applied = go_on
    referee.drive()
    for _ in range(400):
        if (0, TURN_LIMIT) in referee.movers:
            break
        await asyncio.sleep(0.01)
    referee.halt()
    referee.close()
    assert (0, TURN_LIMIT) in referee.movers and table.deciding >= 1
    assert {by for seat, by in referee.movers if seat != 0} == {HOST}
    assert [m[:2] for m in table.applied] == referee.movers
    assert len(match.actions) == len(referee.movers)
    assert referee.turn_left() is None  # halted: no limit runs


def test_a_bot_pauses_longer_to_lead_after_a_trick() -> None:
    view = Session.new(parse_seats(["human"] * 4), seed=5).match.view(0)
    for trick, tricks, pause in (((), (), 0.5), ((), ("a trick",), 1.5), (("a card",), (), 0.5)):
        leading = dataclasses.replace(view, trick=trick, tricks=tricks)
        assert bot_pause(leading, 0.5, 1.0) == pause
