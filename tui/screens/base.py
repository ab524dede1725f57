"""What every screen of the game is: one on which a mouse press lands only on what is there."""

from __future__ import annotations

from typing import TypeVar

from textual.geometry import Offset
from textual.screen import Screen
from textual.widget import Widget

ResultType = TypeVar("ResultType")


class GameScreen(Screen[ResultType]):
    """A screen of the game.

    Textual's map of a screen still holds a widget taken off it (the table's sidebar and log are
    put together anew as the game goes on) until the screen is laid out again; a press there
    would begin a text selection in the widget's container, which it no longer has, and end the
    game with an error. Such a widget is not under the pointer: the press is nothing.
    """

    def get_widget_and_offset_at(self, x: int, y: int) -> tuple[Widget | None, Offset | None]:
        widget, offset = super().get_widget_and_offset_at(x, y)
        if widget is not None and widget is not self and widget.parent is None:
            return None, None
        return widget, offset
