"""Helpers for the front-end tests (driving the app with a Pilot, dumping the screen as text),
and tests of the front end's plain-Python parts: seats, rngs, saves, settings, rendering."""

from __future__ import annotations

import asyncio
import io
import unicodedata
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from textual import _time, events
from textual.geometry import Size
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.message_pump import MessagePump
from textual.pilot import OutOfBounds, Pilot
from textual.screen import Screen
from textual.worker import WorkerState

from ai.driver import decision_rng
from ai.registry import make_bot
from game.actions import Action, declare, discard, play
from game.cards import (
    FIVES,
    sorted_for_display,
)
from game.match import Match
from game.phase import Phase
from game.rules import Rules
from net.client import Address, JoinRequest
from store.save import SaveStore
from store.settings import Settings
from table.session import Seat, Session, parse_seats
from text.render import UNICODE
from tui.app import TarocchinoApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.declare import DeclareScreen
from tui.screens.handover import HandOverScreen
from tui.screens.help import HelpScreen
from tui.screens.scoring import HandSummary, ScoringScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen
from tui.widgets.hand_view import CARD_KEYS, HandView
from tui.widgets.keybar import KeyBar

FAST = Settings(bot_delay=0.0, trick_pause=0.0, suit_marks="ascii", color=True)
WAITING = (DeclareScreen, ConfirmScreen, HandOverScreen, ScoringScreen, StartScreen)


# --------------------------------------------------------------------------- helpers
def make_app(
    directory: Path,
    kinds: list[str] | None = None,
    *,
    seed: int | None = 1,
    target: int = 800,
    names: list[str] | None = None,
    settings: Settings = FAST,
) -> TarocchinoApp:
    """An app that starts a match at once (or the start screen when ``kinds`` is None, with
    ``seed`` filled in as `play --seed` does)."""
    seats = parse_seats(kinds, names) if kinds is not None else None
    app = TarocchinoApp(
        settings=settings, directory=directory, seats=seats, seed=seed, target=target, persist=False
    )
    count_notices(app)
    return app


def count_notices(app: TarocchinoApp) -> None:
    """Count the notices the app posts (``app.notices``), so that :func:`press` returns as soon
    as a key's only effect is a notice, long before the notice times out."""
    notify = app.notify
    app.notices = 0

    def counted(*args, **kwargs):
        app.notices += 1
        return notify(*args, **kwargs)

    app.notify = counted


def table_of(app: TarocchinoApp) -> TableScreen | None:
    for screen in app.screen_stack:
        if isinstance(screen, TableScreen):
            return screen
    return None


_HANDS: weakref.WeakKeyDictionary[TableScreen, HandView] = weakref.WeakKeyDictionary()


def _hand_of(table: TableScreen) -> HandView | None:
    """The table's hand (none yet while the table is being put together), looked up in the
    table's widgets once (:func:`press` asks for it every millisecond)."""
    hand = _HANDS.get(table)
    if hand is None or not hand.is_attached:
        hands = table.query(HandView)
        if not hands:
            return None
        hand = _HANDS[table] = hands.first()
    return hand


def _progress(app: TarocchinoApp) -> tuple:
    """What a key may change at once: the screens, the notices, the declarations chosen, the
    field with the focus and its value, and at the table the move, the marks, whose hand is
    shown, the cursor and what the table shows (the last trick, what is still out)."""
    table = table_of(app)
    notices = getattr(app, "notices", 0)
    top = app.screen
    chosen = tuple(top.families.chosen) if isinstance(top, DeclareScreen) else None
    focused = app.focused
    field = (id(focused), getattr(focused, "value", None))
    if table is None:
        return (tuple(map(id, app.screen_stack)), notices, chosen, field)
    hand = _hand_of(table)
    cursor = hand.cursor if hand is not None else None
    return (
        tuple(map(id, app.screen_stack)),
        notices,
        chosen,
        field,
        table.session.ply,
        tuple(table.marked),
        table.viewer,
        cursor,
        table.show_last,
        table.show_out,
    )


