"""The coach for a player's first matches: after his card, whether it cost his side points by the
hard bot's judgement (the review's own, :func:`ai.judge.judge`, from the view he had: never a
hidden card) and what was better; before his declarations, what his hand holds and what to
declare. Facts only: the text layer says them (:mod:`text.coach`)."""

from __future__ import annotations

from dataclasses import dataclass

from ai import judge
from ai.explain import NOTHING_TO_DECLARE, Reason, explain_card, explain_declaration
from game.actions import DECLARE, PLAY
from game.cards import MAT, SUIT_MASK, TRUMPS, VALUE, VALUE_CARDS, Card, cards_of
from game.view import PlayerView

# A card that cost fewer points (by the bot's estimate) is not worth a word.
COSTLY = 5


@dataclass(frozen=True, slots=True)
class Lesson:
    """A card that cost points: the judgement, and why the better card was better."""

    verdict: judge.Verdict
    why: Reason


def judge_card(view: PlayerView, played: Card, iterations: int | None = None) -> judge.Verdict:
    """The review's judgement of ``played`` from ``view`` (the player's own, before the card):
    the same search and deals as the review of the hand, so both say the same."""
    number = 4 * len(view.tricks) + len(view.trick)
    decision = judge.Decision(number, view, played)
    return judge.judge(decision, judge.DEFAULT_ITERATIONS if iterations is None else iterations)


def lesson(view: PlayerView, played: Card, iterations: int | None = None) -> Lesson | None:
    """What to tell the player after ``played``: None when the card cost less than ``COSTLY``
    points, or no more than the search can tell from chance."""
    if view.phase != "play" or not any(a.kind == PLAY and a.card == played for a in view.legal):
        return None
    verdict = judge_card(view, played, iterations)
    if not verdict.clear or round(verdict.loss) < COSTLY:
        return None
    return Lesson(verdict, explain_card(view, verdict.best))


@dataclass(frozen=True, slots=True)
class Holding:
    """What a hand holds, as the coach says it before the declarations."""

    trumps: int  # trumps, the Matto not counted
    matto: bool
    valued: int  # carte di valore (court cards and the four Tarocchi)
    points: int  # their card points (the whole pack is worth 87)
    long_suit: int  # the suit with the most cards when it has 5 or more, else -1
    long_cards: int
    voids: tuple[int, ...]  # the suits it has none of
    declare: Reason  # what to declare: everything (the hard bot's choice)


def holding(view: PlayerView) -> Holding:
    """The hand of ``view`` and what to declare: all it realises, as the hard bot does (the
    points are sure; the price, the cards shown, is small)."""
    hand = view.hand
    lengths = [(hand & SUIT_MASK[s]).bit_count() for s in range(4)]
    longest = max(range(4), key=lambda s: lengths[s])
    full = next((a for a in view.legal if a.kind == DECLARE), None)
    declare = explain_declaration(hand, full) if full is not None else Reason(NOTHING_TO_DECLARE)
    valued = hand & VALUE_CARDS
    return Holding(
        trumps=(hand & TRUMPS & ~(1 << MAT)).bit_count(),
        matto=bool(hand >> MAT & 1),
        valued=valued.bit_count(),
        points=sum(VALUE[c] for c in cards_of(valued)),
        long_suit=longest if lengths[longest] >= 5 else -1,
        long_cards=lengths[longest],
        voids=tuple(s for s in range(4) if not lengths[s]),
        declare=declare,
    )
