"""The table at 80 columns: every prompt the table can give (every suit led, the Matto,
raised cards, a lead-in, the dealer's discard, the longest names a seat takes, a network table's
countdown and waiting lines) is shown whole in the status line's two lines, and the hand never
moves whatever the status line says; at 80x24 the declarations of a hand are in view whole."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from rich.console import Console
from rich.text import Text

from game.actions import discard, play
from game.cards import CODES, FIVES, MAT, N_CARDS, SUIT, TRUMP, Card, cards_of, mask_of
from game.match import Match
from game.phase import Phase
from game.tricks import legal_mask
from game.view import PlayerView
from net import protocol as p
from net.remote import RemoteSession
from table.session import parse_seats
from tests.support.net import fed_session
from tests.support.screens import (
    idle,
    make_app,
    press,
    press_for,
    screen_text,
    settle,
    table_of,
    to_the_cards,
)
from text.presenter import AWAY, OPEN_SEAT, Scene, card_note, status, waiting_for
from text.render import UNICODE, Look, card_name, face
from tui.screens.table import TableScreen
from tui.widgets.hand_view import HandView
from tui.widgets.line import TextLine
from tui.widgets.trick import TrickView

# The longest names a seat takes (parse_seats accepts 16 characters), all different.
NAMES = ["Giovannantonio_1", "Giovannantonio_2", "Giovannantonio_3", "Giovannantonio_4"]
WIDTH, LINES = 78, 2  # the status line at 80 columns: one column of padding each side
LEVELS = ("random", "easy", "medium", "hard")  # the stand-ins a table may have
LEAD_IN = Text("Nothing to declare. ", style="bold")
ASCII = Look(ascii=True)


def _lines(text: Text) -> int:
    return len(text.wrap(Console(width=200), WIDTH))


def _play_view(hand: list[Card], trick: list[Card]) -> PlayerView:
    """Seat 0 to play ``hand`` to ``trick`` (a view of a real match, its cards replaced)."""
    match = Match(3)
    while match.phase != Phase.PLAY:
        match.apply(match.legal_actions()[0])
    view = match.view(match.turn)
    mask = mask_of(hand)
    legal = tuple(play(c) for c in cards_of(legal_mask(mask, tuple(trick))))
    return dataclasses.replace(
        view,
        seat=0,
        turn=0,
        hand=mask,
        trick=tuple(trick),
        leader=(4 - len(trick)) % 4,
        legal=legal,
    )


def _of_suit(suit: int) -> list[Card]:
    return [c for c in range(N_CARDS) if SUIT[c] == suit]


def _play_views() -> list[PlayerView]:
    """Seat 0 to lead, to follow each suit (or trumps), void in it, with and without the Matto,
    with cards that cannot be played (raised cards) and without."""
    views = [_play_view([_of_suit(0)[0], MAT], [])]
    trumps = _of_suit(TRUMP)
    for led in (0, 1, 2, 3, TRUMP):
        others = [c for s in (0, 1, 2, 3) if s != led for c in _of_suit(s)[:2]]
        lead = _of_suit(led)[-1]
        for follow in (True, False):
            for matto in (True, False):
                hand = [*others, *trumps[:2]] if led != TRUMP or follow else others
                if follow:
                    hand.append(_of_suit(led)[0])
                if matto:
                    hand.append(MAT)
                views.append(_play_view(hand, [lead]))
                views.append(_play_view(hand, [MAT, lead]))  # the Matto led: the next card sets
    return views


def _scene(
    view: PlayerView,
    *,
    lead_in: Text | None = None,
    look: Look = UNICODE,
    marked: tuple[Card, ...] = (),
) -> Scene:
    seats = parse_seats(["human"] * 4, NAMES)
    return Scene(
        view=view,
        seats=seats,
        bottom=view.seat,
        look=look,
        hand_shown=True,
        lead_in=lead_in,
        marked=marked,
    )


def _discard_view() -> PlayerView:
    match = Match(3)
    return match.view(match.turn)


def _remote(stand_in: str) -> tuple[RemoteSession, PlayerView]:
    """A network seat with 12 s left of its turn, and its view."""

    session = fed_session()
    match = Match(3)
    seat = match.turn
    view = match.view(seat)
    seats = tuple(p.SeatStatus(n, p.PERSON, None, True, None, None, True) for n in NAMES)
    session.receive(p.Welcome(seat, "t", p.TableInfo(800, 60, stand_in, (), 40.0)))
    session.receive(p.State(0, view, seats, True, None, 5, None, 12.2))
    return session, view


def longest_texts() -> dict[str, Text]:
    """Every kind of thing the status line says, each at its longest, by what it is."""
    out: dict[str, Text] = {}

    def keep(kind: str, text: Text) -> None:
        if kind not in out or len(text.plain) > len(out[kind].plain):
            out[kind] = text

    names = NAMES
    for look in (UNICODE, ASCII):
        for view in _play_views():
            scene = _scene(view, look=look)
            keep("play", status(scene, names))
            prompt = status(dataclasses.replace(scene, lead_in=LEAD_IN), names)
            keep("play after a lead-in", prompt)
            for level in LEVELS:
                session, _ = _remote(level)
                words = session.countdown()
                assert words is not None and words.endswith("for you.")
                keep(
                    "play with the countdown", Text(f"{words} ").append_text(status(scene, names))
                )  # the countdown takes the lead-in's place
            for c in cards_of(view.hand):
                keep("a card's note", card_note(view, c, look))
        view = _discard_view()
        hand = cards_of(view.hand)
        wide = sorted(hand, key=lambda c: -len(face(c, look)))  # 10♠ …
        for marked in ((), tuple(wide[:1]), tuple(c for c in wide if not FIVES >> c & 1)[:2]):
            scene = _scene(view, look=look, marked=marked)
            keep("the dealer's discard", status(scene, names))
            session, _ = _remote("medium")
            keep(
                "the discard with the countdown",
                Text(f"{session.countdown()} ").append_text(status(scene, names)),
            )
        for c in hand:
            keep("a card's note", card_note(view, c, look))
        session, _ = _remote("medium")
        session.look = look
        longest = sorted(range(N_CARDS), key=lambda c: -len(card_name(c, look)))
        session.receive(p.TimedOut(session.seat, 0, discard(*longest[:2]), "medium"))
        keep("time ran out", Text(session.played_for_me or ""))
        session.receive(p.TimedOut(session.seat, 0, play(longest[0]), "medium"))
        keep("time ran out", Text(session.played_for_me or ""))
    for level in LEVELS:
        keep("waiting for a seat that is away", Text(waiting_for(names[0], (AWAY, f"{level} bot"))))
        session, view = _remote(level)
        other = dataclasses.replace(
            session.state,
            view=dataclasses.replace(view, turn=(view.seat + 1) % 4, legal=()),
            turn_left_s=12.2,
        )
        session.receive(other)
        keep("waiting for another seat's turn", Text(session.countdown() or "?"))
    open_seats = _scene(dataclasses.replace(_discard_view(), turn=-1))
    open_seats = dataclasses.replace(
        open_seats, hand_shown=False, presence={s: (OPEN_SEAT,) for s in (1, 2, 3)}
    )
    keep("waiting for players", status(open_seats, names))
    watching = dataclasses.replace(
        open_seats, view=_discard_view(), watching=True, speed="no pause"
    )
    keep("watching four bots", status(watching, names))
    return out


def test_every_prompt_is_shown_whole_in_the_two_lines_at_80_columns() -> None:
    texts = longest_texts()
    assert len(texts) == 11, sorted(texts)
    too_long = {kind: t.plain for kind, t in texts.items() if _lines(t) > LINES}
    assert not too_long
    # The longest hot-seat prompt does need the second line (what moved the hand before).
    assert _lines(texts["play after a lead-in"]) == 2
    assert "Bastoni: play a trump (or the Matto)" in texts["play after a lead-in"].plain
    assert texts["play with the countdown"].plain.startswith("13 s left")


async def test_the_hand_never_moves_whatever_the_status_line_says(tmp_path: Path) -> None:
    """Hot-seat at 80x24 with the longest names: the dealer marks the discard (the prompt grows
    to two lines), then the table is made to say each longest text in turn; the hand stays where
    it is, each text is shown whole, and the trick keeps its two captions."""
    app = make_app(tmp_path, ["human"] * 4, seed=7, names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settle(pilot)
        while not isinstance(screen, TableScreen):
            await press(pilot, "enter")
            screen = await settle(pilot)
        table = table_of(app)
        assert table is not None and table.session.phase == Phase.DISCARD
        hand, line = table.query_one(HandView), table.query_one("#status", TextLine)
        where = (hand.region, line.region)
        assert line.region.height == LINES
        await press_for(pilot, table)  # two cards marked: the discard is asked
        assert len(table.marked) == 2 and "(2/2: " in line.text.plain
        assert (hand.region, line.region) == where
        assert len(line.wrapped(line.text)) == 2  # a second line, and the hand did not move
        await press(pilot, "escape")  # "Change": the last mark is taken back
        for kind, text in longest_texts().items():
            table.say(text)
            await idle(pilot)
            assert (hand.region, line.region) == where, kind
            assert table.status_fits(text), kind
            shown = screen_text(app).splitlines()[line.region.y : line.region.bottom]
            last_word = text.plain.split()[-1]
            assert last_word in shown[-1] or last_word in shown[0], (kind, shown)
        trick, bottom = table.query_one(TrickView), table.query_one("#seat-bottom")
        # the cards and both captions (a closer diamond), above the bottom seat
        assert trick.region.height >= 9 and trick.region.bottom <= bottom.region.y
        # a caption wider than the trick goes on over the next row, not cut
        r = trick.region
        middle = [row[r.x : r.right] for row in screen_text(app).splitlines()[r.y : r.bottom]]
        dealer = NAMES[table.session.match.hand.dealer]
        assert len(f"{dealer} is to discard") > r.width
        assert f"{dealer} is to discard" in " ".join(" ".join(middle).split())


async def test_a_text_longer_than_the_status_line_ends_with_an_ellipsis_and_is_told_whole(
    tmp_path: Path,
) -> None:
    """A hint with its reasons may need more than two lines at 80 columns: the status line shows
    its beginning with an ellipsis, and a notification tells it whole."""
    app = make_app(tmp_path, ["human", "random", "random", "random"], seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        table = None
        while table is None or table.my_turn() is None:
            screen = await settle(pilot)
            table = screen if isinstance(screen, TableScreen) else None
            if table is None:
                await press(pilot, "enter")
        hand, line = table.query_one(HandView), table.query_one("#status", TextLine)
        where = hand.region
        words = "; ".join(f"reason number {i} of a long hint" for i in range(12))
        table.say(Text(f"Hint: play {CODES[0]} - {words}"))
        await idle(pilot)
        assert hand.region == where
        shown = screen_text(app).splitlines()[line.region.y : line.region.bottom]
        assert shown[-1].rstrip().endswith("...") and "reason number 0" in shown[0]  # ASCII look
        assert any(words in n.message for n in app._notifications)
        table.say(Text("Short again."))
        await idle(pilot)
        assert hand.region == where


async def test_at_80x24_two_declarations_are_shown_whole_beside_the_log(tmp_path: Path) -> None:
    """Few rows: the score box goes without its frame, so two players' declarations are all in
    view (with their cards when they fit, else a line per player), and the log still has rows
    of its own."""
    app = make_app(
        tmp_path,
        ["human", "easy", "human", "easy"],
        seed=5,
        names=["Anna", "Bruno", "Carla", "Dario"],
    )
    async with app.run_test(size=(80, 24)) as pilot:
        table = await to_the_cards(pilot)
        declared = [d for d in table.session.match.hand.declarations if d and d.families]
        assert len(declared) == 2
        listed = table.query_one("#declarations")
        r = listed.region
        shown = " ".join(
            line[r.x : r.right] for line in screen_text(app).splitlines()[r.y : r.bottom]
        )
        for d in declared:
            assert f"{table.names[d.seat]} {d.points}:" in shown or (
                f"{table.names[d.seat]} - {d.points} points" in shown
            )
            for c in d.combinations:
                assert c.family in shown
        assert listed.virtual_size.height <= listed.region.height  # nothing scrolled away
        log, sidebar = table.query_one("#log"), table.query_one("#sidebar")
        assert log.region.height >= 3 and log.region.bottom <= sidebar.region.bottom  # in view


async def test_at_80x24_the_dealer_still_sees_his_discard_after_declaring(tmp_path: Path) -> None:
    """The bottom seat has two lines on a short table: the dealer's own discard (seen nowhere
    else) comes before his declaration (also listed beside the table), and nothing is cut with
    an ellipsis that would look like a cut card or number."""
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=14)  # seat 0 deals
    async with app.run_test(size=(80, 24)) as pilot:
        table = await to_the_cards(pilot)
        view = table.session.match.view(0)
        assert view.dealer == 0 and view.discard and view.declarations[0].families
        seat = table.query_one("#seat-bottom")
        assert seat.region.height == 2
        text = screen_text(app)
        shown = " ".join(text.splitlines()[seat.region.y : seat.region.bottom])
        assert "your discard:" in shown
        for c in cards_of(view.discard):
            assert face(c, table.look).strip() in shown, shown
        assert table.look.ellipsis not in shown
        for family in view.declarations[0].families:  # in the list beside the table
            assert f"{family} " in text.split("Declarations")[1]
