"""The table's words where a polished game is expected to get them right: a refused key leaves the
turn prompt in place, the declaration dialog says when declared points count, and right after a
person plays in hot-seat the status line speaks of what comes next."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

from textual._compositor import Compositor
from textual.widgets import Static

from game.actions import discard, play
from game.cards import INDEX, MAT
from game.match import Match
from game.phase import Phase
from game.scoring import declarable_families
from store.settings import Settings
from table.session import parse_seats
from tests.support.deals import deal_with
from tests.support.screens import idle, make_app, press, press_for, screen_text, settle, table_of
from text.presenter import Scene, card_note, play_rule, status
from text.render import Look
from tui.app import TarocchinoApp
from tui.screens.declare import DeclareScreen
from tui.screens.table import TableScreen
from tui.widgets.line import TextLine

BOTS3 = ["human", "random", "random", "random"]


def _status(table: TableScreen) -> str:
    return table.query_one("#status", TextLine).text.plain


def _messages(app) -> list[str]:
    return [n.message for n in app._notifications]


def _seed_declaring() -> int:
    """A match whose human (seat 0) is eldest and may declare."""
    return next(
        s
        for s in range(1, 5000)
        if Match(s).first_dealer == 3 and declarable_families(Match(s).hand.hands[0])
    )


async def test_a_refused_undo_leaves_the_turn_prompt(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        while True:  # to the human's first card of the hand: nothing of his to take back
            screen = await settle(pilot)
            if isinstance(screen, TableScreen) and screen.my_turn() is not None:
                if screen.my_turn().phase == "play":
                    break
                await press_for(pilot, screen)
            else:
                await press(pilot, "enter")
        table = screen
        prompt = _status(table)
        assert "your turn" in prompt.lower()
        await press(pilot, "u")
        await idle(pilot)
        assert "Only your card of the trick in progress can be taken back." in _messages(app)
        assert _status(table) == prompt  # still says whose turn it is and what to do
        await press(pilot, "p")  # no trick yet: the last trick is refused the same way
        await idle(pilot)
        assert "No trick has been played yet in this hand." in _messages(app)
        assert _status(table) == prompt


async def test_the_declaration_dialog_says_when_declared_points_count(tmp_path: Path) -> None:
    app = make_app(tmp_path, BOTS3, seed=_seed_declaring())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settle(pilot)
        assert isinstance(screen, DeclareScreen)
        body = str(screen.query_one(".dialog-body", Static).render())
        assert body == screen._explanation()
        assert "now" not in body.split()
        # RULES.md §5 and §8: in the hand's total when it is scored, at once towards calling out.
        assert "their points go to your side when the hand is scored" in body
        assert "count at once towards calling out at 800" in body
        without_call_out = DeclareScreen(screen.view, "Anna", screen.look, None)
        assert "calling out" not in without_call_out._explanation()
        assert "when the hand is scored" in without_call_out._explanation()


async def test_right_after_a_card_the_status_line_is_drawn_with_the_rest(
    tmp_path: Path, monkeypatch
) -> None:
    """Hot-seat: every frame sent to the terminal shows the status line the table holds, even
    when the status line's own task is late (a busy machine): it never still speaks of the
    moment before, the hand already hidden. The terminal is kept here from the regions each
    frame repaints."""
    late = TextLine._on_idle

    async def slow_idle(self, event) -> None:  # noqa: ANN001
        await asyncio.sleep(0.05)
        await late(self, event)

    monkeypatch.setattr(TextLine, "_on_idle", slow_idle)
    width, height = 80, 24
    terminal = [" " * width] * height
    repainted: list[list | None] = []  # per frame: the regions repainted (None: all)
    render = Compositor.render_update

    def render_update(self, full=False, screen_stack=None, simplify=False):  # noqa: ANN001, ANN202
        if not simplify:  # (screen_text's own full render asks to simplify)
            whole = full or self.size.region in self._dirty_regions
            repainted.append(None if whole else list(self._dirty_regions))
        return render(self, full, screen_stack, simplify)

    stale: list[tuple[str, str]] = []
    checked = 0
    shown = TarocchinoApp._display

    def display(self, screen, renderable) -> None:  # noqa: ANN001
        nonlocal terminal, checked
        shown(self, screen, renderable)
        regions = repainted.pop() if repainted else None
        now = [line.ljust(width) for line in screen_text(self).splitlines()]
        if regions is None:
            terminal = now
        for r in regions or ():
            for y in range(r.y, min(height, r.y + r.height)):
                terminal[y] = (
                    terminal[y][: r.x] + now[y][r.x : r.x + r.width] + terminal[y][r.x + r.width :]
                )
        if isinstance(screen, TableScreen) and screen.is_current:
            line = screen.query_one("#status", TextLine)
            drawn, held = terminal[line.region.y].strip(), line.text.plain.strip()
            checked += 1
            # (a line not drawn yet, blank for a frame on a busy machine, speaks of nothing)
            if drawn and (not held.startswith(drawn[:20]) or not drawn.startswith(held[:20])):
                stale.append((drawn, held))

    monkeypatch.setattr(Compositor, "render_update", render_update)
    monkeypatch.setattr(TarocchinoApp, "_display", display)
    settings = Settings(bot_delay=0.2, trick_pause=0.0, suit_marks="ascii")
    app = make_app(tmp_path, ["human", "easy", "human", "easy"], seed=11, settings=settings)
    async with app.run_test(size=(width, height)) as pilot:
        assert table_of(app) is not None
        cards = 0
        while cards < 6:  # three cards of each person
            screen = await settle(pilot)
            if isinstance(screen, TableScreen):
                await press_for(pilot, screen)
                cards += 1
                await pilot.pause(0.15)  # the frames after the card, before the bot moves
            else:
                await press(pilot, "enter")
    assert checked > 10 and not stale, stale


def _seed_nothing_to_declare() -> int:
    """Hot-seat human,easy,human,easy: a match whose first person to declare (seat 0 or 2)
    holds no combination at all."""
    for s in range(1, 5000):
        m = Match(s)
        first = next(
            seat for seat in ((m.first_dealer + i) % 4 for i in range(1, 5)) if seat in (0, 2)
        )
        if not declarable_families(m.hand.hands[first]) and first != m.first_dealer:
            return s
    raise AssertionError("no such seed")


async def test_nothing_to_declare_is_said_to_that_person_only(tmp_path: Path) -> None:
    """A person with nothing to declare is told so before the prompt of his card; nothing of it
    outlives his turn (the next person at a shared screen must not learn his hand holds no
    combination)."""
    names = ["Anna", "Bruno", "Carla", "Dario"]
    app = make_app(
        tmp_path, ["human", "easy", "human", "easy"], seed=_seed_nothing_to_declare(), names=names
    )
    async with app.run_test(size=(80, 24)) as pilot:
        table = table_of(app)
        assert table is not None
        match = table.session.match
        while True:  # to the first person's turn to play after his (empty) declaration
            screen = await settle(pilot)
            if isinstance(screen, TableScreen) and match.phase == "discard":
                await press_for(pilot, screen)
            elif isinstance(screen, TableScreen):
                break
            else:
                await press(pilot, "enter")
        seat = table.viewer
        assert match.hand.declarations[seat] is not None  # declared (nothing) by itself
        said = _status(table)
        assert said.startswith("Nothing to declare. ") and "your turn" in said
        assert not any("declare" in m for m in _messages(app))
        await press_for(pilot, table)
        assert "Nothing to declare" not in _status(table)
        assert not any("declare" in m for m in _messages(app))


async def test_a_redraw_before_the_table_is_mounted_or_after_it_is_gone_draws_nothing(
    tmp_path: Path,
) -> None:
    """A timer or a message from a network table may ask for a redraw before the table's parts
    are there (just pushed) or after the screen is gone: it must not crash the game."""
    app = make_app(tmp_path, BOTS3, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        while table_of(app) is None:
            await press(pilot, "enter")
        session = table_of(app).session
        early = TableScreen(session)
        early.redraw()  # not mounted yet: no parts to draw on
        assert not early.ready
        await app.push_screen(early)
        await idle(pilot)
        assert early.ready
        early.redraw()
        app.pop_screen()
        await idle(pilot)
        early.redraw()  # gone again


# ---------------------------------------------------------------------------------------- card note
# The note of a card under the cursor names the card once: "Q♠ Regina di Spade (Queen of Swords) is
# not legal: you have no Denari, so you must play a trump" (it said "Q♠ Regina di Spade (Queen of
# Swords) Q♠ is not legal: ...", the card twice).


ASCII = Look(ascii=True)


def test_a_card_that_may_not_be_played_is_named_once() -> None:
    hand = deal_with(3, {0: "QS T5 BEG MAT", 1: "7D"})
    view = replace(
        hand.view(0),
        phase=Phase.PLAY,
        turn=0,
        trick=(INDEX["7D"],),
        legal=(play(INDEX["T5"]), play(INDEX["BEG"]), play(MAT)),
    )
    note = card_note(view, INDEX["QS"], Look()).plain
    assert note == (
        "Q♠ Regina di Spade (Queen of Swords) is not legal: you have no Denari, so "
        "you must play a trump (or play the Matto)"
    )
    assert card_note(view, INDEX["QS"], ASCII).plain.startswith(
        "QS Regina di Spade (Queen of Swords) is not legal: "
    )
    assert card_note(view, INDEX["T5"], Look()).plain.count("T5") == 1  # playable: its name


def test_a_card_that_may_not_be_discarded_is_named_once() -> None:
    hand = deal_with(0, {0: "KS 7S 8S"})
    view = hand.view(0)
    assert view.phase == Phase.DISCARD
    view = replace(view, legal=(discard(INDEX["7S"], INDEX["8S"]),))
    note = card_note(view, INDEX["KS"], Look()).plain
    assert note.startswith("K♠ Re di Spade (King of Swords) may not be discarded: ")
    assert note.count("K♠") == 1


# ----------------------------------------------------------------------------------- play rule void
# The status line says why every card may go when a suit is led that the player has none of: "no
# trumps: play any card", "no Denari or trumps: play any card" (it said only "play any card", as if
# nothing had to be followed), and nothing about raised cards, none being lowered.


SOLO = parse_seats(["human", "easy", "easy", "easy"])
NAMES = ["You", "Bruno", "Carla", "Dario"]


def _to_play(cards: str, led: str):
    hand = deal_with(3, {0: cards, 1: "KD QD JD", 2: "T16"})
    view = hand.view(0)
    return replace(
        view,
        phase=Phase.PLAY,
        turn=0,
        trick=(INDEX[led],),
        legal=tuple(play(c) for c in range(62) if view.hand >> c & 1),
    )


def _status_of(view) -> str:
    return status(Scene(view=view, seats=SOLO, bottom=0, hand_shown=True), NAMES).plain


def test_no_trumps_when_trumps_are_led() -> None:
    view = _to_play("KS QS 7C", "T16")
    assert play_rule(view) == "no trumps: play any card"
    assert _status_of(view) == "Your turn: no trumps: play any card."


def test_no_card_of_the_suit_nor_a_trump() -> None:
    view = _to_play("KS QS 7C", "7D")
    assert play_rule(view) == "no Denari or trumps: play any card"
    assert "raised" not in _status_of(view).lower()


def test_every_card_following_or_the_matto_led_says_any_card() -> None:
    assert play_rule(_to_play("KS QS 7S", "9S")) == "play any card"  # every card follows
    assert play_rule(_to_play("KS QS 7C", "MAT")) == "play any card"  # the Matto led: free
    assert play_rule(_to_play("ANG MON", "7D")) == "play any card"  # every card a trump
    with_matto = _to_play(f"KS 7C {MAT and 'MAT'}", "7D")
    assert play_rule(with_matto).startswith("no Denari or trumps: play any card")
