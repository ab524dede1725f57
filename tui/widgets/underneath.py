"""A screen under a dialog shows through it (the dialog's screen draws it as its background), but
Textual does not always pass on the repaints of the screen underneath: the dialog's screen is
asked to draw again once they are done. For the table's repaints and the log's rewrite alike."""

from __future__ import annotations

from textual.widget import Widget


def redraw_above(widget: Widget) -> None:
    """``widget`` (or the screen it is on) has just asked for a repaint: when its screen shows
    through the screens above it (dialogs, whose background lets it through; not the help or
    the too-small page, which cover it), the top screen draws again once that is done."""
    screen, stack = widget.screen, widget.app.screen_stack
    if screen not in stack or screen is stack[-1]:
        return
    above = stack[stack.index(screen) + 1:]
    if all(over.styles.background.a < 1 for over in above):
        widget.call_after_refresh(stack[-1].refresh)
