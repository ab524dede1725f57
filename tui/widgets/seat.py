"""One player's place at the table: name, role, cards left, whose turn, what he declared."""

from __future__ import annotations

from rich.text import Text

from tui.widgets.line import TextLine


class SeatPanel(TextLine):
    """A small fixed-size panel for one seat, lit up while its player is to act."""

    DEFAULT_CSS = """
    SeatPanel { height: 3; }
    """
    TURN_BACKGROUND = "#1f6b4a"

    def show_seat(
        self,
        name: str,
        *,
        tags: list[str],
        cards: int,
        to_act: bool,
        status: str = "",
        notes: tuple[Text, ...] = (),
        compact: bool = False,
    ) -> None:
        """``tags`` such as "dealer", "partner", "hard bot"; ``status`` such as "thinking…";
        ``notes`` go on lines of their own (what the player declared, his own discard);
        ``compact`` puts every fact on its own line (the seats left and right)."""
        parts = [Text.assemble(("▶ " if to_act else "", "bold"), (name, "bold"))]
        parts += [Text(t, style="dim") for t in tags]
        parts.append(Text(f"{cards} cards", style="dim"))
        text = Text("\n" if compact else " · ").join(parts)
        if status:
            text.append("\n" if compact else "  ")
            text.append(status, style="italic")
        for note in notes:
            text.append("\n")
            text.append_text(note)
        background = self.TURN_BACKGROUND if to_act else None
        if self.styles.background != background:
            # An inline style, not a CSS class: a class change re-applies the whole stylesheet.
            self.styles.background = background
        self.show(text)
