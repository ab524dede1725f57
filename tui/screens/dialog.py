"""Dialogs that lie over the table's felt, not over the whole screen.

The discard's question, the declarations, the hand so far and the settings sit over the cards
they speak of, and the sidebar beside the felt (the score, the declarations, what is still out,
the log) stays in view, whole. So a dialog narrows to the felt, its words wrapped; one whose lines
do not scroll and would then not all show goes as little wider as it must, since a dialog cut off
would hide what it asks. Each dialog says how many rows it needs at a width
(:meth:`TableDialog.rows_needed`) and takes its form for the width chosen
(:meth:`TableDialog.fit`). Over another screen (the start screen) a dialog is in the middle. The
sizes are pinned by tests/tui/test_dialog_felt.py, test_dialog_placement.py and
test_declare_fit.py."""

from __future__ import annotations

from typing import TypeVar

from textual.css.query import NoMatches
from textual.geometry import Offset, Region, Size
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from tui.screens.modal import Modal

ResultType = TypeVar("ResultType")

EDGE = 1  # columns kept free between a dialog wider than the felt and the screen's edge
MARGIN = 1  # columns of felt kept free either side of a dialog over it
# The fewest columns a dialog is given however narrow the felt (narrower than the felt of the
# smallest terminal played in: below that the too-small page is shown)
NARROWEST = 40


class TableDialog(Modal[ResultType]):
    """A dialog box (``.dialog``) over the felt of the table under it, if any."""

    # Its lines scroll: it stays over the felt at every size (one whose lines do not scroll goes
    # wider where they would not all show).
    SCROLLS = False

    _placed: tuple[Region | None, Size] | None = None  # the felt and the terminal placed for

    def on_mount(self) -> None:
        self._over_felt()  # before the first frame: it is never drawn elsewhere first
        under = self.under()
        if under is not None:  # the table laid out again (the terminal resized): follow it
            under.screen_layout_refresh_signal.subscribe(self, self._follow_felt)

    def on_resize(self) -> None:
        self.call_after_refresh(self._over_felt)  # (the table under it laid out again first)

    def under(self) -> Screen | None:
        """The screen under this dialog, if any."""
        stack = self.app.screen_stack
        if self not in stack or stack.index(self) == 0:
            return None
        return stack[stack.index(self) - 1]

    def felt(self) -> Region | None:
        """The felt of the table under this dialog, inside its frame (if it has one), where it is
        on the screen."""
        under = self.under()
        found = under.query("#felt") if under is not None else None
        region = found.first().content_region if found else None
        return region if region is not None and region.area else None

    def _follow_felt(self, _screen: Screen) -> None:
        if self.is_attached and self._placed != (self.felt(), self.app.size):
            self._over_felt()

    def _over_felt(self) -> None:
        """The box's width, form and place for the felt under it now."""
        try:
            box = self.query_one(".dialog")
        except NoMatches:
            return
        felt = self.felt()
        self._placed = (felt, self.app.size)
        room, viewport = self.room(), self.app.size
        widest = widest_width(box, room, viewport)
        if widest is None:  # (a box of no fixed width: in the middle of the screen)
            box.styles.offset = (0, 0)
            return
        try:
            wide = widest if felt is None else self.width_over(felt, widest)
            box.styles.width = wide  # (Textual lays out again only when it changes)
            high = min(self.fit(wide), max_height(box, room, viewport))
        except NoMatches:  # (its parts taken away: the app closing as the dialog opens)
            return
        box.styles.offset = (0, 0) if felt is None else self._offset(wide, high, felt)

    def width_over(self, felt: Region, widest: int) -> int:
        """The box's width over ``felt``: its stylesheet's (``widest``) where the felt has room
        for it with a column of felt either side, else the felt's less those columns, or (lines
        that do not scroll) the fewest columns more than that with which it shows all it holds
        in its rows."""
        narrowest = min(widest, max(NARROWEST, felt.width - 2 * MARGIN))
        if self.SCROLLS:
            return narrowest
        limit = max_height(self.dialog_box(), self.room(), self.app.size)
        for wide in range(narrowest, widest + 1):
            if self.rows_needed(wide) <= limit:
                return wide
        return widest

    def dialog_box(self) -> Widget:
        return self.query_one(".dialog")

    def rows_needed(self, width: int) -> int:
        """The rows the box needs to show all it holds when it is ``width`` columns wide, in
        its tightest form (a dialog that has one says so)."""
        return content_rows(self.dialog_box(), self.room(), self.app.size, width)

    def fit(self, width: int) -> int:
        """Takes the dialog's form for ``width`` columns (a dialog that has more than one says
        which); the rows the box then asks for."""
        return content_rows(self.dialog_box(), self.room(), self.app.size, width)

    def room(self) -> Size:
        """The rows and columns a dialog box has: the screen's, less its footer's row (the
        dialog's keys, docked under it). Its ``max-height`` is a share of these rows."""
        width, height = self.app.size
        return Size(width, height - sum(1 for _ in self.query(Footer)))

    def _offset(self, wide: int, high: int, felt: Region) -> Offset:
        """How far from the middle of the screen (where the screen's alignment puts it) the
        box, ``wide`` by ``high``, goes to be over the middle of ``felt``: an offset moves it
        without changing its size."""
        width, height = self.room()
        x = felt.x + (felt.width - wide) // 2
        if wide > felt.width - 2 * MARGIN:  # wider than the felt: as near it as the edge lets
            x = (
                max(0, (width - wide) // 2)
                if wide > width - 2 * EDGE
                else max(EDGE, min(x, width - wide - EDGE))
            )
        y = max(0, min(felt.y + (felt.height - high) // 2, height - high))
        y = max(y, min(felt.y, height - high))  # under the top bar when there is room
        return Offset(x - max(0, (width - wide) // 2), y - max(0, (height - high) // 2))


def widest_width(box: Widget, room: Size, viewport: Size) -> int | None:
    """The box's width as its stylesheet says, in ``room`` (None when it is not fixed)."""
    styles = box.styles.base
    if styles.width is None or styles.width.is_auto:
        return None
    wide = styles.width.resolve(room, viewport)
    if styles.max_width is not None:
        wide = min(wide, styles.max_width.resolve(room, viewport))
    return int(wide)


def content_rows(box: Widget, room: Size, viewport: Size, width: int) -> int:
    """The rows the box's content asks for when it is ``width`` columns wide (which its
    ``max-height`` may cut), its frame with them, as it is styled now."""
    for node in box.walk_children(Widget, with_self=True):
        node._clear_arrangement_cache()  # (kept by size: a row changed since would be missed)
    gutter = box.styles.gutter
    return box.get_content_height(room, viewport, max(1, width - gutter.width)) + gutter.height


def max_height(box: Widget, room: Size, viewport: Size) -> int:
    """The most rows the box may take in ``room``."""
    limit = box.styles.max_height
    return room.height if limit is None else min(room.height, int(limit.resolve(room, viewport)))
