"""Actions: the discard, a declaration and a card played, with a readable text form."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from game import errors
from game.cards import CODES, Card, CardError, parse_cards
from game.errors import IllegalActionError
from game.files import shorten
from game.scoring import FAMILIES
from game.signals import SIGNALS

DISCARD, DECLARE, PLAY = "discard", "declare", "play"
_FAMILY_BY_LOWER = {f.lower(): f for f in FAMILIES}


@dataclass(frozen=True, slots=True)
class Action:
    """One move: ``discard 6S 7S`` (*scarto*), ``declare Grande Re`` (*accusi*) or ``play KS``;
    a card played may carry a partner's signal (``play 7C striscio``, RULES.md §10a)."""

    kind: str
    cards: tuple[Card, ...] = ()
    families: tuple[str, ...] = ()
    signal: str = ""  # busso, striscio or volo with a card played; "" for none

    def __str__(self) -> str:
        if self.kind == DECLARE:
            return "declare " + (" ".join(self.families) if self.families else "none")
        text = self.kind + " " + " ".join(CODES[c] for c in self.cards)
        return f"{text} {self.signal}" if self.signal else text

    @property
    def card(self) -> Card:
        return self.cards[0]

    @classmethod
    def parse(cls, text: str) -> Action:
        """An action from its text form; raises IllegalActionError when it cannot be read."""
        words = text.split()
        if not words:
            raise IllegalActionError("empty action", errors.NO_ACTION)
        kind, rest = words[0].lower(), words[1:]
        if kind == PLAY and len(rest) == 2 and rest[1].lower() in SIGNALS:
            return signalled(cls.parse(f"{PLAY} {rest[0]}").card, rest[1].lower())
        if kind in (PLAY, DISCARD):
            try:
                cards = parse_cards(rest)
            except CardError as exc:
                raise IllegalActionError(
                    str(exc), errors.BAD_CARD, card_reason=exc.reason, code=exc.code
                ) from None
            if kind == PLAY and len(cards) == 1:
                return play(cards[0])
            if kind == DISCARD and len(cards) == 2:
                return discard(*cards)
        if kind == DECLARE:
            if rest in (["none"], []):
                return declare(())
            unknown = [w for w in rest if w.lower() not in _FAMILY_BY_LOWER]
            if unknown:
                raise IllegalActionError(
                    f"unknown family {shorten(unknown[0], 30)} in {shorten(text, 60)}",
                    errors.UNKNOWN_FAMILY,
                    family=shorten(unknown[0], 30),
                    action=shorten(text, 60),
                )
            return declare(tuple(_FAMILY_BY_LOWER[w.lower()] for w in rest))
        raise IllegalActionError(
            f"cannot read action {shorten(text, 60)} "
            "(use 'discard C1 C2', 'declare F…', 'play C' or 'play C signal')",
            errors.UNREADABLE,
            action=shorten(text, 60),
        )


class Move(NamedTuple):
    """An action with the seat that took it (an entry of a hand's history)."""

    seat: int
    action: Action

    def __str__(self) -> str:
        return f"{self.seat}: {self.action}"


def play(card: Card) -> Action:
    return PLAYS[card]


PLAYS: tuple[Action, ...] = tuple(Action(PLAY, (c,)) for c in range(62))


def signalled(card: Card, signal: str) -> Action:
    """``card`` played with ``signal`` (busso, striscio, volo; "" for none: :func:`play`)."""
    return Action(PLAY, (card,), (), signal) if signal else PLAYS[card]


def discard(a: Card, b: Card) -> Action:
    return Action(DISCARD, tuple(sorted((a, b))))


def declare(families: tuple[str, ...] | list[str]) -> Action:
    order = {f: i for i, f in enumerate(FAMILIES)}
    unknown = [f for f in families if f not in order]
    if unknown:
        raise IllegalActionError(
            f"unknown family {unknown[0]!r}", errors.UNKNOWN_FAMILY, family=repr(unknown[0])
        )
    return Action(DECLARE, (), tuple(sorted(set(families), key=order.__getitem__)))
