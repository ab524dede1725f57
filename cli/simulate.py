"""`tarocchino simulate` and `tarocchino replay`: matches played by bots, one line per hand."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import tempfile
from functools import partial
from pathlib import Path

from ai.contain import Containment, Fault, Guard
from ai.driver import play_match
from ai.spec import parse_spec, reproducible, split_specs
from cli.bot_options import add_time_limit, runs_problem, seconds_problem
from cli.match_options import add_signals
from cli.refusal import FAILED, USAGE, path_given, refuse
from game import record
from game.errors import RecordError
from game.files import clip_path
from game.hand import HandResult
from game.match import Match
from game.rules import Rules
from store.match_setup import MAX_TARGET, target_problem
from text.language import N_, _, number
from text.records import record_problem

REPLAY = "tarocchino replay"

_LINES = N_("""\
Each line is one hand: the match and the hand (counted from 1), the dealer's seat (1 to 4), the
hand's totals of side A (seats 1 and 3) and side B (seats 2 and 4), or "called out", and the
match score, A first; the last hand of a match says which side wins it ("side B wins").
""")

_SIMULATE_EXAMPLES = N_("""\
examples:
  tarocchino simulate --seed 7 --players medium,easy,medium,easy --json
  tarocchino simulate --seed 7 --matches 2 --record games/   games/match-1.json, match-2.json
""")
_SIMULATE_JSON = N_("""\
With --json each hand is one JSON object whose numbers count from 0, as the game record's do:
"match": 0 and "hand": 0 are match 1, hand 1; "dealer" 0 to 3 is seat 1 to 4; side 0 (the
first of "sides" and "score", "winner": 0) is side A.
""")
_REPLAY_EXAMPLES = N_("""\
examples:
  tarocchino replay games/match-1.json
  tarocchino replay games/match-1.json --json
""")
_REPLAY_NUMBERS = N_("""\
A record of `simulate --record` replays with its match's number (the lines it printed), any other
record as match 1. --json prints the objects of `simulate --json`, counted from 0.
""")


def _epilog(*parts: str) -> str:
    """An epilog of paragraphs kept apart (the lines' explanation is shared)."""
    return "\n".join(_(part) for part in parts)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "simulate",
        help=_("play whole matches between bots, one line per hand"),
        description=_("Play whole matches between four bots and print one line per hand."),
        epilog=_epilog(_SIMULATE_EXAMPLES, _LINES, _SIMULATE_JSON),
    )
    p.add_argument("--seed", type=int, required=True, help=_("seed of the first match"))
    p.add_argument("--matches", type=int, default=1, metavar="M", help=_("matches to play (1)"))
    p.add_argument(
        "--players",
        default="random,random,random,random",
        help=_(
            "four bots for seats 1 to 4, comma-separated, each a level with options "
            "(hard:iterations=200) or any bot of `tarocchino bots` (%(default)s)"
        ),
    )
    add_time_limit(p)
    p.add_argument(
        "--target",
        type=int,
        default=Rules().target,
        help=_("match target, a multiple of 5 up to {most} (800)").format(most=number(MAX_TARGET)),
    )
    add_signals(p)
    p.add_argument(
        "--record",
        type=path_given,
        metavar=_("DIR"),
        help=_("write each match's record here (match-1.json, match-2.json, ...)"),
    )
    p.add_argument("--json", action="store_true", help=_("one JSON object per hand"))
    p.set_defaults(func=run_simulate)

    r = sub.add_parser(
        "replay",
        help=_("replay a game record, one line per hand"),
        description=_(
            "Rebuild a match from its game record and print one line per hand, as `simulate` does."
        ),
        epilog=_epilog(_REPLAY_EXAMPLES, _LINES, _REPLAY_NUMBERS),
    )
    r.add_argument(
        "file",
        type=path_given,
        metavar=_("FILE"),
        help=_("a game record (written by `simulate --record` or `export`)"),
    )
    r.add_argument("--json", action="store_true", help=_("one JSON object per hand"))
    r.set_defaults(func=run_replay)


def match_seed(seed: int, m: int) -> int:
    """The seed of match ``m`` of a simulation: the first is ``seed`` itself."""
    if m == 0:
        return seed
    digest = hashlib.sha256(f"{seed}/{m}".encode()).digest()
    return int.from_bytes(digest[:7], "big")


def hand_line(m: int, h: int, result: HandResult, score: list[int], winner: int | None) -> dict:
    return {
        "match": m,
        "hand": h,
        "dealer": result.dealer,
        "called_out": result.called_out is not None,
        "sides": [s.to_json() for s in result.sides],
        "score": list(score),
        "winner": winner,
    }


SIDES = "AB"  # side 0 (seats 1 and 3) and side 1, as the table and the scoresheet name them


def emit(line: dict, as_json: bool) -> None:
    """A hand's line: the JSON object as it is (counted from 0), or the text counted from 1 as
    the table counts, with the sides A and B."""
    if as_json:
        print(json.dumps(line), flush=True)
        return
    a, b = line["sides"]
    how = _("called out") if line["called_out"] else f"{a['total']:>3} – {b['total']:<3}"
    second = f"{line['score'][1]:<4}" if line["winner"] is None else str(line["score"][1])
    end = (
        "  " + _("side {side} wins").format(side=SIDES[line["winner"]])
        if line["winner"] is not None
        else ""
    )
    text = _(
        "match {match} hand {hand:>2}  dealer seat {dealer}  {how}  score {score:>4} – {other}"
    ).format(
        match=line["match"] + 1,
        hand=line["hand"] + 1,
        dealer=line["dealer"] + 1,
        how=how,
        score=line["score"][0],
        other=second,
    )
    text += end
    print(text.rstrip(), flush=True)  # (the columns line up, the last line within 80 columns)


