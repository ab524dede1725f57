"""`tarocchino bots`: every bot that can take a seat, with its options and where it comes from."""

from __future__ import annotations

import argparse
import json

from ai.spec import ENTRY_POINT_GROUP, BotInfo, SpecError, describe_source, list_bots, parse_spec
from cli.refusal import refuse
from text.language import N_, _
from text.plaintext import PAGE, paragraph
from text.specs import spec_words
from text.wrapping import Hanging

PROG = "tarocchino bots"

_EPILOG = N_("""\
examples:
  tarocchino bots
  tarocchino bots mybot.py:MyBot          check that a bot loads, and show its options
  tarocchino bots hard:budget_s=0.5 --json

A bot is named the same way everywhere (play --seats, arena, simulate): a level or an installed
bot's name, or module:Class, or path/to/file.py:Class, each optionally followed by options,
NAME:KEY=VALUE,KEY=VALUE. Packages install bots through the entry-point group
{group}. A bot that is not built in plays in a process of its own and sees only its
seat's view. How to write one: docs/bots.md.
""")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "bots",
        help=_("list the bots (built in and installed) with their options"),
        description=_(
            "List every bot that can take a seat, with its options and origin, or check one bot."
        ),
        epilog=_(_EPILOG).format(group=ENTRY_POINT_GROUP),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("spec", nargs="?", metavar="BOT", help=_("check this bot (with options)"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.spec is not None:
        try:
            spec = parse_spec(args.spec)
        except SpecError as exc:
            return refuse(PROG, spec_words(exc))
        info = describe_source(spec.origin, spec.name)
        if args.json:
            print(
                json.dumps({**info.to_json(), "spec": str(spec), "options_set": dict(spec.options)})
            )
        else:
            print(render([info]))
            print("\n" + _("{bot} is ready to play.").format(bot=spec))
        return 0
    bots = list_bots(describe=True)
    if args.json:
        print(json.dumps([b.to_json() for b in bots]))
        return 0
    print(
        paragraph(
            _(
                "Bots for play --seats, arena and simulate (options go after a colon: "
                "hard:budget_s=0.5,eps=0)"
            )
        )
        + "\n"
    )
    print(render(bots))
    print(
        "\n"
        + paragraph(
            _(
                "Any class with a choose(view, legal, rng) method can play too: "
                "module:Class or path/to/file.py:Class."
            )
        )
    )
    print(_("How to write one: docs/bots.md."))
    return 0


def render(bots: list[BotInfo]) -> str:
    """The bots, one block each: name and origin, summary, options."""
    width = max(len(b.name) for b in bots)
    pad = " " * (width + 2)
    lines = []
    for b in bots:
        origin = b.origin + (_("; plays in a process of its own") if b.contained else "")
        lines.append(f"{b.name:<{width}}  {origin}")
        if b.error:
            lines.append(paragraph(_("cannot be used: {why}").format(why=b.error), pad))
            continue
        if b.summary:
            lines.append(paragraph(b.summary, pad))
        if b.options is not None:
            listed = [f"{o}," for o in b.options] or [_("none")]
            listed[-1] = listed[-1].rstrip(",")
            if b.any_options:
                listed.append(_("(and any other key=value)"))
            lines += Hanging(pad + _("options: "), listed).wrap(PAGE)  # an option on one line
    return "\n".join(lines)