def _pumps(app: TarocchinoApp) -> Iterator[MessagePump]:
    """The app and every screen of its stack with their widgets."""
    yield app
    for screen in app.screen_stack:
        yield from screen.walk_children(with_self=True)


def _sent(app: TarocchinoApp) -> bool:
    """Whether the app awaits the answer to an action it sent (at a network table it is
    connected to: from one out of reach, none comes)."""
    session = getattr(table_of(app), "session", None)
    client = getattr(session, "client", None)
    return bool(getattr(session, "pending", False) and getattr(client, "connected", False))


def _queued(app: TarocchinoApp) -> bool:
    """Whether a message waits in one of the app's pumps."""
    return any(not pump._message_queue.empty() for pump in _pumps(app))


def _working(app: TarocchinoApp) -> bool:
    """Whether the app has work in hand: a message waiting (see _queued), a worker running, or
    the answer to an action sent (see _sent)."""
    running = (WorkerState.PENDING, WorkerState.RUNNING)
    return _queued(app) or _sent(app) or any(w.state in running for w in app.workers)


async def idle(pilot: Pilot, limit: int = 20000) -> None:
    """Let the app run until it has nothing left to do (every message handled, with those it
    sent in turn; no worker running) and its screen is drawn. In place of ``pilot.pause()``,
    which guesses as much from the process's CPU time: at least 20 ms a call, up to a second
    while a bot thinks, and on a busy machine a process that waits for the processor looks
    idle too soon. Timers set to fire later are not waited for."""
    app = pilot.app
    for _ in range(limit):
        await _flush(pilot)
        if app._exit or not _working(app):  # (an app quitting draws nothing more)
            return
        await asyncio.sleep(0.001)
    raise AssertionError(f"the app never came to rest (top screen: {app.screen!r})")


async def _flush(pilot: Pilot) -> None:
    """Let every widget handle its messages and the screen redraw (no idle-time guessing)."""
    await pilot._wait_for_screen()
    pilot.app.screen._on_timer_update()


def _held_until(app: TarocchinoApp, key: str) -> float | None:
    """Until when ``key`` (Enter or Space) would be taken for the tail of the press before and
    stopped (tui.keys.held_over: the hand-over, the declarations dialog, the hand that came
    after a hand-over); None when it would not be."""
    if key not in ("enter", "space"):
        return None
    screen = app.screen
    if isinstance(screen, TableScreen):
        hand = _hand_of(screen)
        return hand.enter_after if hand is not None else None
    return getattr(screen, "not_before", None)


async def press(pilot: Pilot, *keys: str) -> None:
    """Press keys, each one waiting until the game has reacted (its progress, see _progress) or
    has handled it with nothing to show for it (every message handled; a worker it started may
    run on: wait_for what it brings): not on timings, as pilot.press does (it waits for the
    whole process to look idle, twice a key). An Enter or a Space comes as a
    press of its own, once the one before can no longer be taken for it pressed twice (as a
    person presses it a moment later)."""
    app = pilot.app
    for key in keys:
        until = _held_until(app, key)
        while until is not None and (left := until - _time.get_time()) >= 0:
            await asyncio.sleep(left + 0.001)
        await _send(pilot, _key_event(key))


async def _send(pilot: Pilot, event: events.Event) -> None:
    """Send ``event`` as the terminal does, and wait until the game has reacted (its progress,
    see _progress) or has handled it with nothing to show for it (every message handled: the
    app passes an event to the screen, the screen to a widget)."""
    app = pilot.app
    before = _progress(app)
    app._driver.send_message(event)
    for _ in range(20000):
        await asyncio.sleep(0.001)
        if _progress(app) != before:
            break
        if _sent(app):
            continue
        await _flush(pilot)
        if not _queued(app):
            break
    await _flush(pilot)


