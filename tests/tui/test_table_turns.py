"""What a turn needs of the table screen, which keys it offers, and why a key does nothing now:
decided without the screen (no app)."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from game.phase import Phase
from table.session import Session, TableSession, parse_seats
from tui.screens.table_keys import (
    TABLE_KEYS,
    card_key_refusal,
    last_trick_refusal,
    offered,
    why_not_now,
)
from tui.screens.table_turns import (
    BotTurn,
    ElsewhereTurn,
    HandOver,
    MatchOver,
    PersonTurn,
    Seating,
    next_turn,
    turn_view,
)

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


def _session(*kinds: str) -> Session:
    return Session.new(parse_seats(list(kinds), NAMES), seed=5)


def _first_legal(session: Session) -> None:
    session.apply(session.view(session.turn).legal[0])


@dataclass
class Elsewhere:
    """A session whose other seats are played elsewhere (as at a network table)."""

    humans: list[int] = field(default_factory=lambda: [0])
    bots: dict[int, object] = field(default_factory=dict)
    turn: int = 1
    winner: int | None = None
    phase: Phase = Phase.PLAY


def test_seating() -> None:
    alone = Seating.of(_session("human", "easy", "easy", "easy"))
    assert alone.undo_offered and not alone.hot_seat and not alone.watching
    shared = Seating.of(_session("human", "easy", "human", "easy"))
    assert shared.hot_seat and not shared.undo_offered and not shared.watching
    watching = Seating.of(_session("easy", "easy", "easy", "easy"))
    assert watching.watching and not watching.hot_seat and not watching.undo_offered
    remote = Seating(people=1, bots=0)  # the others play elsewhere: nothing is taken back
    assert not remote.undo_offered and not remote.hot_seat


@pytest.mark.parametrize(
    ("seating", "keys"),
    [
        (Seating(1, 3), {"undo", "hint", "coach"}),
        (Seating(2, 2), {"undo", "hint"}),  # hot-seat: undo takes back the dealer's marks
        (Seating(1, 0), {"hint", "coach"}),  # a network table
        (Seating(0, 4), {"pause", "faster", "slower"}),  # watching the bots
    ],
)
def test_keys_offered(seating: Seating, keys: set[str]) -> None:
    turn_keys = {"undo", "hint", "coach", "pause", "faster", "slower"}
    actions = {binding.action for binding in TABLE_KEYS if not isinstance(binding, tuple)}
    assert turn_keys <= actions
    assert {a for a in actions if offered(a, seating)} == (actions - turn_keys) | keys


def test_one_person_acts_when_his_turn_comes() -> None:
    session = _session("human", "easy", "easy", "easy")
    while session.turn != 0:
        assert next_turn(session, 0) == BotTurn(session.turn)
        _first_legal(session)
    assert next_turn(session, 0) == PersonTurn(0, declares=session.phase == Phase.DECLARE)


def test_hot_seat_hands_over_before_a_hand_is_shown() -> None:
    session = _session("human", "easy", "human", "easy")
    assert session.turn == 2 and session.phase == Phase.DISCARD
    assert next_turn(session, None) == HandOver(2, after_trick=False)
    assert next_turn(session, 0) == HandOver(2, after_trick=False)  # somebody else's hand
    assert next_turn(session, 2) == PersonTurn(2, declares=False)
    _first_legal(session)  # the dealer's discard
    assert next_turn(session, None) == BotTurn(3)
    while not (session.view(0).tricks and session.turn == 0):
        _first_legal(session)
    # the first trick just completed, its winner a person: it stays in view a moment first
    assert not session.view(0).trick
    assert next_turn(session, None) == HandOver(0, after_trick=True)


def test_declarations_are_asked_at_the_persons_turn() -> None:
    session = _session("easy", "easy", "easy", "human")
    while not (session.turn == 3 and session.phase == Phase.DECLARE):
        _first_legal(session)
    assert next_turn(session, 3) == PersonTurn(3, declares=True)


def test_seats_played_elsewhere_and_the_end_of_the_match() -> None:
    elsewhere: TableSession = Elsewhere()  # type: ignore[assignment]
    assert next_turn(elsewhere, 0) == ElsewhereTurn(1)
    assert next_turn(Elsewhere(turn=-1), 0) == ElsewhereTurn(-1)  # type: ignore[arg-type]
    assert next_turn(Elsewhere(winner=1), 0) == MatchOver()  # type: ignore[arg-type]


def test_turn_view_is_the_viewers_at_his_turn_only() -> None:
    session = _session("human", "easy", "human", "easy")
    assert session.turn == 2
    view = turn_view(session, 2, over=False)
    assert view is not None and view.seat == 2 and view.legal
    assert turn_view(session, 2, over=True) is None  # the final table of a hand
    assert turn_view(session, 0, over=False) is None  # not his turn
    assert turn_view(session, None, over=False) is None  # no hand shown


def test_why_nothing_can_be_chosen_now() -> None:
    session = _session("human", "easy", "human", "easy")  # Carla discards first

    def why(viewer: int | None, over: bool = False) -> str:
        return why_not_now(session, viewer, NAMES, over=over)

    assert why(None) == "Carla's hand is shown after the hand-over."
    assert why(0) == "it is Carla's turn to discard two cards."
    assert why(2) == "first the declarations."
    assert why(2, over=True) == "the hand is over."
    _first_legal(session)
    assert why(None) == "no hand is shown while Dario is to declare and play."
    assert why_not_now(Elsewhere(turn=-1), 0, NAMES, over=False) == (  # type: ignore[arg-type]
        "the match has not started yet."
    )
    assert why_not_now(Elsewhere(winner=0), 0, NAMES, over=False) == (  # type: ignore[arg-type]
        "the match is over."
    )


def test_the_last_trick_key() -> None:
    session = _session("easy", "easy", "easy", "easy")
    view = session.view(0)
    assert last_trick_refusal(view, False) == "No trick has been played yet in this hand."
    while not session.view(0).tricks:
        _first_legal(session)
    between = session.view(0)
    assert last_trick_refusal(between, False) == (
        "The last trick is the one on the table: trick 1."
    )
    assert last_trick_refusal(between, True) is None  # shown: p hides it again
    _first_legal(session)
    assert last_trick_refusal(session.view(0), False) is None


def test_a_card_key_beyond_the_hand() -> None:
    assert card_key_refusal(9, 6) == (
        "No card has the key 0: the keys of your 6 cards go from 1 to 6."
    )
