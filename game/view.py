"""Public facts of a hand (tricks, declarations) and what one player may know (RULES.md §4–§6):
the engine's only window for bots and hand widgets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from game.actions import Action, Move
from game.cards import FULL_PACK, Card, Mask
from game.phase import Phase
from game.scoring import Combination, declared_combinations
from game.seats import partner_of, same_side, seat_after, side_of
from game.tricks import matto_owner, voids_shown


@dataclass(frozen=True, slots=True)
class Declaration:
    """What one player declared (*accusi*): the families, the cards shown and their value."""

    seat: int
    families: tuple[str, ...]
    cards: Mask
    points: int

    @property
    def combinations(self) -> tuple[Combination, ...]:
        """Each declared combination with its cards (the shown cards make exactly these)."""
        return declared_combinations(self.cards, self.families)


class Trick(NamedTuple):
    """A completed trick (*presa*): the leader, the cards in play order, the winning seat."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def seat_of(self, i: int) -> int:
        return seat_after(self.leader, i)

    @property
    def matto_owner(self) -> int | None:
        """The seat that played the Matto to this trick, or None."""
        return matto_owner(self.cards, self.leader)

    @property
    def matto_owed(self) -> bool:
        """Whether the Matto's side owes a card for it: an opponent won its trick (§6)."""
        owner = self.matto_owner
        return owner is not None and not same_side(owner, self.winner)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's knowledge: its own hand, its own discard, every card played, declared cards
    and the scores; never another player's cards."""

    seat: int
    dealer: int
    phase: Phase
    turn: int
    hand: Mask
    discard: Mask | None  # the dealer's own discard, once made; None for everybody else
    trick: tuple[Card, ...]  # the cards of the trick in progress, in play order
    leader: int  # the seat that led the trick in progress
    tricks: tuple[Trick, ...]  # completed tricks of this hand
    declarations: tuple[Declaration | None, ...]  # by seat; None until that seat has declared
    history: tuple[Move, ...]  # the public actions of this hand (declarations, plays) by seat
    hand_sizes: tuple[int, ...]
    scores: tuple[int, int]  # match scores before this hand
    target: int
    hand_number: int
    legal: tuple[Action, ...]  # this seat's legal actions, empty when it is not its turn
    signals: bool = False  # the match allows partners' signals (RULES.md §10a)

    @property
    def side(self) -> int:
        return side_of(self.seat)

    @property
    def partner(self) -> int:
        return partner_of(self.seat)

    def seat_of(self, i: int) -> int:
        """The seat that played the ``i``-th card of the trick in progress."""
        return seat_after(self.leader, i)

    @property
    def tricks_so_far(self) -> list[tuple[int, tuple[Card, ...]]]:
        """Each trick of the hand as (leader, cards), the one in progress last if begun."""
        out = [(t.leader, t.cards) for t in self.tricks]
        if self.trick:
            out.append((self.leader, self.trick))
        return out

    @property
    def signalled(self) -> tuple[Move, ...]:
        """The cards played in this hand with a signal (public, RULES.md §10a), in play order."""
        return tuple(m for m in self.history if m.action.signal)

    def signal_of(self, c: Card) -> str:
        """The signal card ``c`` carried when it was played in this hand; "" for none."""
        for m in self.history:
            if m.action.signal and m.action.cards == (c,):
                return m.action.signal
        return ""

    @property
    def voids(self) -> list[Mask]:
        """For each seat, the cards its play has shown it cannot hold (failing to follow, or
        to trump): :func:`game.tricks.voids_shown`."""
        return voids_shown(self.tricks_so_far)

    @property
    def played_by(self) -> list[Mask]:
        """The cards each seat has played in this hand."""
        out = [0, 0, 0, 0]
        for leader, cards in self.tricks_so_far:
            for i, c in enumerate(cards):
                out[seat_after(leader, i)] |= 1 << c
        return out

    @property
    def played(self) -> Mask:
        """Every card played so far in this hand, the trick in progress included."""
        m = 0
        for t in self.tricks:
            for c in t.cards:
                m |= 1 << c
        for c in self.trick:
            m |= 1 << c
        return m

    @property
    def unseen(self) -> Mask:
        """The cards this seat has not seen: in the others' hands or (for a non-dealer) in the
        discard."""
        return FULL_PACK & ~self.hand & ~self.played & ~(self.discard or 0)