def _key_event(key: str) -> events.Key:
    """The event of ``key`` as a terminal sends it (its character too: "question_mark" types
    "?"), as pilot.press makes it."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


async def resize(pilot: Pilot, width: int, height: int) -> None:
    """The terminal resized to ``width`` x ``height``, and the app at rest after it: its screens
    told (Textual tells them 1/120 s after the last of a run of resizes) and done with it (see
    idle; pilot.resize_terminal pauses as pilot.pause does)."""
    app = pilot.app
    app._driver._size = Size(width, height)
    app.post_message(events.Resize(Size(width, height), Size(width, height)))
    await _flush(pilot)  # (the app takes the size, and tells its screens a moment later)
    for _ in range(20000):
        if app._resize_timer is None:
            break
        await asyncio.sleep(0.001)
    await idle(pilot)


async def click(pilot: Pilot, widget=None, offset: tuple[int, int] = (0, 0)) -> None:
    """A click as a terminal sends one: the left button pressed and released at one place
    (``offset`` from ``widget``'s corner, or the screen's), each handled before the next; the
    app makes a click of the two when both land on one widget, on whichever screen is on top
    as each comes. (pilot.click sends the click itself, to the screen on top when it began:
    one closed meanwhile, its widgets gone, fails inside Textual.) OutOfBounds where the place
    is off the screen."""
    app = pilot.app
    if isinstance(widget, (str, type)):  # a selector: a screen just pushed may not have put
        selector = widget  # its widgets up yet
        await wait_for(pilot, lambda: bool(app.screen.query(selector)))
        widget = app.screen.query_one(selector)
    x, y = (widget or app.screen).region.offset + offset
    if (x, y) not in app.screen.size.region:
        raise OutOfBounds(f"{x},{y} is off the screen ({app.screen.size})")
    for kind in (events.MouseDown, events.MouseUp):
        await _send(pilot, kind(None, x, y, 0, 0, 1, False, False, False, x, y))


async def settle(pilot: Pilot, limit: int = 20000) -> object:
    """Let the bots play until the app waits for a human; returns the screen on top."""
    app = pilot.app
    for _ in range(limit):
        await pilot._wait_for_screen()  # (drawn once, when done: see _drawn)
        screen = app.screen
        if isinstance(screen, WAITING):
            return await _drawn(pilot, screen)
        if isinstance(screen, TableScreen):
            view = screen.my_turn()
            if view is not None and view.phase in ("play", "discard") and not screen.marked:
                return await _drawn(pilot, screen)
        if app.workers._workers:
            await app.workers.wait_for_complete()
        else:
            await asyncio.sleep(0.001)
    raise AssertionError(f"the app never waited for a human (top screen: {app.screen!r})")


async def _drawn(pilot: Pilot, screen: Screen) -> Screen:
    """``screen``, once mounted, with the app's screen drawn as it is now."""
    await _mounted(screen)
    await _flush(pilot)
    return screen


async def wait_for(pilot: Pilot, condition, limit: int = 3000) -> None:
    """Wait until ``condition()`` holds (the app keeps running meanwhile), and the screen on top
    has put up its widgets and is drawn: a screen pushed a moment ago (by a worker's answer,
    say) is still being mounted, and a test that ended there would close the app under it (its
    children closed unmounted, its on_mount finding none of them)."""
    for _ in range(limit):
        await _flush(pilot)
        if condition():
            if not pilot.app.screen.is_mounted:
                await _drawn(pilot, pilot.app.screen)
            return
        await asyncio.sleep(0.002)
    raise AssertionError("the condition never held")


async def whole_help(pilot: Pilot) -> HelpScreen:
    """The help on top, every part of it mounted (its first page comes first), and drawn."""
    await wait_for(
        pilot, lambda: isinstance(pilot.app.screen, HelpScreen) and pilot.app.screen.whole
    )
    await idle(pilot)
    assert isinstance(pilot.app.screen, HelpScreen)
    return pilot.app.screen


async def _mounted(screen: Screen, limit: int = 3000) -> None:
    """Let the app run until ``screen`` is mounted (its on_mount done), unless it has left."""
    for _ in range(limit):
        if screen.is_mounted or not screen.is_attached:
            return
        await asyncio.sleep(0.001)
    raise AssertionError(f"{screen!r} was never mounted")


