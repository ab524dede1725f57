"""A screen under a dialog shows through it (the dialog's screen draws it as its background), but
Textual does not always pass on the repaints of the screen underneath: the dialog's screen is
asked to draw again once they are done. For the table's repaints and the log's rewrite alike;
and :class:`LaidOutUnder` for its layout."""

from __future__ import annotations

from textual import messages
from textual.screen import Screen
from textual.widget import Widget


class Beneath:
    """How many times a screen under a dialog has changed, in any app: a count that only grows,
    so a dialog that keeps its view of the screens beneath knows whether it is still true."""

    changes = 0

    @classmethod
    def changed(cls) -> None:
        cls.changes += 1


def redraw_over(screen: Screen) -> None:
    """The screens under ``screen`` have changed: it draws them again."""
    Beneath.changed()
    screen.refresh()


def redraw_above(widget: Widget) -> None:
    """``widget`` (or the screen it is on) has just asked for a repaint: when its screen shows
    through the screens above it (dialogs, whose background lets it through; not the help or
    the too-small page, which cover it), the top screen draws again once that is done."""
    screen, stack = widget.screen, widget.app.screen_stack
    if screen not in stack or screen is stack[-1]:
        return
    above = stack[stack.index(screen) + 1 :]
    if all(over.styles.background.a < 1 for over in above):
        widget.call_after_refresh(redraw_over, stack[-1])


class LaidOutUnder(Screen):
    """A screen that is laid out while dialogs cover it.

    Textual lays a screen out when it is idle after a change of size, which a covered screen
    never is: a change asked for as a dialog came over it (a match resumed at the declarations)
    would wait for the dialog to close, and the dialog would show the table as it was before."""

    def on_screen_suspend(self) -> None:
        # covered with a layout still to be done (resumed at the declarations: the table is
        # put together and the dialog comes at once)
        if self._layout_required:
            self.call_after_refresh(self._lay_out_covered)

    async def _on_layout(self, message: messages.Layout) -> None:
        await super()._on_layout(message)
        if self._layout_required and self is not self.app.screen:
            self.call_after_refresh(self._lay_out_covered)

    def _lay_out_covered(self) -> None:
        app = self.app
        if self is app.screen or not self._layout_required or self not in app.screen_stack:
            return  # (on top again, it lays itself out)
        self._layout_required = False
        self._refresh_layout()
        redraw_above(self)
