"""The hand of the player to move, drawn as a row of cards that may be chosen by key or mouse."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from game.cards import FOOL, MAT, SUIT, TRUMP, Card, sorted_for_display
from game.phase import Phase
from game.view import PlayerView
from text.language import N_
from text.render import LARGE, SMALL, Look, box_lines
from tui.keys import held_over
from tui.messages import CardChosen, CardHighlighted

CARD_KEYS = "1234567890abcdefg"  # one key per card, left to right (17 cards at most)
PLAY, DISCARD, WAIT, HIDDEN = "play", "discard", "wait", "hidden"
# Rows: key labels, the card's height plus one (a card sits raised or lowered), the cursor bar.
LARGE_ROWS = LARGE[1] + 3


def _group(c: Card) -> int:
    s = SUIT[c]
    return 0 if s in (TRUMP, FOOL) else 1 + s


class HandView(Widget, can_focus=True):
    """A row of cards. In ``play`` mode the legal cards are keyed and bright, and raised when
    some others are not legal (those are lowered, dim and have no key); in ``discard`` mode the
    cards marked for the discard are raised and crossed, the cursor staying where it is.
    Posts :class:`CardChosen` and :class:`CardHighlighted`."""

    DEFAULT_CSS = """
    HandView { height: 6; width: 1fr; }
    """

    BINDINGS = [
        Binding("left,h", "move(-1)", N_("Left"), show=False),
        Binding("right,l", "move(1)", N_("Right"), show=False),
        Binding("up,k", "group(-1)", N_("Previous suit"), show=False),
        Binding("down,j", "group(1)", N_("Next suit"), show=False),
        Binding("home", "move_to(0)", N_("First"), show=False),
        Binding("end", "move_to(-1)", N_("Last"), show=False),
        Binding("enter,space", "choose", N_("Choose card")),
        *(Binding(k, f"pick({i})", f"Card {i + 1}", show=False) for i, k in enumerate(CARD_KEYS)),
    ]

    class KeyUnused(Message):
        """Enter or a click on a card (``index`` None), or a card's key, when it chooses
        nothing: no card may be chosen now, or no card has that key."""

        def __init__(self, index: int | None) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[Card] = []
        self.mode = HIDDEN
        self.legal: frozenset[Card] = frozenset()
        self.marked: frozenset[Card] = frozenset()
        self.look = Look()
        self.cursor = 0
        self.note = ""  # shown when there are no cards to draw
        # when the card chosen last was chosen by Enter or Space, the time of that key (of
        # Textual's events), else None (its own key, a click)
        self.entered_at: float | None = None
        self._key_at: float | None = None  # the Enter or Space being handled
        # Enter and Space choose nothing before this time (of Textual's events): the press that
        # passed the hand-over, twice or held, must not play a card unseen
        self.enter_after: float | None = None

    # ----------------------------------------------------------------- state from the screen
    def show_view(
        self,
        view: PlayerView | None,
        *,
        look: Look,
        choosable: frozenset[Card] = frozenset(),
        marked: frozenset[Card] = frozenset(),
        note: str = "",
    ) -> None:
        """Draw the hand of ``view`` (None: no hand at all, only ``note``). ``choosable``: the
        cards that may be chosen now (the legal cards to play, or the cards that may go in the
        discard); empty when it is not this player's turn."""
        if view is None:
            self.show([], mode=HIDDEN, look=look, note=note)
            return
        cards = sorted_for_display(view.hand)
        if choosable and view.phase == Phase.DISCARD:
            self.show(cards, mode=DISCARD, look=look, legal=choosable, marked=marked)
        elif choosable:
            self.show(cards, mode=PLAY, look=look, legal=choosable)
        else:
            self.show(cards, mode=WAIT, look=look)

    def show(
        self,
        cards: list[Card],
        *,
        mode: str,
        look: Look,
        legal: frozenset[Card] = frozenset(),
        marked: frozenset[Card] = frozenset(),
        note: str = "",
    ) -> None:
        """Draw ``cards`` (display order); the cursor stays on its card, else goes to the first
        legal one other than the Matto (an Enter at once should not spend the excuse: it is
        drawn before the suits, so it would be the first card whenever a suit is followed)."""
        current = self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None
        if current == MAT and self.mode != mode:
            current = None  # not put there by the player: the turn has just come
        self.cards, self.mode, self.look = list(cards), mode, look
        self.legal, self.marked, self.note = legal, marked, note
        if current in self.cards and (mode != PLAY or current in legal):
            self.cursor = self.cards.index(current)
        else:
            firsts = sorted((c == MAT, i) for i, c in enumerate(self.cards) if c in legal)
            self.cursor = firsts[0][1] if firsts else 0
        self.refresh()

    @property
    def interactive(self) -> bool:
        return self.mode in (PLAY, DISCARD) and bool(self.cards)

    @property
    def current(self) -> Card | None:
        return self.cards[self.cursor] if self.interactive else None

    # ----------------------------------------------------------------- actions
    def on_key(self, event: events.Key) -> None:
        if event.key in ("enter", "space") and not held_over(event, self.enter_after):
            self._key_at = event.time  # for action_choose, which the key's binding calls next

    def _set_cursor(self, index: int) -> None:
        if not self.cards:
            return
        self.cursor = max(0, min(index, len(self.cards) - 1))
        self.refresh()
        self.post_message(CardHighlighted(self.cards[self.cursor]))

    def action_move(self, step: int) -> None:
        if self.interactive:
            self._set_cursor(self.cursor + step)

    def action_move_to(self, index: int) -> None:
        if self.interactive:
            self._set_cursor(index % len(self.cards))

    def action_group(self, step: int) -> None:
        if not self.interactive:
            return
        groups = [_group(c) for c in self.cards]
        here = groups[self.cursor]
        if step > 0:
            nxt = [i for i, g in enumerate(groups) if g > here]
            target = nxt[0] if nxt else self.cursor
        else:
            prev = [g for g in groups if g < here]
            target = groups.index(prev[-1]) if prev else 0
        self._set_cursor(target)

    def action_choose(self) -> None:
        if self.interactive:
            self.entered_at, self._key_at = self._key_at, None
            self.post_message(CardChosen(self.cards[self.cursor]))
        else:
            self.post_message(self.KeyUnused(None))

    def action_pick(self, index: int) -> None:
        if self.interactive and index < len(self.cards):
            self._set_cursor(index)
            self.entered_at = None
            self.post_message(CardChosen(self.cards[index]))
        else:
            self.post_message(self.KeyUnused(index))

    # ----------------------------------------------------------------- geometry
    def _geometry(self) -> tuple[tuple[int, int], int, int]:
        """(card size, stride, left margin): large cards when there is room, and cards overlap
        when the row would not fit."""
        n = max(1, len(self.cards))
        width, height = self.size
        size = LARGE if height >= LARGE_ROWS and (n - 1) * 5 + LARGE[0] <= width else SMALL
        full = size[0]
        if n * (full + 1) - 1 <= width:
            stride = full + 1
        elif n * full <= width:
            stride = full
        else:
            stride = max(2, (width - full) // max(1, n - 1))
        total = (n - 1) * stride + full
        return size, stride, max(0, (width - total) // 2)

    def _index_at(self, x: int) -> int | None:
        if not self.cards:
            return None
        size, stride, margin = self._geometry()
        x -= margin
        if x < 0 or x >= (len(self.cards) - 1) * stride + size[0]:
            return None
        return min(x // stride, len(self.cards) - 1)

    def on_click(self, event: events.Click) -> None:
        index = self._index_at(event.x)
        if index is not None and self.interactive:
            self._set_cursor(index)
            self.entered_at = None
            self.post_message(CardChosen(self.cards[index]))
        elif index is not None:  # a card clicked while it is not this player's turn
            self.post_message(self.KeyUnused(None))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        index = self._index_at(event.x)
        if index is not None and self.interactive and index != self.cursor:
            self._set_cursor(index)

    # ----------------------------------------------------------------- drawing
    def render(self) -> Text:
        if not self.cards:  # the note centred under the table (padded: the row is wider)
            note = Text(self.note, style="dim")
            lines: Iterable[Text] = (
                note.wrap(Console(), max(1, self.size.width), justify="center") if self.note else []
            )
            return Text("\n").join([Text(), Text(), *lines])
        size, stride, margin = self._geometry()
        full, height = size
        n = len(self.cards)
        all_legal = self.legal >= set(self.cards)
        rows = [Text(" " * margin) for _ in range(height + 3)]  # label, card + 1 (raise), bar
        for i, c in enumerate(self.cards):
            last = i == n - 1
            width = full if last else min(stride, full)
            gap = 0 if last else stride - width
            at_cursor = self.interactive and i == self.cursor
            if self.mode == PLAY:
                raised, dim = c in self.legal and not all_legal, c not in self.legal
            elif self.mode == DISCARD:
                raised, dim = c in self.marked, c not in self.legal
            else:
                raised, dim = False, False
            if self.mode == DISCARD and c in self.marked:
                label = Text(self.look.cross, style="bold")
            elif self.interactive and c in self.legal and i < len(CARD_KEYS):
                label = Text(CARD_KEYS[i], style=Style(bold=True))
            else:
                label = Text(" ")  # a card that cannot be chosen now has no key
            cell = Text(" " * ((min(width, full) - 1) // 2)) + label
            cell.pad_right(width - cell.cell_len)
            rows[0].append_text(cell[:width])
            box = box_lines(
                c,
                self.look,
                dim=dim,
                reverse=at_cursor,
                bold_border=at_cursor,
                width=width,
                size=size,
            )
            top = 1 if raised else 2
            for r in range(1, height + 2):
                part = box[r - top] if top <= r < top + height else Text(" " * width)
                rows[r].append_text(part)
            bar = Text(("^" if self.look.ascii else "━") * width, style="bold")
            rows[-1].append_text(bar if at_cursor else Text(" " * width))
            for row in rows:
                row.append(" " * gap)
        return Text("\n").join(rows)
