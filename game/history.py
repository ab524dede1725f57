"""The history of a match hand by hand (the score history, *segnapunti*): one row a hand with each
side's captured combinations, card points, last trick, declarations, total and running score.

The scoring sheet, the end-of-match screen, the export and the statistics all show these rows, so
they are built here once, from the engine's own results (:class:`~game.hand.HandResult`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from game.actions import DISCARD, PLAY
from game.cards import Card
from game.hand import Hand, HandResult
from game.match import Match
from game.scoring import Breakdown
from game.seats import side_of
from game.view import Declaration

Mark = TypeVar("Mark")  # what is known of a stand-in's decision (its name, and why it decided)


@dataclass(frozen=True, slots=True)
class SideRow:
    """One side's line of one hand."""

    captured: Breakdown | None  # the combinations of its pile with their cards; None if called out
    captured_combinations: int
    card_points: int
    last_trick: int
    declared: tuple[Declaration, ...]  # what its players declared (*accusi*), by seat; may be ()
    declarations: int  # the points of those declarations
    raw: int
    total: int  # rounded to 5
    score: int  # the running match score once the hand is added
    tricks: int  # tricks won


@dataclass(frozen=True, slots=True)
class HandRow:
    """One hand (*smazzata*) of the history."""

    number: int  # 1 for the first hand of the match
    dealer: int
    called_out: int | None  # the side that called out at the target, if one did
    discard_side: int | None  # the side that took the dealer's discard (*scarto*)
    matto_exchange: tuple[int, int, Card] | None  # (giving side, receiving side, card given)
    sides: tuple[SideRow, SideRow]

    @property
    def margin(self) -> int:
        """Side 0's hand total minus side 1's."""
        return self.sides[0].total - self.sides[1].total


def hand_rows(
    results: Sequence[HandResult],
    declared: Sequence[Sequence[Declaration | None]] = (),
) -> tuple[HandRow, ...]:
    """The rows of ``results`` (a match's hands in order). ``declared[i]``, when given, is hand
    i's declarations by seat (``Hand.declarations``); without it the rows name no declared cards,
    only the points."""
    rows = []
    for i, result in enumerate(results):
        by_seat = declared[i] if i < len(declared) else ()
        shown = [d for d in by_seat if d is not None and d.families]
        scores = result.scores_after
        sides = []
        for side in (0, 1):
            s = result.sides[side]
            sides.append(
                SideRow(
                    captured=None if result.called_out is not None else s.breakdown,
                    captured_combinations=s.captured_combinations,
                    card_points=s.card_points,
                    last_trick=s.last_trick,
                    declared=tuple(d for d in shown if side_of(d.seat) == side),
                    declarations=s.declarations,
                    raw=s.raw,
                    total=s.total,
                    score=scores[side],
                    tricks=result.tricks[side],
                )
            )
        rows.append(
            HandRow(
                i + 1,
                result.dealer,
                result.called_out,
                result.discard_side,
                result.matto_exchange,
                (sides[0], sides[1]),
            )
        )
    return tuple(rows)


def replay_hands(match: Match) -> list[Hand]:
    """Every finished hand of ``match`` as it stood at its end (all four deals, the discard, the
    tricks, the declarations), by replaying the match's actions from its first deal.

    Raises ValueError when the replay does not give the match's own results."""
    fresh = match.restart()
    hands = []
    for text in match.actions:
        hand = fresh.hand
        if fresh.apply(text) is not None:
            hands.append(hand)
    if [h.result for h in hands] != match.results:
        raise ValueError("the match's actions do not replay to its results")
    return hands


def hand_positions(hand: Hand) -> list[Hand]:
    """A finished ``hand`` replayed from its deal, as it stood just before each card was played
    (its player's declaration made) and, last, at its end: one more position than cards played."""
    replay = hand.redealt()
    positions = []
    for move in hand.history:
        if move.action.kind == PLAY:
            positions.append(replay.clone())
        replay.apply(move.action)
    positions.append(replay)
    return positions


def match_rows(match: Match) -> tuple[HandRow, ...]:
    """The rows of every finished hand of ``match``, with who declared what."""
    return hand_rows(match.results, [h.declarations for h in replay_hands(match)])


def stand_in_cards(hand: Hand, by_action: Mapping[int, Mark]) -> dict[int, Mark]:
    """The choices of ``hand`` a stand-in bot made (``by_action``: index in ``hand.history``,
    the discard 0 -> what is known of the decision) as a review counts them: by the card's number
    in the hand, -1 for the dealer's discard (*scarto*). Declarations are left out: no card is
    chosen there."""
    out: dict[int, Mark] = {}
    played = 0
    for i, move in enumerate(hand.history):
        if move.action.kind == DISCARD and i in by_action:
            out[-1] = by_action[i]
        elif move.action.kind == PLAY:
            if i in by_action:
                out[played] = by_action[i]
            played += 1
    return out
