"""Cards as styled text: faces with suit marks, boxed cards in two sizes, lists of cards.

Suits: Spade ♠ (swords), Bastoni ♣ (batons), Coppe ♥ (cups), Denari ♦ (coins); in ASCII the
marks are the code letters S B C D, so an ASCII face is exactly the card's code. Trumps are drawn
with a double border, the Matto with a rounded one, so they stand out without colour too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

from game.cards import (
    CODES,
    FOOL,
    ITALIAN,
    SUIT,
    SUIT_CODES,
    SUIT_MARKS,
    TRUMP,
    Card,
    rank_code,
)
from text.language import ENGLISH as ENGLISH_SPOKEN
from text.language import current
from text.themes import CLASSIC, Palette, palette_of

UNICODE_MARKS = SUIT_MARKS
_FIELD = re.compile(r"\{(\w+)\}")
ASCII_MARKS = SUIT_CODES

# The cards' names in English, beside the Italian ones for a reader of English.
_SUIT_ENGLISH = ("Swords", "Batons", "Cups", "Coins")
_RANK_ENGLISH = ("King", "Queen", "Knight", "Jack", "Ace", "6", "7", "8", "9", "10")
# fmt: off
_TRUMP_ENGLISH = (
    "Angel", "World", "Sun", "Moon", "Star", "Tower", "Devil", "Death", "Traitor", "Old Man",
    "Wheel", "Strength", "Justice", "Temperance", "Chariot", "Love", "Moor", "Moor", "Moor",
    "Moor", "Magician", "Fool",
)
# fmt: on
ENGLISH: tuple[str, ...] = (
    *(f"{rank} of {suit}" for suit in _SUIT_ENGLISH for rank in _RANK_ENGLISH),
    *_TRUMP_ENGLISH,
)
assert len(ENGLISH) == len(CODES)

_palette = CLASSIC  # the colours of the theme in use (the application sets it with its settings)


def use_palette(palette: Palette) -> None:
    """The colours a Look takes when none are given (the theme chosen in the settings)."""
    global _palette
    _palette = palette


def current_palette() -> Palette:
    return _palette


# Borders: (top-left, horizontal, top-right, vertical, bottom-left, bottom-right)
_PLAIN = ("┌", "─", "┐", "│", "└", "┘")
_DOUBLE = ("╔", "═", "╗", "║", "╚", "╝")
_ROUND = ("╭", "─", "╮", "│", "╰", "╯")
_ASCII_PLAIN = ("+", "-", "+", "|", "+", "+")
_ASCII_TRUMP = ("#", "=", "#", "#", "#", "#")
_ASCII_MATTO = ("*", "~", "*", "!", "*", "*")


@dataclass(frozen=True, slots=True)
class Look:
    """How cards are drawn: Unicode or ASCII marks, colour or monochrome, and the theme's colours
    (by default those of the theme in use)."""

    ascii: bool = False
    color: bool = True
    palette: Palette = field(default_factory=current_palette)

    @property
    def pointer(self) -> str:
        """Marks the player to act."""
        return ">" if self.ascii else "▶"

    @property
    def arrow(self) -> str:
        return "->" if self.ascii else "→"

    @property
    def dot(self) -> str:
        """Separates facts on one line: "dealer · 11 cards"."""
        return "-" if self.ascii else "·"

    @property
    def ellipsis(self) -> str:
        return "..." if self.ascii else "…"

    @property
    def enter(self) -> str:
        return "Enter" if self.ascii else "⏎"

    @property
    def cross(self) -> str:
        """Marks a card chosen for the discard."""
        return "x" if self.ascii else "×"


UNICODE = Look(palette=CLASSIC)  # the default look


def look_of(settings: object | None) -> Look:
    """The look the settings ask for (ASCII marks, colour, theme): the default look without
    settings."""
    if settings is None:
        return UNICODE
    theme = getattr(settings, "theme", None)
    return Look(
        ascii=bool(getattr(settings, "ascii", False)),
        color=bool(getattr(settings, "color", True)),
        palette=palette_of(theme) if isinstance(theme, str) else current_palette(),
    )


def mark(suit: int, look: Look) -> str:
    return (ASCII_MARKS if look.ascii else UNICODE_MARKS)[suit]


def face(c: Card, look: Look) -> str:
    """The short face of a card: ``K♠``, ``10♥``, ``ANG``, ``T16``, ``MO1``, ``MAT``."""
    s = SUIT[c]
    if s in (TRUMP, FOOL):
        return CODES[c]
    return rank_code(c) + mark(s, look)


def card_style(c: Card, look: Look) -> Style:
    s = SUIT[c]
    colors = look.palette
    if s == FOOL:
        return Style(color=colors.matto if look.color else None, bold=True, italic=True)
    if s == TRUMP:
        return Style(color=colors.trump if look.color else None, bold=True)
    return Style(color=colors.suits[s] if look.color else None)


def card_text(c: Card, look: Look, *, dim: bool = False) -> Text:
    """One card's face, styled."""
    style = card_style(c, look)
    if dim:
        style += Style(dim=True)
    return Text(face(c, look), style=style)


