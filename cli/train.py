"""`tarocchino train`: fit the learned playout policy to a teacher's choices, write its weights."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ai.lab.train import HOLD_OUT, train
from ai.spec import SpecError, parse_spec
from cli.bot_options import hands_progress, runs_problem
from cli.refusal import FAILED, path_given, refuse
from text.language import N_, _, number
from text.specs import spec_words

PROG = "tarocchino train"
HANDS = 150
TEACHER = "oracle:iterations=20"

_EPILOG = N_("""\
examples:
  tarocchino train --out playout.json
  tarocchino train --teacher hard:iterations=100 --seed 2 --out hard.json

Four teachers play hands on the arena's deals; at every card with a choice, the features of each
legal card are kept with the card the teacher played, and a linear model of the choice (a
conditional logit, one set of weights for each place in the trick) is fitted to them. One hand
in {n} is held out to measure how often the model's best card is the teacher's. The file
written holds the weights and the command that made them; the hard bot plays its playouts with
the weights shipped in the package when given playout=learned (hard:playout=learned).
""")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "train",
        help=_("fit the learned playout policy to a teacher's choices"),
        description=_(
            "Fit the hard bot's learned playout policy to the cards a teacher plays, and write "
            "its weights."
        ),
        epilog=_(_EPILOG).format(n=HOLD_OUT),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--teacher",
        default=TEACHER,
        help=_("the level whose cards are imitated (%(default)s)"),
    )
    parser.add_argument(
        "--hands", type=int, default=HANDS, metavar="N", help=_("hands (%(default)s)")
    )
    parser.add_argument("--seed", type=int, default=1, help=_("seed of the deals (1)"))
    parser.add_argument(
        "--out",
        type=path_given,
        default=Path("playout.json"),
        metavar=_("FILE"),
        help=_("where to write the weights (%(default)s)"),
    )
    parser.add_argument("--quiet", action="store_true", help=_("no progress on stderr"))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    problem = runs_problem("--hands", args.hands)
    if problem:
        return refuse(PROG, problem)
    try:
        teacher = parse_spec(args.teacher, measurement=True)
    except SpecError as error:
        return refuse(PROG, spec_words(error))
    if teacher.contained:
        return refuse(PROG, _("the teacher must be one of the built-in levels"))
    command = f"{PROG} --teacher {teacher} --hands {args.hands} --seed {args.seed}"
    try:
        model = train(
            teacher, args.hands, args.seed, command, None if args.quiet else hands_progress(PROG)
        )
    except KeyboardInterrupt:
        print("\n" + _("{prog}: interrupted").format(prog=PROG), file=sys.stderr)
        return 130
    try:
        args.out.write_text(json.dumps(model.to_json(), indent=1) + "\n")
    except OSError as error:
        return refuse(
            PROG,
            _("cannot write {path}: {reason}").format(path=args.out, reason=error.strerror),
            FAILED,
        )
    made = model.made_by
    print(
        _("fitted on {n} choices of {teacher} in {hands} hands (seed {seed})").format(
            n=made["choices_fitted"], teacher=teacher, hands=args.hands, seed=args.seed
        )
    )
    if made["held_out_agreement"] is not None:
        print(
            _(
                "held out ({n} choices): the model plays the teacher's card {model}, "
                "the rules of thumb {rules}"
            ).format(
                n=made["choices_held_out"],
                model=f"{number(100 * made['held_out_agreement'], 1)}%",
                rules=f"{number(100 * made['held_out_rules_agreement'], 1)}%",
            )
        )
    print(_("written to {path}").format(path=args.out))
    return 0
