"""The families a hand may declare, each with its cards and points, switched on and off."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from game.scoring import Combination
from text.language import N_
from text.render import Look, cards_text
from tui.keys import show_key_otherwise
from tui.messages import FamilyToggled

FAMILY_KEYS = "123456789abc"


def family_keys(count: int) -> str:
    """The keys beside ``count`` families, as the footer names them: "1", "1-4"."""
    return FAMILY_KEYS[0] if count == 1 else f"{FAMILY_KEYS[0]}-{FAMILY_KEYS[count - 1]}"


class FamilyRow(Static):
    """One family: a check box, its key, name, cards and points. A click toggles it."""

    DEFAULT_CSS = """
    FamilyRow { height: auto; padding: 0 1; }
    FamilyRow.-cursor { background: $boost; text-style: bold reverse; }
    """

    def __init__(self, index: int, combo: Combination, look: Look) -> None:
        super().__init__()
        self.index, self.combo, self.look, self.on = index, combo, look, True

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        table = Table.grid(expand=True, padding=(0, 1))
        table.add_column(width=5, no_wrap=True)
        table.add_column(width=9, no_wrap=True)
        table.add_column(ratio=1)
        table.add_column(width=4, justify="right", no_wrap=True)
        box = ("[x]" if self.on else "[ ]") + f" {FAMILY_KEYS[self.index]}"
        style = "" if self.on else "dim strike"
        table.add_row(
            Text(box, style="bold" if self.on else "dim"),
            Text(self.combo.family, style=style or "bold"),
            cards_text(self.combo.cards, self.look)
            if self.on
            else Text(" ".join(self.look.dot for _ in self.combo.cards), style="dim"),
            Text(str(self.combo.points), style=style),
        )
        self.update(table)

    def on_click(self, event: events.Click) -> None:
        parent = self.parent
        if isinstance(parent, FamilyList):
            parent.toggle(self.index)


class FamilyList(Vertical, can_focus=True):
    """A list of :class:`FamilyRow`; arrows or j/k move, space or a row's key toggles it."""

    DEFAULT_CSS = """
    FamilyList { height: auto; }
    """

    BINDINGS = [
        Binding("up,k", "move(-1)", "Up", show=False),
        Binding("down,j", "move(1)", "Down", show=False),
        Binding("space", "toggle_cursor", N_("Toggle")),
        *(Binding(k, f"toggle_family({i})", show=False) for i, k in enumerate(FAMILY_KEYS)),
    ]

    def __init__(self, combos: tuple[Combination, ...], look: Look, *, id: str | None = None):
        super().__init__(id=id)
        self.combos, self.look, self.cursor = combos, look, 0
        self.rows = [FamilyRow(i, combo, look) for i, combo in enumerate(combos)]
        # The footer names the number keys beside the families with Space: "Space/1-4 Toggle".
        if combos:
            show_key_otherwise(self, "space", key_display=f"Space/{family_keys(len(combos))}")

    def compose(self) -> ComposeResult:
        yield from self.rows

    def on_mount(self) -> None:
        self._mark_cursor()

    @property
    def chosen(self) -> tuple[str, ...]:
        return tuple(r.combo.family for r in self.rows if r.on)

    def _mark_cursor(self) -> None:
        for row in self.rows:
            row.set_class(row.index == self.cursor and self.has_focus, "-cursor")

    def on_focus(self) -> None:
        self._mark_cursor()

    def on_blur(self) -> None:
        self._mark_cursor()

    def action_move(self, step: int) -> None:
        if self.combos:
            self.cursor = (self.cursor + step) % len(self.combos)
            self._mark_cursor()

    def action_toggle_cursor(self) -> None:
        self.toggle(self.cursor)

    def action_toggle_family(self, index: int) -> None:
        self.toggle(index)

    def toggle(self, index: int) -> None:
        rows = self.rows
        if not 0 <= index < len(rows):
            return
        row = rows[index]
        row.on = not row.on
        row.draw()
        self.cursor = index
        self._mark_cursor()
        self.post_message(FamilyToggled(row.combo.family, row.on))
