"""The end of a hand: both sides' scoring sheets, the score history of the match with its chart,
then the next hand or the end of the match; from here the hand can be reviewed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Static

from game.cards import Card
from game.hand import HandResult
from game.history import HandRow
from game.seats import other_side, side_of
from game.view import Declaration
from text.language import N_, _, decimal, ngettext, number
from text.render import Look, card_text
from text.words import shown_name
from text.wrapping import Pairs
from tui.keys import key_name
from tui.screens.base import GameScreen
from tui.screens.help import HELP_KEY
from tui.screens.too_small import fit_breakpoints
from tui.widgets.chart import ScoreChart
from tui.widgets.footer import Footer
from tui.widgets.score_history import ScoreHistory
from tui.widgets.sheet import ScoreSheet

NEXT, NEW, MENU, QUIT = "next", "new", "menu", "quit"
Reviewer = Callable[[int], Screen]  # the review of a hand of the match (its index)


@dataclass(frozen=True, slots=True)
class HandSummary:
    """Everything the sheet shows, all public once the hand is over."""

    hand_number: int
    result: HandResult  # with the tricks won and the match score before and after the hand
    sides: tuple[str, str]  # "Anna & Carla", "Bruno & Dario"
    winner: int | None  # the side that won the match, if it is over
    target: int
    history: tuple[HandRow, ...] = ()  # every hand of the match so far, this one last
    names: tuple[str, ...] = ()  # the players by seat
    hot_seat: bool = False  # people share the screen: the review is said to show every hand
    declared: tuple[Declaration | None, ...] = ()  # what each seat declared in this hand

    @property
    def level_over_target(self) -> bool:
        """Both sides level at or over the target: another hand is played, in full, with no
        calling out (RULES.md §5, §9)."""
        first, second = self.result.scores_after
        return self.winner is None and first == second >= self.target

    def match_end(self) -> str:
        """How the match ended, in words: who won, by how much and how ("" while it goes on)."""
        if self.winner is None:
            return ""
        after = self.result.scores_after
        won, lost = after[self.winner], after[other_side(self.winner)]
        side = self.sides[self.winner]
        scores = {"side": side, "won": number(won), "lost": number(lost)}
        if self.result.called_out is not None:
            return _("{side} call out and win the match, {won} to {lost}!").format(**scores)
        by = won - lost
        text = ngettext(
            "{side} win the match by {n} point, {won} to {lost}!",
            "{side} win the match by {n} points, {won} to {lost}!",
            by,
        ).format(n=number(by), **scores)
        if lost >= self.target:
            text += " " + _("Both sides reached {target}: the higher score wins.").format(
                target=number(self.target)
            )
        return text


class ScoringScreen(GameScreen[str]):
    """Dismisses with NEXT (another hand), or NEW, MENU or QUIT when the match is over."""

    MENU_WORD = N_("Menu")  # what q does, in its button (the footer's is its binding's) ...
    # ... and the notice at the match's end
    MENU_DOES = N_("The match is over: n starts a new one, q goes back to the menu{more}.")

    # -narrow (80 columns): the sheets without padding; -medium: with it, the history still
    # above the chart
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (90, "-medium"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    # A wide terminal: the history and its chart under the two sheets, as wide as they are
    # (two of 66 and their margins), not stretched to the right edge
    DEFAULT_CSS = """
    ScoringScreen #history-title, ScoringScreen #history-row { max-width: 134; }
    """

    def __init__(
        self,
        summary: HandSummary,
        look: Look,
        *,
        next_in: float | None = None,
        review: Reviewer | None = None,
    ) -> None:
        """``next_in``: seconds after which the next hand starts by itself (watching bots);
        ``review``: opens the review of a hand (none offered without it)."""
        super().__init__()
        self.summary, self.look = summary, look
        self.next_in = next_in if summary.winner is None else None
        self.review = review
        self._next_timer: Timer | None = None

    def on_screen_resume(self) -> None:
        """Shown (again, back from a review or the help): the next hand comes by itself after
        the whole ``next_in``, counted from now."""
        if self._next_timer is not None:
            self._next_timer.stop()
        if self.next_in is not None:
            self._next_timer = self.set_timer(self.next_in, lambda: self.action_choose(NEXT))

    def on_screen_suspend(self) -> None:
        if self._next_timer is not None:
            self._next_timer.stop()
            self._next_timer = None

    BINDINGS = [
        Binding("enter", "choose('next')", N_("Next hand"), priority=True),
        # Enter on the last sheet (a habit from every sheet before it) says what comes next
        Binding("enter", "over", show=False, priority=True),
        Binding("n", "choose('new')", N_("New match")),
        # q (or Escape): back to the menu, as at the table and the hand-over (the match is
        # saved), also once the match is over; m, the sheet's key for it before, still does.
        # Ctrl+Q, in the footer, quits (not named in a browser tab: it closes the browser).
        Binding("q,escape", "choose('menu')", N_("Menu")),
        Binding("m", "choose('menu')", show=False),
        Binding("r", "review", N_("Review hand")),
        Binding("h", "history", N_("History")),
        Binding("j,down", "scroll(1)", N_("Scroll")),
        Binding("k,up", "scroll(-1)", show=False),
        HELP_KEY,
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return self.review is not None
        if action == "history":
            return bool(self.summary.history)
        if action == "over":
            return self.summary.winner is not None
        if action == "choose":
            over = self.summary.winner is not None
            return (parameters[0] != NEXT) if over else parameters[0] in (NEXT, QUIT, MENU)
        return True

    def compose(self) -> ComposeResult:
        fit_breakpoints(self)  # (else drawn once in the roomy layout first)
        s = self.summary
        with Vertical(id="sheet-page"):
            yield Static(self._heading(), id="sheet-heading")
            with VerticalScroll(id="sheet-scroll"):
                with Horizontal(id="sheets"):
                    for side in (0, 1):
                        yield self._sheet(side)
                if s.history:
                    with Center(id="history-band"):
                        yield Static(self._history_title(), id="history-title")
                        with Horizontal(id="history-row"):
                            history = ScoreHistory(id="history")
                            history.show(
                                s.history, s.sides, s.names, self.look, current=s.hand_number
                            )
                            yield history
                            chart = ScoreChart(id="chart")
                            chart.show(
                                [(r.sides[0].score, r.sides[1].score) for r in s.history],
                                s.target,
                                self.look,
                            )
                            yield chart
            yield Static(self._footer_line(), id="sheet-result")
            with Horizontal(classes="dialog-buttons", id="sheet-buttons"):
                if s.winner is None:
                    yield self._button(_("Next hand") + f"  {self.look.enter}", NEXT, primary=True)
                else:
                    yield self._button(_("New match") + "  n", NEW, primary=True)
                if self.review is not None:
                    yield self._button(_("Review this hand") + "  r", "review")
                yield self._button(_(self.MENU_WORD) + "  q", MENU)
                if s.winner is not None:  # (in a browser tab Ctrl+Q closes the browser: unnamed)
                    quits = _("Quit")
                    yield self._button(
                        quits if self.app.is_web else f"{quits}  {key_name('ctrl+q')}", QUIT
                    )
        yield Footer()

    def _history_title(self) -> Group:
        """The history's title and what it offers, wrapped between its parts only."""
        s = self.summary
        pieces = [Text(_("The match so far"), style="bold")]
        if len(s.history):
            hands = len(s.history)
            pieces.append(
                Text(
                    ngettext(
                        "{n} hand and a chart of the running score",
                        "{n} hands and a chart of the running score",
                        hands,
                    ).format(n=number(hands)),
                    style="dim",
                )
            )
        offer = None
        if self.review is not None:
            offer = Text(_("click a hand or press r to review it"), style="dim")
        lines: list[RenderableType] = [_Offered(pieces, offer, self.look.dot)]
        if self.review is not None and s.hot_seat:
            lines.append(
                Text(
                    _(
                        "The review shows all four hands: it is offered only now that the "
                        "hand is over."
                    ),
                    style="dim italic",
                )
            )
        return Group(*lines)

    @staticmethod
    def _button(label: str, choice: str, primary: bool = False) -> Button:
        button = Button(
            label, id=f"sheet-{choice}", variant="primary" if primary else "default", compact=True
        )
        button.can_focus = False
        return button

    def _sheet(self, side: int) -> ScoreSheet:
        s = self.summary
        r = s.result
        sheet = ScoreSheet(id=f"sheet-{side}")
        notes = self._notes(side)
        declared = [
            (shown_name(s.names[d.seat]) if s.names else _("Seat {n}").format(n=d.seat + 1), d)
            for d in s.declared
            if d is not None and d.families and side_of(d.seat) == side
        ]
        sheet.show(
            s.sides[side],
            r.sides[side],
            look=self.look,
            before=r.scores_before[side],
            notes=notes,
            called_out=r.called_out is not None,
            declared=declared,
        )
        return sheet

    def _heading(self) -> Text:
        s = self.summary
        text = Text(_("End of hand {n}").format(n=s.hand_number + 1), style="bold")
        if s.result.called_out is not None:
            text.append(f" {'-' if self.look.ascii else '—'} ", style="bold")
            text.append(
                _("{side} call out with their declarations!").format(
                    side=s.sides[s.result.called_out]
                ),
                style="bold",
            )
            text.append(
                "\n" + _("No cards are counted: each side scores what it declared."), style="dim"
            )
        if self.next_in is not None:
            text.append(
                "   "
                + _("(the next hand starts in {seconds} s)").format(seconds=decimal(self.next_in)),
                style="dim",
            )
        return text

    def _notes(self, side: int) -> list[Text]:
        s = self.summary
        r = s.result
        if r.called_out is not None:
            return []
        tricks = r.tricks[side]
        notes = [
            Text(
                ngettext("{n} trick won", "{n} tricks won", tricks).format(n=number(tricks)),
                style="dim",
            )
        ]
        if r.discard_side == side:
            who = (
                _("+ the discard (dealer's side)")
                if side_of(r.dealer) == side
                else _("+ the discard (the dealer's side won no trick)")
            )
            notes.append(Text(who, style="dim"))
        if r.matto_exchange is not None:
            giver, receiver, card = r.matto_exchange
            if side == giver:
                # short enough for a sheet at 80 columns
                notes.append(
                    _words_with_card(
                        _("Matto kept; {card} to {side}"), card, self.look, side=s.sides[receiver]
                    )
                )
            elif side == receiver:
                notes.append(_words_with_card(_("received {card} for the Matto"), card, self.look))
        return notes

    def _footer_line(self) -> Group:
        """The match score, wrapped (when it must be) between the sides, never inside one's
        score or the target; then who won the match."""
        s = self.summary
        after = s.result.scores_after
        score = Pairs(
            [
                Text.assemble((_("Match:") + " ", "bold"), f"{s.sides[0]} {number(after[0])}"),
                Text.assemble(
                    f"{s.sides[1]} {number(after[1])}",
                    ("   " + _("(target {n})").format(n=number(s.target)), "dim"),
                ),
            ],
            f"  {self.look.dot}  ",
            justify="center",
        )
        if s.level_over_target:
            return Group(
                score,
                Text(
                    _(
                        "Level at {score}, at or over the target: another hand is played in "
                        "full, with no calling out."
                    ).format(score=number(after[0])),
                    style="bold",
                    justify="center",
                ),
            )
        if s.winner is None:
            return Group(score)
        return Group(score, Text(s.match_end(), style="bold reverse", justify="center"))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        choice = str(event.button.id).removeprefix("sheet-")
        if choice == "review":
            self.action_review()
        else:
            self.action_choose(choice)

    def on_score_history_hand_clicked(self, event: ScoreHistory.HandClicked) -> None:
        event.stop()
        self.action_review(event.index)

    def action_review(self, index: int | None = None) -> None:
        """The review of this hand (or of the hand ``index`` of the match)."""
        if self.review is not None and self.is_active:
            self.app.push_screen(self.review(self.summary.hand_number if index is None else index))

    def action_history(self) -> None:
        if self.summary.history:
            self.query_one("#history-title").scroll_visible(top=True, animate=False)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#sheet-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_over(self) -> None:
        more = _(", r reviews a hand") if self.review is not None else ""
        if not self.app.is_web:
            more += _(", {key} quits").format(key=key_name("ctrl+q"))
        self.notify(_(self.MENU_DOES).format(more=more), timeout=6)

    def action_choose(self, choice: str) -> None:
        if self.is_active:
            self.dismiss(choice)


