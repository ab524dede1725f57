"""The monkey: a seeded random walk over the game's screens (keys, clicks on widgets and at random
places, resizes down to a terminal too small and back), with the game's promises checked after
every step.

Each step is chosen from what the screen on top offers (its bindings, its widgets) and some noise;
it is recorded as what was done (a key, a click at a cell, a size, a set-up of the start screen),
so a walk that breaks can be replayed step by step (:func:`replay`) as well as by its seed.

The invariants (:func:`broken`): the app has not exited on an exception and no worker failed; the
screen stack is sane (the default screen, the start screen under everything, at most one table, the
too-small screen only on top and only while the terminal is too small); at a hot-seat table the
hand on screen is the hand of the person whose turn it is (or no hand is shown) and, while no hand
is shown, no person's hidden card is anywhere on screen (with ASCII card codes); a table on top
waits for somebody (a bot thinking, a hand-over coming); the autosave, when there is one, reads.

Bots are fast: the bot levels a walk can choose are played by the easy bot, with no delay or a
hundredth of a second; hints and the review's judgement think briefly. After each step the walk
lets the bots play until a person is to act (bounded: watching bots goes on), so it is nearly
repeatable; bursts of steps sent without waiting give the races. Network tables are not walked
(Host and Join are never clicked).

The long run, outside the test suite (``--bursts`` and ``--resizes``: their shares of the steps)::

    .venv/bin/python tests/support/monkey_walk.py --seeds 0-49 --steps 2000
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import faulthandler
import json
import random
import re
import sys
import tempfile
import time
import traceback
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from textual import events
from textual.errors import NoWidget
from textual.keys import REPLACED_KEYS, _get_unicode_name_from_key
from textual.pilot import OutOfBounds
from textual.widget import Widget
from textual.widgets import Input, Select, Static
from textual.worker import Worker, WorkerState

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.cards import CODES, FIVES, cards_of  # noqa: E402
from game.phase import Phase  # noqa: E402
from game.rules import is_target  # noqa: E402
from store.save import SaveError, from_save_json  # noqa: E402
from tests.support.screens import FAST, click, idle, make_app, resize, screen_text, table_of  # noqa: E402
from tui.app import TarocchinoApp  # noqa: E402
from tui.screens.confirm import ConfirmScreen  # noqa: E402
from tui.screens.declare import DeclareScreen  # noqa: E402
from tui.screens.handover import HandOverScreen  # noqa: E402
from tui.screens.scoring import ScoringScreen  # noqa: E402
from tui.screens.sofar import SoFarScreen  # noqa: E402
from tui.screens.start import StartScreen  # noqa: E402
from tui.screens.table import TableScreen  # noqa: E402
from tui.screens.too_small import TooSmallScreen, big_enough  # noqa: E402
from tui.widgets.hand_view import CARD_KEYS, HandView  # noqa: E402

# ("key", k) | ("click", x, y) | ("wheel-up" | "wheel-down" | "move", x, y) | ("resize", w, h)
# | ("setup", seats, target, seed) | ("burst", step, step, ...)
Step = tuple

SIZES = [
    (80, 24),
    (100, 32),
    (120, 40),
    (30, 8),
    (79, 24),
    (80, 23),
    (60, 20),
    (170, 50),
    (96, 30),
    (110, 34),
]
NOISE = [
    *"abcdefghijklmnopqrstuvwxyzN0123456789",
    "enter",
    "escape",
    "tab",
    "shift+tab",
    "space",
    "backspace",
    "delete",
    "up",
    "down",
    "left",
    "right",
    "home",
    "end",
    "pageup",
    "pagedown",
    "f1",
    "f2",
    "ctrl+s",
    "question_mark",
    "plus",
    "minus",
    "equals_sign",
    "slash",
    "left_square_bracket",
    "right_square_bracket",
    "full_stop",
    "comma",
]
BURSTS = 0.08  # the share of steps that are bursts
RESIZES = 0.04  # the share of steps that resize the terminal
QUITTING = {"ctrl+q", "ctrl+c"}  # (q on the start screen and Quit buttons quit too)
SETUPS = {
    "solo": ("human", "easy", "random", "easy"),
    "hot-seat": ("human", "easy", "human", "easy"),
    "watch": ("random", "easy", "random", "easy"),
}
# Screens on which no hidden card may show while nobody's hand is on screen.
SHARED = (TableScreen, HandOverScreen, DeclareScreen, ConfirmScreen, SoFarScreen)
_TOKEN = re.compile(r"[A-Z0-9]+")


# --------------------------------------------------------------------------- fast bots
@contextlib.contextmanager
def fast_bots() -> Iterator[list[str]]:
    """Every bot level a walk may choose is the easy bot; the hint and the review think briefly.
    Yields the list the failed workers are noted in."""
    import ai.hint
    import ai.judge
    import table.session
    from ai import spec as spec_module

    failures: list[str] = []
    real_parse = table.session.parse_spec
    real_suggest = ai.hint.suggest
    real_iterations = ai.judge.DEFAULT_ITERATIONS
    real_run = Worker._run

    def parse(kind: str, *args, **kwargs):
        base = kind.split(":")[0]
        return real_parse("easy" if base in ("medium", "hard") else kind, *args, **kwargs)

    def suggest(view, legal, rng=None, iterations=None):
        return real_suggest(view, legal, rng, iterations=4)

    async def run(self, app) -> None:
        await real_run(self, app)
        if self.state == WorkerState.ERROR:
            failures.append(f"worker {self.name!r} failed: {self.error!r}")

    table.session.parse_spec = parse
    ai.hint.suggest = suggest
    ai.judge.DEFAULT_ITERATIONS = 4
    Worker._run = run
    try:
        yield failures
    finally:
        table.session.parse_spec = real_parse
        ai.hint.suggest = real_suggest
        ai.judge.DEFAULT_ITERATIONS = real_iterations
        Worker._run = real_run
        assert spec_module  # (imported so that parse_spec's module is loaded)


# --------------------------------------------------------------------------- the walk
@dataclass
class Walk:
    seed: int
    steps: list[Step] = field(default_factory=list)
    screens: set[str] = field(default_factory=set)  # the screens seen on top
    problem: str | None = None
    restarts: int = 0

    def report(self, last: int = 60) -> str:
        shown = self.steps[-last:]
        first = len(self.steps) - len(shown)
        lines = [
            f"monkey seed {self.seed}: {self.problem}",
            f"after {len(self.steps)} steps (replayed by monkey_walk.replay(steps, "
            f"seed={self.seed})); the last {len(shown)}:",
        ]
        lines += [f"  {first + i + 1:5d} {step!r}" for i, step in enumerate(shown)]
        lines.append(f"steps = {self.steps!r}")
        return "\n".join(lines)


def _key_event(key: str) -> events.Key:
    """A key event as Textual's pilot makes it (with its character)."""
    original = REPLACED_KEYS.get(key, key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(original))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


