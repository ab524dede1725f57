"""A lean copy of the trick-play phase for the search bots: masks only, fast to clone and to undo.

The engine's :class:`game.hand.Hand` keeps a readable record (actions, tricks); a search plays
millions of cards and needs only the cards in each hand, the trick in progress and the two
piles (*monte* of each side). :class:`Sim` holds exactly that, is built from the public part of a
:class:`~game.view.PlayerView` plus a guess of the hidden cards, and scores the end of the hand
with the engine's own rules (discard, Matto exchange, combinations, card points, last trick).
Declarations are left out: their points do not depend on how the cards are played.
"""

from __future__ import annotations

from game.cards import MAT, Card, Mask, card_points
from game.hand import LAST_TRICK_POINTS, TRICKS, Hand, exchange_card
from game.scoring import combination_points
from game.tricks import award
from game.tricks import winning_index as trick_winner
from game.view import PlayerView

MAT_BIT = 1 << MAT


class Sim:
    """Trick play from some point of a hand to its end, every hand known (a determinization)."""

    __slots__ = (
        "hands", "trick", "leader", "turn", "piles", "won", "matto_debtor", "last_winner",
        "n_tricks", "discard", "dealer", "gone",
    )  # fmt: skip

    def __init__(self) -> None:
        self.hands: list[Mask] = [0, 0, 0, 0]
        self.trick: list[Card] = []
        self.leader = 0
        self.turn = 0
        self.piles = [0, 0]
        self.won = [0, 0]  # tricks taken by each side
        self.matto_debtor = -1  # side owing a card for its Matto, -1 for none
        self.last_winner = -1
        self.n_tricks = 0
        self.discard: Mask = 0
        self.dealer = 0
        self.gone: Mask = 0  # every card played so far

    # ------------------------------------------------------------------ building
    @classmethod
    def from_view(cls, view: PlayerView) -> Sim:
        """The public part of the hand seen by ``view``; hands and discard still to be filled in."""
        sim = cls()
        sim.dealer = view.dealer
        sim.leader = view.leader
        sim.turn = view.turn
        sim.trick = list(view.trick)
        sim.n_tricks = len(view.tricks)
        gone = 0
        for t in view.tricks:
            for c in t.cards:
                gone |= 1 << c
            debtor = award(t.cards, t.leader, t.winner, sim.piles)
            if debtor >= 0:
                sim.matto_debtor = debtor
            sim.won[t.winner & 1] += 1
            sim.last_winner = t.winner
        for c in view.trick:
            gone |= 1 << c
        sim.gone = gone
        sim.hands[view.seat] = view.hand
        if view.discard is not None:
            sim.discard = view.discard
        return sim

    @classmethod
    def from_hand(cls, hand: Hand) -> Sim:
        """A copy of an engine hand in the play (or declaration) phase."""
        sim = cls()
        sim.hands = list(hand.hands)
        sim.trick = list(hand.trick)
        sim.leader = hand.leader
        sim.turn = hand.turn
        sim.piles = list(hand.piles)
        for t in hand.tricks:
            sim.won[t.winner & 1] += 1
            for c in t.cards:
                sim.gone |= 1 << c
        for c in hand.trick:
            sim.gone |= 1 << c
        sim.matto_debtor = -1 if hand.matto_debtor is None else hand.matto_debtor
        sim.last_winner = hand.last_winner
        sim.n_tricks = len(hand.tricks)
        sim.discard = hand.discard
        sim.dealer = hand.dealer
        return sim

    def clone(self) -> Sim:
        other = Sim.__new__(Sim)
        other.hands = self.hands[:]
        other.trick = self.trick[:]
        other.leader = self.leader
        other.turn = self.turn
        other.piles = self.piles[:]
        other.won = self.won[:]
        other.matto_debtor = self.matto_debtor
        other.last_winner = self.last_winner
        other.n_tricks = self.n_tricks
        other.discard = self.discard
        other.dealer = self.dealer
        other.gone = self.gone
        return other

    # ------------------------------------------------------------------ playing
    @property
    def over(self) -> bool:
        return self.n_tricks == TRICKS

    def play(self, c: Card) -> None:
        """Play ``c`` for the seat to move (not checked)."""
        b = 1 << c
        self.hands[self.turn] &= ~b
        self.gone |= b
        trick = self.trick
        trick.append(c)
        if len(trick) < 4:
            self.turn = (self.turn + 1) & 3
            return
        self._close(trick)

    def _close(self, trick: list[Card]) -> None:
        leader = self.leader
        winner = (leader + trick_winner(trick)) & 3
        debtor = award(trick, leader, winner, self.piles)
        if debtor >= 0:
            self.matto_debtor = debtor
        self.won[winner & 1] += 1
        self.trick = []
        self.leader = self.turn = self.last_winner = winner
        self.n_tricks += 1

    # ------------------------------------------------------------------ scoring
    def final_piles(self) -> tuple[Mask, Mask]:
        """Both piles at the end: the discard given to its side, the Matto exchange made."""
        piles = self.piles[:]
        dealer_side = self.dealer & 1
        piles[dealer_side if self.won[dealer_side] else 1 - dealer_side] |= self.discard
        giver = self.matto_debtor
        if giver >= 0:
            given = 1 << exchange_card(piles[giver])
            piles[giver] &= ~given
            piles[1 - giver] |= given
        return piles[0], piles[1]

    def side_points(self) -> tuple[int, int]:
        """Each side's raw points from the play (captured combinations, card points, last trick)."""
        p0, p1 = self.final_piles()
        s0 = combination_points(p0) + (card_points(p0) or 0)
        s1 = combination_points(p1) + (card_points(p1) or 0)
        if self.last_winner & 1:
            s1 += LAST_TRICK_POINTS
        else:
            s0 += LAST_TRICK_POINTS
        return s0, s1

    def diff(self, side: int) -> int:
        """Points of ``side`` minus the other side's, from the play alone (hand over)."""
        s0, s1 = self.side_points()
        return s0 - s1 if side == 0 else s1 - s0
