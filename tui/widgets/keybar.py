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
        """The entries that fit in ``width`` cells: when they do not all fit, those before the
        last are left out from the right (the last, the way out, always shows)."""
        entries = list(self.entries)
        while len(entries) > 1 and sum(cell_len(f" {k} {d} ") for k, d, _ in entries) > width:
            del entries[-2]
        return entries

    def render(self) -> RenderableType:
        text = Text(no_wrap=True, overflow="ellipsis")
        self._spans = []
        key_style = self.get_component_rich_style("keybar--key", partial=True)
        for key, description, action in self.shown(self.size.width):
            start = text.cell_len
            text.append(f" {key} ", style=key_style)
            text.append(f"{description} ")
            self._spans.append((start, text.cell_len, action))
        return text

    async def on_click(self, event: events.Click) -> None:
        for start, end, action in self._spans:
            if start <= event.x < end:
                await self.app.run_action(action, self.screen)
                return
