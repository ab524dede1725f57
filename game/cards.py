"""The 62 cards of the Tarocchino Bolognese pack, their codes, ranks, values and groups.

A card is a small int (0..61); a set of cards is a bitmask (bit ``c`` set when card ``c`` is in
it). Every property is looked up in a precomputed table, so the hot paths use only indexing and
bit operations.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable

from game.files import shorten

Card = int
Mask = int

SPADE, BASTONI, COPPE, DENARI, TRUMP, FOOL = range(6)
SUIT_CODES = ("S", "B", "C", "D")
SUIT_NAMES = ("Spade", "Bastoni", "Coppe", "Denari")
SUIT_MARKS = ("♠", "♣", "♥", "♦")  # how the table shows the suits (Bastoni ♣, Coppe ♥)
LONG_SUITS = (SPADE, BASTONI)

RANK_CODES = ("K", "Q", "N", "J", "A", "6", "7", "8", "9", "10")
_RANK_ITALIAN = ("Re", "Regina", "Cavallo", "Fante", "Asso", "6", "7", "8", "9", "10")
# Strength inside a suit, higher wins: long suits K Q N J 10 9 8 7 6 A, round K Q N J A 6 7 8 9 10.
_LONG_STRENGTH = {"K": 9, "Q": 8, "N": 7, "J": 6, "10": 5, "9": 4, "8": 3, "7": 2, "6": 1, "A": 0}
_ROUND_STRENGTH = {"K": 9, "Q": 8, "N": 7, "J": 6, "A": 5, "6": 4, "7": 3, "8": 2, "9": 1, "10": 0}
_COURT_VALUE = {"K": 5, "Q": 4, "N": 3, "J": 2}

_TRUMPS = (
    ("ANG", "Angelo"),
    ("MON", "Mondo"),
    ("SOL", "Sole"),
    ("LUN", "Luna"),
    ("T16", "Stella"),
    ("T15", "Saetta"),
    ("T14", "Diavolo"),
    ("T13", "Morte"),
    ("T12", "Traditore"),
    ("T11", "Vecchio"),
    ("T10", "Ruota"),
    ("T9", "Forza"),
    ("T8", "Giustizia"),
    ("T7", "Tempra"),
    ("T6", "Carro"),
    ("T5", "Amore"),
    ("MO1", "Moro"),
    ("MO2", "Moro"),
    ("MO3", "Moro"),
    ("MO4", "Moro"),
    ("BEG", "Bégato"),
)

CODES: list[str] = []
ITALIAN: list[str] = []
SUIT: list[int] = []
STRENGTH: list[int] = []  # trick strength inside its suit (trumps: ANG 17 … Mori 1, BEG 0)
VALUE: list[int] = []  # 0 for a scartino

for _s, _sc in enumerate(SUIT_CODES):
    _order = _LONG_STRENGTH if _s in LONG_SUITS else _ROUND_STRENGTH
    for _r, _rc in enumerate(RANK_CODES):
        CODES.append(_rc + _sc)
        ITALIAN.append(f"{_RANK_ITALIAN[_r]} di {SUIT_NAMES[_s]}")
        SUIT.append(_s)
        STRENGTH.append(_order[_rc])
        VALUE.append(_COURT_VALUE.get(_rc, 0))
for _i, (_code, _it) in enumerate(_TRUMPS):
    CODES.append(_code)
    ITALIAN.append(_it)
    SUIT.append(TRUMP)
    _rank = min(_i, 16) if _i < 20 else 17  # trick rank 0-based: Mori share 16, BEG 17
    STRENGTH.append(17 - _rank)
    VALUE.append(5 if _code in ("ANG", "MON", "BEG") else 0)
CODES.append("MAT")
ITALIAN.append("Matto")
SUIT.append(FOOL)
STRENGTH.append(-1)
VALUE.append(5)

N_CARDS = len(CODES)
assert N_CARDS == 62
INDEX: dict[str, Card] = {code: i for i, code in enumerate(CODES)}


def card(code: str) -> Card:
    """The card with this canonical code (upper case); for user text use :func:`parse_card`."""
    return INDEX[code]


def suit_card(rank: str, suit: int) -> Card:
    return suit * 10 + RANK_CODES.index(rank)


ANG, MON, SOL, LUN = (card(c) for c in ("ANG", "MON", "SOL", "LUN"))
T16 = card("T16")
T5 = card("T5")
MORI_CARDS = tuple(card(f"MO{i}") for i in range(1, 5))
BEG = card("BEG")
MAT = card("MAT")
SCAVEZZO_CARDS = tuple(card(f"T{n}") for n in range(16, 4, -1))  # T16 … T5


# The Grande's chain of trumps, high to low (§7.2): ANG MON SOL LUN T16 … T5.
GRANDE_ORDER: tuple[Card, ...] = (ANG, MON, SOL, LUN, *SCAVEZZO_CARDS)
_NEXT_IN_GRANDE = dict(zip(GRANDE_ORDER, GRANDE_ORDER[1:], strict=False))


def follows_in_grande(a: Card, b: Card) -> bool:
    """Whether ``b`` comes right after ``a`` in the Grande's order (ANG MON SOL LUN T16 … T5)."""
    return _NEXT_IN_GRANDE.get(a) == b


