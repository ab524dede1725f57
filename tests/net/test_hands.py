"""A hosted table's finished hands (net/hands.py), without a socket: each hand's record once
it is over, the stand-ins' decisions marked in it, told to a seat that joins mid-hand, and taken
up again from the seats' file of a resumed table."""

from __future__ import annotations

from game.match import Match
from game.record import AWAY, OUT_OF_TIME, StandIn, to_json_stand_ins
from net import protocol as p
from net.hands import FinishedHands


def _to_first_result(match: Match) -> None:
    while not match.results:
        match.apply(match.legal_actions()[0])


def test_a_finished_hand_has_its_record_with_the_stand_ins() -> None:
    match = Match(7)
    logged: list[str] = []
    hands = FinishedHands(match, logged.append)
    assert hands.results == [] and hands.record(0) is None
    while not match.results:
        action = match.legal_actions()[0]
        match.apply(action)
        if len(match.hand.history) == 1:  # the discard: the stand-in's, say
            hands.mark(match.hand, StandIn("easy", AWAY))
    finished = FinishedHands(match, logged.append).by_number[0]  # (as a resumed table has it)
    assert hands.finish(match.results[0], finished) == 0
    record = p.read_server(p.encode(hands.record(0)))  # type: ignore[arg-type]
    assert isinstance(record, p.HandRecord)
    assert record.dealt == finished.dealt and record.stand_ins == {0: StandIn("easy", AWAY)}
    assert hands.results == list(match.results) and logged == []


def test_a_seat_that_joins_mid_hand_hears_of_the_stand_ins_so_far() -> None:
    match = Match(7)
    _to_first_result(match)
    hands = FinishedHands(match, print)
    first = len(match.actions)  # the ply of the second hand's discard
    for _ in range(3):
        match.apply(match.legal_actions()[0])
    hands.mark(match.hand, StandIn("medium", OUT_OF_TIME))  # the third action of hand 2
    seat = match.hand.history[2].seat
    assert hands.stood_in_so_far(match) == [p.stood_in(seat, first + 2, "medium")]
    assert hands.stand_ins == {1: {2: StandIn("medium", OUT_OF_TIME)}}


def test_a_resumed_table_takes_up_the_stand_ins_it_can_read() -> None:
    match = Match(7)
    _to_first_result(match)
    match.apply(match.legal_actions()[0])
    kept = {0: {3: StandIn("easy", AWAY)}, 1: {0: StandIn("easy", OUT_OF_TIME)}}
    logged: list[str] = []
    hands = FinishedHands(match, logged.append)
    hands.resume_stand_ins(match, to_json_stand_ins(kept))
    assert hands.stand_ins == kept and logged == []
    damaged = FinishedHands(match, logged.append)
    damaged.resume_stand_ins(match, {"0": {"3": ""}})
    assert damaged.stand_ins == {} and len(logged) == 1 and "cannot be read" in logged[0]
