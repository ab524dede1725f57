"""`tarocchino export`: a match as its JSON record or as a printable scoresheet."""

from __future__ import annotations

import argparse
import os
import stat
import sys
from pathlib import Path

from cli.refusal import path_given, refuse
from game import record
from game.errors import RecordError
from game.files import clip, clip_path, shorten
from game.match import Match
from store.settings import data_dir
from store.stats import SeatInfo, load_match
from table.names import names_problem
from table.session import NAME_CHARS
from text.language import N_, _
from text.records import record_problem
from text.scoresheet import DEFAULT_NAMES, scoresheet
from text.seats import name_words
from text.statistics import load_problem

PROG = "tarocchino export"

_EPILOG = N_("""\
examples:
  tarocchino export --match last                  the latest finished match, as a scoresheet
  tarocchino export --match 12 --format json --output match-12.json
  tarocchino export match-1.json --names Anna,Bruno,Carla,Dario --output a.txt
  tarocchino export --saved                       the match in progress, hands so far

A match comes from a game record file (written by `simulate --record` or an export), with
--match from the statistics database, where every finished match is kept (`tarocchino stats`
lists the latest with their numbers), or with --saved from the autosave of the match in
progress. The JSON form is the game record itself: `tarocchino replay` reads it. The text form
lists every hand: the dealer, each side's captured combinations with their cards, card points,
last trick, declarations, total and running score, then the winner.
""")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "export",
        help=_("a match as its JSON record or a printable scoresheet"),
        description=_("Export a match: its game record (JSON) or a plain-text scoresheet."),
        epilog=_(_EPILOG),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "file", nargs="?", type=path_given, metavar=_("FILE"), help=_("a game record file")
    )
    parser.add_argument(
        "--match",
        metavar="N|last",
        help=_("a match from the statistics database (its number, or 'last')"),
    )
    parser.add_argument(
        "--saved",
        action="store_true",
        help=_("the match in progress, saved in the data directory"),
    )
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help=_("text: the scoresheet (default); json: the game record"),
    )
    parser.add_argument(
        "--output",
        metavar=_("PATH"),
        help=_("write to PATH (atomically) instead of standard output"),
    )
    parser.add_argument(
        "--names",
        metavar="A,B,C,D",
        help=_("the four players' names by seat (a record file has none)"),
    )
    parser.set_defaults(func=run)


def _error(message: str) -> int:
    return refuse(PROG, message)


def names_option(text: str | None) -> tuple[str, ...] | None:
    if text is None:
        return None
    names = tuple(n.strip() for n in text.split(","))
    if len(names) != 4 or not all(names):
        raise ValueError(_("--names needs four names separated by commas"))
    for name in names:  # as at the table: a name is printed on the sheet and the screens
        if len(name) > NAME_CHARS:
            raise ValueError(
                _("a name has at most {most} characters: {name} has {n}").format(
                    most=NAME_CHARS, name=shorten(name), n=len(name)
                )
            )
    problem = names_problem(names)
    if problem:
        raise ValueError(name_words(problem))
    return names


LARGEST_ID = (1 << 63) - 1  # the statistics number their matches up to this (SQLite's integers)


def match_option(which: str) -> int | None:
    """The match number of ``--match N|last`` (None for the latest); ValueError when it is not
    a number in decimal digits, or a number no match can have."""
    if which == "last":
        return None
    if not (which.isascii() and which.isdigit()):
        raise ValueError(
            _("--match takes a match number or 'last', not {given}").format(given=f"{which!r:.40}")
        )
    if len(which) > 19 or int(which) > LARGEST_ID:
        raise ValueError(
            _("no match number {number} in the statistics").format(number=clip(which, 24))
        )
    return int(which)


