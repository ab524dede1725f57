"""Messages the widgets post up to the screen that owns the game."""

from __future__ import annotations

from textual.message import Message

from game.cards import Card
from table.runner import BotMove


class CardChosen(Message):
    """A card of the hand was chosen (Enter, its key, or a click)."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card


class CardHighlighted(Message):
    """The hand's cursor moved to a card."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card


class TrickClicked(Message):
    """The trick in the middle of the table was clicked (show or hide the last trick)."""


class FamilyToggled(Message):
    """A family of the declaration list was switched on or off."""

    def __init__(self, family: str, on: bool) -> None:
        super().__init__()
        self.family = family
        self.on = on


class BotMoved(Message):
    """The bot runner has the move of a bot (posted from the runner's thread)."""

    def __init__(self, move: BotMove) -> None:
        super().__init__()
        self.move = move
