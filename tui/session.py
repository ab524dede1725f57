"""The match being played and who sits where: the one owner of the Match in the front end.

The game screen holds a :class:`Session`; widgets never see it, only the :class:`PlayerView` that
the screen builds from it (hidden information by construction).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from ai.player import Player
from ai.spec import MAX_SPEC_CHARS, SpecError, parse_spec
from game.actions import PLAY, Action
from game.hand import Hand, HandResult
from game.match import Match
from game.rules import Rules
from game.view import PlayerView
from tui.bots import available_level, make_bot

HUMAN = "human"
BOT_LEVELS = ("random", "easy", "medium", "hard")
KINDS = (HUMAN, *BOT_LEVELS)
DEFAULT_NAMES = ("Anna", "Bruno", "Carla", "Dario")


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: a human or a bot level, and the name shown at the table."""

    kind: str
    name: str

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


def parse_seats(kinds: list[str], names: list[str] | None = None) -> tuple[Seat, ...]:
    """Four seats from kinds (human, or a bot as ``ai.spec`` reads it: a level with options such
    as hard:budget_s=0.25, an installed bot, module:Class, file.py:Class) and optional names.

    Without names, a lone human is called "You" and the others get the default names.
    Raises ValueError with a readable message.
    """
    if len(kinds) != 4:
        raise ValueError(f"give exactly four seats, not {len(kinds)} (e.g. human,hard,hard,hard)")
    kinds = [_seat_kind(seat, k) for seat, k in enumerate(kinds)]
    given = [n.strip() for n in names] if names else []
    if names is not None and len(given) != 4:
        raise ValueError(f"give exactly four names, not {len(given)}")
    out = []
    for seat, kind in enumerate(kinds):
        name = given[seat] if given else ""
        if not name:
            name = "You" if kind == HUMAN and kinds.count(HUMAN) == 1 else DEFAULT_NAMES[seat]
        out.append(Seat(kind, name[:16]))
    if len({s.name for s in out}) != 4:
        raise ValueError("the four names must be different")
    return tuple(out)


def _seat_kind(seat: int, text: str) -> str:
    """``human``, or the bot's spec checked and written the one way."""
    if text.strip().lower() == HUMAN:
        return HUMAN
    try:
        return parse_spec(text).portable
    except SpecError as exc:
        raise ValueError(f"seat {seat + 1}: {exc} (a seat is human or a bot)") from None


def valid_kind(kind: object) -> bool:
    """Whether a saved seat kind can be read: human or a bot's name (a bot that is gone since the
    match was saved is replaced when it resumes)."""
    return isinstance(kind, str) and 0 < len(kind) <= MAX_SPEC_CHARS and kind.isprintable()


def decision_rng(seed: int, seat: int, ply: int) -> random.Random:
    """A bot's generator for one decision: derived from the match seed, the seat and the number of
    actions so far, so a resumed or undone match makes the same bot choices again."""
    return random.Random(f"tarocchino:{seed}:{seat}:{ply}")


def side_name(seats: tuple[Seat, ...], side: int) -> str:
    """"Anna & Carla" for side 0 (seats 0 and 2), "Bruno & Dario" for side 1."""
    return f"{seats[side].name} & {seats[side + 2].name}"


class Session:
    """A match with its seats, the seat that took each action, and the bots."""

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
                    self.substitutes[seat] = available_level("easy")
                    self.bots[seat] = make_bot(self.substitutes[seat])

    @classmethod
    def new(cls, seats: tuple[Seat, ...], seed: int | None = None, target: int = 800) -> Session:
        if seed is None:
            seed = random.SystemRandom().randrange(1, 10**9)
        return cls(seats, Match(seed, Rules(target)))

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

    def is_human(self, seat: int) -> bool:
        return 0 <= seat < 4 and self.seats[seat].human

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
        return decision_rng(self.match.seed, seat, len(self.match.actions))

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
        """How many actions to keep to take back ``seat``'s last card, or None if there is none."""
        for i in range(len(self.actors) - 1, -1, -1):
            if self.actors[i] == seat and self.match.actions[i].startswith(PLAY):
                return i
        return None

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last card and everything after it (replaying the record)."""
        keep = self.undo_point(seat)
        if keep is None:
            return False
        m = self.match
        fresh = Session.replay(self.seats, Match(m.seed, m.rules, m.first_dealer), m.actions[:keep])
        self.match, self.actors, self.last_hand = fresh.match, fresh.actors, fresh.last_hand
        return True
