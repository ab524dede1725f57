"""`tarocchino arena A B`: two bots on the same deals from both sides (duplicate), with figures."""

from __future__ import annotations

import argparse
import math
import signal
import sys
import time
from pathlib import Path
from typing import Any

from ai.contain import Containment
from ai.lab import journal
from ai.lab.arena import run_arena, run_sprt
from ai.lab.journal import JournalError
from ai.lab.sprt import ALPHA, BETA, H0, H1, MAX_DEALS, MIN_DEALS, Sprt
from ai.player import MAX_BUDGET_S, MAX_SAMPLES
from ai.registry import BOTS
from ai.spec import SpecError, parse_spec
from cli.bot_options import (
    add_time_limit,
    print_figures,
    runs_problem,
    seconds_problem,
    workers_problem,
)
from cli.match_options import add_signals
from cli.refusal import FAILED, USAGE, path_given, refuse
from game.files import FileReadError, clip_path
from text.language import N_, _, ngettext, number, pgettext
from text.plaintext import PAGE
from text.specs import spec_words
from text.storage import file_problem, write_problem
from text.wrapping import Hanging

PROG = "tarocchino arena"
DEALS = 100  # deals played without --sprt

_EPILOG = N_("""\
examples:
  tarocchino arena easy random --deals 100 --seed 1
  tarocchino arena hard medium --deals 300 --seed 1 --budget 0.1 --json
  tarocchino arena hard:budget_s=1.0 medium --deals 50 --seed 7 --workers 2
  tarocchino arena hard:playout=learned hard --sprt=0,10 --seed 1
  tarocchino arena hard medium --sprt=0,5 --seed 18 --journal runs/hm.jsonl

Each deal is played twice from 0-0, one hand each: A's pair in seats 1 and 3, then in 2 and
4, with the same cards in the same seats. mean_diff is A's side total minus B's, averaged over
the two hands of a deal and then over the deals; stderr is over deals; ci95 = mean +/- 1.96 stderr.
decision_ms are per-decision times (only decisions with more than one legal action).
A player is a level, optionally with options: LEVEL:KEY=VALUE,KEY=VALUE; or an installed
bot, module:Class or path/to/file.py:Class (see `tarocchino bots`), which plays in a process of its
own: a decision that fails (too slow, an exception, an illegal action...) is replaced by the easy
bot's and counted under faults, and after 3 faults in a hand the easy bot finishes that hand.
The level oracle, for measurement only, is shown every card of the deal: the ceiling of the
ladder, not a fair player (it takes hard's options).
--budget and --iterations go to every player that takes them (budget_s, iterations).
Progress (deals done, running mean, ETA) goes to stderr.

--sprt LOW,HIGH plays deals until a sequential probability ratio test decides between H0, A's
mean margin is LOW points a deal (or less), and H1, it is HIGH (or more), as chess engines' test
farms decide a patch. The log-likelihood ratio (LLR) is the normal one with the variance
estimated from the deals; H1 is accepted when it reaches ln((1-beta)/alpha), H0 when it falls to
ln(beta/(1-alpha)), never before {least} deals; after --max-deals the verdict is inconclusive.
The deals are checked in deal order: the same seed gives the same verdict with any --workers.
A negative LOW is written --sprt=-5,5. The interval shown after a sequential test leans towards
the verdict (the test stops when the deals happen to be far from the middle).

--journal FILE writes each deal to FILE as soon as it is played. Stopped (Ctrl-C, a kill, the
machine restarted), the same command goes on from the deals in FILE and ends with the same
figures as a run in one go; elapsed is the time of the last run alone. A journal of another run
(other bots, seed, options, deals or test) is refused and left as it is.
""")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "arena",
        help=_("duplicate deals between two bots: mean margin, confidence interval, timings"),
        description=_("Play duplicate deals between two bots and measure A's mean margin over B."),
        epilog=_(_EPILOG).format(least=MIN_DEALS),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    levels = ", ".join([*BOTS, "oracle"])
    parser.add_argument(
        "a", metavar="A", help=_("the first player ({levels}, or any bot)").format(levels=levels)
    )
    parser.add_argument("b", metavar="B", help=_("the second player"))
    parser.add_argument("--deals", type=int, metavar="N", help=_("deals ({n})").format(n=DEALS))
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the deals (1)"))
    parser.add_argument(
        "--budget",
        type=float,
        metavar=_("SECONDS"),
        help=_("time per decision for search bots (at most {most})").format(
            most=f"{MAX_BUDGET_S:g}"
        ),
    )
    parser.add_argument(
        "--iterations",
        type=int,
        metavar="N",
        help=_("deals sampled per decision (deterministic; 1 to {most})").format(
            most=number(MAX_SAMPLES)
        ),
    )
    parser.add_argument("--workers", type=int, default=2, help=_("worker processes (2)"))
    add_signals(parser)
    parser.add_argument(
        "--sprt",
        metavar=_("LOW,HIGH"),
        help=_(
            "play until a sequential test says A's margin is HIGH rather than LOW (points a deal)"
        ),
    )
    parser.add_argument(
        "--alpha",
        type=float,
        help=_("with --sprt: the chance of H1 when LOW is true ({alpha})").format(
            alpha=f"{ALPHA:g}"
        ),
    )
    parser.add_argument(
        "--beta",
        type=float,
        help=_("with --sprt: the chance of H0 when HIGH is true ({beta})").format(beta=f"{BETA:g}"),
    )
    parser.add_argument(
        "--max-deals",
        type=int,
        metavar="N",
        help=_("with --sprt: deals at most, then inconclusive ({n})").format(n=MAX_DEALS),
    )
    parser.add_argument(
        "--journal",
        type=path_given,
        metavar=_("FILE"),
        help=_("write each deal to FILE, and go on from the deals already in it"),
    )
    add_time_limit(parser)
    parser.add_argument("--json", action="store_true", help=_("print the figures as one JSON line"))
    parser.add_argument("--quiet", action="store_true", help=_("no progress on stderr"))
    parser.set_defaults(func=run)


