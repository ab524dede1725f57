"""One hand (*smazzata*): from the dealt cards through the discard, declarations and fifteen tricks
to the score of both sides (RULES.md §4–§8).

:class:`Hand` is the readable state machine around the play kernel (:mod:`game.kernel`): it checks
every action, keeps the record (the history of moves, the tricks) and the declarations, and
builds each seat's view; the kernel moves the cards and counts the play.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.actions import DECLARE, DISCARD, PLAY, PLAYS, Action, Move, declare, discard, signalled
from game.cards import CODES, FIVES, FULL_PACK, N_CARDS, Card, Mask, cards_of
from game.errors import (
    CARD,
    DECLARE_ORDER,
    HAND_OVER,
    NOT_NOW,
    NOT_REALISED,
    ONE_CARD,
    TWO_CARDS,
    IllegalActionError,
    SignalRefusedError,
)
from game.kernel import TRICKS, PlayState
from game.phase import Phase
from game.rules import DEFAULT_TARGET
from game.scoring import FAMILIES, Breakdown, declarable_families, declaration, score
from game.seats import seat_after, side_of
from game.signals import NO_SIGNALS, SIGNALS, signal_refusal
from game.verdict import Verdict, discard_verdict, play_verdict
from game.view import Declaration, PlayerView, Trick

# The seat receiving each card of the pack, by dealer: 5 at a time from eldest, the last two to
# the dealer.
_DEAL_ORDER = tuple(
    tuple(seat_after(dealer, 1 + i // 5) for i in range(60)) + (dealer, dealer)
    for dealer in range(4)
)
_KIND = {Phase.DISCARD: DISCARD, Phase.DECLARE: DECLARE, Phase.PLAY: PLAY}
_WANTED = {
    Phase.DISCARD: "the dealer must discard two cards",
    Phase.DECLARE: "the player must declare (or declare none) before the first card",
    Phase.PLAY: "a card must be played",
}


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

    def to_json(self) -> dict[str, int]:
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


def _refused(verdict: Verdict) -> IllegalActionError | None:
    """The error of a card refused by ``verdict``; None when it is allowed."""
    if verdict.allowed:
        return None
    return IllegalActionError(verdict.message, CARD, verdict=verdict)


def _malformed(action: object) -> str | None:
    """Why ``action`` is not a well-formed action at all, or None."""
    if not isinstance(action, Action):
        return f"not an action: {action!r:.60}"
    cards, families = action.cards, action.families
    if not isinstance(cards, tuple) or not all(type(c) is int and 0 <= c < N_CARDS for c in cards):
        return f"the cards of an action must be card numbers 0-{N_CARDS - 1}: {cards!r:.60}"
    if not isinstance(families, tuple) or not all(
        isinstance(f, str) and f in FAMILIES for f in families
    ):
        return f"unknown families in the action: {families!r:.60}"
    signal = action.signal
    if signal and (signal not in SIGNALS or action.kind != PLAY):
        return f"a signal is busso, striscio or volo with a card played: {signal!r:.60}"
    return None


class Hand:
    """The state of one hand. Drive it with :meth:`legal_actions` and :meth:`apply`."""

    __slots__ = (
        "dealer",
        "state",
        "tricks",
        "declarations",
        "scores",
        "target",
        "phase",
        "result",
        "history",
        "signals",
        "_dealt",
    )

    def __init__(
        self,
        dealer: int,
        hands: list[Mask],
        scores: tuple[int, int] = (0, 0),
        target: int = DEFAULT_TARGET,
        *,
        signals: bool = False,
    ) -> None:
        """``signals``: the partners' signals of RULES.md §10a are allowed (the match's option)."""
        if len(hands) != 4 or any(
            h.bit_count() != (17 if s == dealer else 15) for s, h in enumerate(hands)
        ):
            raise ValueError("a hand starts with 15 cards each and 17 for the dealer")
        if hands[0] | hands[1] | hands[2] | hands[3] != FULL_PACK:
            raise ValueError("the four hands must hold the 62 cards of the pack, each once")
        self.dealer = dealer
        self.state = PlayState(dealer, hands)  # the cards in play (the kernel)
        self._dealt = tuple(hands)
        self.tricks: list[Trick] = []
        self.declarations: list[Declaration | None] = [None] * 4
        self.scores = scores
        self.target = target
        self.phase = Phase.DISCARD
        self.result: HandResult | None = None
        self.history: list[Move] = []  # the actions applied with their seats, the discard first
        self.signals = signals

    @classmethod
    def deal(
        cls,
        deck: list[Card],
        dealer: int,
        scores: tuple[int, int] = (0, 0),
        target: int = DEFAULT_TARGET,
        *,
        signals: bool = False,
    ) -> Hand:
        """Deal a shuffled pack: five at a time from eldest, three rounds, the dealer two more."""
        return cls(dealer, deal_hands(deck, dealer), scores, target, signals=signals)

    def redealt(self) -> Hand:
        """This hand back at its deal, before the discard (the same option of signals)."""
        return Hand(self.dealer, list(self._dealt), self.scores, self.target, signals=self.signals)

    def clone(self) -> Hand:
        other = Hand.__new__(Hand)
        other.dealer = self.dealer
        other.state = self.state.clone()
        other._dealt = self._dealt
        other.tricks = self.tricks[:]
        other.declarations = self.declarations[:]
        other.scores = self.scores
        other.target = self.target
        other.phase = self.phase
        other.result = self.result
        other.history = self.history[:]
        other.signals = self.signals
        return other

    # ----------------------------------------------------------------- the state, read-only
    @property
    def hands(self) -> list[Mask]:
        """Each seat's cards now (the dealer's 17 until the discard)."""
        return self.state.hands

    @property
    def discard(self) -> Mask:
        """The dealer's discard (*scarto*), 0 until made."""
        return self.state.discard

    @property
    def trick(self) -> list[Card]:
        """The cards of the trick in progress, in play order."""
        return self.state.trick

    @property
    def leader(self) -> int:
        return self.state.leader

    @property
    def piles(self) -> list[Mask]:
        """The cards each side has taken so far (the Matto with its owner's side)."""
        return self.state.piles

    @property
    def last_winner(self) -> int:
        return self.state.last_winner

    @property
    def matto_debtor(self) -> int | None:
        """The side owing a card for its Matto, if any."""
        debtor = self.state.matto_debtor
        return None if debtor < 0 else debtor

    @property
    def turn(self) -> int:
        """The seat to act: the dealer while he discards, -1 once the hand is over."""
        if self.phase == Phase.DISCARD:
            return self.dealer
        return -1 if self.phase == Phase.OVER else self.state.turn

    @property
    def dealt(self) -> tuple[Mask, ...]:
        """The hands as dealt (the dealer's with 17 cards)."""
        return self._dealt

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
        return self.state.legal()

    def why_illegal(self, action: Action) -> IllegalActionError | None:
        """None when ``action`` is legal now, else the error saying why (its code and facts)."""
        malformed = _malformed(action)
        if malformed is not None:
            return IllegalActionError(malformed)
        if self.phase == Phase.OVER:
            return IllegalActionError("the hand is over", HAND_OVER)
        kind = action.kind
        if kind != _KIND[self.phase]:
            return IllegalActionError(
                f"'{action}' is not possible now: {_WANTED[self.phase]}", NOT_NOW, phase=self.phase
            )
        hand = self.hands[self.turn]
        if kind == PLAY:
            if len(action.cards) != 1:
                return IllegalActionError("play exactly one card", ONE_CARD)
            refused = _refused(play_verdict(hand, self.trick, action.card))
            if refused is not None or not action.signal:
                return refused
            code = self.signal_refusal(action)
            if code is None:
                return None
            return SignalRefusedError(
                f"{CODES[action.card]} may not carry {action.signal} now: {code}", code
            )
        if kind == DISCARD:
            if len(action.cards) != 2 or action.cards[0] == action.cards[1]:
                return IllegalActionError(
                    "the dealer discards exactly two different cards", TWO_CARDS
                )
            for c in action.cards:
                refused = _refused(discard_verdict(hand, c))
                if refused is not None:
                    return refused
            return None
        realised = declarable_families(hand)
        for f in action.families:
            if f not in realised:
                return IllegalActionError(f"your hand does not realise {f}", NOT_REALISED, family=f)
        if action.cards or action != declare(action.families):
            return IllegalActionError(
                "declare each family once, in the order of the families", DECLARE_ORDER
            )
        return None

    def signal_refusal(self, action: Action) -> str | None:
        """The reason code (:mod:`game.signals`) why the card of ``action``, legal itself, may
        not carry its signal now; None when it may, or when it carries none."""
        if not action.signal:
            return None
        if not self.signals:
            return NO_SIGNALS
        seat = self.turn
        played = self.state.gone
        discard = self.discard if seat == self.dealer else 0
        return signal_refusal(action.signal, action.card, self.hands[seat], played, discard)

    def apply(self, action: Action) -> None:
        """Apply a legal action; an illegal one raises IllegalActionError (SignalRefusedError
        when only its signal is refused) and changes nothing."""
        refused = self.why_illegal(action)
        if refused is not None:
            raise refused
        if action.kind == PLAY:
            self.play_card(action.card, action.signal)
        elif action.kind == DISCARD:
            self._discard(action)
        else:
            self._declare(action)

    # ----------------------------------------------------------------- transitions
    def _discard(self, action: Action) -> None:
        a, b = action.cards
        state = self.state
        state.discard = (1 << a) | (1 << b)
        state.hands[self.dealer] &= ~state.discard
        self.history.append(Move(self.dealer, action))
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

    def play_card(self, c: Card, signal: str = "") -> None:
        """Play ``c`` for the player to move (with ``signal``, RULES.md §10a), without checking
        it (see :meth:`apply`)."""
        state = self.state
        seat = state.turn
        self.history.append(Move(seat, signalled(c, signal)))
        if len(state.trick) < 3:
            state.play(c)
            if not self.tricks and self.declarations[state.turn] is None:
                self.phase = Phase.DECLARE
            return
        leader, cards = state.leader, (*state.trick, c)
        state.play(c)  # the fourth card: the kernel closes the trick
        self.tricks.append(Trick(leader, cards, state.last_winner))
        if state.n_tricks == TRICKS:
            self._finish()
        else:
            self.phase = Phase.PLAY

    def _finish(self, called_out: int | None = None) -> None:
        self.phase = Phase.OVER
        won = self.state.won
        tricks = (won[0], won[1])
        declared = (self.declared_points(0), self.declared_points(1))
        if called_out is not None:  # no cards are counted; the totals are rounded as usual
            nil = tuple(SideResult(0, 0, 0, 0, d, d, round5(d)) for d in declared)
            self.result = HandResult(
                self.dealer, called_out, (nil[0], nil[1]), None, None, tricks, self.scores
            )
            return
        final = self.state.final_piles()
        points = self.state.points(final.piles)
        sides: list[SideResult] = []
        for side in (0, 1):
            p = points[side]
            raw = p.total + declared[side]
            sides.append(
                SideResult(
                    final.piles[side],
                    p.combinations,
                    p.card_points,
                    p.last_trick,
                    declared[side],
                    raw,
                    round5(raw),
                )
            )
        self.result = HandResult(
            self.dealer,
            None,
            (sides[0], sides[1]),
            final.discard_side,
            final.exchange,
            tricks,
            self.scores,
        )

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
            signals=self.signals,
        )

    @classmethod
    def rebuild(cls, view: PlayerView, hands: list[Mask], discard_mask: Mask) -> Hand:
        """A full hand consistent with ``view``, given a guess of every seat's current cards and
        of the discard: the deal is reconstructed and the public history replayed.

        ``hands[view.seat]`` must be the view's own hand (and ``discard_mask`` its own discard
        when the viewer is the dealer). Declarations are taken from the view as made; a guess
        should give each declarer the shown cards and no card that would have changed a declared
        combination.
        """
        dealt = list(hands)
        for move in view.history:
            if move.action.kind == PLAY:
                dealt[move.seat] |= 1 << move.action.card
        if view.phase != Phase.DISCARD:
            dealt[view.dealer] |= discard_mask
        hand = cls(view.dealer, dealt, view.scores, view.target, signals=view.signals)
        if view.phase == Phase.DISCARD:
            return hand
        a, b = cards_of(discard_mask)
        hand._discard(discard(a, b))
        for move in view.history:
            if move.action.kind == PLAY:
                hand.play_card(move.action.card, move.action.signal)
            else:  # the declaration as shown is a fact, whatever the guessed hand holds
                declared = view.declarations[move.seat]
                assert declared is not None
                hand._record_declaration(declared, move.action)
        return hand


def deal_hands(deck: list[Card], dealer: int) -> list[Mask]:
    """The four hands a shuffled pack gives: five at a time from eldest, three rounds, the dealer
    the last two as well."""
    hands = [0, 0, 0, 0]
    order = _DEAL_ORDER[dealer]
    for i, c in enumerate(deck):
        hands[order[i]] |= 1 << c
    return hands
