"""Whose turn it is, seen from one table screen, and what that turn needs of the screen: who
plays at the screen, whose hand may be shown, and what comes next (a bot thinks, a seat played
elsewhere is waited for, the keyboard is handed over, a person acts). No Textual here: the
screen asks, then does what the answer says."""

from __future__ import annotations

from dataclasses import dataclass

from game.phase import Phase
from game.view import PlayerView
from table.session import TableSession


@dataclass(frozen=True, slots=True)
class Seating:
    """Who plays at this screen: its people and its bots (seats played elsewhere are neither)."""

    people: int
    bots: int

    @classmethod
    def of(cls, session: TableSession) -> Seating:
        return cls(len(session.humans), len(session.bots))

    @property
    def hot_seat(self) -> bool:
        """Two or more people share the screen (and the keyboard)."""
        return self.people > 1

    @property
    def watching(self) -> bool:
        """Nobody plays at this screen: it shows the bots (or the others) playing."""
        return self.people == 0

    @property
    def undo_offered(self) -> bool:
        """One person against this screen's bots (at a remote table, what the others have seen
        is never taken back)."""
        return self.people == 1 and self.bots > 0


def turn_view(session: TableSession, viewer: int | None, *, over: bool) -> PlayerView | None:
    """The view of ``viewer`` (the person whose hand is shown) when it is his turn; None when it
    is not, when no hand is shown, or when the hand is ``over`` (its final table in view)."""
    if viewer is None or over:
        return None
    view = session.view(viewer)
    return view if view.turn == viewer else None


@dataclass(frozen=True, slots=True)
class MatchOver:
    """The match is over: nothing more to do but show it."""


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A bot of this screen is to act: it thinks."""

    seat: int


@dataclass(frozen=True, slots=True)
class ElsewhereTurn:
    """A seat played elsewhere is to act (or nobody yet, ``seat`` -1): it is waited for."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandOver:
    """Another person at this shared screen is to act: the keyboard goes to him before his
    hand is shown. ``after_trick``: a trick was just completed (it stays in view a moment)."""

    seat: int
    after_trick: bool


@dataclass(frozen=True, slots=True)
class PersonTurn:
    """The person at the keyboard acts: his hand is shown; ``declares``: he declares first."""

    seat: int
    declares: bool


NextTurn = MatchOver | BotTurn | ElsewhereTurn | HandOver | PersonTurn


def next_turn(session: TableSession, viewer: int | None) -> NextTurn:
    """What the turn now needs of a screen showing the hand of ``viewer`` (None: no hand)."""
    if session.winner is not None:
        return MatchOver()
    seat = session.turn
    if seat not in session.humans:
        return BotTurn(seat) if seat in session.bots else ElsewhereTurn(seat)
    if seat != viewer and len(session.humans) > 1:
        view = session.public_view(seat)
        return HandOver(seat, after_trick=bool(view.tricks) and not view.trick)
    return PersonTurn(seat, declares=session.phase == Phase.DECLARE)