class _Progress:
    """Deals done, running mean and ETA on stderr, at most a few times a second."""

    def __init__(self, interval_s: float = 0.5) -> None:
        self.interval_s = interval_s
        self.last = -interval_s

    def __call__(self, done: int, total: int, mean: float, eta_s: float) -> None:
        now = time.monotonic()
        if done < total and now - self.last < self.interval_s:
            return
        self.last = now
        end = "\n" if done == total else ""
        said = _("{prog}: {done}/{total} deals  mean {mean}  ETA {eta}s").format(
            prog=PROG, done=done, total=total, mean=f"{mean:+.1f}", eta=f"{eta_s:.0f}"
        )
        print(
            f"\r{said}   ",
            end=end,
            file=sys.stderr,
            flush=True,
        )


class _SprtProgress(_Progress):
    """Deals done, running mean and the LLR on stderr, at most a few times a second; the last
    line, ended, once the test has its verdict (:meth:`finish`)."""

    line = ""

    def __call__(self, done: int, total: int, mean: float, llr: float) -> None:
        said = _("{prog}: {done} deals (at most {total})  mean {mean}  LLR {llr}").format(
            prog=PROG, done=done, total=total, mean=f"{mean:+.1f}", llr=f"{llr:+.2f}"
        )
        self.line = f"\r{said}   "
        now = time.monotonic()
        if now - self.last >= self.interval_s:
            self.last = now
            print(self.line, end="", file=sys.stderr, flush=True)

    def finish(self) -> None:
        if self.line:
            print(self.line, file=sys.stderr, flush=True)


def _check(args: argparse.Namespace) -> str | None:
    """What is wrong with the numbers given, if anything."""
    problem = _sprt_problem(args)
    if problem:
        return problem
    if args.deals is not None:
        problem = runs_problem("--deals", args.deals)
    problem = problem or workers_problem(args.workers)
    if problem:
        return problem
    problem = seconds_problem("--budget", args.budget)
    if not problem and args.budget is not None and args.budget > MAX_BUDGET_S:  # as budget_s
        problem = _("--budget must be at most {most} seconds, not {n}").format(
            most=f"{MAX_BUDGET_S:g}", n=f"{args.budget:g}"
        )
    problem = problem or seconds_problem("--time-limit", args.time_limit)
    if problem:
        return problem
    if args.iterations is not None and args.iterations < 1:
        return _("{option} must be at least 1").format(option="--iterations")
    if args.iterations is not None and args.iterations > MAX_SAMPLES:  # as iterations
        return _("{option} must be at most {most}, not {n}").format(
            option="--iterations", most=number(MAX_SAMPLES), n=number(args.iterations)
        )
    return None


def _bounds(text: str) -> tuple[float, float] | None:
    """LOW and HIGH of ``--sprt LOW,HIGH``, or None if they are not two numbers."""
    parts = text.split(",")
    if len(parts) != 2:
        return None
    try:
        low, high = float(parts[0]), float(parts[1])
    except ValueError:
        return None
    if not (math.isfinite(low) and math.isfinite(high)):
        return None
    return low, high