_MOUSE = {
    "wheel-up": events.MouseScrollUp,
    "wheel-down": events.MouseScrollDown,
    "move": events.MouseMove,
}


def _visible(widget: Widget, width: int, height: int) -> tuple[int, int, int, int] | None:
    if not widget.display or not widget.visible:
        return None
    region = widget.region
    x0, y0 = max(0, region.x), max(0, region.y)
    x1, y1 = min(width, region.right), min(height, region.bottom)
    if x1 <= x0 or y1 <= y0:
        return None
    return x0, y0, x1, y1


def _forbidden(app: TarocchinoApp, x: int, y: int) -> bool:
    """A click here would host or join a network table (not walked: it opens sockets)."""
    try:
        widget, _ = app.screen.get_widget_at(x, y)
    except Exception:
        return False
    node: Widget | None = widget
    while node is not None:
        if getattr(node, "id", None) in ("host", "join"):
            return True
        node = node.parent if isinstance(node.parent, Widget) else None
    return False


def _progress(app: TarocchinoApp, rng: random.Random) -> Step | None:
    """A step that moves the game on from this screen (what a player intent on playing does)."""
    screen = app.screen
    if isinstance(screen, StartScreen):
        if rng.random() < 0.5 and screen.query_one("#resume-row").display:
            return ("key", "enter") if screen.query_one("#resume").has_focus else None
        name = rng.choice(list(SETUPS))
        target = rng.choice([5, 20, 40, 100, 800, 0, 7, -5, 123456])
        seed = rng.choice(["", "1", "7", "42"])
        return ("setup", name, target, seed)
    if isinstance(screen, TableScreen):
        view = screen.my_turn()
        if view is None:
            return ("key", "enter")
        hand = screen.query(HandView)
        if not hand:
            return None
        hand = hand.first()
        if view.phase == Phase.PLAY:
            allowed = [i for i, c in enumerate(hand.cards) if c in {a.card for a in view.legal}]
        elif view.phase == Phase.DISCARD:
            allowed = [
                i for i, c in enumerate(hand.cards) if not FIVES >> c & 1 and c not in screen.marked
            ]
        else:
            allowed = []
        if not allowed:
            return ("key", "enter")
        return ("key", CARD_KEYS[rng.choice(allowed)])
    if isinstance(screen, ScoringScreen):
        return ("key", rng.choice(["enter", "enter", "enter", "r", "m", "n", "h"]))
    if isinstance(screen, (HandOverScreen, DeclareScreen, ConfirmScreen)):
        return ("key", rng.choice(["enter", "enter", "enter", "n", "y"]))
    return ("key", "escape")


