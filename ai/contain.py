"""Containment: bots that are not ours play in a process of their own, under a time limit, and
whatever they do the match goes on.

A :class:`ContainedPlayer` is a :class:`~ai.player.Player` like any other: the table, the arena
and ``simulate`` use it unchanged. Behind ``choose`` it starts the bot's process
(:mod:`ai.botproc`, a fresh interpreter that receives only the seat's view in the wire form),
asks it, and checks the answer. A bot that hangs past the limit, raises, exits, answers garbage or
an illegal action is replaced for that decision by a safe legal move (the easy bot's), the fault is
recorded (:meth:`~Guard.pop_faults`, or the ``on_fault`` callback), and after
``max_faults`` faults a built-in level plays the seat for the rest of the match. A process that
hung or died is killed and a new one started for the next decision. Processes are killed when the
player is closed or collected, when the game exits, and (from their side) when the game is gone.
"""

from __future__ import annotations

import math
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ai.easy import EasyBot
from ai.lifeline import HOST_PID_ENV
from ai.player import Player
from ai.spec import BotInfo, BotSpec, OptionInfo, Source, SpecError, format_value
from game import wire
from game.actions import Action
from game.errors import WireError
from game.signals import choosable
from game.view import PlayerView

TIMEOUT, ERROR, EXIT, GARBAGE, ILLEGAL, START = (
    "timeout",
    "error",
    "exit",
    "garbage",
    "illegal",
    "start",
)
_ROOT = str(Path(__file__).resolve().parents[1])  # the directory holding the game's packages
_POSIX = os.name == "posix"


