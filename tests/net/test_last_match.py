"""A network match played to its end gives the start screen its "last match" note, as a match of
this screen does: at another person's table, who won, the score and the table's address (its
record is in the host's statistics, so there is no Review here); at a table hosted from this
start screen, the note of the statistics this game keeps, and its review (127.0.0.1, ports from
the system, bounded in time)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Button

from net.client import JoinRequest
from net.config import HostRequest
from store.lastmatch import LastMatchNote
from store.stats import match_number
from table.session import parse_seats
from tests.support.net import run_until, serve
from tests.support.screens import FAST, count_notices, idle, play_to_the_end, press, wait_for
from tui.app import TarocchinoApp
from tui.screens.review import ReviewScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen

SEED, TARGET = 3, 5  # seat 1 declares enough to call out in the first hand: a short match


def _last_row(app: TarocchinoApp) -> tuple[bool, str, bool]:
    """Whether the row is shown, its title and whether it offers a review."""
    start = app.screen
    assert isinstance(start, StartScreen)
    row = start.query_one("#last-row")
    review = start.query_one("#last-review", Button)
    return bool(row.display), str(row.border_title or ""), bool(review.display)


async def test_a_match_joined_to_its_end_is_noted_with_its_table(tmp_path: Path) -> None:
    server, address = await serve(["human", "easy", "easy", "easy"], seed=SEED, target=TARGET)
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
            assert _last_row(app)[0] is False
            app.join_table(JoinRequest(address, "Anna"))
            await wait_for(pilot, lambda: app.network.table is not None)
            await play_to_the_end(pilot)
            await run_until(
                pilot, lambda: isinstance(app.screen, StartScreen) and _last_row(app)[0]
            )
            shown, title, review = _last_row(app)
            assert title.startswith(f"Last match at {address}, ")
            assert review is False  # its record is the host's
            match = server.session.match
            note = LastMatchNote(tmp_path).read()
            assert note is not None and note.uid is None and note.table == str(address)
            assert note.winner == match.winner and note.scores == tuple(match.scores)
            assert note.hands == len(match.results) and note.target == TARGET
            assert note.names == tuple(s.name for s in server.statuses())
            count_notices(app)  # (press returns once the notice is posted)
            await press(pilot, "r")  # says where its record is, opens nothing
            await idle(pilot)
            assert isinstance(app.screen, StartScreen)
    finally:
        await server.close()


async def test_a_match_hosted_here_is_noted_with_its_review(tmp_path: Path) -> None:
    app = TarocchinoApp(settings=FAST, directory=tmp_path, persist=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        seats = parse_seats(["human", "easy", "easy", "easy"], ["Anna", "Bruno", "Carla", "Dario"])
        await app.host_table(
            seats, seed=SEED, target=TARGET, request=HostRequest(0, "127.0.0.1", None, 0)
        )
        await run_until(
            pilot, lambda: isinstance(app.screen, TableScreen) or app.network.table is not None
        )
        server = app.network.server
        assert server is not None
        await play_to_the_end(pilot)
        await run_until(
            pilot,
            lambda: (
                isinstance(app.screen, StartScreen)
                and _last_row(app)[0]
                and match_number(tmp_path, app.screen.last.uid)[0] is not None
            ),
        )  # (the statistics are written in a thread)
        shown, title, review = _last_row(app)
        assert title.startswith("Last match, ") and review is True
        note = LastMatchNote(tmp_path).read()
        assert note is not None and note.table is None
        assert note.winner == server.session.match.winner
        await press(pilot, "r")
        await run_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        await app.network.close()
