"""A check box drawn as the declarations' rows draw theirs, [x] or [ ]."""

from __future__ import annotations

from textual.content import Content
from textual.style import Style
from textual.widgets import Checkbox


class PlainCheckbox(Checkbox):
    """Textual's check box with its state in a character, not only in a colour: it reads the
    same in monochrome and in ASCII, where the half blocks around a coloured X do not."""

    @property
    def _button(self) -> Content:
        colour = self.get_visual_style("toggle--button").foreground  # (its colour when on)
        mark = ("x", Style(foreground=colour, bold=True)) if self.value else " "
        return Content.assemble("[", mark, "]")
