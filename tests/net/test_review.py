"""The review at a network table: a seat is sent the record of each finished hand (only once it
is over), its sheet offers the review of that hand and of the history's hands, the revealed
hands are the server's own."""

from __future__ import annotations

import asyncio
from functools import partial
from pathlib import Path

import pytest

from game.history import replay_hands
from game.match import Match
from net import protocol as p
from net.client import JoinRequest
from net.remote import RemoteSession, replay_record
from table.session import parse_seats
from tests.support.net import (
    RawClient,
    play_on_until,
    raw_easy_seat,
    serve,
    wait_until,
)
from tests.support.screens import FAST, at_the_last_tricks, idle, press, screen_text, wait_for
from tui.app import TarocchinoApp
from tui.screens.review import ReviewScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.table import TableScreen

SEED, TARGET = 4, 500  # three hands or more


async def _to_sheet(pilot, sheets: int) -> ScoringScreen:  # noqa: ANN001
    """Anna plays until the sheet of hand ``sheets`` is up."""

    def up() -> bool:
        screen = pilot.app.screen
        return isinstance(screen, ScoringScreen) and screen.summary.hand_number + 1 == sheets

    await play_on_until(pilot, up, most=600)
    return pilot.app.screen


async def test_the_sheet_at_a_network_table_opens_the_review(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (what is reviewed is checked here, not how: a light judgement keeps the test's load small)
    monkeypatch.setattr("tui.screens.table_end.ReviewScreen", partial(ReviewScreen, iterations=8))
    # (the table's first hand is taken up at its last two tricks; the second is played whole)
    going_on = at_the_last_tricks(parse_seats(["human", "easy", "easy", "easy"]), SEED, TARGET)
    server, address = await serve(session=going_on)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            app.join_table(JoinRequest(address, "Anna", 0))
            await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
            session = app.screen.session
            assert isinstance(session, RemoteSession)
            for sheets in (1, 2):
                sheet = await _to_sheet(pilot, sheets)
                await idle(pilot)
                assert sheet.review is not None and "Review this hand" in screen_text(app)
                await press(pilot, "r")
                review = app.screen
                assert isinstance(review, ReviewScreen) and review.index == sheets - 1
                source = review.source
                assert len(source.hands) == sheets == len(server.hands.results)
                for mine, theirs in zip(source.hands, server.hands.by_number.values(), strict=True):
                    assert mine.dealt == theirs.dealt and mine.history == theirs.history
                    assert mine.result == theirs.result and mine.discard == theirs.discard
                assert source.judged == {0} and source.names[0] == "Anna"
                assert {d.seat for d in review.walk.decisions} == {0}  # Anna's cards only
                await press(pilot, "q")
                assert isinstance(app.screen, ScoringScreen)
            sheet.action_review(0)  # the history's first hand, from the second sheet
            await idle(pilot)
            assert isinstance(app.screen, ReviewScreen) and app.screen.index == 0
            await press(pilot, "q")
    finally:
        await server.close()


def test_a_record_that_does_not_replay_to_the_result_is_not_reviewed() -> None:
    match = Match(7)
    while not match.results:
        match.apply(match.legal_actions()[0])
    finished, result = replay_hands(match)[0], match.results[0]
    actions = tuple(m.action for m in finished.history)
    record = p.read_server(p.encode(p.hand_record(0, finished.dealer, finished.dealt, actions)))
    assert isinstance(record, p.HandRecord)
    replayed = replay_record(record, result, match.rules.target)
    assert replayed is not None and replayed.history == finished.history
    short = p.HandRecord(0, record.dealer, record.dealt, actions[:-1])
    assert replay_record(short, result, match.rules.target) is None  # not over
    swapped = p.HandRecord(0, record.dealer, record.dealt[1:] + record.dealt[:1], actions)
    assert replay_record(swapped, result, match.rules.target) is None  # another deal
    for bad in (
        {"dealt": [["KS"]] * 4},
        {"dealt": [["KS"] * 15] * 4},
        {"actions": ["play KS"] * 200},
        {"number": -1},
    ):
        message = {**p.hand_record(0, finished.dealer, finished.dealt, actions), **bad}
        with pytest.raises(p.ProtocolError):
            p.read_server(p.encode(message))


async def test_a_seat_back_at_the_table_gets_the_records_again() -> None:
    """Coming back with its token after a hand is over: the welcome, then the record of every
    finished hand, then the table (the review is offered there as before the drop)."""
    server, address = await serve(["human", "easy", "easy", "easy"], seed=SEED, target=TARGET)
    first = await RawClient.connect(address)
    back = await RawClient.connect(address)
    try:
        token = (await first.hello("Anna", seat=0))["token"]
        playing = asyncio.ensure_future(raw_easy_seat(first, 0))
        await wait_until(
            lambda: any(m["type"] == "hand_record" for m in first.messages), "the first hand's end"
        )
        playing.cancel()
        await first.close()
        await back.hello("Anna", token=token)
        state = await back.until("state")
    finally:
        await back.close()
        await server.close()
    kinds = [m["type"] for m in back.messages]
    finished = len(kinds) - 2
    assert kinds == ["welcome", *["hand_record"] * finished, "state"] and finished >= 1
    assert [m["number"] for m in back.messages[1:-1]] == list(range(finished))
    session = RemoteSession(lambda receive: None)  # type: ignore[arg-type, return-value]
    for message in back.messages:
        session.receive(p.read_server(p.encode(message)))
    source = session.review_source()
    assert state["view"]["hand_number"] >= finished and source is not None
    assert [h.dealt for h in source.hands] == [
        server.hands.by_number[i].dealt for i in range(finished)
    ]
