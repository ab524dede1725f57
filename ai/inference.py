"""What a seat can infer about the hidden cards, and deals of them consistent with all of it.

From a :class:`~game.view.PlayerView` only (never from the hidden state), :class:`Knowledge`
gathers:

* the unseen cards: not in our hand, not played, not in our own discard (the dealer knows it);
* voids: a player who did not follow the suit led has none of it; one who then played no trump
  has no trumps either. The Matto may be played at any turn, so playing it shows nothing;
* declared cards (*accusi*) still unplayed are in their declarer's hand; a declared combination
  shows every card of its family that the hand held, so the family's other cards are elsewhere;
* the dealer's discard (*scarto*), unknown to the others: two cards, never a King or a Tarocco;
* partners' signals (RULES.md §10a, every one true): a *volo* shows its player holds no more of
  that suit; a *striscio* that he still holds one of it at least, until he plays one;
* (soft, ``trust_declarations``) a player declares every combination he holds, as the bots do.
  A deal breaking this is redrawn a few times, then accepted: a human may keep quiet;
* (soft, :meth:`Knowledge.likelihood`) players mostly play by the rules of thumb: a deal in which
  the cards they played are what :mod:`ai.policy` would have played is more likely than one in
  which they are not (a player who let a valuable trick go probably could not take it).

:meth:`Knowledge.sample` deals the unseen cards to the other hands (and the discard) so that
every hard constraint holds: sizes, voids, declared cards, no carta da 5 in the discard.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ai import policy
from ai.discard import best_pair
from game.cards import COUNTERS, FIVES, FULL_PACK, Mask, mask_of
from game.scoring import (
    GRANDE_HEAD,
    SEQUENCE_FAMILIES,
    WHOLE_FAMILY_CARDS,
    combination,
    declarable_families,
)
from game.seats import seat_after
from game.signals import signal_facts
from game.tricks import legal_mask, winning_index
from game.view import PlayerView

DISCARD_SLOT = 4
SOFT_TRIES = 12  # redraws allowed to honour the soft constraints


@dataclass(slots=True)
class Slot:
    """A place hidden cards go to: another seat's hand or the discard."""

    index: int  # seat 0-3, or DISCARD_SLOT
    size: int  # hidden cards still to place there
    allowed: Mask  # cards it may receive
    forced: Mask  # cards known to be there


