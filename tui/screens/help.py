"""The game in five minutes, worked examples, advice, a glossary, the rules, card codes and keys:
``assets/help.md`` (``help.it.md`` in Italian: the page of the language spoken), read as package
data, with the whole pack drawn where the page says (:data:`text.pack.PLACE`), and a search
(``/``) that goes from one place that mentions a word to the next."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Input, Markdown, Static
from textual.widgets._markdown import MarkdownTable  # not exported; textual is pinned
from textual.widgets.markdown import MarkdownBlock

from game.files import FileMissingError, FileReadError
from text.language import ENGLISH, N_, _, current
from text.pack import PLACE, Pack
from text.render import look_of
from text.resources import read_asset
from text.storage import file_problem
from tui.screens.base import GameScreen
from tui.widgets.footer import Footer
from tui.widgets.lazy_markdown import LazyMarkdown

HELP_RESOURCE = "help.md"  # in assets/, installed with the game (as tui.assets); in English
FOUND = "-found"  # the class of the place shown by the search
# ? or F1 opens the help on every screen (the help itself closes with them)
HELP_KEY = Binding("question_mark,f1", "app.help", N_("Help"))


# ASCII mode: the marks and arrows of the help in plain characters (its arrows are all keys)
_PLAIN = str.maketrans(
    {
        "♠": "S",
        "♣": "B",
        "♥": "C",
        "♦": "D",
        "←": "Left",
        "→": "Right",
        "↑": "Up",
        "↓": "Down",
        "…": "...",
        "–": "-",
        "—": "-",
        "−": "-",
        "·": "-",
        "÷": "/",
        "×": "x",
        "“": '"',
        "”": '"',
        "’": "'",
    }
)
_PLAIN_BULLETS = ["- ", "* ", "+ ", "- ", "* "]


def help_resource(language: str) -> str:
    """The name of the help's page in ``language`` under assets/: help.md, help.it.md."""
    return HELP_RESOURCE if language == ENGLISH else f"help.{language}.md"


def help_text(ascii: bool = False, language: str | None = None) -> str:
    """The help in Markdown (from the installed package, wherever it is) in ``language`` (the
    one spoken now when None), the English page for a language that has none; ``ascii``: in
    plain characters."""
    language = current() if language is None else language
    name = help_resource(language)
    try:
        try:
            text = read_asset(name)
        except FileMissingError:
            if name == HELP_RESOURCE:
                raise
            name = HELP_RESOURCE
            text = read_asset(name)
    except FileReadError as exc:
        text = _(
            "# Tarocchino\n\nThe help (assets/{name}) could not be read from this installation: "
            "{reason}."
        ).format(name=name, reason=file_problem(exc))
    return text.translate(_PLAIN) if ascii else text


# The key table's q at a table over the network, where q leaves the table (see "Playing
# together"), in each page: (the row, the row at a table over the network)
_Q_ROWS = {
    HELP_RESOURCE: (
        "| q | back to the start screen (the match is saved after every move) |",
        "| q | leave the table: a bot plays your seat until you join again with the same name |",
    ),
    "help.it.md": (
        "| q | torna alla schermata iniziale (la partita si salva dopo ogni mossa) |",
        "| q | lascia il tavolo: un bot gioca al tuo posto finché non rientri con lo stesso nome |",
    ),
}


def at_network_table(text: str) -> str:
    """The help as shown at a table over the network: its key table says what q does there."""
    for row, network_row in _Q_ROWS.values():
        text = text.replace(row, network_row)
    return text


def folded(text: str) -> str:
    """``text`` as the search compares it: lower case, without accents ("Bégato" is found as
    "begato"), Markdown's marks left out, one space between words."""
    text = re.sub(r"[*`|#_]", " ", text)
    text = "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )
    return " ".join(text.casefold().split())


class HelpPage(VerticalScroll):
    """The help's scrolled page: End goes to the end of the whole help, at once after it opens
    too, before the parts still to come are mounted (LazyMarkdown)."""

    @property
    def whole(self) -> bool:
        """Whether the whole help is mounted."""
        return all(part.whole for part in self.query(LazyMarkdown))

    async def mount_rest(self) -> None:
        """Mount every part of the help still to come."""
        for part in self.query(LazyMarkdown):
            await part.mount_rest()

    def watch_has_focus(self, has_focus: bool) -> None:
        """Restyle the page and its scroll bars alone as it gains or loses the focus: no rule
        styles the help's hundreds of blocks by the page's focus, and restyling them all took
        a tenth of a second each time."""
        self.app.stylesheet.update_nodes([self])

    def action_scroll_end(self) -> None:
        self.call_next(self._to_the_end)

    async def _to_the_end(self) -> None:
        await self.mount_rest()
        super().action_scroll_end()  # (after the next refresh, which lays the rest out)


