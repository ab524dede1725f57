"""One hand (*smazzata*): from the dealt cards through the discard, declarations and fifteen tricks
to the score of both sides (RULES.md §4–§8)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from game.actions import DECLARE, DISCARD, PLAY, PLAYS, Action, Move, declare, discard
from game.cards import (
    CODES,
    FIVES,
    FULL_PACK,
    MAT,
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
    format_cards,
)
from game.errors import IllegalActionError
from game.phase import Phase
from game.rules import DEFAULT_TARGET
from game.scoring import (
    Breakdown,
    combination_points,
    declarable_families,
    declaration,
    score,
)
from game.tricks import award, legal_mask, why_illegal, winning_index
from game.view import Declaration, PlayerView, Trick

TRICKS = 15
LAST_TRICK_POINTS = 6
MAT_BIT = 1 << MAT


# The seat receiving each card of the pack, by dealer: 5 at a time from eldest, the last two to
# the dealer.
_DEAL_ORDER = tuple(
    tuple((dealer + 1 + i // 5) % 4 for i in range(60)) + (dealer, dealer) for dealer in range(4)
)


def random_card(cards: Mask, rand: Callable[[], float]) -> Card:
    """A card of a non-empty mask, uniformly at random."""
    for _ in range(int(rand() * cards.bit_count())):
        cards &= cards - 1  # drop the lowest card: pick the k-th
    return (cards & -cards).bit_length() - 1


def side_of(seat: int) -> int:
    """Seats 0 and 2 are side 0, seats 1 and 3 side 1."""
    return seat & 1


def round5(raw: int) -> int:
    """Round to the nearest multiple of 5 (remainder 1–2 down, 3–4 up)."""
    return (raw + 2) // 5 * 5


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side's score for the hand, part by part (RULES.md §8)."""

    pile: Mask
    captured_combinations: int
    card_points: int
    last_trick: int
    declarations: int
    raw: int
    total: int

    @property
    def breakdown(self) -> Breakdown:
        """Every combination of the pile, with its cards (for the scoring sheet)."""
        return score(self.pile)

    def to_json(self) -> dict:
        return {
            "captured_combinations": self.captured_combinations,
            "card_points": self.card_points,
            "last_trick": self.last_trick,
            "declarations": self.declarations,
            "raw": self.raw,
            "total": self.total,
        }


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: both sides' scores, where the discard went, the Matto exchange."""

    dealer: int
    called_out: int | None  # the side that called out at the target during declarations
    sides: tuple[SideResult, SideResult]
    discard_side: int | None
    matto_exchange: tuple[int, int, Card] | None  # (giving side, receiving side, card given)
    tricks: tuple[int, int]  # tricks won by each side
    scores_before: tuple[int, int]  # the match score when the hand began

    @property
    def scores_after(self) -> tuple[int, int]:
        """The match score once this hand's totals are added."""
        return (
            self.scores_before[0] + self.sides[0].total,
            self.scores_before[1] + self.sides[1].total,
        )


def _lowest_first(c: Card) -> tuple[bool, int, Card]:
    """The Matto exchange's tie order: a suit card before a trump, then the card nearest the
    bottom of its own suit's order, then the suit order S, B, C, D (Mori: MO1 first)."""
    return (SUIT[c] == TRUMP, STRENGTH[c], c)


def exchange_card(pile: Mask) -> Card:
    """The card a side gives for its Matto (RULES.md §6 house rule).

    The scartino whose loss lowers the pile's combinations least, a pip (6–10) before any other
    scartino, then :func:`_lowest_first`; with no scartino, the lowest-value card; else the Matto.
    """
    pips = pile & PIPS
    if pips:  # a pip is in no combination: it costs nothing and comes first among equals
        return min(cards_of(pips), key=_lowest_first)
    candidates = cards_of(pile & SCARTINI)
    if candidates:
        base = combination_points(pile)
        return min(
            candidates,
            key=lambda c: (base - combination_points(pile & ~(1 << c)), _lowest_first(c)),
        )
    others = cards_of(pile & ~MAT_BIT)
    if others:
        return min(others, key=lambda c: (VALUE[c], _lowest_first(c)))
    return MAT


