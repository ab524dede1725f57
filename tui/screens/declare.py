"""Declarations (accusi) at a player's first turn: the families his hand holds, each with its
cards and points, all on by default."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from ai.coach import holding
from game.scoring import Combination, declared_combinations, doublings, total_points
from game.view import PlayerView
from text.coach import declarations_coach
from text.language import N_, _, ngettext, number
from text.presenter import extra_hand
from text.render import Look
from text.words import shown_name
from tui.keys import held_over
from tui.messages import FamilyToggled
from tui.screens.dialog import TableDialog, content_rows, max_height
from tui.screens.help import HELP_KEY
from tui.screens.scoring import MENU
from tui.widgets.families import FamilyList
from tui.widgets.footer import Footer

# Why the table's keys do nothing while the dialog is up: it goes with the dialog.
NOT_YET = N_(
    "Declarations first: Enter declares the ticked ones, n nothing; then the table's keys work "
    "again."
)
# The rows the tight layout saves: the blanks under the title and above the total, and the
# buttons with the blank above them.
TIGHTER = 4


class DeclareScreen(TableDialog[tuple[str, ...] | str]):
    """Dismisses with the families declared (possibly none), or ``MENU`` when the player goes
    back to the menu instead.

    When the roomy dialog would not fit (many families on few rows), it goes ``-tight``: no blank
    rows and no buttons (the footer has the same keys, and they can be clicked), so every family,
    the total and the call-out line are shown."""

    BINDINGS = [
        # not a priority binding: an Enter typed with the hand-over's is stopped first (on_key)
        Binding("enter", "declare", N_("Declare")),
        Binding("n", "declare_none", N_("Declare nothing")),
        HELP_KEY,
        # as at the table: back to the menu (the match is saved; the question comes again)
        Binding("q,escape", "menu", N_("Menu")),
        # t: the coach's advice (what the hand holds, what to declare), as a hint would
        Binding("t", "advice", show=False),
        # the table's other keys: said why they do nothing yet
        Binding("p,u,s", "not_yet", show=False),
    ]

    def __init__(
        self,
        view: PlayerView,
        name: str,
        look: Look,
        needs: int | None,
        *,
        not_before: float | None = None,
        coach: bool = False,
        trick: Text | None = None,
    ) -> None:
        """``needs``: the points this side still has to declare to call out now (None: calling
        out is off in this hand). ``coach``: the coach's advice is in the dialog (t tells it
        anyway). ``not_before``: the time (of Textual's events) before which
        Enter and Space do nothing here: the Enter that passed the hand-over just before,
        pressed twice (or held), would declare what the player has not seen. ``trick``: the
        cards of the trick so far, said above the words (the dialog lies over them)."""
        super().__init__()
        self.view, self.player, self.look, self.needed = view, name, look, needs
        self.not_before = not_before
        self.coach = coach
        self.trick = trick if trick is not None and trick.plain else None
        self.answered = False  # dismissed: a key typed meanwhile is not for the table under it
        families = view.legal[0].families  # the first legal declaration is the full set
        self.combos = declared_combinations(view.hand, families)
        # Kept here: nothing of the dialog is looked up while it is being mounted.
        self.families = FamilyList(self.combos, look, id="families")
        self.total = Static(self._total_text(), id="declare-total")

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="declare-dialog"):
            yield Static(
                _("{name}: declarations (accusi)").format(name=shown_name(self.player)),
                classes="dialog-title",
            )
            body = Text(self._explanation(), style="dim")
            if self.trick is not None:
                body = Text.assemble(self.trick, "\n", body)
            yield Static(body, classes="dialog-body")
            if self.coach:
                yield Static(self.advice(), classes="dialog-body", id="declare-coach")
            yield self.families
            yield self.total
            with Horizontal(classes="dialog-buttons"):
                yes = Button(
                    _("Declare") + f"  {self.look.enter}",
                    id="declare",
                    variant="primary",
                    compact=True,
                )
                no = Button(_("Declare nothing") + "  n", id="none", compact=True)
                yes.can_focus = no.can_focus = False
                yield yes
                yield no
        yield Footer()  # this dialog's keys, not those of the table under it

    def _explanation(self) -> str:
        """When declared points count (RULES.md §5, §8): in the side's total at the end of the
        hand, and at once towards calling out (when that is on in this hand)."""
        if self.needed is not None:
            words = _(
                "Your hand holds these combinations. Declared ones are shown to everybody; "
                "their points go to your side when the hand is scored (and count at once "
                "towards calling out at {target}). Switch off any you want to keep hidden."
            )
        elif extra_hand(self.view):
            words = _(
                "Your hand holds these combinations. Declared ones are shown to everybody; "
                "their points go to your side when the hand is scored (nobody can call out in "
                "this extra hand after a tie). Switch off any you want to keep hidden."
            )
        else:
            words = _(
                "Your hand holds these combinations. Declared ones are shown to everybody; "
                "their points go to your side when the hand is scored. Switch off any you want "
                "to keep hidden."
            )
        return words.format(target=number(self.view.target))

    def on_key(self, event: events.Key) -> None:
        if held_over(event, self.not_before):
            return  # the tail of the hand-over's Enter
        if self.answered and event.key in ("enter", "space"):
            event.stop()  # one after the answer: not for the table under the dialog
            event.prevent_default()

    def on_mount(self) -> None:
        self.families.focus()  # (its width, form and place: TableDialog's, with fit below)

    def _roomy_rows(self, width: int) -> tuple[int, int]:
        """The rows of the roomy dialog ``width`` columns wide: with the families switched on
        now, and with every family on (its longest total: toggling never makes it taller)."""
        box = self.dialog_box()
        rows = content_rows(box, self.room(), self.app.size, width)
        if self.query_one(".dialog-buttons").styles.display == "none":  # styled tight now
            rows += TIGHTER
        inner = width - box.styles.gutter.width - self.total.styles.padding.width
        longest = self._rows(self._total_text(self.combos), inner)
        return rows, rows + longest - self._rows(self._total_text(), inner)

    def rows_needed(self, width: int) -> int:
        """Tight, with every family on: every family, the total and the call-out line."""
        return self._roomy_rows(width)[1] - TIGHTER

    def fit(self, width: int) -> int:
        """Tight when the roomy dialog, with every family on, is taller than the dialog's
        ``max-height`` at this width."""
        now, longest = self._roomy_rows(width)
        tight = longest > max_height(self.dialog_box(), self.room(), self.app.size)
        self.set_class(tight, "-tight")
        return now - (TIGHTER if tight else 0)

    def _rows(self, text: Text, width: int) -> int:
        return len(text.wrap(self.app.console, max(1, width)))

    def on_family_toggled(self, event: FamilyToggled) -> None:
        self.total.update(self._total_text())
        self._over_felt()  # (the call-out line may come or go: a row more or less)

    def _total_text(self, combos: tuple[Combination, ...] | None = None) -> Text:
        """The total of the families switched on (or of ``combos``)."""
        chosen = set(self.families.chosen if combos is None else (c.family for c in combos))
        points = total_points(c for c in self.combos if c.family in chosen)
        criccone, doubled = doublings(chosen)
        words = ngettext("Declaring: {n} point", "Declaring: {n} points", points)
        before, _mark, after = words.partition("{n}")  # (two parts, as the snapshots have it)
        text = Text.assemble((before, "bold"), (f"{number(points)}{after}", "bold"))
        if criccone:
            text.append("  " + _("(criccone: cricche doubled)"), style="italic")
        if doubled:
            text.append("  " + _("(3+ sequences: doubled)"), style="italic")
        if not chosen:
            text = Text(_("Declaring nothing."), style="bold")
        if chosen and self.needed is not None and points >= self.needed:
            text.append(
                "\n" + _("This reaches the target: your side calls out and wins the match!"),
                style="bold reverse",
            )
        return text

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "declare":
            self.action_declare()
        else:
            self.action_declare_none()

    def action_declare(self) -> None:
        self._answer(self.families.chosen)

    def action_declare_none(self) -> None:
        self._answer(())

    def advice(self) -> Text:
        """The coach's words: what the hand holds and what to declare."""
        return declarations_coach(holding(self.view))

    def action_advice(self) -> None:
        self.notify(self.advice().plain, timeout=12)

    def action_not_yet(self) -> None:
        self.notify(_(NOT_YET), severity="warning", timeout=4)

    def action_menu(self) -> None:
        self._answer(MENU)

    def _answer(self, answer: tuple[str, ...] | str) -> None:
        """Dismissed with ``answer`` (once); why the table's keys did nothing goes with the
        dialog (it covered the cards of the hand for seconds after the declarations)."""
        if not self.is_active or self.answered:
            return
        self.answered = True
        app: Any = self.app
        if hasattr(app, "withdraw"):
            app.withdraw({_(NOT_YET)})
        self.dismiss(answer)


class NetworkDeclareScreen(DeclareScreen):
    """The dialog at a table over the network: q (and Escape) leave the table there, a bot
    playing the seat until its person comes back, so the footer says "q Leave" as the table's
    key bar and help do (the dismissal is the same ``MENU``)."""

    BINDINGS = [Binding("q,escape", "menu", N_("Leave"))]


def declare_screen(
    view: PlayerView,
    name: str,
    look: Look,
    needs: int | None,
    *,
    not_before: float | None = None,
    network: bool = False,
    coach: bool = False,
    trick: Text | None = None,
) -> DeclareScreen:
    """The declarations dialog for a table of this screen, or (``network``) over the network;
    ``coach``: with the coach's advice."""
    kind = NetworkDeclareScreen if network else DeclareScreen
    return kind(view, name, look, needs, not_before=not_before, coach=coach, trick=trick)