def choose(app: TarocchinoApp, rng: random.Random) -> Step:
    """The next step, from what the screen on top offers and some noise; now and then a burst of
    them, sent one after the other without waiting for the game (keys typed fast, a resize in
    the middle)."""
    if rng.random() < BURSTS:
        return ("burst", *(_one(app, rng) for _ in range(rng.randint(2, 5))))
    return _one(app, rng)


def _one(app: TarocchinoApp, rng: random.Random) -> Step:
    screen = app.screen
    width, height = app.size
    if rng.random() < RESIZES:
        w, h = rng.choice(SIZES)
        return ("resize", w, h)
    r = rng.random()
    if r < 0.40:
        step = _progress(app, rng)
        if step is not None:
            return step
    if r < 0.65:
        keys = [k for k, b in screen.active_bindings.items() if b.enabled and k not in QUITTING]
        if keys:
            key = rng.choice(keys)
            if not (key == "q" and isinstance(screen, StartScreen) and rng.random() < 0.9):
                return ("key", key)
    if r < 0.80:
        spots = [v for w in screen.query("*") if (v := _visible(w, width, height))]
        if spots:
            x0, y0, x1, y1 = rng.choice(spots)
            x, y = rng.randrange(x0, x1), rng.randrange(y0, y1)
            if not _forbidden(app, x, y):
                return ("click", x, y)
    if r < 0.84:
        x, y = rng.randrange(width), rng.randrange(height)
        if not _forbidden(app, x, y):
            return ("click", x, y)
    if r < 0.88:  # the wheel, or the pointer passing over
        kind = rng.choice(["wheel-up", "wheel-down", "move"])
        return (kind, rng.randrange(width), rng.randrange(height))
    if r < 0.845:
        return ("key", rng.choice(sorted(QUITTING)))
    return ("key", rng.choice(NOISE))


async def perform(pilot, step: Step) -> None:
    app = pilot.app
    kind = step[0]
    if kind == "burst":
        for one in step[1:]:
            if not app.is_running or app._exit:
                return
            await perform(pilot, one)
            await asyncio.sleep(0)
    elif kind == "key":
        app._driver.send_message(_key_event(step[1]))
    elif kind == "click":
        x, y = step[1], step[2]
        width, height = app.size
        if 0 <= x < width and 0 <= y < height:
            # (the pilot finds the widget under the pointer first; mid-change there may be none,
            # where a terminal would send the click to the screen anyway)
            with contextlib.suppress(NoWidget, OutOfBounds):
                await click(pilot, offset=(x, y))
    elif kind in _MOUSE:
        x, y = step[1], step[2]
        app._driver.send_message(
            _MOUSE[kind](None, x, y, 0, 0, 0, False, False, False, screen_x=x, screen_y=y)
        )
    elif kind == "resize":
        await resize(pilot, step[1], step[2])
    elif kind == "setup":
        screen = app.screen
        if isinstance(screen, StartScreen):
            _, name, target, seed = step
            for seat, kind_ in enumerate(SETUPS[name]):
                screen.query_one(f"#kind-{seat}", Select).value = kind_
            screen.query_one("#target", Input).value = str(target)
            screen.query_one("#seed", Input).value = seed
            await idle(pilot)
            # Enter on the button (as a person starts it: a key, not a call)
            screen.query_one("#watch" if name == "watch" else "#start").focus()
            app._driver.send_message(_key_event("enter"))
    else:
        raise ValueError(f"unknown step {step!r}")


async def quiet(pilot, limit: int = 3000) -> None:
    """Let the app handle what the step set off, and the bots play until a person is to act
    (bounded: watching bots never stop)."""
    app = pilot.app
    calm = 0
    for i in range(limit):
        if not app.is_running or app._exit or app._exception:
            return
        try:
            await pilot._wait_for_screen()
        except Exception:
            return
        table = table_of(app)
        busy = table is not None and table.bots.runner is not None and table.bots.runner.busy
        if table is not None and table.watching and i > 20 and not _stalled(app):
            return
        pending = table is not None and table._timer is not None
        if busy or pending or _stalled(app):  # (a move on its way from a bot's thread)
            calm = 0
        else:
            calm += 1
            if calm >= 3:
                return
        await asyncio.sleep(0.002)


