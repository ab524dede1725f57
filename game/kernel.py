"""The play kernel: one hand in trick play as bit masks, the only code that moves a card
(RULES.md §6) and scores what the play gave each side (§8).

:class:`PlayState` holds the four hands, the trick in progress, both sides' piles (*monte*) and
the discard (*scarto*). :meth:`PlayState.play` moves one card; :meth:`PlayState.push` does the same
and can be taken back with :meth:`PlayState.pop` (the solver's make/unmake);
:meth:`PlayState.finish` plays the rest of the hand with a chooser (random cards, the bots' rules
of thumb), a trick at a time. Every trick is closed by :meth:`PlayState._close`, which awards it
through :func:`game.tricks.award`. :meth:`PlayState.final_piles` gives the discard to its side and
makes the Matto exchange; :meth:`PlayState.points` counts each side's points from the play.

:class:`game.hand.Hand` wraps it with the record, the declarations and the views; the bots'
determinizations, the solver and the rollouts drive it directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from game.cards import (
    MAT,
    N_CARDS,
    PIPS,
    SCARTINI,
    STRENGTH,
    SUIT,
    SUIT_MASK,
    TRUMP,
    TRUMPS,
    VALUE,
    Card,
    Mask,
    card_points,
    cards_of,
    random_card,
)
from game.scoring import combination_points
from game.seats import other_side, side_of
from game.tricks import BEATERS, MAT_BIT, award, legal_for
from game.view import PlayerView

TRICKS = 15
LAST_TRICK_POINTS = 6

# A chooser picks the card to play: (hand, legal cards, trick so far, index of the card winning
# it or -1, every card gone so far) -> card. It is asked only when there is a real choice.
Chooser = Callable[[Mask, Mask, list[Card], int, Mask], Card]


def random_chooser(rand: Callable[[], float]) -> Chooser:
    """A chooser of uniformly random legal cards (``rand`` as ``random.random``)."""

    def choose(hand: Mask, legal: Mask, trick: list[Card], winning: int, gone: Mask) -> Card:
        return random_card(legal, rand)

    return choose


def _lowest_first(c: Card) -> tuple[bool, int, Card]:
    """The Matto exchange's tie order: a suit card before a trump, then the card nearest the
    bottom of its own suit's order, then the suit order S, B, C, D (Mori: MO1 first)."""
    return (SUIT[c] == TRUMP, STRENGTH[c], c)


# The pips (6-10) by their place from the bottom of their suit's order (long suits: 6 is second
# from the bottom; round suits: 10 is the bottom).
_PIPS_FROM_BOTTOM: tuple[Mask, ...] = tuple(
    sum(1 << c for c in range(N_CARDS) if PIPS >> c & 1 and STRENGTH[c] == k) for k in range(10)
)


def exchange_card(pile: Mask) -> Card:
    """The card a side gives for its Matto (RULES.md §6 house rule).

    The scartino whose loss lowers the pile's combinations least, a pip (6–10) before any other
    scartino, then :func:`_lowest_first`; with no scartino, the lowest-value card (among equals,
    the one whose loss costs the combinations least, then :func:`_lowest_first`); else the Matto.
    """
    pips = pile & PIPS
    if pips:  # a pip is in no combination: it costs nothing and comes first among equals
        for level in _PIPS_FROM_BOTTOM:
            m = pips & level
            if m:
                return (m & -m).bit_length() - 1  # the first suit in the order S, B, C, D
    base = combination_points(pile)

    def cost(c: Card) -> tuple[int, tuple[bool, int, Card]]:
        return base - combination_points(pile & ~(1 << c)), _lowest_first(c)

    candidates = cards_of(pile & SCARTINI)
    if candidates:
        return min(candidates, key=cost)
    others = cards_of(pile & ~MAT_BIT)
    if others:  # the lowest value; among equals chosen as the scartini are
        return min(others, key=lambda c: (VALUE[c], cost(c)))
    return MAT


class FinalPiles(NamedTuple):
    """Both sides' piles at the end of the hand (RULES.md §8), and how they were made."""

    piles: tuple[Mask, Mask]
    discard_side: int  # the side the discard went to
    exchange: tuple[int, int, Card] | None  # (giving side, receiving side, card) for the Matto


