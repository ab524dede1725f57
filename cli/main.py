"""The `tarocchino` command: the game by default, and the tools as subcommands."""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from typing import Any, NoReturn

from rich.cells import cell_len

from cli import lang
from cli.refusal import FAILED, USAGE, one_line
from text.language import _
from text.wrapping import Hanging

# Each module of cli registers one or more subcommands with `register(subparsers)`;
# a registered parser sets `func(args) -> int`.
COMMANDS = (
    "play",
    "learn",
    "review",
    "host",
    "join",
    "web",
    "stats",
    "export",
    "score",
    "simulate",
    "bots",
    "arena",
    "bench",
    "calibrate",
    "regret",
    "train",
)
# The help lists the player's commands first, in this order (a command not named here after
# them), and the measuring tools after them, under a heading of their own.
PLAYER = ("play", "learn", "join", "host", "web", "review", "stats", "export", "score", "bots")
MEASURING = ("simulate", "replay", "arena", "bench", "calibrate", "regret", "train")


class Help(argparse.RawDescriptionHelpFormatter):
    """Every command's help within the terminal's width (80 columns): the paragraphs of the
    description and the epilog filled to it (lines that do not begin with a space are one
    paragraph until a blank or an indented line), an indented line kept as written when it
    fits, else broken with :class:`Hanging` (an example's comment on the line under it, a
    term's words under themselves)."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        lines: list[str] = []
        prose: list[str] = []

        def flush() -> None:
            if prose:
                lines.extend(Hanging("", " ".join(prose).split()).wrap(width))
                prose.clear()

        indented: list[str] = []  # an indented line, and the lines that go on under its text
        for line in text.splitlines():
            if (
                indented
                and line.strip()
                and _margin(line) == _column(indented[0]) > _margin(indented[0])
            ):
                indented.append(line.strip())
                continue
            lines.extend(_indented(" ".join(indented), width) if indented else [])
            indented = []
            if line.strip() and not line[0].isspace():
                prose.append(line.strip())
                continue
            flush()
            if line.strip():
                indented = [line.rstrip()]
            else:
                lines.append("")
        lines.extend(_indented(" ".join(indented), width) if indented else [])
        flush()
        return "\n".join(indent + line if line else "" for line in lines)


def _margin(line: str) -> int:
    return len(line) - len(line.lstrip())


def _column(line: str) -> int:
    """Where the text of an indented line begins: after its term ("  search    the mean …"),
    else after its indent."""
    term = re.match(r"(\s+\S+\s{2,})\S", line)
    return len(term[1]) if term else _margin(line)


def _indented(line: str, width: int) -> list[str]:
    """An indented line of a help text in ``width`` columns: whole when it fits; else, when
    it is a term or an example with its words after two spaces or more, those words under
    themselves (or on the lines under a long example, further in); else its words further in."""
    if cell_len(line) <= width:
        return [line]
    margin = line[: _margin(line)]
    term = re.match(r"(\s*\S.*?\s{2,})(\S.*)$", line)
    if term and cell_len(term[1]) <= width // 2:
        return Hanging(term[1], term[2].split()).wrap(width)
    if term:
        return [term[1].rstrip(), *Hanging(margin + "    ", term[2].split()).wrap(width)]
    return Hanging(margin, line.split(), indent=len(margin) + 4).wrap(width)


class Parser(argparse.ArgumentParser):
    """A parser whose refusal is one line, as every command's own: ``PROG: error: what is wrong
    (see PROG --help)`` and exit status 2 (argparse prints the whole usage first); its help
    comes out as :class:`Help` lays it out, whatever formatter the command asks for."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["formatter_class"] = Help
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE, usage_error(self.prog, message) + "\n")


def usage_error(prog: str, message: str) -> str:
    """The one line of a refusal of the command line."""
    return _("{prog}: error: {message} (see {prog} --help)").format(
        prog=prog, message=one_line(message)
    )


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, in the language spoken now (argparse makes some of its words,
    the headings and the help option's, as the parser is made)."""
    lang.speak_argparse()
    parser = Parser(
        prog="tarocchino",
        description=_(
            "Ottocento, the four-player tarot game of Bologna. "
            "Without a subcommand, opens the game's start screen."
        ),
        epilog=_(
            "New to Ottocento? Start the game and press F1: its help begins with the game in "
            "five minutes, the whole pack, worked examples and a glossary."
        ),
    )
    lang.add_option(parser)
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))  # Parsers too
    for name in COMMANDS:
        importlib.import_module(f"cli.{name}").register(sub)
    for command in sub.choices.values():  # (taken before parsing, wherever it is: cli.lang)
        lang.add_option(command)
    _list_in_groups(parser, sub)
    return parser


def _list_in_groups(parser: argparse.ArgumentParser, sub: argparse._SubParsersAction) -> None:
    """The help lists the subcommands under two headings, the player's commands and then the
    measuring tools (a newcomer looks for how to play, not how to measure a bot), before the
    options; the subcommands are parsed as before, only their listing moves."""
    listed = list(sub._get_subactions())
    parser._positionals._group_actions.remove(sub)
    commands = parser.add_argument_group(_("commands"))
    player = [a for a in listed if a.dest not in MEASURING]
    order = {name: i for i, name in enumerate(PLAYER)}
    commands._group_actions.extend(sorted(player, key=lambda a: order.get(a.dest, len(order))))
    tools = parser.add_argument_group(
        _("measuring tools (bots against bots, their strength, the engine's speed)")
    )
    tools._group_actions.extend(
        sorted((a for a in listed if a.dest in MEASURING), key=lambda a: MEASURING.index(a.dest))
    )
    parser._action_groups.remove(parser._optionals)
    parser._action_groups.append(parser._optionals)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    argv, refused = lang.start(argv)  # before anything is said: the language to say it in
    if refused is not None:
        print(usage_error("tarocchino", refused), file=sys.stderr)
        return USAGE
    parser = build_parser()
    if argv and argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["play", *argv]  # `tarocchino --ascii` is `tarocchino play --ascii`
    args, extra = parser.parse_known_args(argv)
    if args.command is None:
        args, extra = parser.parse_known_args(["play", *extra])
    if extra:  # said by the subcommand's parser, which knows the options that are meant
        _subparser(parser, args.command).error(_("unrecognized arguments: %s") % " ".join(extra))
    prog = f"tarocchino {args.command}"
    try:
        status = int(args.func(args) or 0)
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk or a closed pipe is said here, not at exit
        return status
    except KeyboardInterrupt:
        # (on a line of its own: it ends a progress line too)
        print("\n" + _("{prog}: interrupted").format(prog=prog), file=sys.stderr)
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except OSError as exc:  # writing the output failed (standard output on a full disk, ...)
        _quiet_stdout()
        where = f"{exc.filename}: " if exc.filename else ""
        why = one_line(where + (exc.strerror or str(exc)))
        print(_("{prog}: error: {message}").format(prog=prog, message=why), file=sys.stderr)
        return FAILED


def _subparser(parser: argparse.ArgumentParser, command: str) -> argparse.ArgumentParser:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            chosen: argparse.ArgumentParser = action.choices[command]
            return chosen
    return parser


def _quiet_stdout() -> None:
    """Standard output cannot be written: what is left of it goes to the null device, so that
    nothing more fails (and nothing more is said) when Python flushes it at exit."""
    if sys.__stdout__ is None:  # started without one: nothing to quiet
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())
        os.close(devnull)
    except (AttributeError, OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
