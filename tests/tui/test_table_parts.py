"""The parts of the table screen on their own (no app): each is given a stand-in for the few
things of the screen it uses, as its protocol says."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from types import SimpleNamespace
from typing import Any

from rich.text import Text

from game.actions import Action, declare, play
from game.phase import Phase
from game.scoring import declarable_families
from game.view import PlayerView
from table.runner import BotMove
from table.session import Session, parse_seats
from text.render import UNICODE, Look
from tui.messages import BotMoved
from tui.screens.confirm import ConfirmScreen
from tui.screens.handover import HandOverScreen
from tui.screens.table_bots import BotTurns, next_pace
from tui.screens.table_end import next_hand_in
from tui.screens.table_notices import Notices
from tui.screens.table_people import PeopleTurns, nothing_to_declare, undo_refusal
from tui.screens.table_turns import turn_view

NAMES = ["Anna", "Bruno", "Carla", "Dario"]


def _session(*kinds: str) -> Session:
    return Session.new(parse_seats(list(kinds), NAMES), seed=5)


def _first_legal(session: Session) -> None:
    session.apply(session.view(session.turn).legal[0])


class Said:
    """A stand-in for the notifications: what was shown, and what was taken back."""

    def __init__(self) -> None:
        self.shown: list[tuple[str, str]] = []
        self.withdrawn: list[set[str]] = []

    def notify(self, message: str, *, severity: str = "information", timeout: Any = None) -> None:
        self.shown.append((message, severity))

    def withdraw(self, messages: Any) -> None:
        self.withdrawn.append(set(messages))


def _notices(shared: bool) -> tuple[Notices, Said]:
    said = Said()
    return Notices(said.notify, said.withdraw, lambda: shared), said


# ----------------------------------------------------------------- what is said
def test_a_shared_screen_takes_back_what_was_said_with_the_hand() -> None:
    notices, said = _notices(shared=True)
    notices.tell("Hint: play 7S.")
    notices.refuse("No hint: it is Bruno's turn.", until_turn=True)
    assert said.shown == [
        ("Hint: play 7S.", "information"),
        ("No hint: it is Bruno's turn.", "warning"),
    ]
    notices.withdraw_private()
    assert said.withdrawn == [{"Hint: play 7S.", "No hint: it is Bruno's turn."}]
    notices.withdraw_private()
    notices.withdraw_until_turn()
    assert len(said.withdrawn) == 1  # nothing left to take back


def test_one_person_keeps_what_was_said_but_why_he_waited() -> None:
    notices, said = _notices(shared=False)
    notices.tell("Hint: play 7S.")
    notices.refuse("Wait for Bruno.", until_turn=True)
    notices.withdraw_until_turn()  # his turn
    assert said.withdrawn == [{"Wait for Bruno."}]
    notices.withdraw_private()
    assert said.withdrawn == [{"Wait for Bruno."}]


# ----------------------------------------------------------------- the bots
@dataclass
class BotsAt:
    """The table as the bots see it."""

    session: Session
    final: Any = None
    delay: float = 0.0
    is_attached: bool = True
    is_active: bool = True
    thinking: int | None = None
    paused: bool = False
    pace: float | None = None
    performed: list[Action] = field(default_factory=list)
    posted: list[Any] = field(default_factory=list)
    drawn: int = 0
    advanced: int = 0
    said: Said = field(default_factory=Said)
    arrived: threading.Event = field(default_factory=threading.Event)

    def setting(self, name: str, default: float) -> float:
        return 0.0

    def perform(self, action: Action) -> None:
        self.performed.append(action)
        self.session.apply(action)

    def advance(self) -> None:
        self.advanced += 1

    def redraw(self) -> None:
        self.drawn += 1

    def post_message(self, message: Any) -> bool:
        self.posted.append(message)
        self.arrived.set()
        return True

    def notify(self, message: str, *, severity: str = "information") -> None:
        self.said.notify(message, severity=severity)


def test_a_bots_move_comes_back_as_a_message_and_is_played() -> None:
    table = BotsAt(_session("easy", "easy", "easy", "easy"))
    bots = BotTurns(table)
    bots.start()
    seat = table.session.turn
    bots.think(seat)
    assert table.arrived.wait(10)
    (message,) = table.posted
    assert isinstance(message, BotMoved) and message.move.seat == seat
    table.thinking = seat
    bots.moved(message.move)
    assert table.performed == [message.move.action] and table.thinking is None
    bots.moved(message.move)  # stale: the match moved on
    assert len(table.performed) == 1


def test_a_move_waits_while_another_screen_is_on_top() -> None:
    table = BotsAt(_session("easy", "easy", "easy", "easy"), is_active=False)
    bots = BotTurns(table)
    seat, ply = table.session.turn, table.session.ply
    move = BotMove(seat, ply, table.session.view(seat).legal[0], error="it raised")
    bots.moved(move)
    assert bots.held == move and not table.performed
    table.is_active = True
    assert bots.play_held() and table.performed == [move.action]
    assert table.said.shown == [
        (f"A bot failed (it raised); it plays {move.action} instead.", "warning")
    ]
    assert not bots.play_held()  # played once
    bots.moved(BotMove(seat, ply, move.action))  # (a move of a ply gone by)
    assert len(table.performed) == 1


def test_pause_and_pace() -> None:
    table = BotsAt(_session("easy", "easy", "easy", "easy"), thinking=1, delay=0.6)
    bots = BotTurns(table)
    bots.pause()
    assert table.paused and table.thinking is None and table.drawn == 1
    bots.pause()
    assert not table.paused and table.advanced == 1
    bots.step_pace(-1)
    assert table.pace == 0.3
    assert next_pace(0.6, 1) == 1.0 and next_pace(0.0, -1) == 0.0 and next_pace(2.5, 1) == 2.5
    assert next_pace(0.45, -1) == 0.3 and next_pace(0.45, 1) == 0.6  # a pace of the settings


# ----------------------------------------------------------------- the people
@dataclass
class PeopleAt:
    """The table as the people's turns see it."""

    session: Session
    viewer: int | None
    bottom: int = 0
    final: Any = None
    marked: list[int] = field(default_factory=list)
    notice: Text | None = None
    network: bool = False
    is_attached: bool = True
    names: list[str] = field(default_factory=lambda: NAMES)
    look: Look = UNICODE
    hand: Any = field(default_factory=lambda: SimpleNamespace(entered_at=None, enter_after=None))
    pushed: list[Any] = field(default_factory=list)
    said: list[Text | str] = field(default_factory=list)
    performed: list[Action] = field(default_factory=list)
    taken_back: list[int] = field(default_factory=list)
    drawn: int = 0

    @property
    def app(self) -> Any:
        return SimpleNamespace(push_screen=lambda screen, then=None: self.pushed.append(screen))

    def my_turn(self) -> PlayerView | None:
        return turn_view(self.session, self.viewer, over=self.final is not None)

    def say(self, message: Text | str) -> None:
        self.said.append(message)

    def redraw(self) -> None:
        self.drawn += 1

    def perform(self, action: Action) -> None:
        self.performed.append(action)

    def take_back(self, seat: int) -> None:
        self.taken_back.append(seat)

    def say_first(self, lead_in: Text, ply: int) -> None:
        self.said.append(lead_in)

    def advance(self) -> None:
        pass

    def leave(self, choice: str) -> None:
        pass

    def call_after_refresh(self, callback: Callable[[], object]) -> bool:
        callback()
        return True


