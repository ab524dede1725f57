"""The match being played and who sits where, as the table screen sees it.

The table screen is fed by a :class:`TableSession`: the seats, the views it may draw, the results
of the finished hands, and a way to act for the seats played at this screen. :class:`Session` is
the in-process one (it owns the :class:`Match`, and the bots of its bot seats); a session over the
network implements the same protocol (its ``bots`` are empty, and it calls the listener given to
:meth:`TableSession.listen`, on the screen's event loop, when a seat played elsewhere acts, with
the hand's result when that action ended a hand). Widgets never see a session, only
the :class:`PlayerView` built from it (hidden information by construction).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from ai.driver import decision_rng
from ai.player import Player
from ai.registry import make_bot
from ai.spec import MAX_SPEC_CHARS, SpecError, parse_spec
from game.actions import PLAY, Action
from game.hand import Hand, HandResult
from game.match import Match
from game.phase import Phase
from game.rules import DEFAULT_TARGET, Rules
from game.seats import side_of
from game.view import PlayerView
from table.names import NameProblem, names_problem

HUMAN = "human"
BOT_LEVELS = ("random", "easy", "medium", "hard")
# The hard bot thinking longer than its default, for the start screen's choice of a slower pace
# (it plays no better for it): its kind and the seconds it thinks a move.
SLOW_HARD = {"hard:budget_s=0.5": 0.5, "hard:budget_s=1.0": 1.0}
KINDS = (HUMAN, *BOT_LEVELS, *SLOW_HARD)
DEFAULT_NAMES = ("Anna", "Bruno", "Carla", "Dario")


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: a human or a bot level, and the name shown at the table."""

    kind: str
    name: str

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


NAME_CHARS = 16  # characters of a player's name at most

# Why seats cannot be set: the codes of a SeatsError, with the facts each names.
SEAT_COUNT = "seat count"  # given
NAME_COUNT = "name count"  # given
NAME_TOO_LONG = "name too long"  # name (its repr), length, most
BAD_KIND = "bad kind"  # seat (from 1), detail (the bot spec's problem)
BAD_NAMES = "bad names"  # names_problem


