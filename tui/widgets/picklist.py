"""Lines of text that can be clicked: each line may stand for a target (a card of a hand being
reviewed, a choice to jump to); a click on it posts :class:`PickList.Picked`."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget


class PickList(Widget):
    """Shows lines (no wrapping); ``targets[i]`` is what line i stands for, or None."""

    DEFAULT_CSS = """
    PickList { height: auto; }
    """

    class Picked(Message):
        def __init__(self, picker: PickList, target: int) -> None:
            super().__init__()
            self.picker = picker
            self.target = target

        @property
        def control(self) -> PickList:
            return self.picker

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.lines: list[Text] = []
        self.targets: list[int | None] = []

    def show(self, lines: Sequence[Text], targets: Sequence[int | None]) -> None:
        self.lines, self.targets = list(lines), list(targets)
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self.lines))

    def render(self) -> RenderableType:
        return Text("\n", no_wrap=True, overflow="ellipsis").join(self.lines)

    def on_click(self, event: events.Click) -> None:
        if 0 <= event.y < len(self.targets):
            target = self.targets[event.y]
            if target is not None:
                self.post_message(self.Picked(self, target))