def cards_text(cards: Iterable[Card], look: Look, sep: str = " ") -> Text:
    """Several faces, separated by ``sep``."""
    return Text(sep).join(card_text(c, look) for c in cards)


def assembled(template: str, style: str = "", *, words: str = "", **parts: str | Text) -> Text:
    """``template`` ("play {card}", translated) as Text, each ``{name}`` replaced by its part
    (a styled Text keeps its style), so the language puts the styled pieces where it wants.
    ``style``: the whole line's; ``words``: the template's own words'."""
    out = Text(style=style)
    for i, piece in enumerate(_FIELD.split(template)):
        if i % 2:
            part = parts[piece]
            if isinstance(part, Text):
                out.append_text(part)
            else:
                out.append(part)
        elif piece:
            out.append(piece, style=words or None)
    return out


def card_name(c: Card, look: Look) -> str:
    """``K♠ Re di Spade (King of Swords)``: the face and the Italian name, with the English
    name for a reader of English."""
    if current() != ENGLISH_SPOKEN:
        return f"{face(c, look)} {ITALIAN[c]}"
    return f"{face(c, look)} {ITALIAN[c]} ({ENGLISH[c]})"


def border(c: Card, look: Look) -> tuple[str, ...]:
    s = SUIT[c]
    if s == TRUMP:
        return _ASCII_TRUMP if look.ascii else _DOUBLE
    if s == FOOL:
        return _ASCII_MATTO if look.ascii else _ROUND
    return _ASCII_PLAIN if look.ascii else _PLAIN


SMALL, LARGE = (5, 3), (7, 5)  # (width, height) of a boxed card


def _middle_mark(c: Card, look: Look) -> str:
    s = SUIT[c]
    if s == TRUMP:
        return "*" if look.ascii else "✦"
    if s == FOOL:
        return "~" if look.ascii else "∞"
    return mark(s, look)


def box_lines(
    c: Card,
    look: Look,
    *,
    dim: bool = False,
    reverse: bool = False,
    bold_border: bool = False,
    width: int | None = None,
    size: tuple[int, int] = SMALL,
) -> list[Text]:
    """A card drawn in a box (``size`` SMALL: 3 lines, LARGE: 5 lines); ``width`` smaller than
    the card cuts it on the right (a fanned hand)."""
    full, height = size
    tl, h, tr, v, bl, br = border(c, look)
    style = card_style(c, look)
    edge = Style(color=style.color, dim=dim, bold=bold_border)
    if dim:
        style += Style(dim=True)
    if reverse:
        style += Style(reverse=True)
    inner = full - 2
    if height == 3:
        faces = [face(c, look).rjust(inner)]
    else:
        code = face(c, look)
        faces = [code.ljust(inner), _middle_mark(c, look).center(inner), code.rjust(inner)]
    lines = [Text(tl + h * inner + tr, style=edge)]
    lines += [Text.assemble((v, edge), (f, style), (v, edge)) for f in faces]
    lines.append(Text(bl + h * inner + br, style=edge))
    if width is not None and width < full:
        for line in lines:
            line.truncate(width)
    return lines


def blank_box(look: Look, size: tuple[int, int] = SMALL) -> list[Text]:
    """An empty place at the table, drawn faintly (a seat that has not played yet)."""
    full, height = size
    dot = "." if look.ascii else "·"
    style = Style(dim=True)
    edge = Text(" " + dot * (full - 2) + " ", style=style)
    side = Text(dot + " " * (full - 2) + dot, style=style)
    return [edge] + [side.copy() for _ in range(height - 2)] + [edge.copy()]