def first_choices(view_hand: int, phase: str, legal: tuple[Action, ...]) -> Action:
    """The test's human: the first legal card or the first two discardable cards in display
    order, and every declaration."""
    cards = sorted_for_display(view_hand)
    if phase == "discard":
        a, b = [c for c in cards if not FIVES >> c & 1][:2]
        return discard(a, b)
    if phase == "declare":
        return legal[0] if legal else declare(())
    allowed = {a.card for a in legal}
    return play(next(c for c in cards if c in allowed))


async def open_sheet(pilot: Pilot, summary: HandSummary) -> ScoringScreen:
    """The scoring sheet of ``summary`` opened over the start screen, and laid out."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    await app.push_screen(ScoringScreen(summary, UNICODE))
    await wait_for(pilot, lambda: isinstance(app.screen, ScoringScreen))
    await pilot.pause()
    return app.screen


async def press_for(pilot: Pilot, screen: TableScreen) -> None:
    """Press the keys that make the test's human choice at the table."""
    view = screen.my_turn()
    assert view is not None
    hand = screen.query_one(HandView)
    action = first_choices(view.hand, view.phase, view.legal)
    for c in action.cards:
        await press(pilot, CARD_KEYS[hand.cards.index(c)])


def save_at_the_last_tricks(
    directory: Path, seats: tuple[Seat, ...], seed: int, target: int = 800, hand: int = 1
) -> None:
    """A match saved with its hand number ``hand`` (the first unless told; 0: the match's last)
    played to its last two tricks (see :func:`at_the_last_tricks`), for a test of what comes
    once a hand is over that need not play the whole hand through the screens (:func:`resume`
    takes it up)."""
    SaveStore(directory).write(at_the_last_tricks(seats, seed, target, hand))


def at_the_last_tricks(
    seats: tuple[Seat, ...], seed: int, target: int = 800, hand: int = 1
) -> Session:
    """A match with its hand number ``hand`` (0: the match's last) played to its last two
    tricks by the engine: :func:`first_choices` at the people's seats, the bots' own choices
    at theirs."""
    if hand == 0:
        hand = len(_played(seats, seed, target, lambda s: False).match.results)
    session = _played(
        seats,
        seed,
        target,
        lambda s: len(s.match.results) == hand - 1 and len(s.match.hand.tricks) >= 13,
    )
    assert session.match.winner is None, "the hand was called out: it has no last tricks"
    return session


def save_at_a_turn(
    directory: Path, seats: tuple[Seat, ...], seed: int, wanted, target: int = 800
) -> None:
    """A match saved at the first turn of a person (seat 0 unless it is a bot's) where
    ``wanted(view)`` holds, played there by the engine as :func:`at_the_last_tricks` plays: for
    a test of a dialog or a screen late in a hand that need not play the hand to it through the
    screens (:func:`resume` takes it up; :func:`play_until` is the way through the keys)."""

    def there(session: Session) -> bool:
        seat = session.match.turn
        if seat in session.bots:
            return False
        view = session.match.view(seat)
        return bool(view.legal) and wanted(view)

    session = _played(seats, seed, target, there)
    assert session.match.winner is None, "the wanted turn never came"
    SaveStore(directory).write(session)


def _played(seats: tuple[Seat, ...], seed: int, target: int, until) -> Session:
    """A match played by the engine (as :func:`save_at_the_last_tricks` says) until ``until``
    holds or the match is over."""
    session = Session.new(seats, seed=seed, target=target)
    while session.match.winner is None and not until(session):
        seat = session.match.turn
        view = session.match.view(seat)
        if seat in session.bots:
            session.apply(session.bots[seat].choose(view, view.legal, session.bot_rng(seat)))
        else:
            session.apply(first_choices(view.hand, view.phase, view.legal))
    return session


