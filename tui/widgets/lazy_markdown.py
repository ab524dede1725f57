"""A long Markdown page shown at once: its first blocks are mounted with it, the others a batch
at a time, a moment apart.

Textual's Markdown mounts every block (a heading, a paragraph, a list, a table and its cells)
before it shows any: for the help, hundreds of widgets and over a second. The first page needs
a few blocks; the rest comes while the reader reads it, and keys are answered in between
(one who opens the page to leave it at once never waits for the rest)."""

from __future__ import annotations

from markdown_it import MarkdownIt
from textual.await_complete import AwaitComplete
from textual.widgets import Markdown
from textual.widgets.markdown import MarkdownBlock

FIRST = 6  # blocks mounted with the page: the help's first page on a terminal of 70 rows
BATCH = 20  # then this many at a time,
PAUSE = 0.05  # this many seconds apart


class LazyMarkdown(Markdown):
    """Markdown whose blocks are mounted a batch at a time (:data:`FIRST`, then :data:`BATCH`
    every :data:`PAUSE`); :meth:`mount_rest` mounts what is left at once, for what needs the
    whole page (a search)."""

    def __init__(self, markdown: str, *, classes: str | None = None) -> None:
        super().__init__(markdown, classes=classes)
        self._waiting: list[MarkdownBlock] | None = None  # (None: the page not yet read)

    @property
    def whole(self) -> bool:
        """Whether every block of the page is mounted."""
        return self._waiting == []

    def update(self, markdown: str) -> AwaitComplete:
        """Show ``markdown`` in place of the page (blocks mounted as the class says)."""
        self._markdown = markdown
        self._table_of_contents = None
        for block in self.query_children(MarkdownBlock):
            block.remove()
        self._waiting = list(self._parse_markdown(MarkdownIt("gfm-like").parse(markdown)))
        return AwaitComplete(self._mount_next(FIRST))

    async def _mount_next(self, count: int) -> None:
        """Mount the next ``count`` blocks waiting, and the next batch a moment later."""
        waiting = self._waiting or []
        batch, self._waiting = waiting[:count], waiting[count:]
        if batch:
            await self.mount_all(batch)
        if self._waiting:
            self.set_timer(PAUSE, lambda: self._mount_next(BATCH))

    async def mount_rest(self) -> None:
        """Mount every block still waiting."""
        if self._waiting:
            await self._mount_next(len(self._waiting))