def rank_code(c: Card) -> str:
    """The rank of a suit card: "K", "Q", "N", "J", "A", "6" … "10"."""
    return RANK_CODES[c % 10]


def bit(c: Card) -> Mask:
    return 1 << c


def mask_of(cards: Iterable[Card]) -> Mask:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: Mask) -> list[Card]:
    """The cards of a mask in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def random_card(cards: Mask, rand: Callable[[], float]) -> Card:
    """A card of a non-empty mask, uniformly at random (``rand`` as ``random.random``)."""
    for _ in range(int(rand() * cards.bit_count())):
        cards &= cards - 1  # drop the lowest card: pick the k-th
    return (cards & -cards).bit_length() - 1


def count(mask: Mask) -> int:
    return mask.bit_count()


FULL_PACK: Mask = (1 << N_CARDS) - 1
SUIT_MASK: tuple[Mask, ...] = tuple(
    mask_of(c for c in range(N_CARDS) if SUIT[c] == s) for s in range(6)
)
TRUMPS: Mask = SUIT_MASK[TRUMP]
KINGS, QUEENS, KNIGHTS, JACKS, ACES = (
    mask_of(suit_card(r, s) for s in range(4)) for r in ("K", "Q", "N", "J", "A")
)
TAROCCHI: Mask = mask_of((ANG, MON, BEG, MAT))
COUNTERS: Mask = mask_of((BEG, MAT))
ROSSE: Mask = mask_of((SOL, LUN))
MORI: Mask = mask_of(MORI_CARDS)
VALUE_CARDS: Mask = mask_of(c for c in range(N_CARDS) if VALUE[c])
SCARTINI: Mask = FULL_PACK & ~VALUE_CARDS
FIVES: Mask = KINGS | TAROCCHI  # carte da 5: never discarded
PIPS: Mask = mask_of(suit_card(r, s) for s in range(4) for r in ("6", "7", "8", "9", "10"))


UNKNOWN_CODE, GIVEN_TWICE = "unknown code", "given twice"  # the codes of a CardError


class CardError(ValueError):
    """A card code that cannot be read, or a card given twice. The message is for logs; a player
    reads the words the text layer makes of ``reason`` (UNKNOWN_CODE, GIVEN_TWICE) and ``code``
    (the code as given, shortened, or the card's code)."""

    def __init__(self, message: str, reason: str = UNKNOWN_CODE, code: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.code = code


_SEPARATORS = re.compile(r"[\s,]+")


def parse_card(token: str) -> Card:
    """One card from its code, in any case."""
    code = token.strip().upper()
    if code not in INDEX:
        raise CardError(
            f"unknown card code {shorten(token, 24)} "
            "(codes look like KS, 10B, AD, T12, MO1, ANG, MAT)",
            UNKNOWN_CODE,
            shorten(token, 24),
        )
    return INDEX[code]


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Cards from codes separated by spaces or commas; a duplicated card is an error."""
    if isinstance(text, str):
        tokens = [t for t in _SEPARATORS.split(text) if t]
    else:
        tokens = [t for part in text for t in _SEPARATORS.split(part) if t]
    seen: set[Card] = set()
    out: list[Card] = []
    for token in tokens:
        c = parse_card(token)
        if c in seen:
            raise CardError(f"card {CODES[c]} is given twice", GIVEN_TWICE, CODES[c])
        seen.add(c)
        out.append(c)
    return out


def format_cards(cards: Iterable[Card] | Mask) -> str:
    """Canonical codes separated by spaces (a mask is listed in index order)."""
    if isinstance(cards, int):
        cards = cards_of(cards)
    return " ".join(CODES[c] for c in cards)


def display_key(c: Card) -> tuple[int, int]:
    """Sort key for a hand on screen: trumps high to low, then each suit in its own order."""
    if c == MAT:
        return (0, 1)  # the Matto after the lowest trump
    return (0 if SUIT[c] == TRUMP else 1 + SUIT[c], -STRENGTH[c])


def sorted_for_display(cards: Iterable[Card] | Mask) -> list[Card]:
    if isinstance(cards, int):
        cards = cards_of(cards)
    return sorted(cards, key=display_key)


def card_points(mask: Mask) -> int | None:
    """Card points of a pile (§8.1), or None when the number of cards is odd."""
    n = mask.bit_count()
    if n & 1:
        return None
    values = (
        5 * (mask & (KINGS | TAROCCHI)).bit_count()
        + 4 * (mask & QUEENS).bit_count()
        + 3 * (mask & KNIGHTS).bit_count()
        + 2 * (mask & JACKS).bit_count()
    )
    valued = (mask & VALUE_CARDS).bit_count()
    return values + (n - 2 * valued) // 2


def shuffled_pack(rng: random.Random) -> list[Card]:
    """The 62 cards in a random order from ``rng`` (Fisher–Yates; the same seed, the same deck)."""
    deck = list(range(N_CARDS))
    rand = rng.random
    for i in range(N_CARDS - 1, 0, -1):
        j = int(rand() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck
