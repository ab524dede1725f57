"""The printable scoresheet (text/scoresheet.py) of a record file, which has no names."""

from __future__ import annotations

from tests.tui.test_review import played_match
from text.hand_review import ReviewSource
from text.scoresheet import scoresheet


def test_a_record_files_seats_are_numbered_as_in_the_review() -> None:
    """A record file has no names: its scoresheet numbers the seats 1 to 4, as the review of the
    same file and the start screen do (sides: seats 1 and 3, seats 2 and 4)."""
    match = played_match(3, 300)
    text = scoresheet(match)
    assert "Seats in turn order: Seat 1, Seat 2, Seat 3, Seat 4" in text
    assert "Sides: Seat 1 & Seat 3 against Seat 2 & Seat 4" in text
    assert ReviewSource.of(match).names == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
