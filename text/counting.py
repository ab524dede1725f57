"""How a sheet's points come about, in words: the rule that gives a combination its points
(RULES.md §7) and the card points counted in pairs (§8.1, *conto degli scartini*). The values
are the game's; only the words are made here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.cards import VALUE, Card
from game.scoring import Combination, cricca_value, sequence_points
from text.language import _, ngettext, number, pgettext


def group_name(family: str) -> str:
    """A cricca group as a player counts it ("3 Kings"), by its family's name ("Re")."""
    names = {
        "Tarocchi": pgettext("cricca", "Tarocchi"),
        "Re": pgettext("cricca", "Kings"),
        "Regine": pgettext("cricca", "Queens"),
        "Cavalli": pgettext("cricca", "Knights"),
        "Fanti": pgettext("cricca", "Jacks"),
    }
    return names[family]


def plain(text: str, ascii: bool) -> str:
    """``text`` with "x" for "×" and "-" for "−" where only ASCII is drawn (``ascii``)."""
    return text.replace("×", "x").replace("−", "-") if ascii else text


def combination_rule(c: Combination, ascii: bool = False) -> str:
    """Why ``c`` scores its points: "3 Kings = 17", "4 Jacks = 2×12", "5 cards = 10+2×5"
    (a counter is one card of every sequence it is in); ``ascii``: "2x12"."""
    n = len(c.cards)
    if c.kind == "cricca":
        group, value = group_name(c.family), number(cricca_value(c.family))
        if n == 4:
            said = _("{n} {group} = 2×{value}").format(n=n, group=group, value=value)
        else:
            said = _("{n} {group} = {value}").format(n=n, group=group, value=value)
        return plain(said, ascii)
    base = sequence_points(3)
    if n == 3:
        return _("3 cards = {points}").format(points=number(base))
    said = _("{n} cards = {base}+{more}×{step}").format(
        n=n, base=number(base), more=n - 3, step=number(sequence_points(4) - base)
    )
    return plain(said, ascii)


@dataclass(frozen=True, slots=True)
class CardPairs:
    """A pile's cards as its card points count them: its carte di valore and how many scartini
    go with them."""

    valued: tuple[Card, ...]
    scartini: int

    @property
    def points(self) -> int:
        """The card points: each carta di valore paired with a scartino is worth its value, two
        scartini 1, two carte di valore their values less 1."""
        values = sum(VALUE[c] for c in self.valued)
        return values + (self.scartini - len(self.valued)) // 2

    def by_value(self) -> list[tuple[int, tuple[Card, ...]]]:
        """The carte di valore by what each is worth, the highest first: (5, the Tarocchi and
        Kings), (4, the Queens), (3, the Knights), (2, the Jacks); only the values held."""
        values = sorted({VALUE[c] for c in self.valued}, reverse=True)
        return [(v, tuple(c for c in self.valued if VALUE[c] == v)) for v in values]


def card_pairs(cards: Iterable[Card]) -> CardPairs:
    """The pairs of a pile of an even number of ``cards`` (in the order given)."""
    cards = list(cards)
    valued = tuple(c for c in cards if VALUE[c])
    return CardPairs(valued, len(cards) - len(valued))


def in_pairs(n: int) -> str:
    """The card points' row: "40 cards in pairs"."""
    return ngettext("{n} card in pairs", "{n} cards in pairs", n).format(n=number(n))


def worth(value: int) -> str:
    """The label of the carte di valore worth ``value`` each: "worth 5" (*carte da 5*)."""
    return _("worth {n}").format(n=number(value))


def worth_note(value: int, cards: tuple[Card, ...]) -> str:
    """What they make together, after them: "= 25" ("" for one card: its value is the label's)."""
    return f"= {number(value * len(cards))}" if len(cards) > 1 else ""


def paired_note(pairs: CardPairs) -> str | None:
    """Under the carte di valore, when there are scartini enough for them all: what each was
    paired with."""
    if pairs.valued and pairs.scartini >= len(pairs.valued):
        return ngettext("+ a scartino", "+ a scartino each", len(pairs.valued))
    return None


def other_pairs(pairs: CardPairs, ascii: bool = False) -> tuple[str, str] | None:
    """The label and the words of the pairs left once each carta di valore has its scartino:
    ("scartini", "5 pairs × 1 = 5"), or two carte di valore together less 1 a pair; None when
    none are left; ``ascii``: "5 pairs x 1 = 5"."""
    left = (pairs.scartini - len(pairs.valued)) // 2
    if left > 0:
        said = ngettext("{n} pair × 1 = {n}", "{n} pairs × 1 = {n}", left)
        return _("scartini"), plain(said.format(n=number(left)), ascii)
    if left < 0:
        said = ngettext(
            "{n} pair of two valued × −1 = −{n}", "{n} pairs of two valued × −1 = −{n}", -left
        )
        return "", plain(said.format(n=number(-left)), ascii)
    return None