class HelpScreen(GameScreen[None]):
    """Scrollable help; Escape, q or ? goes back. ``/`` searches it: every paragraph, heading
    or table that mentions the words, one after the other (Enter or ``n`` the next, ``N`` the
    previous)."""

    BINDINGS = [
        # (q first: the footer says "q Back", as the review's, the statistics' and the past
        # matches' do)
        Binding("q,escape,question_mark,f1", "close", N_("Back")),
        Binding("slash", "search", N_("Search")),
        Binding("n", "found(1)", N_("Next"), show=False),
        Binding("N", "found(-1)", N_("Previous"), show=False),
        Binding("j", "scroll(1)", show=False),
        Binding("k", "scroll(-1)", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.query_text = ""
        self.places: list[MarkdownBlock] = []  # those the search found, in reading order
        self.place = -1  # the one shown
        self.source = ""  # the Markdown shown (the pack drawn where it says PLACE)

    @property
    def ascii(self) -> bool:
        return self.app.has_class("-ascii")

    def compose(self) -> ComposeResult:
        text = help_text(self.ascii)
        if any(getattr(screen, "network", False) for screen in self.app.screen_stack):
            text = at_network_table(text)
        self.source = text
        look = replace(look_of(getattr(self.app, "settings", None)), ascii=self.ascii)
        with HelpPage(id="help-scroll"):
            for i, part in enumerate(text.split(PLACE)):
                if i:
                    yield Static(Pack(look), classes="help-pack")
                markdown = LazyMarkdown(part, classes="help-text")
                if self.ascii:
                    markdown.BULLETS = _PLAIN_BULLETS
                yield markdown
        yield Static(id="help-found")
        yield Input(
            placeholder=_("Search the help (Enter: find, Esc: cancel)"),
            id="help-search",
            compact=True,
            max_length=60,
        )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-search").display = False
        self.query_one("#help-scroll").focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        search = self.query_one("#help-search", Input)
        if search.display:  # Escape leaves the search, not the help
            search.display = False
            self.query_one("#help-scroll").focus()
            return
        self.dismiss(None)

    def action_search(self) -> None:
        search = self.query_one("#help-search", Input)
        search.display = True
        search.value = self.query_text
        search.focus()

    @property
    def whole(self) -> bool:
        """Whether the whole help is mounted (its first page comes first: LazyMarkdown)."""
        return self.query_one(HelpPage).whole

    @on(Input.Submitted, "#help-search")
    async def searched(self, event: Input.Submitted) -> None:
        event.stop()
        event.input.display = False
        page = self.query_one(HelpPage)
        page.focus()
        await page.mount_rest()  # the search looks at the whole help
        self.find(event.value)

    def blocks(self) -> list[MarkdownBlock]:
        """The places the search looks at: headings, paragraphs (a list item's too), tables."""
        return [
            block
            for markdown in self.query(".help-text").results(Markdown)
            for block in markdown.query(MarkdownBlock)
            if block.source and (isinstance(block, MarkdownTable) or not block.query(MarkdownBlock))
        ]

    def find(self, text: str) -> None:
        """Show the first place that mentions ``text`` (all its words, in any order)."""
        self.query_text = text.strip()
        words = folded(self.query_text).split()
        self.places = [
            block
            for block in self.blocks()
            if words and all(word in folded(block.source or "") for word in words)
        ]
        self.place = -1
        if self.places:
            self.action_found(1)
        else:
            self._mark(None)
            said = (
                _("Nothing in the help mentions {words}.").format(words=self._quoted())
                if words
                else _("Type a word to look for, then Enter.")
            )
            self._say(Text(said, style="bold"))

    def action_found(self, step: int) -> None:
        """The next (``step`` 1) or the previous (-1) place found, round the end."""
        if not self.places:
            if self.query_text:
                self.find(self.query_text)
            return
        self.place = (self.place + step) % len(self.places)
        block = self.places[self.place]
        self._mark(block)
        self.query_one("#help-scroll", VerticalScroll).scroll_to_widget(
            block, top=True, animate=False
        )
        n = len(self.places)
        self._say(
            Text.assemble(
                (f"{self._quoted()}: ", "bold"),
                _("{place} of {n}").format(place=self.place + 1, n=n)
                if n > 1
                else _("the only place"),
                (
                    "   " + _("n next  N previous  / search again  Esc back")
                    if n > 1
                    else "   " + _("/ search again  Esc back"),
                    "dim",
                ),
            )
        )

    def _quoted(self) -> str:
        return f'"{self.query_text}"' if self.ascii else f"\u201c{self.query_text}\u201d"

    def _mark(self, block: MarkdownBlock | None) -> None:
        for other in self.query(f".{FOUND}"):
            other.remove_class(FOUND)
        if block is not None:
            block.add_class(FOUND)

    def _say(self, text: Text) -> None:
        found = self.query_one("#help-found", Static)
        found.update(text)
        found.display = True