class PlayPoints(NamedTuple):
    """What one side's play is worth: captured combinations, card points, last trick."""

    combinations: int
    card_points: int
    last_trick: int

    @property
    def total(self) -> int:
        return self.combinations + self.card_points + self.last_trick


# What PlayState.push keeps to take a card back: (winning, led), or all that closing a trick changes
_Undo = tuple[int, int] | tuple[int, int, int, Mask, Mask, int, int, list[Card]]


class PlayState:
    """One hand in trick play, every hand known (the engine's hand, or a bot's guess of it)."""

    __slots__ = (
        "dealer",
        "hands",
        "discard",
        "trick",
        "leader",
        "turn",
        "winning",
        "led",
        "piles",
        "won",
        "matto_debtor",
        "last_winner",
        "n_tricks",
        "gone",
        "_undo",
    )

    def __init__(self, dealer: int, hands: list[Mask], discard: Mask = 0) -> None:
        """Trick play from the first lead (eldest leads); ``hands`` after the discard."""
        self.dealer = dealer
        self.hands = list(hands)
        self.discard = discard
        self.trick: list[Card] = []
        self.leader = self.turn = (dealer + 1) & 3
        self.winning = -1  # index in the trick of the card winning it; -1 when none yet
        self.led = -1  # the suit to follow; -1 while free (nothing or only the Matto led)
        self.piles = [0, 0]  # the cards each side has taken
        self.won = [0, 0]  # the tricks each side has taken
        self.matto_debtor = -1  # the side owing a card for its Matto, -1 for none
        self.last_winner = -1
        self.n_tricks = 0
        self.gone: Mask = 0  # every card played so far
        self._undo: list[_Undo] = []

    @classmethod
    def from_view(cls, view: PlayerView) -> PlayState:
        """The public part of the hand ``view`` sees: every card played so far replayed, the
        viewer's own hand and discard; the other hands empty until a guess fills them in."""
        state = cls(view.dealer, [0, 0, 0, 0])
        for t in view.tricks:
            for c in t.cards:
                state.play(c)
        for c in view.trick:
            state.play(c)
        state.hands[view.seat] = view.hand
        if view.discard is not None:
            state.discard = view.discard
        return state

    def clone(self) -> PlayState:
        """An independent copy (what it can :meth:`pop` starts here)."""
        other = PlayState.__new__(PlayState)
        other.dealer = self.dealer
        other.hands = self.hands[:]
        other.discard = self.discard
        other.trick = self.trick[:]
        other.leader = self.leader
        other.turn = self.turn
        other.winning = self.winning
        other.led = self.led
        other.piles = self.piles[:]
        other.won = self.won[:]
        other.matto_debtor = self.matto_debtor
        other.last_winner = self.last_winner
        other.n_tricks = self.n_tricks
        other.gone = self.gone
        other._undo = []
        return other

    def deal_in(self, hands: list[Mask], discard: Mask) -> PlayState:
        """A copy with every hand and the discard set (a determinization of a public state)."""
        other = self.clone()
        other.hands = hands[:]
        other.discard = discard
        return other

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.n_tricks == TRICKS

    def legal(self) -> Mask:
        """The cards the seat to move may play."""
        return legal_for(self.hands[self.turn], self.led)

    # ------------------------------------------------------------------ moves
    def push(self, c: Card) -> None:
        """:meth:`play` ``c``, keeping what :meth:`pop` needs to take it back."""
        if len(self.trick) == 3:  # this card closes the trick: keep what the close changes
            self._undo.append(
                (
                    self.winning,
                    self.led,
                    self.leader,
                    self.piles[0],
                    self.piles[1],
                    self.matto_debtor,
                    self.last_winner,
                    self.trick,
                )
            )
        else:
            self._undo.append((self.winning, self.led))
        self.play(c)

    def pop(self) -> Card:
        """Take back the last card :meth:`push` played; returns it."""
        record = self._undo.pop()
        if len(record) == 2:
            self.winning, self.led = record
        else:
            self.won[self.turn & 1] -= 1  # the seat to move is the winner of the trick undone
            (
                self.winning,
                self.led,
                self.leader,
                self.piles[0],
                self.piles[1],
                self.matto_debtor,
                self.last_winner,
                self.trick,
            ) = record
            self.n_tricks -= 1
        c = self.trick.pop()
        seat = self.turn = (self.leader + len(self.trick)) & 3
        self.hands[seat] |= 1 << c
        self.gone &= ~(1 << c)
        return c

    def play(self, c: Card) -> None:
        """Play ``c`` for the seat to move (not checked: the caller asks :meth:`legal`); the
        fourth card of a trick closes it."""
        b = 1 << c
        self.hands[self.turn] &= ~b
        self.gone |= b
        trick = self.trick
        if c != MAT:
            if self.led < 0:
                self.led = SUIT[c]
                self.winning = len(trick)
            elif BEATERS[trick[self.winning]] & b:
                self.winning = len(trick)
        trick.append(c)
        if len(trick) == 4:
            self._close()
        else:
            self.turn = (self.turn + 1) & 3

    def _close(self) -> None:
        """Award the complete trick to its winner's side (the Matto to its owner's) and let the
        winner lead the next one."""
        leader = self.leader
        winner = (leader + self.winning) & 3
        debtor = award(self.trick, leader, winner, self.piles)
        if debtor >= 0:
            self.matto_debtor = debtor
        self.won[winner & 1] += 1
        self.trick = []
        self.winning = self.led = -1
        self.leader = self.turn = self.last_winner = winner
        self.n_tricks += 1

    def finish(self, choose: Chooser) -> None:
        """Play the rest of the hand, asking ``choose`` whenever the seat to move has a choice
        (the hot loop of random hands and of the bots' playouts: a trick at a time)."""
        hands = self.hands
        close = self._close
        while self.n_tricks < TRICKS:
            trick = self.trick
            turn = self.turn
            led = self.led
            w = self.winning
            gone = self.gone
            for pos in range(len(trick), 4):
                hand = hands[turn]
                if led < 0:
                    legal = hand
                else:
                    legal = hand & SUIT_MASK[led] or hand & TRUMPS
                    legal = legal | hand & MAT_BIT if legal else hand
                if legal & (legal - 1):
                    c = choose(hand, legal, trick, w, gone)
                    b = 1 << c
                else:
                    b = legal
                    c = b.bit_length() - 1
                hands[turn] = hand & ~b
                gone |= b
                if c != MAT:
                    if led < 0:
                        led = SUIT[c]
                        w = pos
                    elif BEATERS[trick[w]] & b:
                        w = pos
                trick.append(c)
                turn = (turn + 1) & 3
            self.winning = w
            self.gone = gone
            close()

    # ------------------------------------------------------------------ the end of the hand
    def final_piles(self) -> FinalPiles:
        """Both piles at the end: the discard to the dealer's side if it took a trick, else to
        the other (§4.3); the Matto exchange made (§6)."""
        piles = self.piles[:]
        dealer_side = side_of(self.dealer)
        discard_side = dealer_side if self.won[dealer_side] else other_side(dealer_side)
        piles[discard_side] |= self.discard
        exchange = None
        giver = self.matto_debtor
        if giver >= 0:
            given = exchange_card(piles[giver])
            piles[giver] &= ~(1 << given)
            taker = other_side(giver)
            piles[taker] |= 1 << given
            exchange = (giver, taker, given)
        return FinalPiles((piles[0], piles[1]), discard_side, exchange)

    def points(self, piles: tuple[Mask, Mask] | None = None) -> tuple[PlayPoints, PlayPoints]:
        """Each side's points from the play, of ``piles`` or of :meth:`final_piles`."""
        if piles is None:
            piles = self.final_piles().piles
        last = side_of(self.last_winner)
        out = []
        for side in (0, 1):
            pile = piles[side]
            points = card_points(pile)
            if points is None:
                raise ValueError("a side's pile holds an odd number of cards: the hand is not over")
            out.append(
                PlayPoints(
                    combination_points(pile), points, LAST_TRICK_POINTS if side == last else 0
                )
            )
        return out[0], out[1]

    def diff(self, side: int) -> int:
        """Points of ``side`` from the play minus the other side's (the hand over)."""
        a, b = self.points()
        return a.total - b.total if side == 0 else b.total - a.total