def _secrets(match, seats) -> set[str]:
    out: set[str] = set()
    for seat in seats:
        declared = match.hand.declarations[seat]
        public = declared.cards if declared is not None else 0
        out |= {CODES[c] for c in cards_of(match.hand.hands[seat] & ~public)}
    return out


def broken(app: TarocchinoApp, failures: list[str]) -> str | None:
    """What promise is broken now, if any."""
    if app._exception is not None:
        error = app._exception
        text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
        return f"the app failed: {error!r}\n{text}"
    if failures:
        return failures[0]
    stack = app.screen_stack
    if len(stack) < 2 or not isinstance(stack[1], StartScreen):
        return f"the screen stack has no start screen under it: {stack!r}"
    if len(set(map(id, stack))) != len(stack):
        return f"a screen is twice in the stack: {stack!r}"
    if sum(isinstance(s, StartScreen) for s in stack) != 1:
        return f"more than one start screen: {stack!r}"
    if sum(isinstance(s, TableScreen) for s in stack) > 1:
        return f"more than one table: {stack!r}"
    small = [i for i, s in enumerate(stack) if isinstance(s, TooSmallScreen)]
    if small and small != [len(stack) - 1]:
        return f"the too-small screen is not (only) on top: {stack!r}"
    if small and big_enough(*app.size):
        return f"the too-small screen is up at {tuple(app.size)}: {stack!r}"
    if not small and not big_enough(*app.size):
        return f"no too-small screen at {tuple(app.size)}: {stack!r}"
    if len(stack) > 10:
        return f"the screen stack grows: {stack!r}"
    return _privacy(app) or _stalled(app) or _autosave(app)


def _stalled(app: TarocchinoApp) -> str | None:
    """The table on top waits for nobody: a bot of its own to play that is not thinking, or a
    person's turn at a shared screen with no hand-over coming (called once the game is quiet)."""
    table = app.screen
    if not isinstance(table, TableScreen) or not table.ready or table.final is not None:
        return None
    session = table.session
    if session.winner is not None or table.paused or table._timer is not None:
        return None
    turn = session.turn
    busy = table.bots.runner is not None and table.bots.runner.busy
    if turn in session.bots and not busy and table.bots.held is None:
        return f"the table waits for the bot of seat {turn}, which is not thinking"
    if table.hot_seat and turn in session.humans and table.viewer != turn:
        return f"the table waits for seat {turn}, whose hand-over never comes"
    return None


def _refused(app: TarocchinoApp, step: Step, before: object) -> str | None:
    """A match set up with a target that is not one is refused, said on the start screen."""
    if step[0] != "setup" or not isinstance(before, StartScreen) or not before.is_attached:
        return None
    typed = before.query_one("#target", Input).value  # (as the box took it: 5 digits at most)
    if is_target(int(typed)):
        return None
    if table_of(app) is not None:
        return f"a match started with the target {typed}"
    said = str(before.query_one("#start-message", Static).content)
    if "target" not in said:
        return f"the target {typed} refused without a word (the start screen says {said!r})"
    return None


def _privacy(app: TarocchinoApp) -> str | None:
    table = table_of(app)
    if table is None or not table.hot_seat or not table.ready or not table.is_attached:
        return None
    match = table.session.match
    found = table.query(HandView)
    if not found or match.winner is not None or table.final is not None:
        return None
    hand = found.first()
    turn = match.turn
    if hand.cards:
        if table.viewer != turn:
            return f"hot-seat: the hand of seat {table.viewer} is shown while seat {turn} is to act"
        if sorted(hand.cards) != cards_of(match.hand.hands[turn]):
            return f"hot-seat: the hand shown is not the hand of seat {turn}, whose turn it is"
        if isinstance(app.screen, HandOverScreen):
            return "hot-seat: a hand is ready under the hand-over screen"
        return None
    if not app.settings.ascii or not isinstance(app.screen, SHARED):
        return None
    text = screen_text(app)
    shown = set(_TOKEN.findall(text)) & _secrets(match, table.session.humans)
    if shown:
        return f"hot-seat: no hand is shown, yet {sorted(shown)} are on screen:\n{text}"
    return None


def _autosave(app: TarocchinoApp) -> str | None:
    path = app.store.path
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    if _READ.get(path) == text:
        return None  # read already
    try:
        from_save_json(json.loads(text))
    except (ValueError, SaveError) as exc:
        return f"the autosave does not read: {exc}"
    _READ[path] = text
    return None


_READ: dict[Path, str] = {}  # the autosave's text last read, by its path


