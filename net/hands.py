"""The finished hands of a hosted table, kept for their records (each seat's review): the
results, the hands as dealt and played, and which decisions a stand-in bot made in each for a
person away, gone or out of time (the review's "(bot)")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.errors import RecordError
from game.hand import Hand, HandResult
from game.history import replay_hands
from game.match import Match
from game.phase import Phase
from game.record import StandIn, stand_ins_from_json
from net import protocol as p
from text.language import _
from text.records import record_problem


class FinishedHands:
    """The hands of ``match`` finished so far, and those to come as they finish."""

    def __init__(self, match: Match, log: Callable[[str], None]) -> None:
        self.log = log
        self.results: list[HandResult] = list(match.results)
        self.by_number: dict[int, Hand] = {}  # the finished hands (their records)
        try:
            self.by_number = dict(enumerate(replay_hands(match)))
        except ValueError as exc:  # a saved match that does not replay: no review of it
            self.log(
                _("the finished hands cannot be replayed for their review: {why}").format(why=exc)
            )
        # hand number -> index of the action in the hand (the discard 0) -> the stand-in and why
        self.stand_ins: dict[int, dict[int, StandIn]] = {}

    def resume_stand_ins(self, match: Match, kept: object) -> None:
        """Take up the stand-ins' decisions ``kept`` beside a resumed table (those the match
        has: the autosave may be a move behind); none when they cannot be read."""
        per_hand = [
            len(self.by_number[n].history) for n in range(len(match.results)) if n in self.by_number
        ]
        if len(per_hand) != len(match.results):
            return  # the finished hands did not replay (logged already)
        if match.winner is None:
            per_hand.append(len(match.hand.history))
        try:
            self.stand_ins = stand_ins_from_json(kept, per_hand, beyond=True)
        except RecordError as exc:
            self.log(
                _("the stand-ins' moves of the saved table cannot be read: {why}").format(
                    why=record_problem(exc)
                )
            )

    def mark(self, hand: Hand, stand_in: StandIn) -> None:
        """The last decision of ``hand`` (the hand in play, or the one it just ended) was the
        stand-in's."""
        marks = self.stand_ins.setdefault(len(self.results), {})
        marks[len(hand.history) - 1] = stand_in

    def finish(self, result: HandResult, hand: Hand) -> int:
        """``hand`` is over with ``result``; its number."""
        self.results.append(result)
        number = len(self.results) - 1
        self.by_number[number] = hand
        return number

    def record(self, number: int) -> dict[str, Any] | None:
        """The message of finished hand ``number``'s record, for its review (None: the hand is
        not over, or did not replay)."""
        hand = self.by_number.get(number)
        if hand is None or hand.phase != Phase.OVER:
            return None
        return p.hand_record(
            number,
            hand.dealer,
            hand.dealt,
            [m.action for m in hand.history],
            self.stand_ins.get(number, {}),
        )

    def stood_in_so_far(self, match: Match) -> list[dict[str, Any]]:
        """A ``stood_in`` for each decision of the hand in play a stand-in made so far, for a
        connection that joins mid-hand to mark them in its log as those who saw them made did."""
        marks = self.stand_ins.get(len(self.results), {})
        if not marks or match.winner is not None:
            return []
        history = match.hand.history
        first = len(match.actions) - len(history)  # the ply of the hand's first action
        return [
            p.stood_in(history[index].seat, first + index, mark.by)
            for index, mark in sorted(marks.items())
            if index < len(history)
        ]