def _sprt_problem(args: argparse.Namespace) -> str | None:
    """What is wrong with ``--sprt`` and its options, if anything."""
    if args.sprt is None:
        given = (("--alpha", args.alpha), ("--beta", args.beta), ("--max-deals", args.max_deals))
        extra = [flag for flag, value in given if value is not None]
        return _("{option} goes with --sprt LOW,HIGH").format(option=extra[0]) if extra else None
    if args.deals is not None:
        return _("--deals does not go with --sprt (the test decides; --max-deals bounds it)")
    bounds = _bounds(args.sprt)
    if bounds is None:
        return _(
            "--sprt takes LOW,HIGH, two numbers of points a deal (e.g. 0,10), not {given}"
        ).format(given=repr(args.sprt))
    if bounds[0] >= bounds[1]:
        return _("--sprt LOW must be below HIGH, not {given}").format(given=args.sprt)
    for flag, value in (("--alpha", args.alpha), ("--beta", args.beta)):
        if value is not None and not 0 < value < 0.5:
            return _("{option} must be above 0 and below 0.5, not {value}").format(
                option=flag, value=f"{value:g}"
            )
    if args.max_deals is not None:
        return runs_problem("--max-deals", args.max_deals)
    return None


def _sprt(args: argparse.Namespace) -> Sprt:
    """The sequential test asked for (the options checked)."""
    bounds = _bounds(args.sprt)
    assert bounds is not None
    return Sprt(
        *bounds,
        alpha=ALPHA if args.alpha is None else args.alpha,
        beta=BETA if args.beta is None else args.beta,
        max_deals=MAX_DEALS if args.max_deals is None else args.max_deals,
    )


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def run(args: argparse.Namespace) -> int:
    problem = _check(args)
    try:
        if problem:
            raise SpecError(problem)
        defaults = {"budget_s": args.budget, "iterations": args.iterations}
        a, b = (parse_spec(text, defaults=defaults, measurement=True) for text in (args.a, args.b))
    except SpecError as error:
        return refuse(PROG, spec_words(error))
    containment = Containment(time_limit_s=args.time_limit, echo_stderr=True)
    previous = signal.signal(signal.SIGTERM, _interrupt)  # a kill stops the workers too
    try:
        if args.sprt is None:
            summary = run_arena(
                a,
                b,
                DEALS if args.deals is None else args.deals,
                args.seed,
                workers=args.workers,
                progress=None if args.quiet else _Progress(),
                containment=containment,
                signals=args.signals,
                journal=args.journal,
            )
        else:
            progress = _SprtProgress()
            summary = run_sprt(
                a,
                b,
                _sprt(args),
                args.seed,
                workers=args.workers,
                progress=None if args.quiet else progress,
                containment=containment,
                signals=args.signals,
                journal=args.journal,
            )
            progress.finish()
    except KeyboardInterrupt:
        said = _("{prog}: interrupted").format(prog=PROG)
        if args.journal is not None:
            said = _("{prog}: interrupted; the same command goes on from the deals in {path}")
            said = said.format(prog=PROG, path=clip_path(args.journal))
        print("\n" + said, file=sys.stderr)
        return 130
    except JournalError as error:
        status = FAILED if error.reason == journal.CANNOT_WRITE else USAGE
        return refuse(PROG, _journal_problem(error, args.journal), status)
    finally:
        signal.signal(signal.SIGTERM, previous)
    return print_figures(summary, args.json, render)


# What each part of a journal's header is on the command line.
_HEADER_WORDS = {
    "a": "A",
    "b": "B",
    "seed": "--seed",
    "signals": "--signals",
    "deals": "--deals",
    "low": "--sprt LOW",
    "high": "--sprt HIGH",
    "alpha": "--alpha",
    "beta": "--beta",
    "max_deals": "--max-deals",
}


def _journal_problem(error: JournalError, path: str | Path) -> str:
    """Why the journal at ``path`` is refused, or cannot be written, in words."""
    where, facts, code = clip_path(path), error.facts, error.reason
    if isinstance(error.cause, OSError):
        return _("cannot write the journal: {problem}").format(problem=write_problem(error.cause))
    if isinstance(error.cause, FileReadError) and code == journal.NOT_JSON:
        return _("the journal {path} is damaged: line {line}: {problem}").format(
            path=where, line=facts["line"], problem=file_problem(error.cause)
        )
    if isinstance(error.cause, FileReadError):
        return _("cannot read the journal {path}: {problem}").format(
            path=where, problem=file_problem(error.cause)
        )
    if code == journal.OTHER_RUN:
        none = pgettext("a value the journal or the run does not have", "none")
        theirs, ours = (none if facts[k] == "null" else facts[k] for k in ("journal", "run"))
        return _(
            "the journal {path} is of another run: {what} is {theirs} there, {ours} here"
        ).format(
            path=where,
            what=_HEADER_WORDS.get(str(facts["key"]), facts["key"]),
            theirs=theirs,
            ours=ours,
        )
    if code == journal.NOT_A_DEAL:
        return _("the journal {path} is damaged: line {line} is not a deal's result").format(
            path=where, line=facts["line"]
        )
    if code == journal.OUT_OF_ORDER:
        return _(
            "the journal {path} is damaged: line {line} holds deal {found} where deal {due} was due"
        ).format(
            path=where,
            line=facts["line"],
            found=int(facts["found"]) + 1,
            due=int(facts["expected"]) + 1,
        )
    if code == journal.TOO_MANY:
        return _("the journal {path} holds more deals than this run plays ({n})").format(
            path=where, n=facts["limit"]
        )
    return _("{path} is not a journal of the arena").format(path=where)


