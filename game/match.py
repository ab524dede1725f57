"""A match (RULES.md §9): hands dealt until a side reaches the target.

The deals come either from one generator seeded with the match seed (the same seed, the same deals:
simulations, the arena, a match the player seeded) or, without a seed, from fresh entropy drawn when
each hand is dealt and recorded as that hand's *shuffle*, so that what is recorded of a match in
progress (the save) holds no future deal."""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Sequence

from game.actions import Action
from game.cards import shuffled_pack
from game.errors import MATCH_OVER, IllegalActionError
from game.files import shorten
from game.hand import Hand, HandResult
from game.phase import Phase
from game.rules import Rules
from game.seats import seat_after
from game.view import PlayerView

SHUFFLE = re.compile(r"[0-9a-f]{32}")  # a hand's shuffle: 128 bits of entropy in hex


def new_shuffle() -> str:
    """Fresh entropy for one hand's shuffle, from the operating system."""
    return secrets.token_hex(16)


class Match:
    """The whole match as a deterministic state machine.

    ``seed`` given: every deal comes from ``random.Random(seed)``, so the same seed gives the
    same deals. ``seed=None``: each hand is shuffled from fresh entropy drawn when it is dealt and
    kept in ``shuffles`` (one per hand dealt); pass recorded ``shuffles`` to deal them again.
    """

    def __init__(
        self,
        seed: int | None,
        rules: Rules | None = None,
        first_dealer: int | None = None,
        *,
        shuffles: Sequence[str] = (),
    ):
        if first_dealer is not None and (
            type(first_dealer) is not int or first_dealer not in range(4)
        ):
            raise ValueError(f"first dealer must be a seat 0-3, not {shorten(first_dealer)}")
        if seed is not None and type(seed) is not int:
            raise ValueError(f"the seed must be a whole number, not {shorten(seed)}")
        if seed is not None and shuffles:
            raise ValueError("a seeded match deals from its seed, not from recorded shuffles")
        bad = [s for s in shuffles if not isinstance(s, str) or not SHUFFLE.fullmatch(s)]
        if bad:
            raise ValueError(f"a shuffle is 32 hexadecimal digits, not {shorten(bad[0])}")
        self.seed = seed
        self.rules = rules or Rules()
        self.rng = random.Random(seed) if seed is not None else None
        self.shuffles: list[str] = []  # without a seed: the entropy of each hand dealt so far
        self._recorded = list(shuffles)
        if first_dealer is None:
            first_dealer = self.rng.randrange(4) if self.rng is not None else secrets.randbelow(4)
        elif self.rng is not None:
            self.rng.randrange(4)  # the deals of a seed do not depend on the dealer given
        self.first_dealer = first_dealer
        self.scores = [0, 0]
        self.results: list[HandResult] = []
        self.actions: list[str] = []  # every action of the match in text form (the record)
        self.winner: int | None = None
        self.hand = self._deal(self.first_dealer)

    def _deal(self, dealer: int) -> Hand:
        rng = self.rng
        if rng is None:
            n = len(self.shuffles)
            shuffle = self._recorded[n] if n < len(self._recorded) else new_shuffle()
            self.shuffles.append(shuffle)
            rng = random.Random(int(shuffle, 16))
        return Hand.deal(
            shuffled_pack(rng),
            dealer,
            (self.scores[0], self.scores[1]),
            self.rules.target,
            signals=self.rules.signals,
        )

    def restart(self) -> Match:
        """The same match back before its first action: the same seed, or the same shuffles for
        the hands dealt so far (later hands get fresh ones)."""
        return Match(self.seed, self.rules, self.first_dealer, shuffles=self.shuffles)

    @property
    def decision_seed(self) -> int | str:
        """What the players' own random choices may be derived from, stable over a replay: the
        seed, or the first hand's shuffle (which any record of the match holds anyway)."""
        return self.seed if self.seed is not None else self.shuffles[0]

    # ----------------------------------------------------------------- queries
    @property
    def phase(self) -> Phase:
        return Phase.MATCH_OVER if self.winner is not None else self.hand.phase

    @property
    def turn(self) -> int:
        """The seat to act, or -1 when the match is over."""
        return -1 if self.winner is not None else self.hand.turn

    @property
    def hand_number(self) -> int:
        """0 for the first hand of the match."""
        return len(self.results) if self.winner is None else len(self.results) - 1

    def legal_actions(self) -> list[Action]:
        return [] if self.winner is not None else self.hand.legal_actions()

    def view(self, seat: int) -> PlayerView:
        return self.hand.view(seat, self.hand_number)

    # ----------------------------------------------------------------- moves
    def apply(self, action: Action | str) -> HandResult | None:
        """Apply a legal action; returns the hand's result when it ended the hand.

        An illegal action raises IllegalActionError and leaves the match untouched.
        """
        if isinstance(action, str):
            action = Action.parse(action)
        if self.winner is not None:
            raise IllegalActionError("the match is over", MATCH_OVER)
        self.hand.apply(action)
        self.actions.append(str(action))
        if self.hand.phase != Phase.OVER:
            return None
        return self._end_hand()

    def _end_hand(self) -> HandResult:
        result = self.hand.result
        assert result is not None
        for side in (0, 1):
            self.scores[side] += result.sides[side].total
        self.results.append(result)
        target = self.rules.target
        if result.called_out is not None:
            self.winner = result.called_out
        elif max(self.scores) >= target and self.scores[0] != self.scores[1]:
            self.winner = 0 if self.scores[0] > self.scores[1] else 1
        if self.winner is None:
            self.hand = self._deal(seat_after(self.hand.dealer))
        return result

    def clone(self) -> Match:
        other = Match.__new__(Match)
        other.__dict__.update(self.__dict__)
        if self.rng is not None:
            other.rng = random.Random()
            other.rng.setstate(self.rng.getstate())
        other.shuffles = self.shuffles[:]
        other.scores = self.scores[:]
        other.results = self.results[:]
        other.actions = self.actions[:]
        other.hand = self.hand.clone()
        return other
