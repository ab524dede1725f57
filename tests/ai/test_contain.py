"""Containment (ai.contain): bots that are not ours play in a process of their own; whatever they
do, the match completes and the fault is reported."""

from __future__ import annotations

import gc
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from dataclasses import replace
from pathlib import Path

import pytest

from ai.contain import (
    ERROR,
    EXIT,
    GARBAGE,
    ILLEGAL,
    START,
    TIMEOUT,
    ContainedPlayer,
    Containment,
    Fault,
    GuardedPlayer,
    ask,
)
from ai.driver import play_match, seat_rngs
from ai.easy import EasyBot
from ai.random_bot import RandomBot
from ai.spec import parse_spec
from game.match import Match
from game.rules import Rules
from tests.support.paths import BOTS

BOTS = BOTS
MISBEHAVING = BOTS / "misbehaving.py"
LIMITS = Containment(time_limit_s=1.0, start_limit_s=60.0)
SEED, TARGET = 4, 300


def reference(seed: int = SEED, target: int = TARGET, hands: int | None = None) -> Match:
    """The all-easy match: what a misbehaving seat replaced by the easy bot must give."""
    players = [EasyBot() for _ in range(4)]
    return play_match(Match(seed, Rules(target)), players, seat_rngs(seed), max_hands=hands)


def play(
    bot: str,
    *,
    seat: int = 1,
    hands: int | None = None,
    contain: bool = True,
    limit_s: float = LIMITS.time_limit_s,
):
    """A seeded match with the misbehaving ``bot`` in ``seat`` (``limit_s`` seconds for each
    decision) and the easy bot elsewhere."""
    faults: list[Fault] = []
    spec = parse_spec(f"{MISBEHAVING}:{bot}")
    limits = replace(LIMITS, time_limit_s=limit_s, on_fault=faults.append)
    player = spec.make(limits, contain=contain)
    players = [EasyBot() for _ in range(4)]
    players[seat] = player
    try:
        match = play_match(Match(SEED, Rules(TARGET)), players, seat_rngs(SEED), max_hands=hands)
    finally:
        player.close()
    return match, faults, player


def assert_contained(
    bot: str, kind: str, words: str, limit_s: float = LIMITS.time_limit_s
) -> list[Fault]:
    """The bot fails at every decision: three faults of ``kind``, then the easy bot takes over;
    the match completes, hand for hand the all-easy match."""
    match, faults, player = play(bot, limit_s=limit_s)
    expected = reference()
    assert match.winner is not None
    assert len(match.results) == len(expected.results)
    assert match.actions == expected.actions and match.scores == expected.scores
    assert [f.kind for f in faults] == [kind] * 3
    assert all(words in f.problem and f.seat == 1 for f in faults)
    assert [f.takeover for f in faults] == [None, None, "easy"]
    assert "the easy bot plays for it from now on" in str(faults[-1])
    assert player.pop_faults() == faults
    assert player.process is None  # retired: its process is gone
    return faults


def test_a_bot_that_sleeps_past_the_limit() -> None:
    """(It never answers: a limit shorter than the others' shows it as well, in less time.)"""
    assert_contained("Sleeper", TIMEOUT, "took longer than 0.2 s", limit_s=0.2)


def test_a_bot_that_raises() -> None:
    faults = assert_contained("Raiser", ERROR, "raised RuntimeError: the bot broke")
    assert "misbehaving.py line" in faults[0].problem  # where, in the bot's file


def test_a_bot_that_exits() -> None:
    faults = assert_contained("Quitter", EXIT, "its process ended (exit status 7)")
    assert "leaving the table" in faults[0].problem  # its last words


def test_a_bot_that_answers_garbage() -> None:
    assert_contained("Babbler", GARBAGE, "answered something unreadable")


def test_a_bot_that_answers_an_illegal_action() -> None:
    assert_contained("Cheater", ILLEGAL, "which is not legal now")


def test_a_bot_that_answers_something_else_than_an_action() -> None:
    assert_contained("NotAnAction", ERROR, "not an Action")


@pytest.mark.parametrize("bot", ["Sleeper", "Quitter", "Babbler"])
def test_a_bot_whose_process_failed_once_plays_on_in_a_new_one(bot: str) -> None:
    match, faults, player = play(f"{bot}:trick=4", hands=1)
    assert len(faults) == 1 and faults[0].takeover is None
    assert player.replacement is None  # still its own bot, restarted after the fault
    assert match.actions == reference(hands=1).actions


def test_a_bot_that_can_not_start() -> None:
    faults: list[Fault] = []
    spec = parse_spec(f"{MISBEHAVING}:Raiser")
    spec = replace(spec, options=(("trick", "not a number"),))
    with ContainedPlayer(spec, replace(LIMITS, on_fault=faults.append)) as player:
        players = [player, RandomBot(), RandomBot(), RandomBot()]
        play_match(Match(3, Rules(100)), players, seat_rngs(3), max_hands=1)
    assert [f.kind for f in faults] == [START] * 3
    assert "could not start" in faults[0].problem and "trick" in faults[0].problem


def test_a_contained_bot_can_not_read_the_match(tmp_path: Path) -> None:
    report = tmp_path / "peek.jsonl"
    spec = parse_spec(f"{BOTS / 'peeking.py'}:Peeker:report={report}")
    with spec.make(LIMITS) as player:
        play_match(
            Match(2, Rules(100)),
            [player, EasyBot(), EasyBot(), EasyBot()],
            seat_rngs(2),
            max_hands=1,
        )
        assert player.pop_faults() == []
    seen = [json.loads(line) for line in report.read_text().splitlines()]
    assert len(seen) >= 15
    assert all(s == {"found": [], "hands_seen": 0} for s in seen)