def test_the_dealer_marks_two_cards_then_is_asked_to_confirm() -> None:
    session = _session("easy", "easy", "human", "easy")  # Carla deals and discards
    table = PeopleAt(session, viewer=2, bottom=2)
    people = PeopleTurns(table, _notices(shared=False)[0])
    cards = sorted(session.view(2).legal[0].cards)
    people.choose(cards[0])
    assert table.marked == [cards[0]] and not table.pushed
    people.choose(cards[0])  # Enter again takes the mark back
    assert table.marked == []
    people.choose(cards[0])
    people.choose(cards[1])
    assert table.marked == cards and isinstance(table.pushed[-1], ConfirmScreen)
    assert not table.performed  # (discarded once he says so)


def test_undo_while_discarding_takes_back_a_mark() -> None:
    session = _session("easy", "easy", "human", "easy")
    table = PeopleAt(session, viewer=2, bottom=2)
    notices, said = _notices(shared=False)
    people = PeopleTurns(table, notices)
    people.undo()
    assert said.shown == [("No card is marked for the discard yet.", "warning")]
    table.marked = [session.view(2).legal[0].cards[0]]
    people.undo()
    assert table.marked == [] and not table.taken_back
    assert said.shown[-1][0].endswith("is no longer marked for the discard.")


def test_undo_takes_back_the_persons_card_or_says_why_not() -> None:
    session = _session("human", "easy", "easy", "easy")
    table = PeopleAt(session, viewer=0)
    notices, said = _notices(shared=False)
    people = PeopleTurns(table, notices)
    people.undo()
    assert said.shown[-1] == (
        "Only your card of the trick in progress can be taken back.",
        "warning",
    )
    assert undo_refusal(session, over=True) == "Nothing to undo."
    while not (session.undo_point(0) is not None and session.turn != 0):
        _first_legal(session)
    people.undo()
    assert table.taken_back == [0]
    shared = _session("human", "easy", "human", "easy")
    assert undo_refusal(shared, over=False) == (
        "No undo with two or more people at the table: what the others have seen stays."
    )
    assert undo_refusal(_session("easy", "easy", "easy", "easy"), over=False) == "Nothing to undo."


