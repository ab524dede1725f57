"""The felt: the four seats around the trick, as the table and the lesson draw it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from tui.widgets.seat import SeatPanel
from tui.widgets.trick import TrickView


def felt() -> ComposeResult:
    """The seats at the top, left, right and bottom, the trick in the middle (inside a
    screen's ``compose``)."""
    with Vertical(id="felt"):
        yield SeatPanel(id="seat-top", classes="seat")
        with Horizontal(id="middle"):
            yield SeatPanel(id="seat-left", classes="seat side-seat")
            yield TrickView(id="trick")
            yield SeatPanel(id="seat-right", classes="seat side-seat")
        yield SeatPanel(id="seat-bottom", classes="seat")
