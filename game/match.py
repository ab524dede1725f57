"""A match (RULES.md §9): hands dealt from one seeded generator until a side reaches the target."""

from __future__ import annotations

import random

from game.actions import Action
from game.cards import shuffled_pack
from game.errors import IllegalActionError
from game.hand import Hand, HandResult
from game.phase import Phase
from game.rules import Rules
from game.view import PlayerView


class Match:
    """The whole match as a deterministic state machine: the same seed gives the same deals."""

    def __init__(self, seed: int, rules: Rules | None = None, first_dealer: int | None = None):
        if first_dealer is not None and first_dealer not in range(4):
            raise ValueError(f"first dealer must be a seat 0-3, not {first_dealer!r}")
        self.seed = seed
        self.rules = rules or Rules()
        self.rng = random.Random(seed)
        drawn = self.rng.randrange(4)
        self.first_dealer = drawn if first_dealer is None else first_dealer
        self.scores = [0, 0]
        self.results: list[HandResult] = []
        self.actions: list[str] = []  # every action of the match in text form (the record)
        self.winner: int | None = None
        self.hand = self._deal(self.first_dealer)

    def _deal(self, dealer: int) -> Hand:
        return Hand.deal(
            shuffled_pack(self.rng), dealer, (self.scores[0], self.scores[1]), self.rules.target
        )

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
            raise IllegalActionError("the match is over")
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
            self.hand = self._deal((self.hand.dealer + 1) % 4)
        return result

    def clone(self) -> Match:
        other = Match.__new__(Match)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.scores = self.scores[:]
        other.results = self.results[:]
        other.actions = self.actions[:]
        other.hand = self.hand.clone()
        return other