def _error(message: str, status: int = USAGE) -> int:
    return refuse("tarocchino simulate", message, status)


RECORD_NAME = re.compile(r"match-([0-9]{1,19})\.json")


def record_name(m: int) -> str:
    """The file of match ``m`` (0 for the first) of a run: match-1.json for the first."""
    return f"match-{m + 1}.json"


def check_record_dir(directory: Path, matches: int) -> str | None:
    """Why ``--record DIR`` cannot take ``matches`` records (None when it can), found before any
    match is played: DIR is created, and a file named like the longest record is written there."""
    where = clip_path(directory)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        entries = list(os.scandir(directory))
    except FileExistsError:
        return _(
            "--record {directory}: that is a file, not a directory (the records go into a "
            "directory, one file a match)"
        ).format(directory=where)
    except OSError as exc:
        return _("--record {directory}: cannot make or open that directory ({why})").format(
            directory=where, why=exc.strerror
        )
    for entry in entries:
        found = RECORD_NAME.fullmatch(entry.name)
        if found and 1 <= int(found[1]) <= matches and entry.is_dir():
            return _("--record: {path} is a directory").format(path=clip_path(entry.path))
    try:
        fd, probe = tempfile.mkstemp(
            dir=directory, prefix=f".{record_name(matches - 1)}.", suffix=".tmp"
        )
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        return _("--record {directory}: cannot write there ({why})").format(
            directory=clip_path(directory), why=exc.strerror
        )
    return None


def _report(m: int, fault: Fault) -> None:
    """A contained bot's fault, on stderr (the hand lines stay what a replay prints)."""
    print(
        _("tarocchino simulate: match {match} hand {hand} seat {seat}: {fault}").format(
            match=m + 1, hand=fault.hand_number + 1, seat=fault.seat + 1, fault=fault
        ),
        file=sys.stderr,
        flush=True,
    )


def run_simulate(args: argparse.Namespace) -> int:
    names = split_specs(args.players)
    if len(names) != 4:
        return _error(
            _("--players needs four bots, got {n} ({given})").format(
                n=len(names), given=repr(args.players)
            )
        )
    problem = runs_problem("--matches", args.matches)
    if problem:
        return _error(problem)
    problem = target_problem(args.target) or seconds_problem("--time-limit", args.time_limit)
    if problem:
        return _error(problem)
    try:
        rules = Rules(target=args.target, signals=args.signals)
        specs = [parse_spec(n) for n in names]
    except ValueError as exc:
        return _error(str(exc))
    timed = sorted({str(s) for s in specs if reproducible(s) is False})
    if timed:
        print(
            _(
                "tarocchino simulate: note: {bots} thinks for a time budget, so the "
                "output depends on this machine's speed; an iteration budget "
                "(hard:iterations=200) is reproducible"
            ).format(bots=", ".join(timed)),
            file=sys.stderr,
        )
    if args.record is not None:
        problem = check_record_dir(args.record, args.matches)
        if problem is not None:
            return _error(problem)
    for m in range(args.matches):
        seed = match_seed(args.seed, m)
        containment = Containment(
            time_limit_s=args.time_limit,
            echo_stderr=True,
            on_fault=partial(_report, m),
        )
        players = [spec.make(containment) for spec in specs]
        match = Match(seed, rules)

        def on_hand(match: Match, result: HandResult, m: int = m) -> None:
            line = hand_line(m, len(match.results) - 1, result, match.scores, match.winner)
            emit(line, args.json)

        try:
            play_match(match, players, on_hand=on_hand)  # the table's generators
        finally:
            for player in players:
                if isinstance(player, Guard):
                    player.close()
        if args.record is not None:
            path = args.record / record_name(m)
            try:
                record.save(match, path, number=m)  # replay prints the same match number (m + 1)
            except OSError as exc:
                return _error(
                    _("cannot write {file}: {why}").format(
                        file=clip_path(path), why=exc.strerror or exc
                    ),
                    FAILED,
                )
    return 0


def run_replay(args: argparse.Namespace) -> int:
    """A record that cannot be read or used gives one error line and status 2."""
    try:
        read = record.load_recorded(args.file)
    except RecordError as exc:
        return refuse(REPLAY, record_problem(exc))
    match, number = read.match, read.number or 0  # a record not from `simulate`: match 1
    if not match.actions:
        return refuse(
            REPLAY,
            _("{file}: the record has no actions (that match was never started)").format(
                file=clip_path(args.file)
            ),
        )
    score = [0, 0]
    for h, result in enumerate(match.results):
        for side in (0, 1):
            score[side] += result.sides[side].total
        last = h == len(match.results) - 1
        emit(hand_line(number, h, result, score, match.winner if last else None), args.json)
    if match.winner is None:
        print(
            _("{prog}: the record stops in hand {hand}, before the end of the match").format(
                prog=REPLAY, hand=match.hand_number + 1
            ),
            file=sys.stderr,
        )
    return 0
