"""Partners' signals at a hosted table (RULES.md §10a): the option in the table's setup, a card
played with its signal, a refused signal answered with its reason code."""

from __future__ import annotations

import pytest

from game.actions import Action, signalled
from game.cards import CODES
from game.phase import Phase
from game.signals import NO_SIGNALS, STRISCIO, TOO_EARLY, allowed_signals
from net import protocol as p
from net.claims import Claim
from net.referee import Referee
from net.seating import Seats
from table.session import Session, parse_seats
from tests.support.net import FAST

CLAIM = Claim("Anna", p.PERSON, None, "0" * 64)


def _referee(signals: bool) -> Referee:
    session = Session.new(parse_seats(["human"] * 4), seed=5, signals=signals)
    seats = Seats(session, [CLAIM] * 4, FAST.away_timeout_s, lambda seat: None)
    return Referee(
        session,
        FAST,
        seats,
        on_applied=lambda *args: None,
        on_deciding=lambda: None,
        log=lambda text: None,
    )


def _to_play(referee: Referee) -> None:
    match = referee.session.match
    while match.phase != Phase.PLAY:
        referee.act(match.turn, p.Act(match.turn, len(match.actions), match.legal_actions()[0]))


def _refusal(referee: Referee, action_text: str) -> p.ProtocolError:
    match = referee.session.match
    seat = match.turn
    action = p.read_client(p.encode(p.act(seat, len(match.actions), Action.parse(action_text))))
    assert isinstance(action, p.Act)
    with pytest.raises(p.ProtocolError) as refused:
        referee.act(seat, action)
    return refused.value


def test_the_option_is_in_the_tables_setup() -> None:
    on = p.TableInfo(800, 60.0, "medium", (), 0.0, signals=True)
    message = p.read_server(p.encode(p.welcome(0, "t" * 8, on)))
    assert isinstance(message, p.Welcome) and message.table.signals
    off = p.welcome(0, "t" * 8, p.TableInfo(800, 60.0, "medium", (), 0.0))
    assert "signals" not in off["table"]  # the same welcome as before the option
    message = p.read_server(p.encode(off))
    assert isinstance(message, p.Welcome) and not message.table.signals


@pytest.mark.parametrize("signals", [False, True])
def test_a_refused_signal_is_answered_with_its_code(signals: bool) -> None:
    referee = _referee(signals)
    _to_play(referee)
    match = referee.session.match
    card = next(a.card for a in match.legal_actions() if a.card < 40)  # a suit card, trick one
    before = list(match.actions)
    refused = _refusal(referee, f"play {CODES[card]} {STRISCIO}")
    assert refused.code == p.SIGNAL
    assert refused.facts == {"why": TOO_EARLY if signals else NO_SIGNALS}
    assert match.actions == before


def test_a_card_carries_its_signal_to_every_seat() -> None:
    referee = _referee(True)
    _to_play(referee)
    match = referee.session.match
    while not any(m.action.signal for m in match.hand.history):
        view = match.view(match.turn)
        action = view.legal[0]
        allowed = allowed_signals(view, action.card) if view.phase == Phase.PLAY else ()
        if allowed:
            action = signalled(action.card, allowed[0])
        referee.act(match.turn, p.Act(match.turn, len(match.actions), action))
    given = next(m for m in match.hand.history if m.action.signal)
    assert match.actions[-1].endswith(given.action.signal)
    seats = [p.SeatStatus(f"S{i}", p.PERSON, None, True, None, None, True) for i in range(4)]
    for seat in range(4):  # the state each seat is sent shows the signal
        view = match.view(seat)
        line = p.encode(p.state(len(match.actions), view, seats, started=True, winner=None, seed=5))
        message = p.read_server(line)
        assert isinstance(message, p.State)
        assert message.view.signals and given in message.view.signalled
