"""The key bar under the table: what each key does; a click on an entry does it too.

A light Footer: it only repaints when its entries change (Textual's Footer rebuilds itself each
time the screen comes back, e.g. after every hot-seat hand-over)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.widget import Widget


class KeyBar(Widget):
    """Entries (key shown, description, action), the most useful first and the way out (Back,
    Menu) last; a click on an entry runs its action on the screen (as its key does)."""

    DEFAULT_CSS = """
    KeyBar { height: 1; background: $footer-background; color: $footer-foreground; }
    KeyBar > .keybar--key { color: $footer-key-foreground; text-style: bold; }
    """
    COMPONENT_CLASSES = {"keybar--key"}

    def __init__(self, entries: list[tuple[str, str, str]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries = entries
        self._spans: list[tuple[int, int, str]] = []

    def set_entries(self, entries: list[tuple[str, str, str]]) -> None:
        if entries != self.entries:
            self.entries = list(entries)
            self.refresh()

    def shown(self, width: int) -> list[tuple[str, str, str]]:
        """The entries that fit in ``width`` cells (see :meth:`_fitted`)."""
        return self._fitted(width)[0]

    def _fitted(self, width: int) -> tuple[list[tuple[str, str, str]], bool]:
        """The entries that fit in ``width`` cells, and whether they are one space apart: two
        where they all fit so, else one (80 columns with ASCII marks: "Enter Play"); when even
        so they do not all fit, those before the last are left out from the right (the last,
        the way out, always shows)."""
        entries = list(self.entries)
        if _cells(entries, tight=False) <= width:
            return entries, False
        while len(entries) > 1 and _cells(entries, tight=True) > width:
            del entries[-2]
        return entries, True

    def render(self) -> RenderableType:
        text = Text(no_wrap=True, overflow="ellipsis")
        self._spans = []
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        entries, tight = self._fitted(self.size.width)
        for key, description, action in entries:
            start = text.cell_len
            text.append(f" {key}" if tight else f" {key} ", style=key_style)
            text.append(f" {description}" if tight else f"{description} ")
            self._spans.append((start, text.cell_len, action))
        return text

    async def on_click(self, event: events.Click) -> None:
        for start, end, action in self._spans:
            if start <= event.x < end:
                await self.app.run_action(action, self.screen)
                return


def _cells(entries: list[tuple[str, str, str]], *, tight: bool) -> int:
    """The width of ``entries`` in the key bar, two spaces apart or (``tight``) one."""
    return sum(cell_len(f" {k} {d}" if tight else f" {k} {d} ") for k, d, _ in entries)