def _from_database(which: str) -> tuple[record.Recorded, tuple[str, ...], tuple[str, ...], str]:
    """The record read back, names, kinds and time of a recorded match; ValueError saying why
    not."""
    match_id = match_option(which)
    finished, message = load_match(None, match_id)
    if finished is None:
        raise ValueError(load_problem(message, match_id) or _("the match cannot be read"))
    if message:
        print(f"{PROG}: {message}", file=sys.stderr)
    try:
        read = record.read(finished.record)
    except RecordError as exc:
        why = record_problem(exc)
        raise ValueError(_("the stored record cannot be replayed: {why}").format(why=why)) from None
    names = tuple(s.name for s in finished.seats)
    kinds = tuple(s.level or s.kind for s in finished.seats)
    return read, names, kinds, finished.ended_at


def _saved() -> tuple[Match, tuple[str, ...], tuple[str, ...]]:
    """The match in progress from the autosave, with its names and kinds; ValueError if none."""
    from store.save import SaveError, SaveStore  # the game's own modules: only when asked for
    from text.saved import save_problem

    try:
        session = SaveStore(data_dir()).read()
    except SaveError as exc:
        why = save_problem(exc)
        raise ValueError(_("the saved match cannot be read: {why}").format(why=why)) from None
    seats = session.seats
    kinds = (SeatInfo(s.name, session.substitutes.get(i, s.kind)) for i, s in enumerate(seats))
    return session.match, tuple(s.name for s in seats), tuple(k.level or k.kind for k in kinds)


def run(args: argparse.Namespace) -> int:
    if [args.file is not None, args.match is not None, args.saved].count(True) != 1:
        return _error(_("give one of a record FILE, --match N|last or --saved"))
    kinds: tuple[str, ...] | None = None
    when = None
    stand_ins: record.StandIns = {}  # kept in a JSON export, as the record had them
    number = None  # a simulation's match number, kept likewise
    try:
        names = names_option(args.names)
        if args.match is not None:
            read, stored, kinds, when = _from_database(args.match)
            match, stand_ins, names = read.match, read.stand_ins, names or stored
        elif args.saved:
            match, stored, kinds = _saved()
            names = names or stored
        else:
            read = record.load_recorded(args.file)
            match, stand_ins, number = read.match, read.stand_ins, read.number
    except RecordError as exc:
        return _error(record_problem(exc))
    except ValueError as exc:
        return _error(str(exc))
    if not match.actions:  # as replay refuses it: there is nothing to show
        if args.saved:
            return _error(
                _("the saved match: the record has no actions (that match was never started)")
            )
        return _error(
            _("{file}: the record has no actions (that match was never started)").format(
                file=clip_path(args.file)
            )
        )
    if args.format == "json":
        text = record.dumps(match, stand_ins, number) + "\n"
    else:
        text = scoresheet(match, names or DEFAULT_NAMES, kinds=kinds, when=when)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    target, problem = output_target(args.output)  # (a str: Path("") would be the directory)
    if args.file is not None and not problem and _same_file(args.file, target):
        return _error(_("--output would overwrite the record being exported"))
    if problem:
        return _error(problem)
    try:
        record.write_atomic(target, text)
    except OSError as exc:
        return _error(
            _("cannot write {file}: {why}").format(file=args.output, why=exc.strerror or exc)
        )
    print(_("Wrote {file}").format(file=args.output), file=sys.stderr)
    return 0


def output_target(text: str) -> tuple[Path, str | None]:
    """Where ``--output PATH`` is written, or why it cannot be: a new file or a regular file is
    replaced whole (through a link, the file it names, the link kept); a directory, a device, a
    FIFO or a link to one (``/dev/stdout``) is never replaced."""
    path = Path(text)
    if not text.strip():
        return path, _("--output needs a file name")
    try:
        info = os.stat(path)
    except FileNotFoundError:  # a new file (its folder is made if need be); through a link
        return Path(os.path.realpath(path)), None  # to no file yet, the file it names
    except OSError as exc:
        return path, _("cannot use --output {file}: {why}").format(
            file=clip_path(path), why=exc.strerror or exc
        )
    if not stat.S_ISREG(info.st_mode):
        return path, _(
            "--output {file} is not a regular file (a directory, a device "
            "or a pipe): name a file, or leave --output out to print"
        ).format(file=clip_path(path))
    return Path(os.path.realpath(path)), None


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
