"""What a person's table says after the turn limit ran out and the stand-in decided for them
(127.0.0.1, a free port, easy bots in the other seats, bounded in time): when the declarations
were made for them, the card is still theirs to play, and the status line says so; what the
stand-in did is said until the table moves on, then the status line is the table's again (whose
turn, what to play), never "Time ran out" when the person's next turn comes."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from game.match import Match
from game.scoring import declarable_families
from net.client import JoinRequest
from net.referee import TURN_LIMIT
from tests.support.net import FAST as NET_FAST
from tests.support.net import run_until, serve
from tests.support.screens import FAST, at_table
from tui.app import TarocchinoApp


def _seed_seat0_declares() -> int:
    """A match whose seat 0 is not the dealer and has something to declare."""
    return next(
        s
        for s in range(1, 5000)
        if Match(s).first_dealer != 0 and declarable_families(Match(s).hand.hands[0])
    )


async def test_after_the_stand_in_the_status_line_says_whose_turn_it_is(tmp_path: Path) -> None:
    config = dataclasses.replace(NET_FAST, turn_limit_s=4.0, stand_in="easy")
    server, address = await serve(
        ["human", "easy", "easy", "easy"], seed=_seed_seat0_declares(), config=config
    )
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            table = await at_table(pilot, app, JoinRequest(address, "Anna", 0))
            session = app.network.session
            assert session is not None

            def status() -> str:
                return table.query_one("#status").text.plain

            # Anna does nothing: the stand-in declares for her; the card is still hers to play
            await run_until(pilot, lambda: "the easy bot declared" in status())
            said = status()
            assert said.startswith("Time ran out: the easy bot declared ")
            assert "Anna, your turn" in said, said
            # ... and then plays it for her; the others play on
            await run_until(
                pilot,
                lambda: (
                    (0, TURN_LIMIT) in server.referee.movers[1:]
                    and "the easy bot played" in status()
                ),
            )
            ran_out = len(server.referee.movers)
            # her next turn: the status line says it is hers (before the countdown begins)
            await run_until(
                pilot,
                lambda: (
                    session.turn == 0
                    and session.ply > ran_out
                    and len(server.session.match.actions) == session.ply
                ),
            )
            for _ in range(3):
                await pilot.pause()
            said = status()
            assert "Time ran out" not in said, said
            assert "Anna, your turn" in said, said
    finally:
        await server.close()