def test_the_same_bot_in_the_games_process_can(tmp_path: Path) -> None:
    """The peeking test can fail: in process, the bot finds the match."""
    report = tmp_path / "peek.jsonl"
    spec = parse_spec(f"{BOTS / 'peeking.py'}:Peeker:report={report}")
    player = spec.make(LIMITS, contain=False)
    assert isinstance(player, GuardedPlayer)
    play_match(
        Match(2, Rules(100)), [player, EasyBot(), EasyBot(), EasyBot()], seat_rngs(2), max_hands=1
    )
    seen = [json.loads(line) for line in report.read_text().splitlines()]
    assert any("Match" in s["found"] for s in seen) and any(s["hands_seen"] for s in seen)


def test_contained_and_in_process_play_the_same() -> None:
    spec = parse_spec(f"{MISBEHAVING}:Raiser:trick=20")  # never fails: plays like easy
    inside = spec.make(LIMITS, contain=False)
    with spec.make(LIMITS) as outside:
        view = Match(8).view(Match(8).turn)
        for seed in range(3):
            assert outside.choose(view, view.legal, random.Random(seed)) == inside.choose(
                view, view.legal, random.Random(seed)
            )


def test_ask_reports_the_faults_of_any_player() -> None:
    class Broken:
        name = "broken"

        def choose(self, view, legal, rng):
            raise ValueError("no")

    match = Match(5)
    view = match.view(match.turn)
    action, faults = ask(Broken(), view, random.Random(1))
    assert action in view.legal and faults[0].kind == ERROR and "broken raised" in faults[0].notice
    assert ask(EasyBot(), view, random.Random(1))[1] == []


def test_closing_kills_the_process_even_while_it_thinks() -> None:
    spec = parse_spec(f"{MISBEHAVING}:Sleeper")
    player = ContainedPlayer(spec, replace(LIMITS, time_limit_s=60.0))
    match = Match(1)
    view = match.view(match.turn)
    import threading

    worker = threading.Thread(target=player.choose, args=(view, view.legal, random.Random(1)))
    worker.start()
    for _ in range(600):  # until the bot's process is thinking
        if player.process is not None and player._asked:
            break
        time.sleep(0.05)
    process = player.process
    assert process is not None
    player.close()
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert process.proc.poll() is not None


def test_a_dropped_player_takes_its_process_with_it() -> None:
    player = parse_spec("ai.easy:EasyBot").make(LIMITS)
    match = Match(1)
    view = match.view(match.turn)
    assert player.choose(view, view.legal, random.Random(1)) in view.legal
    assert isinstance(player, ContainedPlayer) and player.process is not None
    proc = player.process.proc
    del player
    gc.collect()
    assert proc.wait(timeout=30) is not None


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def _children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().split(")")[-1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            if ppid == pid:
                out.append(int(entry))
    return out


def _wait_gone(pids: list[int], bound_s: float = 20.0) -> list[int]:
    deadline = time.monotonic() + bound_s
    while time.monotonic() < deadline and any(_alive(p) for p in pids):
        time.sleep(0.1)
    return [p for p in pids if _alive(p)]


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


@needs_proc
def test_a_bot_process_ends_when_the_game_is_killed(tmp_path: Path) -> None:
    host = textwrap.dedent(f"""
        import random, sys
        from ai.contain import Containment
        from ai.spec import parse_spec
        from game.match import Match
        player = parse_spec({str(MISBEHAVING) + ":Sleeper"!r}).make(Containment(time_limit_s=600))
        match = Match(1)
        view = match.view(match.turn)
        import threading
        threading.Thread(target=player.choose, args=(view, view.legal, random.Random(1))).start()
        import time
        while player.process is None or not player._asked:
            time.sleep(0.02)
        print(player.process.proc.pid, flush=True)
        time.sleep(600)
    """)
    game = subprocess.Popen([sys.executable, "-c", host], stdout=subprocess.PIPE, text=True)
    try:
        assert game.stdout is not None
        bot_pid = int(game.stdout.readline())
        assert _alive(bot_pid)
        game.send_signal(signal.SIGKILL)
        game.wait(timeout=30)
        assert _wait_gone([bot_pid]) == []
    finally:
        game.kill()
        game.wait(timeout=30)


RAISER = f"{MISBEHAVING}:Raiser:trick=99"
MEASUREMENTS = {
    "arena": ["arena", RAISER, "hard", "--deals", "50", "--budget", "0.2"],
    "regret": ["regret", RAISER, "--hands", "50"],
}


@needs_proc
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL])
@pytest.mark.parametrize("command", sorted(MEASUREMENTS))
def test_killing_a_measurement_leaves_no_process(command: str, how: int, tmp_path: Path) -> None:
    """The workers of the arena (or of regret, calibrate's twin) and the bots' processes under
    them all end with it."""
    arena = subprocess.Popen(
        [sys.executable, "-m", "cli.main", *MEASUREMENTS[command], "--workers", "2", "--seed", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert arena.stderr is not None
        deadline = time.monotonic() + 120
        family: list[int] = []
        while time.monotonic() < deadline:  # both workers running, each with its bot's process
            workers = _children(arena.pid)
            family = workers + [b for w in workers for b in _children(w)]
            if len(workers) >= 2 and len(family) >= 4:
                break
            time.sleep(0.1)
        assert len(family) >= 4, family
        arena.send_signal(how)
        arena.wait(timeout=60)
        assert _wait_gone(family) == []
        if how == signal.SIGTERM and command == "arena":
            assert arena.returncode == 130
            assert "interrupted" in arena.stderr.read()
    finally:
        arena.kill()
        arena.wait(timeout=30)