@dataclass(frozen=True, slots=True)
class Containment:
    """The limits a contained bot plays under."""

    time_limit_s: float = 5.0  # per decision (or twice the bot's budget_s, when that is more)
    start_limit_s: float = 20.0  # to start the process and load the bot
    max_faults: int = 3  # faults in one match before a built-in level takes the seat over
    takeover: str = "easy"  # the level that plays a seat taken over (and each replaced move)
    echo_stderr: bool = False  # copy what the bot prints to our stderr, "[bot] ..."
    on_fault: Callable[[Fault], None] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        for name in ("time_limit_s", "start_limit_s"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not math.isfinite(value) or value <= 0:
                raise ValueError(f"{name} must be a positive number of seconds, not {value!r}")
        if not isinstance(self.max_faults, int) or self.max_faults < 1:
            raise ValueError(f"max_faults must be at least 1, not {self.max_faults!r}")

    def limit_for(self, spec: BotSpec) -> float:
        budget = dict(spec.options).get("budget_s")
        if isinstance(budget, (int, float)) and math.isfinite(budget) and budget > 0:
            return max(self.time_limit_s, 2.0 * budget)
        return self.time_limit_s


@dataclass(frozen=True, slots=True)
class Fault:
    """One decision a bot failed: what went wrong, the move played instead, and whether a
    built-in level plays the seat from now on."""

    bot: str
    seat: int
    hand_number: int
    kind: str  # TIMEOUT, ERROR, EXIT, GARBAGE, ILLEGAL or START
    problem: str  # in words: "took longer than 5 s", "raised ValueError: … (bot.py line 3)"
    played: Action
    takeover: str | None = None

    @property
    def notice(self) -> str:
        """What went wrong, for the table: "mybot.py:MyBot took longer than 5 s to choose"."""
        text = f"{self.bot} {self.problem}"
        if self.takeover:
            text += f"; the {self.takeover} bot plays for it from now on"
        return text

    def __str__(self) -> str:
        text = f"{self.bot} {self.problem}; '{self.played}' was played instead"
        if self.takeover:
            text += f"; the {self.takeover} bot plays for it from now on"
        return text


class _Faulted(Exception):
    def __init__(self, kind: str, problem: str) -> None:
        super().__init__(problem)
        self.kind, self.problem = kind, problem


def safe_move(view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
    """The move played for a bot that failed: the easy bot's choice (always legal)."""
    action = EasyBot().choose(view, legal, rng)
    return action if choosable(view, action, legal) else legal[0]


class Guard:
    """The fault handling every guarded player shares: replace, record, take over."""

    def __init__(self, label: str, containment: Containment) -> None:
        self.name = label
        self.containment = containment
        self.replacement: Player | None = None  # the level playing this seat after a takeover
        self._strikes = 0
        self._new: list[Fault] = []
        self._lock = threading.RLock()

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        with self._lock:
            if self.replacement is not None:
                return self.replacement.choose(view, legal, rng)
            seed = rng.getrandbits(63)
            try:
                action = self._attempt(view, legal, seed)
                if not choosable(view, action, legal):
                    raise _Faulted(ILLEGAL, f"chose '{action}', which is not legal now")
                return action
            except _Faulted as fault:
                return self._replace(view, legal, rng, fault)

    def _attempt(self, view: PlayerView, legal: Sequence[Action], seed: int) -> Action:
        raise NotImplementedError

    def _replace(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random, fault: _Faulted
    ) -> Action:
        action = safe_move(view, legal, rng)
        self._strikes += 1
        takeover = None
        if self._strikes >= self.containment.max_faults:
            from ai.registry import make_bot

            takeover = self.containment.takeover
            self.replacement = make_bot(takeover)
            self._retire()
        record = Fault(
            self.name, view.seat, view.hand_number, fault.kind, fault.problem, action, takeover
        )
        self._new.append(record)
        del self._new[:-100]
        if self.containment.on_fault is not None:
            self.containment.on_fault(record)
        return action

    def _retire(self) -> None:
        """Called when a built-in level takes the seat over."""

    def renew(self) -> None:
        """A fresh bot for a new match (the arena: a new hand); the fault count starts again."""
        with self._lock:
            self._strikes = 0
            self.replacement = None

    def pop_faults(self) -> list[Fault]:
        """The faults since the last call (for the table to say so)."""
        with self._lock:
            out, self._new = self._new, []
            return out

    def close(self) -> None:
        """Stop the bot (for good)."""

    def __enter__(self) -> Guard:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class GuardedPlayer(Guard):
    """A bot in the game's process, guarded: its exceptions and illegal answers are faults.
    Nothing stops it reading the game; use a :class:`ContainedPlayer` for that."""

    def __init__(
        self, make: Callable[[], Player], label: str, containment: Containment | None = None
    ) -> None:
        super().__init__(label, containment or Containment())
        self.make = make
        self.bot = make()

    def renew(self) -> None:
        with self._lock:
            super().renew()
            self.bot = self.make()

    def _attempt(self, view: PlayerView, legal: Sequence[Action], seed: int) -> Action:
        try:
            action = self.bot.choose(view, legal, random.Random(seed))
        except Exception as exc:
            raise _Faulted(ERROR, f"raised {type(exc).__name__}: {exc}"[:300]) from None
        if not isinstance(action, Action):
            raise _Faulted(GARBAGE, f"returned {repr(action)[:80]}, not an Action")
        return action


# ----------------------------------------------------------------- the bot's process
_EOF, _TOO_LONG = object(), object()
_RUNNING: weakref.WeakSet[BotProcess] = weakref.WeakSet()


def close_all() -> None:
    """Kill every bot process this process started (a front end that exits calls it first, so a
    bot that is thinking does not hold the exit up until its time limit)."""
    for process in list(_RUNNING):
        process.kill()


class BotProcess:
    """One running ``python -m ai.botproc``: its pipes, reader threads and last words."""

    def __init__(self, label: str, echo: bool = False) -> None:
        env = dict(os.environ)
        env[HOST_PID_ENV] = str(os.getpid())
        path = env.get("PYTHONPATH", "")
        env["PYTHONPATH"] = path + os.pathsep + _ROOT if path else _ROOT
        self.tail: deque[str] = deque(maxlen=20)  # the last lines the bot wrote on stderr
        self._answers: queue.Queue[object] = queue.Queue()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ai.botproc"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            start_new_session=_POSIX,
        )
        self._finalizer = weakref.finalize(self, _kill, self.proc)
        _RUNNING.add(self)
        # The readers hold the streams, not this object: dropping it kills the process.
        assert self.proc.stdout is not None and self.proc.stderr is not None
        prefix = f"[{label}] " if echo else None
        self._out = threading.Thread(
            target=_read_answers, args=(self.proc.stdout, self._answers), daemon=True
        )
        self._err = threading.Thread(
            target=_read_stderr, args=(self.proc.stderr, self.tail, prefix), daemon=True
        )
        self._out.start()
        self._err.start()

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def send(self, message: dict[str, Any]) -> None:
        stream = self.proc.stdin
        assert stream is not None
        try:
            stream.write(wire.dumps(message).encode("ascii") + b"\n")
            stream.flush()
        except (OSError, ValueError):
            raise _Faulted(EXIT, self._ended()) from None

    def receive(self, timeout_s: float, what: str) -> dict[str, Any]:
        """The next answer; _Faulted when there is none within ``timeout_s`` or it is garbage."""
        try:
            line = self._answers.get(timeout=timeout_s)
        except queue.Empty:
            raise _Faulted(TIMEOUT, f"took longer than {timeout_s:g} s {what}") from None
        if line is _EOF:
            raise _Faulted(EXIT, self._ended())
        if line is _TOO_LONG:
            raise _Faulted(GARBAGE, "answered a line too long to read")
        assert isinstance(line, bytes)
        try:
            return wire.loads(line)
        except WireError as exc:
            shown = line[:60].decode("utf-8", "replace").strip()
            raise _Faulted(GARBAGE, f"answered something unreadable ({shown!r}: {exc})") from None

    def _ended(self) -> str:
        try:
            code = self.proc.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            code = None
        self._err.join(timeout=0.5)
        text = "its process ended" + ("" if code is None else f" (exit status {code})")
        last = next((line for line in reversed(self.tail) if line.strip()), "")
        return text + (f"; its last words: {last.strip()[:200]}" if last else "")

    def kill(self) -> None:
        self._finalizer()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass


def _read_answers(stream: IO[bytes], answers: queue.Queue[object]) -> None:
    """Each line of the bot's answers (bounded), then _EOF; _TOO_LONG ends the reading."""
    try:
        while True:
            line = stream.readline(wire.MAX_MESSAGE_BYTES + 1)
            if not line:
                break
            if len(line) > wire.MAX_MESSAGE_BYTES and not line.endswith(b"\n"):
                answers.put(_TOO_LONG)
                return
            answers.put(line)
    except (OSError, ValueError):
        pass
    answers.put(_EOF)


def _read_stderr(stream: IO[bytes], tail: deque[str], prefix: str | None) -> None:
    """Keep the last lines the bot writes on stderr (and copy them to ours after ``prefix``)."""
    try:
        while True:
            line = stream.readline(4096)
            if not line:
                return
            text = line.decode("utf-8", "replace").rstrip()
            tail.append(text[:300])
            if prefix is not None:
                print(prefix + text, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        return


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill the bot's process and anything it started (its own session), and reap it."""
    if proc.poll() is None:
        try:
            if _POSIX:
                os.killpg(proc.pid, signal.SIGKILL)
            else:  # pragma: no cover - not POSIX
                proc.kill()
        except (ProcessLookupError, PermissionError, OSError):
            pass
    try:
        proc.wait(timeout=5.0)
    except subprocess.TimeoutExpired:  # pragma: no cover - the kernel did not reap it in time
        pass


class ContainedPlayer(Guard):
    """A bot that is not ours, in a process of its own; see the module docstring.

    The process starts at the first decision (a seat that never plays costs nothing) and keeps
    the same bot object from decision to decision until it faults or :meth:`renew` asks for a
    fresh one."""

    def __init__(self, spec: BotSpec, containment: Containment | None = None) -> None:
        if not spec.contained:
            raise ValueError(f"{spec} is a built-in level: it needs no containment")
        super().__init__(str(spec), containment or Containment())
        self.spec = spec
        self.time_limit_s = self.containment.limit_for(spec)
        self.process: BotProcess | None = None
        self._fresh = False  # the running bot must be replaced by a new one before the next ask
        self._asked = 0
        self._closed = False

    def _attempt(self, view: PlayerView, legal: Sequence[Action], seed: int) -> Action:
        try:
            process = self._ready()
            self._asked += 1
            process.send(
                {
                    "type": "choose",
                    "id": self._asked,
                    "seed": seed,
                    "view": wire.view_to_json(view),
                    "legal": [str(a) for a in legal],
                }
            )
            answer = process.receive(self.time_limit_s, "to choose")
            if answer.get("type") == "error" and answer.get("id") == self._asked:
                raise _Faulted(ERROR, _said(answer))
            if answer.get("type") != "action" or answer.get("id") != self._asked:
                raise _Faulted(GARBAGE, f"answered out of turn ({str(answer)[:80]})")
            try:
                return wire.action_from_json(answer.get("action"))
            except WireError as exc:
                raise _Faulted(GARBAGE, f"answered an unreadable action ({exc})") from None
        except _Faulted as fault:
            if fault.kind != ERROR:  # the process can not be trusted to go on
                self._stop()
            raise

    def _ready(self) -> BotProcess:
        """The running process with a bot ready to answer, started (or refreshed) if need be."""
        if self._closed:
            raise _Faulted(EXIT, "was stopped")
        process = self.process
        if process is not None and not process.alive:
            self._stop()
            process = None
        if process is None:
            try:
                process = self.process = BotProcess(self.name, self.containment.echo_stderr)
            except OSError as exc:
                raise _Faulted(START, f"could not start a process: {exc}") from None
            process.send(
                {
                    "type": "start",
                    "wire": wire.WIRE_VERSION,
                    "source": self.spec.origin.to_json(),
                    "options": [[k, format_value(v)] for k, v in self.spec.options],
                    "name": self.name,
                }
            )
            self._fresh = False
            self._expect_ready(process, "to start")
        elif self._fresh:
            process.send({"type": "new"})
            self._fresh = False
            self._expect_ready(process, "to start again")
        return process

    def _expect_ready(self, process: BotProcess, what: str) -> None:
        try:
            answer = process.receive(self.containment.start_limit_s, what)
        except _Faulted as fault:
            raise _Faulted(START, "could not start: " + fault.problem) from None
        if answer.get("type") != "ready":
            self._stop()
            raise _Faulted(START, "could not start: " + _said(answer))

    def renew(self) -> None:
        with self._lock:
            super().renew()
            self._fresh = True

    def _stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process = None

    def _retire(self) -> None:
        self._stop()

    def close(self) -> None:
        """Kill the bot's process now, even while it thinks (its decision becomes a safe move)."""
        self._closed = True
        process = self.process
        if process is not None:
            process.kill()


def _said(answer: dict[str, Any]) -> str:
    message = answer.get("message")
    return str(message)[:500] if message else f"answered {str(answer)[:80]}"


def ask(player: Player, view: PlayerView, rng: random.Random) -> tuple[Action, list[Fault]]:
    """A decision of any player that never fails: its legal action and the faults to report
    (a guarded player's since the last call; for any other player, an exception or an illegal
    answer is replaced by a safe move and reported the same way)."""
    legal = view.legal
    if isinstance(player, Guard):
        action = player.choose(view, legal, rng)
        return action, player.pop_faults()
    label = getattr(player, "name", "the bot")
    try:
        action = player.choose(view, legal, rng)
    except Exception as exc:  # a failing bot must not end the game
        problem = f"raised {type(exc).__name__}: {exc}"[:300]
        kind = ERROR
    else:
        if choosable(view, action, legal):
            return action, []
        problem, kind = f"chose '{action}', which is not legal now", ILLEGAL
    played = safe_move(view, legal, rng)
    return played, [Fault(str(label), view.seat, view.hand_number, kind, problem, played)]


# ----------------------------------------------------------------- checking a bot
def check_contained(
    source: Source,
    raw: Iterable[tuple[str, str]],
    name: str,
    *,
    build: bool = True,
    defaults: Iterable[tuple[str, str]] = (),
    start_limit_s: float | None = None,
) -> tuple[BotInfo, tuple[tuple[str, Any], ...]]:
    """Load the bot of ``source`` in a process of its own, read ``raw`` options (and the
    ``defaults`` it takes) by their types and (``build``) build it once: what it is, and its
    options with their values. SpecError with the reason when any of this fails."""
    limit = start_limit_s if start_limit_s is not None else Containment().start_limit_s
    try:
        process = BotProcess(name)
    except OSError as exc:
        raise SpecError(f"{name}: could not start a process: {exc}") from None
    try:
        process.send(
            {
                "type": "check",
                "wire": wire.WIRE_VERSION,
                "source": source.to_json(),
                "options": [list(o) for o in raw],
                "defaults": [list(o) for o in defaults],
                "name": name,
                "build": build,
            }
        )
        answer = process.receive(limit, "to load")
    except _Faulted as fault:
        raise SpecError(f"{name}: {fault.problem}") from None
    finally:
        process.kill()
    if answer.get("type") == "error":
        raise SpecError(_said(answer))
    try:
        info = answer["info"]
        options = tuple((str(k), v) for k, v in answer["options"])
        described = BotInfo(
            name,
            "",
            source,
            str(info["summary"])[:200],
            tuple(OptionInfo.from_json(o) for o in info["options"][:100]),
            bool(info["any_options"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise SpecError(f"{name}: its process answered {str(answer)[:80]} ({exc})") from None
    return described, options