async def resume(pilot: Pilot) -> TableScreen:
    """Resume the saved match from the start screen; its table."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    await pilot.click("#resume")
    await wait_for(pilot, lambda: table_of(app) is not None)
    return table_of(app)


async def ask_the_discard(pilot: Pilot, table: TableScreen) -> None:
    """Mark the first two cards the person may lay away: the question whether to discard them."""
    hand = table.query_one(HandView)
    for card in [c for c in hand.cards if c in hand.legal][:2]:
        await press(pilot, CARD_KEYS[hand.cards.index(card)])
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ConfirmScreen))


async def play_until(pilot: Pilot, wanted, limit: int = 400) -> TableScreen:
    """The test's human plays (Enter on every dialog and sheet) until it is his turn at the table
    and ``wanted(view)`` holds; returns the table."""
    for _ in range(limit):
        screen = await settle(pilot)
        if not isinstance(screen, TableScreen):
            await press(pilot, "enter")
            continue
        view = screen.my_turn()
        if view is not None and wanted(view):
            return screen
        await press_for(pilot, screen)
    raise AssertionError("the wanted turn never came")


async def play_to_the_end(pilot: Pilot, limit: int = 3000) -> int:
    """The test's human plays the match through keys (answering every dialog) until its last
    sheet, then goes back to the menu; the number of sheets seen."""
    sheets = 0
    for _ in range(limit):
        screen = await settle(pilot)
        if isinstance(screen, ScoringScreen):
            sheets += 1
            if screen.summary.winner is not None:
                await press(pilot, "m")
                return sheets
            await press(pilot, "enter")
        elif isinstance(screen, (DeclareScreen, ConfirmScreen)):
            await press(pilot, "enter")
        elif isinstance(screen, TableScreen):
            await press_for(pilot, screen)
        else:
            raise AssertionError(f"unexpected screen {screen!r}")
    raise AssertionError("the match never ended")


def screen_text(app: TarocchinoApp) -> str:
    """The screen as plain text, exactly what the terminal would show."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        record=True,
        force_terminal=True,
        legacy_windows=False,
        color_system="truecolor",
    )
    console.print(
        app.screen._compositor.render_update(
            full=True, screen_stack=app._background_screens, simplify=True
        )
    )
    return console.export_text()


def engine_match(seed: int, target: int, kinds: list[str], human: int = 0) -> Match:
    """The same match played by the engine alone with the test human's choices and the bots'
    per-decision generators."""
    match = Match(seed, Rules(target))
    bots = {s: make_bot(k) for s, k in enumerate(kinds) if k != "human"}
    while match.winner is None:
        seat = match.turn
        view = match.view(seat)
        if seat == human:
            action = first_choices(view.hand, view.phase, view.legal)
        else:
            rng = decision_rng(seed, seat, len(match.actions))
            action = bots[seat].choose(view, view.legal, rng)
        match.apply(action)
    return match


# --------------------------------------------------------------------------- plain tests


async def at_table(pilot: Pilot, app: TarocchinoApp, request: JoinRequest) -> TableScreen:
    """``app`` joins a network table as ``request`` says: its table screen, once shown."""
    app.join_table(request)
    await wait_for(pilot, lambda: table_of(app) is not None)
    table = table_of(app)
    assert table is not None
    return table


async def seated_at(
    pilot: Pilot, app: TarocchinoApp, address: Address, name: str = "Anna"
) -> TableScreen:
    """``app``, from its start screen, joins the network table at ``address`` as ``name``: its
    table screen, past the declarations (none made) if they were asked first."""
    await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
    await at_table(pilot, app, JoinRequest(address, name))
    await pilot.pause()
    if isinstance(app.screen, DeclareScreen):  # the declarations first
        await press(pilot, "n")
    await wait_for(pilot, lambda: isinstance(app.screen, TableScreen))
    table = app.screen
    assert isinstance(table, TableScreen)
    return table


def start_row(app) -> str:
    """The last-match row of the start screen as shown, its runs of spaces made one."""
    row = app.screen.query_one("#last-row")
    lines = screen_text(app).splitlines()[row.region.y : row.region.bottom]
    return " ".join(" ".join(lines).split())