class SeatsError(ValueError):
    """Seats that cannot be set (``play --seats``, the start screen). The message says why for
    logs; a player reads the words the text layer makes of ``reason`` (a code above), ``facts``
    ``names_problem`` (BAD_NAMES) and ``spec_problem`` (BAD_KIND)."""

    def __init__(
        self,
        message: str,
        reason: str,
        names_problem: NameProblem | None = None,
        spec_problem: SpecError | None = None,
        **facts: int | str,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.names_problem = names_problem
        self.spec_problem = spec_problem
        self.facts = facts


def parse_seats(kinds: list[str], names: list[str] | None = None) -> tuple[Seat, ...]:
    """Four seats from kinds (human, or a bot as ``ai.spec`` reads it: a level with options such
    as hard:budget_s=0.25, an installed bot, module:Class, file.py:Class) and optional names.

    Without names, a lone human is called "You" and the others get the default names.
    Raises SeatsError (a ValueError) saying why they cannot be set.
    """
    if len(kinds) != 4:
        raise SeatsError(
            f"give exactly four seats, not {len(kinds)} (e.g. human,hard,hard,hard)",
            SEAT_COUNT,
            given=len(kinds),
        )
    kinds = [_seat_kind(seat, k) for seat, k in enumerate(kinds)]
    given = [n.strip() for n in names] if names else []
    if names is not None and len(given) != 4:
        raise SeatsError(f"give exactly four names, not {len(given)}", NAME_COUNT, given=len(given))
    out = []
    for seat, kind in enumerate(kinds):
        name = given[seat] if given else ""
        if not name:
            name = "You" if kind == HUMAN and kinds.count(HUMAN) == 1 else DEFAULT_NAMES[seat]
        if len(name) > NAME_CHARS:
            raise SeatsError(
                f"a name has at most {NAME_CHARS} characters: {name!r} has {len(name)}",
                NAME_TOO_LONG,
                name=repr(name),
                length=len(name),
                most=NAME_CHARS,
            )
        out.append(Seat(kind, name))
    problem = names_problem([s.name for s in out])  # (nothing invisible; "Anna" and "Аnna")
    if problem:
        raise SeatsError(str(problem), BAD_NAMES, problem)
    return tuple(out)


def _seat_kind(seat: int, text: str) -> str:
    """``human``, or the bot's spec checked and written the one way."""
    if text.strip().lower() == HUMAN:
        return HUMAN
    try:
        return parse_spec(text).portable
    except SpecError as exc:
        raise SeatsError(
            f"seat {seat + 1}: {exc} (a seat is human or a bot)",
            BAD_KIND,
            spec_problem=exc,
            seat=seat + 1,
            detail=str(exc),
        ) from None


def valid_kind(kind: object) -> bool:
    """Whether a saved seat kind can be read: human or a bot's name (a bot that is gone since the
    match was saved is replaced when it resumes)."""
    return isinstance(kind, str) and 0 < len(kind) <= MAX_SPEC_CHARS and kind.isprintable()


class TableSession(Protocol):
    """What a table screen needs of a match, wherever the match is played.

    Views: ``view(seat)`` only for a seat played at this screen (its own cards), ``public_view``
    for anybody watching (no cards at all). ``apply`` acts for the seat to move, which must be
    played here (a person, or a bot of ``bots`` driven by the screen's bot runner).
    """

    bots: dict[int, Player]  # the bot seats driven at this screen (none for a remote session)
    substitutes: dict[int, str]  # bot seat -> the level playing for one that is missing

    @property
    def seats(self) -> tuple[Seat, ...]: ...
    @property
    def humans(self) -> list[int]: ...  # the seats of the people at this screen
    @property
    def turn(self) -> int: ...  # the seat to act, -1 when nobody is (match over)
    @property
    def phase(self) -> Phase: ...
    @property
    def ply(self) -> int: ...  # actions taken in the match so far
    @property
    def winner(self) -> int | None: ...  # the side that won the match
    @property
    def target(self) -> int: ...
    @property
    def results(self) -> Sequence[HandResult]: ...  # the finished hands, first to last
    @property
    def presence(self) -> dict[int, tuple[str, ...]]: ...  # seats played elsewhere: who is there

    def view(self, seat: int) -> PlayerView: ...
    def public_view(self, seat: int) -> PlayerView: ...
    def last_view(self, seat: int | None, bottom: int) -> PlayerView | None: ...
    def apply(self, action: Action) -> HandResult | None: ...
    def bot_rng(self, seat: int) -> random.Random: ...
    def call_out_needs(self, seat: int) -> int | None: ...
    def undo_point(self, seat: int) -> int | None: ...
    def undo(self, seat: int) -> bool: ...
    def decided_for(self, hand: int) -> dict[int, str]: ...  # history index -> stand-in's name
    def awaiting(self) -> str | None: ...  # what the table waits for elsewhere, in words
    def listen(self, listener: Callable[[HandResult | None], None]) -> None: ...


class Session:
    """The in-process session: a match with its seats, the seat that took each action, and the
    bots (see :class:`TableSession`)."""

    def __init__(self, seats: tuple[Seat, ...], match: Match) -> None:
        self.seats = seats
        self.match = match
        self.actors: list[int] = []  # the seat that took each action of match.actions
        self.last_hand: Hand | None = None  # the hand that ended last (for its final table)
        self.substitutes: dict[int, str] = {}  # seat -> level used in place of a missing one
        self.bots: dict[int, Player] = {}
        for seat, s in enumerate(seats):
            if not s.human:
                try:
                    self.bots[seat] = parse_spec(s.kind, check=False).make()
                except ValueError:  # a bot that is gone since the match was saved
                    self.substitutes[seat] = "easy"
                    self.bots[seat] = make_bot(self.substitutes[seat])

    @classmethod
    def new(
        cls,
        seats: tuple[Seat, ...],
        seed: int | None = None,
        target: int = DEFAULT_TARGET,
        *,
        signals: bool = False,
    ) -> Session:
        """Without a seed, each hand is shuffled from fresh entropy (no future deal is saved)."""
        return cls(seats, Match(seed, Rules(target, signals)))

    @classmethod
    def replay(cls, seats: tuple[Seat, ...], match: Match, actions: list[str]) -> Session:
        """A session at ``match`` (fresh) after replaying ``actions``; IllegalActionError if one
        cannot be applied."""
        session = cls(seats, match)
        for text in actions:
            session.apply(Action.parse(text))
        return session

    # ----------------------------------------------------------------- queries
    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def hot_seat(self) -> bool:
        """More than one human: turns pass between people sharing the screen."""
        return len(self.humans) > 1

    @property
    def turn(self) -> int:
        return self.match.turn

    @property
    def phase(self) -> Phase:
        return self.match.phase

    @property
    def ply(self) -> int:
        return len(self.match.actions)

    @property
    def winner(self) -> int | None:
        return self.match.winner

    @property
    def target(self) -> int:
        return self.match.rules.target

    @property
    def results(self) -> Sequence[HandResult]:
        return tuple(self.match.results)

    @property
    def presence(self) -> dict[int, tuple[str, ...]]:
        """Nobody plays elsewhere: no seat to tell about (see ``text.presenter.Scene.presence``)."""
        return {}

    def call_out_needs(self, seat: int) -> int | None:
        """The points ``seat``'s side still has to declare to call out now (RULES.md §5), or
        None when calling out is off in this hand (the extra hand after a tie)."""
        hand = self.match.hand
        if self.match.winner is not None or not hand.call_out_possible:
            return None
        side = side_of(seat)
        return hand.target - hand.scores[side] - hand.declared_points(side)

    def listen(self, listener: Callable[[HandResult | None], None]) -> None:
        """Every seat is played here: nothing ever happens elsewhere."""

    def decided_for(self, hand: int) -> dict[int, str]:
        """No turn limit here: no decision is ever made for a person whose time ran out (see
        ``text.presenter.Scene.decided_for``)."""
        return {}

    def awaiting(self) -> str | None:
        """Nobody plays elsewhere: the table never waits for anybody's screen (see
        ``text.presenter.Scene.awaiting``)."""
        return None

    def view(self, seat: int) -> PlayerView:
        return self.match.view(seat)

    def public_view(self, seat: int) -> PlayerView:
        """What anybody watching the screen may see, oriented for ``seat``: no hand, no discard."""
        return replace(self.match.view(seat), hand=0, discard=None, legal=())

    def last_view(self, seat: int | None, bottom: int) -> PlayerView | None:
        """The final table of the hand that just ended (the last trick), as ``seat`` saw it."""
        hand = self.last_hand
        if hand is None:
            return None
        number = len(self.match.results) - 1
        view = hand.view(bottom if seat is None else seat, number)
        return view if seat is not None else replace(view, hand=0, discard=None, legal=())

    def bot_rng(self, seat: int) -> random.Random:
        """The generator of this decision, the one ``simulate`` and a table server give too."""
        return decision_rng(self.match.decision_seed, seat, len(self.match.actions))

    # ----------------------------------------------------------------- moves
    def apply(self, action: Action) -> HandResult | None:
        """Apply ``action`` for the seat to move; the hand's result when it ended one."""
        seat = self.match.turn
        hand = self.match.hand
        result = self.match.apply(action)
        self.actors.append(seat)
        if result is not None:
            self.last_hand = hand
        return result

    def undo_point(self, seat: int) -> int | None:
        """How many actions to keep to take back ``seat``'s last card, or None.

        Only a lone person playing against bots may take a card back, and only one of the trick
        in progress: a finished trick (let alone a finished hand) stays as everybody saw it, and
        the bots' replies after it (the same again after an undo, since their generators follow
        the ply) are never shown before they are played."""
        if self.humans != [seat] or self.match.winner is not None:
            return None
        in_trick = len(self.match.hand.trick)
        actions = self.match.actions
        i = len(actions)
        while in_trick and i > 0:
            i -= 1
            if actions[i].startswith(PLAY):
                in_trick -= 1
                if self.actors[i] == seat:
                    return i
        return None

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s card of the trick in progress and everything after it (replaying
        the record)."""
        keep = self.undo_point(seat)
        if keep is None:
            return False
        m = self.match
        fresh = Session.replay(self.seats, m.restart(), m.actions[:keep])
        self.match, self.actors, self.last_hand = fresh.match, fresh.actors, fresh.last_hand
        return True
