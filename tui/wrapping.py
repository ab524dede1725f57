"""Text that wraps between its pieces, never inside one (a name stays with its score)."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, JustifyMethod, RenderResult
from rich.text import Text


class Pairs:
    """Pieces of text set side by side ``separator`` apart (two spaces), wrapped between pieces
    only."""

    def __init__(self, pieces: list[Text], separator: str = "  ", *,
                 justify: JustifyMethod | None = None) -> None:
        self.pieces, self.separator, self.justify = pieces, separator, justify

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        lines, gap = [Text()], Text(self.separator).cell_len
        for piece in self.pieces:
            if lines[-1] and lines[-1].cell_len + gap + piece.cell_len > options.max_width:
                lines.append(Text())
            lines[-1] = lines[-1] + Text(self.separator) + piece if lines[-1] else piece.copy()
        for line in lines:
            line.justify = self.justify
            yield line
