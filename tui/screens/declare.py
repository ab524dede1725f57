"""Declarations (accusi) at a player's first turn: the families his hand realises, each with its
cards and points, all on by default."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from game.scoring import declared_combinations, doublings, total_points
from game.view import PlayerView
from tui.messages import FamilyToggled
from tui.render import Look
from tui.widgets.families import FamilyList


class DeclareScreen(ModalScreen[tuple[str, ...]]):
    """Dismisses with the families declared (possibly none)."""

    BINDINGS = [
        Binding("enter", "declare", "Declare", priority=True),
        Binding("n", "declare_none", "Declare nothing"),
    ]

    def __init__(self, view: PlayerView, name: str, look: Look, needs: int | None) -> None:
        """``needs``: the points this side still has to declare to call out now (None: calling
        out is off in this hand)."""
        super().__init__()
        self.view, self.player, self.look, self.needed = view, name, look, needs
        families = view.legal[0].families  # the first legal declaration is the full set
        self.combos = declared_combinations(view.hand, families)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="declare-dialog"):
            yield Static(f"{self.player}: declarations (accusi)", classes="dialog-title")
            yield Static(
                Text("Your hand realises these combinations. Declared ones are shown to everybody "
                     "and score for your side now. Switch off any you want to keep hidden.",
                     style="dim"),
                classes="dialog-body",
            )
            yield FamilyList(self.combos, self.look, id="families")
            yield Static(id="declare-total")
            with Horizontal(classes="dialog-buttons"):
                yes = Button(f"Declare  {self.look.enter}", id="declare", variant="primary",
                             compact=True)
                no = Button("Declare nothing  n", id="none", compact=True)
                yes.can_focus = no.can_focus = False
                yield yes
                yield no

    def on_mount(self) -> None:
        self.query_one(FamilyList).focus()
        self._total()

    def on_family_toggled(self, event: FamilyToggled) -> None:
        self._total()

    def _total(self) -> None:
        chosen = set(self.query_one(FamilyList).chosen)
        combos = [c for c in self.combos if c.family in chosen]
        points = total_points(combos)
        criccone, doubled = doublings(chosen)
        text = Text.assemble(("Declaring: ", "bold"), (f"{points} points", "bold"))
        if criccone:
            text.append("  (criccone: cricche doubled)", style="italic")
        if doubled:
            text.append("  (3+ sequences: doubled)", style="italic")
        if not chosen:
            text = Text("Declaring nothing.", style="bold")
        if chosen and self.needed is not None and points >= self.needed:
            text.append("\nThis reaches the target: your side calls out and wins the match!",
                        style="bold reverse")
        self.query_one("#declare-total", Static).update(text)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "declare":
            self.action_declare()
        else:
            self.action_declare_none()

    def action_declare(self) -> None:
        if self.is_active:
            self.dismiss(self.query_one(FamilyList).chosen)

    def action_declare_none(self) -> None:
        if self.is_active:
            self.dismiss(())
