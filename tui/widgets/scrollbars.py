"""Scroll bars in ASCII mode: the thumb in whole cells of its colour, without the block glyphs
(▁ ▂ ▃ …) that draw its ends to an eighth of a cell."""

from __future__ import annotations

from textual.scrollbar import ScrollBar, ScrollBarRender


class PlainScrollBarRender(ScrollBarRender):
    VERTICAL_BARS = [" "] * len(ScrollBarRender.VERTICAL_BARS)
    HORIZONTAL_BARS = [" "] * len(ScrollBarRender.HORIZONTAL_BARS)


def use_plain_scroll_bars(plain: bool) -> None:
    """Draw every scroll bar plainly (ASCII mode) or with Textual's glyphs."""
    ScrollBar.renderer = PlainScrollBarRender if plain else ScrollBarRender
