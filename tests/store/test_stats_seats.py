"""The statistics' queries ask who sits with whom of game.seats (registered with the
connection), never work it out from the seat numbers."""

from __future__ import annotations

import re
from pathlib import Path

from game.seats import partner_of, side_of
from store import stats
from store.statsdb import open_database


def test_the_connection_knows_the_sides_and_partners(tmp_path: Path) -> None:
    connection = open_database(tmp_path).connection
    try:
        for seat in range(4):
            row = connection.execute("SELECT side_of(?), partner_of(?)", (seat, seat)).fetchone()
            assert row == (side_of(seat), partner_of(seat))
        junk = connection.execute("SELECT side_of('x'), partner_of(7), side_of(NULL)").fetchone()
        assert junk == (None, None, None)  # not a seat: it sits nowhere
    finally:
        connection.close()


def test_no_query_does_arithmetic_on_seats() -> None:
    source = Path(stats.__file__).read_text(encoding="utf-8")
    assert not re.search(r"seat\s*[-+%]|[-+%]\s*\w*\.?seat\b|1 - \w+\.side", source)