class NetworkScoringScreen(ScoringScreen):
    """The sheet at a table over the network: q (Escape, m) leaves the table there, a bot
    playing the seat until its person comes back, so it says "q Leave" as the table's key bar
    does (the dismissal is the same ``MENU``)."""

    MENU_WORD = N_("Leave")
    MENU_DOES = N_("The match is over: n starts a new one, q leaves the table{more}.")
    BINDINGS = [Binding("q,escape", "choose('menu')", N_("Leave"))]


def _words_with_card(words: str, card: Card, look: Look, **fields: str) -> Text:
    """``words`` (said already) with the card drawn in its colours where ``{card}`` is."""
    before, _mark, after = words.partition("{card}")
    return Text.assemble(
        before.format(**fields),
        card_text(card, look),
        after.format(**fields),
        style="dim",
    )


class _Offered:
    """The history's title and what it offers: on one row after a dot where they fit ("The
    match so far  2 hands and a chart …  · click a hand or press r to review it"), else the
    title wrapped between its parts and the offer on a row of its own, without the dot (a row
    that began with it read as a stray mark)."""

    def __init__(self, pieces: list[Text], offer: Text | None, dot: str) -> None:
        self.pieces, self.offer, self.dot = pieces, offer, dot

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if self.offer is None:
            yield Pairs(self.pieces, "  ")
            return
        dotted = Text.assemble(Text(f"{self.dot} ", style=self.offer.style), self.offer)
        one = Pairs([*self.pieces, dotted], "  ")
        if len(one.lines(options.max_width)) == 1:
            yield one
        else:
            yield Pairs(self.pieces, "  ")
            yield self.offer


def scoring_screen(
    summary: HandSummary,
    look: Look,
    *,
    network: bool = False,
    next_in: float | None = None,
    review: Reviewer | None = None,
) -> ScoringScreen:
    """The scoring sheet for a table of this screen, or (``network``) over the network."""
    kind = NetworkScoringScreen if network else ScoringScreen
    return kind(summary, look, next_in=next_in, review=review)