def marks_beyond_ascii(app: TarocchinoApp) -> set[str]:
    """The characters on screen beyond ASCII that are not letters."""
    return {
        ch
        for ch in screen_text(app)
        if ord(ch) > 127 and not unicodedata.category(ch).startswith("L")
    }


def first_layouts(monkeypatch: pytest.MonkeyPatch, kind: type[Screen]) -> list[set[str]]:
    """The classes each screen of ``kind`` has when it is first laid out (what its first frame
    is drawn with)."""
    seen: list[set[str]] = []
    laid_out: set[int] = set()
    original = Screen._refresh_layout

    def refresh_layout(self: Screen, *args: object, **kwargs: object) -> None:
        if isinstance(self, kind) and id(self) not in laid_out and self.outer_size:
            laid_out.add(id(self))
            seen.append(set(self.classes))
        original(self, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", refresh_layout)
    return seen


SIZES = [(80, 24), (120, 40)]

LOOK = Settings(bot_delay=0.0, trick_pause=0.0)  # the default look: Unicode marks, colour


async def to_the_sheet(pilot: Pilot) -> None:
    for _ in range(200):
        screen = await settle(pilot)
        if isinstance(screen, ScoringScreen):
            return
        if isinstance(screen, TableScreen):
            await press_for(pilot, screen)
        else:
            await press(pilot, "enter")


async def press_each(pilot: Pilot, *names: str) -> None:
    """Press keys on a screen other than the table, waiting for each to be handled."""
    for name in names:
        await pilot.press(name)
        await pilot.pause()


def region_text(app, widget) -> list[str]:
    """The lines of the screen inside ``widget``'s region."""
    r = widget.region
    return [line[r.x : r.right] for line in screen_text(app).splitlines()[r.y : r.bottom]]


async def to_every_declaration(pilot) -> TableScreen:
    """Play on until every player has made his declaration (or declared nothing)."""
    table = await to_the_cards(pilot)
    while any(d is None for d in table.session.match.hand.declarations):
        await press_for(pilot, table)
        screen = await settle(pilot)
        assert isinstance(screen, TableScreen)
        table = screen
    return table


async def to_the_cards(pilot: Pilot) -> TableScreen:
    """Play the test's human through the discard, its question and the declarations until the
    first card is played; the table then."""
    table = None
    while table is None or table.session.phase != Phase.PLAY:
        screen = await settle(pilot)
        table = screen if isinstance(screen, TableScreen) else None
        if table is not None and table.session.phase == Phase.DISCARD:
            await press_for(pilot, table)
        elif table is None:
            await press(pilot, "enter")  # the discard question, the declarations
    return table


async def click_entry(pilot: Pilot, action: str) -> None:
    """Click the entry of the key bar on top that runs ``action``."""
    bar = pilot.app.screen.query_one(KeyBar)
    await wait_for(pilot, lambda: bar._spans)
    start = next(start for start, _, name in bar._spans if name == action)
    await pilot.click(bar, offset=(start + 1, 0))
    await pilot.pause()


def over_the_felt(app) -> None:
    """The dialog on top is over the felt of the table under it, whole."""
    dialog = app.screen.query_one(".dialog")
    box, inside = dialog.region, dialog.content_region
    for part in dialog.children:  # nothing of it cut off (the total, the buttons)
        if part.display:
            assert part.region.height and part.region.bottom <= inside.bottom, (part, inside)
    felt = table_of(app).query_one("#felt").region
    width, height = app.size
    assert box.x >= 1 and box.right <= width - 1, box  # whole, a column from the edges
    assert box.y >= felt.y and box.bottom <= height - 1, (box, felt)  # under the top bar,
    ideal = felt.x + (felt.width - box.width) / 2  # above its own keys
    assert abs(box.x - min(max(ideal, 1), width - 1 - box.width)) <= 1, (box, felt)
    if box.height <= felt.height:
        assert abs(box.y + box.height / 2 - (felt.y + felt.height / 2)) <= 1, (box, felt)


def notices(app) -> str:
    return " ".join(str(n.message) for n in app._notifications)