def label(app: TarocchinoApp) -> str:
    """The screen on top, by name (the table and the sheet say which)."""
    screen = app.screen
    name = type(screen).__name__
    table = table_of(app)
    if isinstance(screen, TableScreen):
        name += " (watching)" if screen.watching else " (hot-seat)" if screen.hot_seat else ""
    elif isinstance(screen, ScoringScreen) and screen.summary.winner is not None:
        name += " (match end)"
    elif (
        table is not None and table.hot_seat and isinstance(screen, (DeclareScreen, ConfirmScreen))
    ):
        name += " (hot-seat)"
    return name


async def walk(
    seed: int,
    steps: int = 300,
    *,
    given: list[Step] | None = None,
    opening: list[Step] | None = None,
    directory: Path | None = None,
) -> Walk:
    """A walk of ``steps`` steps chosen by ``seed`` (or the steps ``given``), the first of them
    the ``opening`` steps when given; stops at the first promise broken (``Walk.problem``)."""
    rng = random.Random(seed)
    done = Walk(seed)
    # bots that answer at once, or a moment later (their move then comes while keys are pressed)
    settings = replace(
        FAST, bot_delay=rng.choice([0.0, 0.0, 0.01]), trick_pause=rng.choice([0.0, 0.0, 0.02])
    )
    total = len(given) if given is not None else steps
    if given is None and opening:
        given = list(opening)
    with contextlib.ExitStack() as stack:
        if directory is None:
            directory = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        failures = stack.enter_context(fast_bots())
        while len(done.steps) < total and done.problem is None:
            app = make_app(directory, None, seed=None, settings=settings)
            async with app.run_test(size=(80, 24)) as pilot:
                await quiet(pilot)
                done.problem = broken(app, failures)
                while len(done.steps) < total and done.problem is None:
                    if given is not None and len(done.steps) < len(given):
                        step = given[len(done.steps)]
                    else:
                        step = choose(app, rng)
                    done.steps.append(step)
                    before = app.screen
                    done.screens.add(label(app))
                    try:
                        await perform(pilot, step)
                    except Exception as exc:  # noqa: BLE001
                        if not app.is_running and app._exception is None:
                            break  # the step quit the game: start it again
                        done.problem = f"the step failed: {exc!r}\n{traceback.format_exc()}"
                        break
                    await quiet(pilot)
                    if app._exception is None and (not app.is_running or app._exit):
                        break  # quit cleanly (it is started again, as a player would)
                    done.problem = broken(app, failures) or _refused(app, step, before)
                    if app.is_running:
                        done.screens.add(label(app))
            if done.problem is None and app._exception is not None:
                done.problem = broken(app, failures)
            if app.return_code not in (0, None) and done.problem is None:
                done.problem = f"the app exited with {app.return_code}"
            done.restarts += 1
    return done


def replay(steps: list[Step], seed: int = -1) -> Walk:
    """The walk of exactly these steps (``seed``: the walk's, which chose the bots' delays)."""
    return asyncio.run(walk(seed, given=steps))


# --------------------------------------------------------------------------- the long run
def _seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out += list(range(int(a), int(b) + 1)) if b else [int(a)]
    return out


def main(argv: list[str] | None = None) -> int:
    global BURSTS, RESIZES  # noqa: PLW0603
    parser = argparse.ArgumentParser(description="Random walks over the game's screens.")
    parser.add_argument("--seeds", default="0-9", help="seeds: 0-9 or 1,5,7")
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--bursts", type=float, default=BURSTS, help="the share of bursts")
    parser.add_argument("--resizes", type=float, default=RESIZES, help="the share of resizes")
    args = parser.parse_args(argv)
    BURSTS, RESIZES = args.bursts, args.resizes
    bad = 0
    seen: set[str] = set()
    for seed in _seeds(args.seeds):
        start = time.monotonic()
        # a walk that hangs says where (the stacks of every thread, every 10 minutes)
        faulthandler.dump_traceback_later(600, repeat=True)
        done = asyncio.run(walk(seed, args.steps))
        faulthandler.cancel_dump_traceback_later()
        seen |= done.screens
        took = time.monotonic() - start
        state = "ok" if done.problem is None else "BROKEN"
        print(
            f"seed {seed}: {state}, {len(done.steps)} steps in {took:.1f} s, "
            f"{done.restarts} starts, screens: {', '.join(sorted(done.screens))}",
            flush=True,
        )
        if done.problem is not None:
            bad += 1
            print(done.report(), flush=True)
    print(f"screens seen: {', '.join(sorted(seen))}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