def _sprt_lines(a: str, deals: int, test: dict[str, Any]) -> list[str]:
    """The sequential test's verdict and its ratio, for :func:`render`."""
    low, high = f"{test['low']:+g}", f"{test['high']:+g}"
    if test["verdict"] == H1:
        verdict = [
            _("sequential test, H1 accepted: {bot} gains {high} points a deal or more").format(
                bot=a, high=high
            ),
            _("rather than {low}").format(low=low),
        ]
    elif test["verdict"] == H0:
        verdict = [
            _("sequential test, H0 accepted: {bot} gains {low} points a deal or less").format(
                bot=a, low=low
            ),
            _("rather than {high}").format(high=high),
        ]
    else:
        verdict = [
            _("sequential test, inconclusive: no verdict between {low} and {high}").format(
                low=low, high=high
            ),
            ngettext("in {n} deal", "in {n} deals", deals).format(n=deals),
        ]
    lower, upper = test["bounds"]
    return [
        *Hanging("  ", verdict, indent=4).wrap(PAGE),
        "    "
        + _("LLR {llr} (H0 at {lower}, H1 at {upper}; alpha {alpha}, beta {beta})").format(
            llr=f"{test['llr']:+.2f}",
            lower=f"{lower:+.2f}",
            upper=f"{upper:+.2f}",
            alpha=f"{test['alpha']:g}",
            beta=f"{test['beta']:g}",
        ),
    ]


def render(summary: dict[str, Any]) -> str:
    """The readable summary."""
    a, b = summary["a"], summary["b"]
    lo, hi = summary["ci95"]
    mean = summary["mean_diff"]
    test = summary.get("sprt")
    if test is not None:
        verdict = _sprt_lines(a, summary["deals"], test)
    elif lo > 0:
        verdict = ["  " + _("{bot} is stronger (95% confidence)").format(bot=a)]
    elif hi < 0:
        verdict = ["  " + _("{bot} is stronger (95% confidence)").format(bot=b)]
    else:
        verdict = ["  " + _("no difference shown at 95% confidence")]
    lines = [
        _("{a} vs {b}: {deals} duplicate deals, seed {seed}").format(
            a=a, b=b, deals=summary["deals"], seed=summary.get("seed")
        ),
        *(verdict if test is not None else ()),
        *Hanging(
            "  ",
            [
                _("mean margin of {bot}: {mean} points a deal").format(bot=a, mean=f"{mean:+.1f}"),
                _("(stderr {stderr},").format(stderr=f"{summary['stderr']:.1f}"),
                _("95% interval {low} .. {high})").format(low=f"{lo:+.1f}", high=f"{hi:+.1f}"),
            ],
            indent=4,
        ).wrap(PAGE),
        *(verdict if test is None else ()),
    ]
    for name in summary.get("sees_every_card", ()):
        lines.append(
            "  "
            + _("{bot} sees every card (shown the whole deal): a ceiling, not a player").format(
                bot=name
            )
        )
    lines.append("  " + _("decision time (ms):"))
    for name, t in summary["decision_ms"].items():
        if t["p50"] is None:
            lines.append("    " + _("{bot}: no decisions").format(bot=name))
        else:
            lines.append(
                "    "
                + _("{bot}: p50 {p50}  p95 {p95}  ({n} decisions)").format(
                    bot=name, p50=f"{t['p50']:.1f}", p95=f"{t['p95']:.1f}", n=t["decisions"]
                )
            )
    for name, f in summary.get("faults", {}).items():
        taken = f["hands_taken_over"]
        said = _("faults of {bot}: {n}").format(bot=name, n=f["faults"])
        if taken:
            said = _("faults of {bot}: {n}, the easy bot finished {taken} hand(s) for it").format(
                bot=name, n=f["faults"], taken=taken
            )
        lines.append("  " + said)
        lines.extend(f"    {note}" for note in f["first"])
    read = summary.get("from_journal")
    if read:
        lines.append(
            "  "
            + ngettext(
                "{n} deal was read from the journal; the time is this run's",
                "{n} deals were read from the journal; the time is this run's",
                read,
            ).format(n=read)
        )
    if "elapsed_s" in summary:
        lines.append("  " + _("elapsed {seconds} s").format(seconds=f"{summary['elapsed_s']:.1f}"))
    return "\n".join(lines)