def test_a_card_is_played_or_refused() -> None:
    session = _session("human", "easy", "easy", "easy")
    while not (session.turn == 0 and session.phase == Phase.PLAY):
        _first_legal(session)
    table = PeopleAt(session, viewer=0)
    people = PeopleTurns(table, _notices(shared=False)[0])
    view = session.view(0)
    legal = {a.card for a in view.legal}
    wrong = [c for c in range(62) if view.hand >> c & 1 and c not in legal]
    people.choose(wrong[0])  # (this hand must follow suit)
    assert not table.performed and isinstance(table.said[-1], Text)
    people.choose(view.legal[0].card)
    assert table.performed == [play(view.legal[0].card)]


def test_the_keyboard_is_handed_over_to_the_person_to_act() -> None:
    session = _session("human", "easy", "human", "easy")  # Carla deals and discards
    table = PeopleAt(session, viewer=None)
    notices, said = _notices(shared=True)
    people = PeopleTurns(table, notices)
    people.hand_over(0)  # not Anna's turn (any more)
    assert not table.pushed
    notices.tell("Hint: play 7S.")
    people.hand_over(2)
    (handover,) = table.pushed
    assert isinstance(handover, HandOverScreen) and handover.player == "Carla"
    assert said.withdrawn == [{"Hint: play 7S."}]  # a word still on its way to the last hand


def test_nothing_to_declare_is_not_asked() -> None:
    view = _session("easy", "easy", "easy", "easy").view(0)
    assert nothing_to_declare(replace(view, legal=(declare(()),)))
    assert not nothing_to_declare(replace(view, legal=(declare(()), declare(["Bastoni"]))))


def test_the_next_hand_comes_by_itself_when_watching() -> None:
    assert next_hand_in(watching=True, paused=False, delay=0.6) == 6.0
    assert next_hand_in(watching=True, paused=False, delay=0.0) == 4.0
    assert next_hand_in(watching=True, paused=True, delay=0.6) is None
    assert next_hand_in(watching=False, paused=False, delay=0.6) is None


def _hand_over_to_declare(seed: int) -> tuple[str, bool]:
    """The words of the hand-over to the first person to declare in hot-seat (four people),
    and whether his hand has something to declare."""
    session = Session.new(parse_seats(["human"] * 4, NAMES), seed=seed)
    while session.phase != Phase.DECLARE:
        _first_legal(session)
    table = PeopleAt(session, viewer=None)
    PeopleTurns(table, _notices(shared=True)[0]).hand_over(session.turn)
    (handover,) = table.pushed
    return handover.doing, bool(declarable_families(session.match.hand.hands[session.turn]))


def test_the_hand_over_says_the_same_whether_or_not_the_hand_may_declare() -> None:
    """It said "your turn to declare and play", and the next screen "Nothing to declare"; then
    it said so only to a hand that may declare, which told everybody looking at the hand-over
    what that hand holds. Now it says what is so for every hand: "to play a card"."""
    seen = {
        may: doing.partition("it is your turn ")[2]
        for doing, may in (_hand_over_to_declare(seed) for seed in range(1, 40))
    }
    assert seen == {True: "to play a card.", False: "to play a card."}
