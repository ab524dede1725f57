"""A modal screen whose dimmed view of the screens beneath costs little to draw.

A modal screen's translucent background shows the screens beneath it, tinted. Textual draws
them all again whenever the modal screen is drawn (five times as the declarations open) and works
out the tint of each of some 2,000 segments anew: 15 ms each time over a table. Here the dimmed
view is kept until the screens beneath change (Textual refreshes the modal screen where they did,
or :func:`tui.widgets.underneath.redraw_over` says so), and each style's tint is worked out once.
What is drawn is the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Self, TypeVar

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.geometry import Region
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen, Screen

from tui.screens.base import GameScreen
from tui.widgets.underneath import Beneath

ResultType = TypeVar("ResultType")

# Tints remembered before starting afresh: a table under a dialog uses some 560 styles, and the
# same ones as the game goes on
MOST_TINTS = 4096

_tints: dict[tuple[Color, Style | None], Style | None] = {}


def tint(style: Style | None, color: Color) -> Style | None:
    """``style`` seen through ``color``, as Textual tints the screens beneath a modal one."""
    key = (color, style)
    if key not in _tints:
        if len(_tints) >= MOST_TINTS:
            _tints.clear()
        (segment,) = BackgroundScreen.process_segments([Segment("", style)], color)
        _tints[key] = segment.style
    return _tints[key]


class _DimmedScreens(BackgroundScreen):
    """The screens beneath, tinted, kept as drawn for the size they were drawn at."""

    def __init__(self, screen: Screen, color: Color) -> None:
        super().__init__(screen, color)
        self.changes = Beneath.changes
        self._drawn: tuple[tuple[int, int | None], list[Segment]] | None = None

    @classmethod
    def process_segments(cls, segments: Iterable[Segment], color: Color) -> Iterable[Segment]:
        for segment in segments:
            text, style, control = segment
            yield segment if control else Segment(text, tint(style, color), control)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterable[Segment]:
        size = (options.max_width, options.height)
        if self._drawn is None or self._drawn[0] != size:
            segments = console.render(self.screen._compositor, options)
            self._drawn = (size, list(self.process_segments(segments, self.color)))
        return self._drawn[1]


class Modal(ModalScreen[ResultType], GameScreen[ResultType]):
    """A modal screen over others, which show through its background dimmed.

    ModalScreen comes first: Textual takes a screen's default CSS (the translucent background)
    along the first of its bases only."""

    _dimmed: _DimmedScreens | None = None

    def render(self) -> RenderableType:
        background = super().render()
        if type(background) is not BackgroundScreen:
            return background
        kept = self._dimmed
        if (
            kept is None
            or kept.changes != Beneath.changes
            or kept.screen is not background.screen
            or kept.color != background.color
        ):
            kept = self._dimmed = _DimmedScreens(background.screen, background.color)
        return kept

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        """Refresh; a refresh of some regions is the screens beneath changing there."""
        if regions:
            Beneath.changed()
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
