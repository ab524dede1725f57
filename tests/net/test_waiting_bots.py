"""What a person's status line says while a bot is to act at a network table (the host's bot, or
a bot client): that it is thinking, as at a table of one's own, not "Waiting for Bruno." as if a
person were choosing a card."""

from __future__ import annotations

from game.match import Match
from net import protocol as p
from tests.support.net import fed_session
from text.presenter import Scene, present
from text.render import UNICODE, Look

ASCII = Look(ascii=True)


def _state(bruno: p.SeatStatus) -> tuple[Match, tuple[p.SeatStatus, ...]]:
    match = Match(next(s for s in range(100) if Match(s).first_dealer == 0))  # Bruno eldest
    anna = p.SeatStatus("Anna", p.PERSON, None, True, None, None, True, p.TABLE)
    carla = p.SeatStatus("Carla", p.BOT, "easy", True, None, None, False)
    dario = p.SeatStatus("Dario", p.PERSON, None, True, None, None, True, p.TABLE)
    return match, (anna, bruno, carla, dario)


def _said(bruno: p.SeatStatus, look=UNICODE) -> str:  # noqa: ANN001
    session = fed_session()
    session.look = look
    session.receive(p.Welcome(0, "t", p.TableInfo(800, 60, "medium", (), 0.0)))
    match, seats = _state(bruno)
    match.apply(match.legal_actions()[0])  # Anna (the dealer) discards: Bruno is to act
    session.receive(p.State(len(match.actions), match.view(0), seats, True, None, None, None, None))
    assert session.turn == 1
    scene = Scene(
        view=session.view(0),
        seats=session.seats,
        bottom=0,
        look=look,
        hand_shown=True,
        presence=session.presence,
        awaiting=session.awaiting(),
    )
    return present(scene).status.plain


def test_a_bot_to_act_is_thinking() -> None:
    host_bot = p.SeatStatus("Bruno", p.BOT, "hard", True, None, None, False)
    assert _said(host_bot) == "Bruno is thinking…"
    assert _said(host_bot, ASCII) == "Bruno is thinking..."
    bot_client = p.SeatStatus("Bruno", p.BOT, "hard", True, None, None, True)
    assert _said(bot_client) == "Bruno is thinking…"


def test_a_person_or_a_bot_client_gone_is_waited_for_as_before() -> None:
    person = p.SeatStatus("Bruno", p.PERSON, None, True, None, None, True, p.TABLE)
    assert _said(person) == "Waiting for Bruno."
    gone = p.SeatStatus("Bruno", p.BOT, "hard", False, None, 3.0, True)
    assert _said(gone) == "Waiting for Bruno (away)."
