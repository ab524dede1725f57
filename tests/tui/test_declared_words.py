"""A declaration that a doubling made is said alike everywhere: the log ("Dario declares 60:
Grande, Coppe, Denari (doubled)") and the line under the seat ("declared 60: Grande, Coppe, Denari
(doubled)") say "(doubled)" as the list beside the table does (they left it out)."""

from __future__ import annotations

from game.match import Match
from game.rules import Rules
from game.scoring import doublings
from table.session import parse_seats
from text.narrate import declaration_brief, declaration_digest, hand_log
from text.presenter import Scene, seat_texts
from text.render import UNICODE

NAMES = ["You", "Bruno", "Carla", "Dario"]


def _after_a_doubled_declaration() -> Match:
    """Seed 5: Dario declares Grande, Coppe, Denari at once, three sequences: doubled."""
    match = Match(5, Rules(800))
    while not any(d is not None and any(doublings(d.families)) for d in match.view(0).declarations):
        match.apply(match.view(match.turn).legal[0])
    return match


def test_the_log_the_seat_and_the_list_say_doubled_alike() -> None:
    match = _after_a_doubled_declaration()
    view = match.view(0)
    d = view.declarations[3]
    assert d is not None and d.families == ("Grande", "Coppe", "Denari")
    said = f"{d.points}: Grande, Coppe, Denari (doubled)"
    assert declaration_brief(d) == said
    log = [line.plain for line in hand_log(view, NAMES, UNICODE)]
    assert f"Dario declares {said}" in log, log
    seats = parse_seats(["human", "easy", "easy", "easy"], NAMES)
    seat = seat_texts(Scene(view, seats, 0, UNICODE), 3, compact=False)
    assert f"declared {said}" in seat.lines.plain, seat.lines.plain
    assert [t.plain for t in declaration_digest(view, NAMES)] == [f"Dario {said}"]


def test_a_declaration_not_doubled_says_nothing_more() -> None:
    match = _after_a_doubled_declaration()
    d = match.view(0).declarations[3]
    assert d is not None
    plain = type(d)(3, ("Grande",), d.cards, 20)
    assert declaration_brief(plain) == "20: Grande"
