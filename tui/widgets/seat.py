"""One player's place at the table: name, role, cards left, whose turn, what he declared."""

from __future__ import annotations

from rich.text import Text

from text.presenter import SeatTexts
from text.render import look_of
from tui.widgets.line import TextLine
from tui.widgets.trick import TrickView


class SeatPanel(TextLine):
    """A small fixed-size panel for one seat, lit up while its player is to act. Its lines come
    by importance; on a short table the last (the declarations, also listed beside the table)
    are left out."""

    DEFAULT_CSS = """
    SeatPanel { height: 3; }
    """
    ELLIPSIS = False

    doing = ""  # the phrase kept whole on one line (what the player is to do)

    def wrapped(self, text: Text) -> list[Text]:
        """The lines wrap between words, and never inside :attr:`doing` (it goes to a line of
        its own instead); a word longer than a line (a long name in a side seat) is shortened
        with an ellipsis, never broken in two."""
        text = text.copy()
        text.overflow = "ellipsis"
        lines = super().wrapped(text)
        at = text.plain.find(f"  {self.doing}") if self.doing else -1
        if at >= 0 and not any(self.doing in line.plain for line in lines):
            apart = text[:at] + Text("\n") + text[at + 2 :]
            apart.overflow = "ellipsis"
            lines = super().wrapped(apart)
        if not self.app.has_class("-ascii"):
            return lines
        width = self.content_region.width
        for line in lines:
            if line.plain.endswith("…"):
                line.right_crop(1)
                line.rstrip()
                line.truncate(max(0, width - 3), overflow="crop")
                line.append("...")
        return lines

    def render(self) -> Text:
        height = self.content_region.height
        lines = self.wrapped(self.text)  # (the panel's own wrapping, not the default one)
        if self.short is not None and 0 < height < len(lines):  # the name shortened, if it
            shorter = self.wrapped(self.short)  # saves a line that would be left out
            if len(shorter) < len(lines):
                lines = shorter
        lines = lines[:height] if height > 0 else lines
        return Text("\n").join(self._clear_of_captions(lines, height))

    def _clear_of_captions(self, lines: list[Text], height: int) -> list[Text]:
        """A side seat's lines, in the middle of its height as the stylesheet puts them, but
        moved up to end above the trick's captions beside them where there is room (a seat's
        line on a caption's row reads as the caption's end); they fill the height so they stay."""
        trick = (
            next((w for w in self.parent.children if isinstance(w, TrickView)), None)
            if self.has_class("side-seat") and self.parent is not None
            else None
        )
        if trick is None or not 0 < len(lines) < height:
            return lines
        top = (height - len(lines)) // 2  # (Textual's middle)
        limit = min(height, trick.caption_row())
        if top + len(lines) <= limit:
            return lines
        top = max(0, limit - len(lines))
        return [
            *(Text() for _ in range(top)),
            *lines,
            *(Text() for _ in range(height - top - len(lines))),
        ]

    def show_seat(self, seat: SeatTexts) -> None:
        turn = look_of(getattr(self.app, "settings", None)).palette.turn  # the theme's
        background = turn if seat.to_act else None
        # An inline style, not a CSS class: a class change re-applies the whole stylesheet.
        self.styles.background = background
        self.doing = seat.doing
        self.show(seat.lines, seat.short)