class Knowledge:
    """Everything one seat knows about the hidden cards; draws consistent deals of them."""

    def __init__(
        self, view: PlayerView, trust_declarations: bool = True, dealer_discards: bool = False
    ) -> None:
        self.view = view
        self.seat = view.seat
        own_discard = view.discard or 0
        played = view.played
        self.played = played
        self.unseen: Mask = FULL_PACK & ~view.hand & ~played & ~own_discard
        signalled = signal_facts(view.history)
        self.voids = [v | flown for v, flown in zip(view.voids, signalled.none_of, strict=True)]
        self.some_of = signalled.some_of  # by seat: suits (card masks) it holds a card of
        self.played_by = view.played_by
        self.trust_declarations = trust_declarations
        self.slots: list[Slot] = []
        for seat in range(4):
            if seat == self.seat:
                continue
            allowed = self.unseen & ~self.voids[seat]
            forced = 0
            decl = view.declarations[seat] if view.declarations else None
            if decl is not None:
                forced = decl.cards & self.unseen
                for family in decl.families:
                    cards = WHOLE_FAMILY_CARDS.get(family)
                    if cards is not None:
                        allowed &= ~(cards & ~decl.cards)
                    if family in SEQUENCE_FAMILIES:
                        allowed &= ~(COUNTERS & ~decl.cards)
                    if family == "Grande":
                        allowed &= ~(GRANDE_HEAD & ~decl.cards)
            self.slots.append(Slot(seat, view.hand_sizes[seat], allowed | forced, forced))
        discard_hidden = view.phase != "discard" and view.seat != view.dealer
        if discard_hidden:
            self.slots.append(Slot(DISCARD_SLOT, 2, self.unseen & ~FIVES, 0))
        self.pool: Mask = self.unseen
        for slot in self.slots:
            self.pool &= ~slot.forced
        self._check_sizes()
        self._prepare()
        self._dealer_slot = (
            next((slot for slot in self.slots if slot.index == view.dealer), None)
            if discard_hidden and dealer_discards
            else None
        )
        self._plays: list[tuple[int, tuple[int, ...], Mask, int, Mask]] | None = None

    def reveal(self, seat: int, hand: Mask, cards: Mask = FULL_PACK) -> None:
        """Learn which of ``cards`` ``seat`` holds now: those of ``hand`` (the oracle's partial
        sight; every card by default)."""
        slot = next(s for s in self.slots if s.index == seat)
        held = hand & cards & self.unseen
        slot.forced |= held
        slot.allowed = slot.allowed & ~cards | held
        self.pool &= ~held
        for other in self.slots:
            if other is not slot:
                other.allowed &= ~held
        self._prepare()

    # ------------------------------------------------------------------ play likelihood
    def _observations(self) -> list[tuple[int, tuple[int, ...], Mask, int, Mask]]:
        """Each card the others played: (seat, trick before it, cards gone before it, card,
        the cards that seat played from then on)."""
        plays: list[tuple[int, tuple[int, ...], Mask, int]] = []
        gone = 0
        for leader, cards in self.view.tricks_so_far:
            for i, c in enumerate(cards):
                seat = seat_after(leader, i)
                if seat != self.seat:
                    plays.append((seat, cards[:i], gone, c))
                gone |= 1 << c
        later = [0, 0, 0, 0]
        out = []
        for seat, before, gone_before, c in reversed(plays):
            later[seat] |= 1 << c
            out.append((seat, before, gone_before, c, later[seat]))
        out.reverse()
        return out

    def likelihood(self, hands: list[Mask], discard: Mask, mismatch: float) -> float:
        """How well the deal explains the others' play: ``mismatch`` for every card that the
        rules of thumb would not have played with that hand (forced cards excepted)."""
        if self._plays is None:
            self._plays = self._observations()
        weight = 1.0
        dealer = self.view.dealer
        for seat, before, gone, c, later in self._plays:
            held = hands[seat] | later
            legal = legal_mask(held, before)
            if not legal & (legal - 1):
                continue
            unseen = FULL_PACK & ~gone & ~held
            if seat == dealer:
                unseen &= ~discard
            if policy.respond(held, legal, before, winning_index(before), unseen) != c:
                weight *= mismatch
        return weight

    def _check_sizes(self) -> None:
        hidden = sum(s.size for s in self.slots)
        if hidden != self.unseen.bit_count():
            raise ValueError(
                f"view inconsistent: {self.unseen.bit_count()} unseen cards for {hidden} places"
            )

    # ------------------------------------------------------------------ sampling
    def sample(self, rng: random.Random) -> tuple[list[Mask], Mask]:
        """A deal of the hidden cards: (the four current hands, the discard)."""
        deal = self._sample(rng)
        return deal if self._dealer_slot is None else self._as_discarded(deal)

    def _as_discarded(self, deal: tuple[list[Mask], Mask]) -> tuple[list[Mask], Mask]:
        """The deal with the dealer's discard chosen the way a dealer holding his seventeen
        cards most likely chose it (:func:`ai.discard.best_pair`) among the discards that leave
        his hand the declarations he made: the two cards dealt to the discard and to his hand
        are shared out again."""
        hands, discard = deal
        slot = self._dealer_slot
        assert slot is not None
        dealer = slot.index
        union = hands[dealer] | discard
        shaped = hands[:]

        def keeps(pair: Mask) -> bool:
            if union & ~pair & ~(slot.allowed | slot.forced):
                return False
            shaped[dealer] = union & ~pair
            return self._hard_ok((shaped, pair)) and self._declared_all(shaped, dealer)

        pair = best_pair(union | self.played_by[dealer], union & ~FIVES & ~slot.forced, keeps)
        if not pair or pair == discard:
            return deal
        shaped[dealer] = union & ~pair
        return shaped, pair

    def _declared_all(self, hands: list[Mask], seat: int) -> bool:
        """``seat`` declared every family his hand realised (true when he has not declared, or
        when the declarations are not trusted)."""
        declared = self.view.declarations[seat]
        if not self.trust_declarations or declared is None:
            return True
        return set(declarable_families(self.initial_hand(hands, seat))) == set(declared.families)

    def _sample(self, rng: random.Random) -> tuple[list[Mask], Mask]:
        best = None
        for _ in range(SOFT_TRIES if self.trust_declarations else 1):
            deal = self._deal(rng)
            if best is None:
                best = deal
            if self._soft_ok(deal):
                return deal
        assert best is not None  # the first try kept its deal
        if self._hard_ok(best):
            return best
        for _ in range(SOFT_TRIES * 4):  # the Grande's hidden cards: redraw until it fits
            deal = self._deal(rng)
            if self._hard_ok(deal):
                return deal
        return best

    def _deal(self, rng: random.Random) -> tuple[list[Mask], Mask]:
        for _ in range(20):
            out = self._deal_once(rng)
            if out is not None:
                return out
        out = self._deal_search(rng)
        if out is None:
            raise ValueError("no deal of the hidden cards fits the view")
        return out

    def _result(self, assigned: list[Mask]) -> tuple[list[Mask], Mask]:
        hands = [0, 0, 0, 0]
        hands[self.seat] = self.view.hand
        discard = self.view.discard or 0
        for slot, cards in zip(self.slots, assigned, strict=True):
            if slot.index == DISCARD_SLOT:
                discard = cards | slot.forced
            else:
                hands[slot.index] = cards | slot.forced
        return hands, discard

    def _prepare(self) -> None:
        """Split the pool: cards any slot may take, and the constrained ones (with their slots)."""
        n = len(self.slots)
        self._need = [s.size - s.forced.bit_count() for s in self.slots]
        self._allowed = [s.allowed & ~s.forced & self.pool for s in self.slots]
        free = self.pool
        for a in self._allowed:
            free &= a
        self._free = [c for c in range(62) if free >> c & 1]
        self._constrained = []
        for c in range(62):
            if (self.pool & ~free) >> c & 1:
                elig = [k for k in range(n) if self._allowed[k] >> c & 1]
                self._constrained.append((len(elig), c, elig))
        self._cand = [a.bit_count() for a in self._allowed]

    def _deal_once(self, rng: random.Random) -> tuple[list[Mask], Mask] | None:
        """The constrained cards one at a time, the most constrained first, each to a slot with
        room for it (weighted by the room left) that never leaves a slot fewer candidates than
        places; then the cards any slot may take, shuffled and dealt out."""
        n = len(self.slots)
        need = self._need[:]
        cand = self._cand[:]
        assigned = [0] * n
        rand = rng.random
        order = sorted(self._constrained, key=lambda e: e[0] + rand())
        for _, c, elig in order:
            j = -1
            room = 0
            for k in elig:
                if need[k]:
                    if cand[k] == need[k]:  # tight: every candidate left must go there
                        if j >= 0 and cand[j] == need[j]:
                            return None
                        j = k
                        room = -1
                    elif room >= 0:
                        room += need[k]
            if j < 0 or room > 0:
                if room <= 0:
                    return None
                r = rand() * room
                for k in elig:
                    if need[k] and cand[k] != need[k]:
                        r -= need[k]
                        if r < 0:
                            j = k
                            break
            for k in elig:
                cand[k] -= 1
            need[j] -= 1
            assigned[j] |= 1 << c
        free = self._free[:]
        rng.shuffle(free)
        i = 0
        for k in range(n):
            for c in free[i : i + need[k]]:
                assigned[k] |= 1 << c
            i += need[k]
        return self._result(assigned)

    def _deal_search(self, rng: random.Random) -> tuple[list[Mask], Mask] | None:
        """Exhaustive backtracking (only when the greedy deal keeps failing)."""
        slots = self.slots
        need = [s.size - s.forced.bit_count() for s in slots]
        allowed = [s.allowed & ~s.forced for s in slots]
        cards = [c for c in range(62) if self.pool >> c & 1]
        rng.shuffle(cards)
        cards.sort(key=lambda c: sum(1 for a in allowed if a >> c & 1))
        assigned = [0] * len(slots)

        def place(i: int) -> bool:
            if i == len(cards):
                return True
            c = cards[i]
            order = list(range(len(slots)))
            rng.shuffle(order)
            for k in order:
                if need[k] and allowed[k] >> c & 1:
                    need[k] -= 1
                    assigned[k] |= 1 << c
                    if place(i + 1):
                        return True
                    need[k] += 1
                    assigned[k] &= ~(1 << c)
            return False

        return self._result(assigned) if place(0) else None

    # ------------------------------------------------------------------ checks
    def initial_hand(self, hands: list[Mask], seat: int) -> Mask:
        """The hand ``seat`` declared from: its cards now plus those it has played."""
        return hands[seat] | self.played_by[seat]

    def _hard_ok(self, deal: tuple[list[Mask], Mask]) -> bool:
        """The Grande declared shows exactly its cards in the sampled hand; each seat holds a
        card of every suit its signals say it holds."""
        hands, _ = deal
        for seat, suits in enumerate(self.some_of):
            if seat != self.seat and any(not hands[seat] & suit for suit in suits):
                return False
        for decl in self.view.declarations:
            if decl is None or "Grande" not in decl.families or decl.seat == self.seat:
                continue
            shown = next(c for c in decl.combinations if c.family == "Grande")
            combo = combination(self.initial_hand(hands, decl.seat), "Grande")
            if combo is None or mask_of(combo.cards) != mask_of(shown.cards):
                return False
        return True

    def _soft_ok(self, deal: tuple[list[Mask], Mask]) -> bool:
        """Hard checks plus: each player declared every family his hand realised."""
        if not self._hard_ok(deal):
            return False
        hands, _ = deal
        return all(
            self._declared_all(hands, d.seat)
            for d in self.view.declarations
            if d is not None and d.seat != self.seat
        )
