"""Lists of lines: the play log (appended as the hand goes on) and the declarations."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import RichLog, Static

from tui.widgets.line import same_text


def _same(a: list[Text], b: list[Text]) -> bool:
    return len(a) == len(b) and all(same_text(x, y) for x, y in zip(a, b, strict=True))


class PlayLog(RichLog, can_focus=False):
    """The log: given the whole list of lines each time, it writes only the new ones."""

    DEFAULT_CSS = """
    PlayLog { height: 1fr; scrollbar-size-vertical: 1; background: transparent; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, auto_scroll=True, min_width=8)
        self._lines: list[Text] = []

    def show(self, lines: list[Text]) -> None:
        old = self._lines
        if _same(lines[: len(old)], old):
            for line in lines[len(old):]:
                self.write(line)
        else:
            self.clear()
            for line in lines:
                self.write(line)
        self._lines = list(lines)

    def on_resize(self, event: events.Resize) -> None:
        lines, self._lines = self._lines, []
        self.clear()
        self.show(lines)


class LineList(VerticalScroll, can_focus=False):
    """A short list of lines that changes rarely (the declarations). A line that starts with
    two spaces is indented, and so is the rest of it when it wraps."""

    DEFAULT_CSS = """
    LineList { height: auto; scrollbar-size-vertical: 1; }
    LineList > Static { width: 1fr; }
    LineList > Static.-indented { padding-left: 2; }
    """
    INDENT = "  "

    def __init__(self, *, id: str | None = None, empty: str = "") -> None:
        super().__init__(id=id)
        self.empty = empty
        self._lines: list[Text] = []

    def compose(self) -> ComposeResult:
        yield Static(Text(self.empty, style="dim"))

    def show(self, lines: list[Text]) -> None:
        if _same(lines, self._lines):
            return
        self._lines = list(lines)
        rows = [Static(line[len(self.INDENT):], classes="-indented")
                if line.plain.startswith(self.INDENT) else Static(line) for line in lines]
        self.remove_children()
        self.mount_all(rows or [Static(Text(self.empty, style="dim"))])