class Hand:
    """The state of one hand. Drive it with :meth:`legal_actions` and :meth:`apply`."""

    __slots__ = (
        "dealer", "hands", "discard", "turn", "trick", "leader", "tricks", "piles",
        "declarations", "scores", "target", "matto_debtor", "last_winner", "phase", "result",
        "history", "_dealt",
    )  # fmt: skip

    def __init__(
        self,
        dealer: int,
        hands: list[Mask],
        scores: tuple[int, int] = (0, 0),
        target: int = DEFAULT_TARGET,
    ) -> None:
        if len(hands) != 4 or any(
            h.bit_count() != (17 if s == dealer else 15) for s, h in enumerate(hands)
        ):
            raise ValueError("a hand starts with 15 cards each and 17 for the dealer")
        if hands[0] | hands[1] | hands[2] | hands[3] != FULL_PACK:
            raise ValueError("the four hands must hold the 62 cards of the pack, each once")
        self.dealer = dealer
        self.hands = list(hands)
        self._dealt = tuple(hands)
        self.discard: Mask = 0
        self.turn = dealer
        self.trick: list[Card] = []
        self.leader = (dealer + 1) % 4
        self.tricks: list[Trick] = []
        self.piles = [0, 0]
        self.declarations: list[Declaration | None] = [None] * 4
        self.scores = scores
        self.target = target
        self.matto_debtor: int | None = None  # side owing a card for its Matto
        self.last_winner = -1
        self.phase = Phase.DISCARD
        self.result: HandResult | None = None
        self.history: list[Move] = []  # the actions applied with their seats, the discard first

    @classmethod
    def deal(
        cls,
        deck: list[Card],
        dealer: int,
        scores: tuple[int, int] = (0, 0),
        target: int = DEFAULT_TARGET,
    ) -> Hand:
        """Deal a shuffled pack: five at a time from eldest, three rounds, the dealer two more."""
        hands = [0, 0, 0, 0]
        for i, c in enumerate(deck):
            hands[_DEAL_ORDER[dealer][i]] |= 1 << c
        return cls(dealer, hands, scores, target)

    # ----------------------------------------------------------------- copying
    def clone(self) -> Hand:
        other = Hand.__new__(Hand)
        for name in Hand.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands[:]
        other.trick = self.trick[:]
        other.tricks = self.tricks[:]
        other.piles = self.piles[:]
        other.declarations = self.declarations[:]
        other.history = self.history[:]
        return other

    @property
    def dealt(self) -> tuple[Mask, ...]:
        """The hands as dealt (the dealer's with 17 cards)."""
        return self._dealt

    @property
    def trick_number(self) -> int:
        return len(self.tricks)

    # ----------------------------------------------------------------- legality
    def legal_actions(self) -> list[Action]:
        """Every legal action of the player to move, in a fixed order."""
        if self.phase == Phase.PLAY:
            return [PLAYS[c] for c in cards_of(self.legal_plays())]
        if self.phase == Phase.DISCARD:
            allowed = cards_of(self.hands[self.dealer] & ~FIVES)
            return [discard(a, b) for i, a in enumerate(allowed) for b in allowed[i + 1 :]]
        if self.phase == Phase.DECLARE:
            fams = declarable_families(self.hands[self.turn])
            return (
                [
                    declare(tuple(f for j, f in enumerate(fams) if subset >> j & 1))
                    for subset in range((1 << len(fams)) - 1, -1, -1)
                ]
                if fams
                else [declare(())]
            )
        return []

    def legal_plays(self) -> Mask:
        return legal_mask(self.hands[self.turn], self.trick)

    def why_illegal(self, action: Action) -> str | None:
        """None when ``action`` is legal now, else the reason in words."""
        if self.phase == Phase.OVER:
            return "the hand is over"
        kind = action.kind
        if kind != {Phase.DISCARD: DISCARD, Phase.DECLARE: DECLARE, Phase.PLAY: PLAY}[self.phase]:
            wanted = {
                Phase.DISCARD: "the dealer must discard two cards",
                Phase.DECLARE: "the player must declare (or declare none) before the first card",
                Phase.PLAY: "a card must be played",
            }[self.phase]
            return f"'{action}' is not possible now: {wanted}"
        hand = self.hands[self.turn]
        if kind == PLAY:
            if len(action.cards) != 1:
                return "play exactly one card"
            return why_illegal(hand, self.trick, action.card)
        if kind == DISCARD:
            if len(action.cards) != 2 or action.cards[0] == action.cards[1]:
                return "the dealer discards exactly two different cards"
            for c in action.cards:
                if not hand >> c & 1:
                    return f"{CODES[c]} is not in your hand"
                if FIVES >> c & 1:
                    return f"{CODES[c]} may not be discarded: Kings and Tarocchi (carte da 5) stay"
            return None
        realised = declarable_families(hand)
        for f in action.families:
            if f not in realised:
                return f"your hand does not realise {f}"
        return None

    def apply(self, action: Action) -> None:
        """Apply a legal action; an illegal one raises IllegalActionError and changes nothing."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(reason)
        if action.kind == PLAY:
            self.play_card(action.card)
        elif action.kind == DISCARD:
            self._discard(action)
        else:
            self._declare(action)

    # ----------------------------------------------------------------- transitions
    def _discard(self, action: Action) -> None:
        a, b = action.cards
        self.discard = (1 << a) | (1 << b)
        self.hands[self.dealer] &= ~self.discard
        self.history.append(Move(self.dealer, action))
        self.turn = self.leader
        self.phase = Phase.DECLARE

    def _declare(self, action: Action) -> None:
        seat = self.turn
        shown, points = declaration(self.hands[seat], action.families)
        self._record_declaration(Declaration(seat, action.families, shown, points), action)

    def _record_declaration(self, declaration: Declaration, action: Action) -> None:
        self.declarations[declaration.seat] = declaration
        self.history.append(Move(declaration.seat, action))
        self.phase = Phase.PLAY
        side = side_of(declaration.seat)
        if (
            action.families
            and self.call_out_possible
            and self.scores[side] + self.declared_points(side) >= self.target
        ):
            self._finish(called_out=side)

    @property
    def call_out_possible(self) -> bool:
        """Calling out at the target is off in a hand begun with both sides at or over it (the
        extra hand after a tie, RULES.md §5 house rule): that hand is played out."""
        return min(self.scores) < self.target

    def declared_points(self, side: int) -> int:
        return sum(d.points for d in self.declarations if d is not None and side_of(d.seat) == side)

    def play_card(self, c: Card) -> None:
        """Play ``c`` for the player to move, without checking it (see :meth:`apply`)."""
        self.hands[self.turn] &= ~(1 << c)
        self.history.append(Move(self.turn, PLAYS[c]))
        self._place(c)

    def _place(self, c: Card) -> None:
        trick = self.trick
        trick.append(c)
        if len(trick) < 4:
            turn = self.turn = (self.turn + 1) & 3
            if not self.tricks and self.declarations[turn] is None:
                self.phase = Phase.DECLARE
            return
        self._close_trick(trick)

    def _close_trick(self, trick: list[Card]) -> None:
        """Give the four cards to the winner's side (the Matto to its owner's) and go on."""
        leader = self.leader
        winner = (leader + winning_index(trick)) & 3
        debtor = award(trick, leader, winner, self.piles)
        if debtor >= 0:
            self.matto_debtor = debtor
        tricks = self.tricks
        tricks.append(Trick(leader, tuple(trick), winner))
        self.trick = []
        self.leader = self.turn = self.last_winner = winner
        if len(tricks) == TRICKS:
            self._finish()
        else:
            self.phase = Phase.PLAY

    def _finish(self, called_out: int | None = None) -> None:
        self.phase = Phase.OVER
        self.turn = -1
        won = [0, 0]
        for t in self.tricks:
            won[t.winner & 1] += 1
        tricks = (won[0], won[1])
        if called_out is not None:  # no cards are counted; the totals are rounded as usual
            sides = tuple(
                SideResult(0, 0, 0, 0, d, d, round5(d)) for d in map(self.declared_points, (0, 1))
            )
            self.result = HandResult(
                self.dealer, called_out, sides, None, None, tricks, self.scores  # type: ignore[arg-type]
            )
            return
        piles = self.piles[:]
        dealer_side = self.dealer & 1
        discard_side = dealer_side if won[dealer_side] else 1 - dealer_side
        piles[discard_side] |= self.discard
        exchange = None
        if self.matto_debtor is not None:
            giver = self.matto_debtor
            given = exchange_card(piles[giver])
            piles[giver] &= ~(1 << given)
            piles[1 - giver] |= 1 << given
            exchange = (giver, 1 - giver, given)
        last_side = self.last_winner & 1
        sides = []
        for side in (0, 1):
            combos = combination_points(piles[side])
            points = card_points(piles[side])
            assert points is not None, f"odd pile {format_cards(piles[side])}"
            last = LAST_TRICK_POINTS if side == last_side else 0
            declared = self.declared_points(side)
            raw = combos + points + last + declared
            sides.append(SideResult(piles[side], combos, points, last, declared, raw, round5(raw)))
        self.result = HandResult(
            self.dealer, None, (sides[0], sides[1]), discard_side, exchange, tricks, self.scores
        )

    # ----------------------------------------------------------------- fast playout
    def playout(self, rng: random.Random) -> HandResult:
        """Finish the hand with uniformly random legal actions (declarations: a random subset)."""
        rand = rng.random
        hands = self.hands
        history = self.history
        while self.phase != Phase.OVER:
            if self.phase == Phase.PLAY and self.tricks and not self.trick:
                self._random_tricks(rand)
            elif self.phase == Phase.PLAY:  # the first trick, or the rest of a trick begun
                c = random_card(legal_mask(hands[self.turn], self.trick), rand)
                hands[self.turn] &= ~(1 << c)
                history.append(Move(self.turn, PLAYS[c]))
                self._place(c)
            elif self.phase == Phase.DECLARE:
                fams = declarable_families(hands[self.turn])
                pick = int(rand() * (1 << len(fams)))
                self._declare(declare(tuple(f for j, f in enumerate(fams) if pick >> j & 1)))
            else:
                self._discard(discard(*rng.sample(cards_of(hands[self.dealer] & ~FIVES), 2)))
        assert self.result is not None
        return self.result

    def _random_tricks(self, rand: Callable[[], float]) -> None:
        """Play every remaining trick at random, a whole trick at a time (the hot loop)."""
        hands = self.hands
        history = self.history
        while self.phase == Phase.PLAY:
            seat = self.leader
            trick: list[Card] = []
            led = -1
            for _ in range(4):
                hand = legal = hands[seat]
                if led >= 0:  # legal_mask, inlined with the suit led kept as it is found
                    m = hand & SUIT_MASK[led] or hand & TRUMPS
                    if m:
                        legal = m | (hand & MAT_BIT)
                c = random_card(legal, rand)
                hands[seat] = hand ^ (1 << c)
                history.append(Move(seat, PLAYS[c]))
                trick.append(c)
                if led < 0 and c != MAT:
                    led = SUIT[c]
                seat = (seat + 1) & 3
            self._close_trick(trick)

    # ----------------------------------------------------------------- views
    def view(self, seat: int, hand_number: int = 0) -> PlayerView:
        """What ``seat`` may know of this hand."""
        discarded = self.phase != Phase.DISCARD
        return PlayerView(
            seat=seat,
            dealer=self.dealer,
            phase=self.phase,
            turn=self.turn,
            hand=self.hands[seat],
            discard=self.discard if seat == self.dealer and discarded else None,
            trick=tuple(self.trick),
            leader=self.leader,
            tricks=tuple(self.tricks),
            declarations=tuple(self.declarations),
            history=tuple(self.history[1:] if discarded else ()),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            scores=self.scores,
            target=self.target,
            hand_number=hand_number,
            legal=tuple(self.legal_actions()) if seat == self.turn else (),
        )

    @classmethod
    def rebuild(cls, view: PlayerView, hands: list[Mask], discard_mask: Mask) -> Hand:
        """A full hand consistent with ``view``, given a guess of every seat's current cards and
        of the discard: the deal is reconstructed and the public history replayed.

        Search bots use it to play out determinizations; ``hands[view.seat]`` must be the view's
        own hand (and ``discard_mask`` its own discard when the viewer is the dealer). Declarations
        are taken from the view as made; a guess should give each declarer the shown cards and no
        card that would have changed a declared combination.
        """
        dealt = list(hands)
        for t in view.tricks:
            for i, c in enumerate(t.cards):
                dealt[(t.leader + i) & 3] |= 1 << c
        for i, c in enumerate(view.trick):
            dealt[(view.leader + i) & 3] |= 1 << c
        if view.phase != Phase.DISCARD:
            dealt[view.dealer] |= discard_mask
        hand = cls(view.dealer, dealt, view.scores, view.target)
        if view.phase == Phase.DISCARD:
            return hand
        a, b = cards_of(discard_mask)
        hand._discard(discard(a, b))
        for _, action in view.history:
            if action.kind == PLAY:
                hand.play_card(action.card)
            else:  # the declaration as shown is a fact, whatever the guessed hand holds
                declaration = view.declarations[hand.turn]
                assert declaration is not None
                hand._record_declaration(declaration, action)
        return hand
