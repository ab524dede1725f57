"""Dialogs over the table (the discard's question, the declarations, the hand so far, the
settings) are centred over the felt, not over the whole screen: the score, the declarations and
the log beside it stay in view, and the dialog sits over the cards it speaks of. A dialog wider
than the felt (80 columns) goes as near its middle as the terminal lets it, a column from the
edge; one that is taller starts under the top bar. Over any other screen (the start screen), a
dialog is in the middle of the screen.

The hand-over and the help are screens of their own, deliberately over the whole screen."""

from __future__ import annotations

from typing import TypeVar

from textual.css.query import NoMatches
from textual.geometry import Offset, Region, Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer

ResultType = TypeVar("ResultType")

EDGE = 1  # columns kept free between a dialog wider than the felt and the screen's edge


class TableDialog(ModalScreen[ResultType]):
    """A dialog box (``.dialog``) centred over the felt of the table under it, if any."""

    def on_mount(self) -> None:
        self._over_felt()  # before the first frame: it is never drawn elsewhere first

    def on_resize(self) -> None:
        self.call_after_refresh(self._over_felt)  # (the table under it laid out again first)

    def felt(self) -> Region | None:
        """The felt of the table under this dialog, where it is on the screen."""
        stack = self.app.screen_stack
        if self not in stack or stack.index(self) == 0:
            return None
        found = stack[stack.index(self) - 1].query("#felt")
        region = found.first().region if found else None
        return region if region is not None and region.area else None

    def _over_felt(self) -> None:
        try:
            box = self.query_one(".dialog")
        except NoMatches:
            return
        felt = self.felt()
        box.styles.offset = (0, 0) if felt is None else self._offset(box, felt)

    def room(self) -> Size:
        """The rows and columns a dialog box has: the screen's, less its footer's row (the
        dialog's keys, docked under it). Its ``max-height`` is a share of these rows."""
        width, height = self.app.size
        return Size(width, height - sum(1 for _ in self.query(Footer)))

    def _offset(self, box: Widget, felt: Region) -> Offset:
        """How far from the middle of the screen (where the screen's alignment puts it) the
        box goes to be over the middle of ``felt``: an offset moves it without changing its
        size."""
        viewport = self.app.size
        width, height = room = self.room()
        size = _size(box, room, viewport)
        if size is None:
            return Offset()  # (a box of no fixed width: in the middle of the screen)
        wide, high = size
        x = felt.x + (felt.width - wide) // 2
        x = max(0, (width - wide) // 2) if wide > width - 2 * EDGE else \
            max(EDGE, min(x, width - wide - EDGE))
        y = max(0, min(felt.y + (felt.height - high) // 2, height - high))
        y = max(y, min(felt.y, height - high))  # under the top bar when there is room
        return Offset(x - max(0, (width - wide) // 2), y - max(0, (height - high) // 2))


def natural_size(box: Widget, room: Size, viewport: Size) -> tuple[int, int] | None:
    """The box's width in ``room`` and the height its content asks for, which its
    ``max-height`` may cut (None when its width is not fixed)."""
    styles = box.styles
    if styles.width is None or styles.width.is_auto:
        return None
    wide = styles.width.resolve(room, viewport)
    if styles.max_width is not None:
        wide = min(wide, styles.max_width.resolve(room, viewport))
    gutter = styles.gutter
    high = box.get_content_height(room, viewport, int(wide) - gutter.width) + gutter.height
    return int(wide), high


def max_height(box: Widget, room: Size, viewport: Size) -> int:
    """The most rows the box may take in ``room``."""
    limit = box.styles.max_height
    return room.height if limit is None else min(room.height, int(limit.resolve(room, viewport)))


def _size(box: Widget, room: Size, viewport: Size) -> tuple[int, int] | None:
    """The box's width and height in ``room`` (None when its width is not fixed)."""
    size = natural_size(box, room, viewport)
    if size is None:
        return None
    wide, high = size
    return wide, min(high, max_height(box, room, viewport))
