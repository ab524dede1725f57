"""One player's place at the table: name, role, cards left, whose turn, what he declared."""

from __future__ import annotations

from tui.presenter import SeatTexts
from tui.widgets.line import TextLine


class SeatPanel(TextLine):
    """A small fixed-size panel for one seat, lit up while its player is to act. Its lines come
    by importance; on a short table the last (the declarations, also listed beside the table)
    are left out."""

    DEFAULT_CSS = """
    SeatPanel { height: 3; }
    """
    ELLIPSIS = False
    TURN_BACKGROUND = "#1f6b4a"

    def show_seat(self, seat: SeatTexts) -> None:
        background = self.TURN_BACKGROUND if seat.to_act else None
        if self.styles.background != background:
            # An inline style, not a CSS class: a class change re-applies the whole stylesheet.
            self.styles.background = background
        self.show(seat.lines)
