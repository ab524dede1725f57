"""`tarocchino host`: a table on this machine that people (and bots) join over the network.

Headless: no Textual. The table is saved after every move in ``DATA/table``; ``tarocchino host``
again resumes it (the players come back to their seats with their tokens)."""

from __future__ import annotations

import argparse
import asyncio
import os
import shlex
import signal
import ssl
import sys
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from ai.spec import SpecError, label_of, parse_spec, split_specs
from cli.consent import YES_HELP, consent, risks, short_password, warnings
from cli.match_options import add_signals, add_target
from cli.refusal import USAGE, path_given, refuse
from game.files import remove_stale_temporaries
from net.addresses import (
    bind_problem,
    every_network,
    for_others,
    listen_address,
    listening_on,
    this_machine_only,
)
from net.claims import Claim, ClaimStore
from net.client import DEFAULT_PORT, PASSWORD_ENV, Address
from net.config import DEFAULT_TURN_LIMIT_S, MIN_PASSWORD, MIN_TURN_LIMIT_S, TableConfig
from net.protocol import MAX_LIMIT_S, OVER, STOPPED
from net.remote import WARNING_S
from net.server import (
    TableServer,
    give_way,
    listen_problem,
    seeded_warning,
    table_directory,
)
from net.tls import certificate_der, fingerprint, server_context
from store.lock import DataLock, DirectoryBusy
from store.match_setup import target_problem
from store.save import SaveError, SaveStore
from store.settings import MAX_PAUSE, data_dir
from store.stats import record_finished_match
from store.statsschema import StatsNotice
from table.session import HUMAN, Seat, Session, parse_seats
from text.language import _, number
from text.problems import error_words
from text.saved import damaged_words, describe_saved
from text.statistics import recorded_words

PROG = "tarocchino host"


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "host",
        help=_("host a table that others join over the network"),
        description=_(
            "Host a table on this machine: people join it with `tarocchino join`, from "
            "a terminal or a browser, each at their own screen. Seats given as `human` are for "
            "people (or `join --bot` clients) to take; the others are played here by bots. "
            "Without --seats, a saved table is resumed, else four seats are open."
        ),
        epilog=_(
            "examples:\n"
            "  tarocchino host                                   # four seats to take\n"
            "  tarocchino host --seats human,hard,human,hard     # two people, two bots\n"
            "  tarocchino host --bind 0.0.0.0 --password sesamo42 \\\n"
            "      --cert table.pem --key table.key              # your network, over TLS\n"
            "  tarocchino host --bind 0.0.0.0 --password sesamo42 --yes  # without TLS\n\n"
            "The password may also be given in ${variable} (then it is not seen in the list "
            "of processes); beyond this machine it has at least {least} characters. "
            "The table is saved after every move; Ctrl+C stops it and "
            "`tarocchino host` again resumes it."
        ).format(variable=PASSWORD_ENV, least=MIN_PASSWORD),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--seats",
        metavar="A,B,C,D",
        help=_(
            "the four seats in turn order: human (a seat to take) or a bot "
            "(easy, hard:budget_s=0.5, ...) played here; default human,human,human,human"
        ),
    )
    parser.add_argument(
        "--names",
        metavar="A,B,C,D",
        help=_("names for the seats (a person who joins brings their own)"),
    )
    parser.add_argument("--seed", type=int, help=_("seed of the deals (default: random)"))
    add_target(parser)
    add_signals(parser)
    parser.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        help=_("port to listen on (default {port}; 0: any free port)").format(port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--bind",
        default="127.0.0.1",
        metavar=_("ADDRESS"),
        help=_(
            "address to listen on (default 127.0.0.1: this machine only; "
            "0.0.0.0: every network this machine is on)"
        ),
    )
    parser.add_argument(
        "--password", metavar=_("PASSWORD"), help=_("a password newcomers must give")
    )
    parser.add_argument(
        "--cert",
        type=path_given,
        metavar=_("FILE"),
        help=_(
            "serve over TLS (wss://) with this certificate (a PEM file, with --key); "
            "its fingerprint is printed for those who join"
        ),
    )
    parser.add_argument(
        "--key", type=path_given, metavar=_("FILE"), help=_("the certificate's private key (PEM)")
    )
    parser.add_argument("--yes", action="store_true", help=_(YES_HELP))
    parser.add_argument(
        "--away-timeout",
        type=float,
        default=60.0,
        metavar=_("SECONDS"),
        help=_(
            "a seat left empty this long is played by a bot until its player "
            "returns (default 60; at most {most})"
        ).format(most=number(MAX_AWAY_S)),
    )
    parser.add_argument(
        "--turn-limit",
        type=float,
        default=DEFAULT_TURN_LIMIT_S,
        metavar=_("SECONDS"),
        help=_(
            "a person who takes longer over one decision has it made by the "
            "stand-in bot; warned in the last {warning} s (default "
            "{default}; 0: no limit; else {least} to {most})"
        ).format(
            warning=f"{WARNING_S:g}",
            default=f"{DEFAULT_TURN_LIMIT_S:g}",
            least=f"{MIN_TURN_LIMIT_S:g}",
            most=f"{MAX_LIMIT_S:g}",
        ),
    )
    parser.add_argument(
        "--stand-in",
        default="medium",
        metavar="BOT",
        help=_(
            "the bot that plays an empty seat, or decides when the turn limit "
            "runs out (default medium)"
        ),
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar=_("SECONDS"),
        help=_("how long the table's bots wait before acting (default 0.6; at most {most})").format(
            most=f"{MAX_PAUSE:g}"
        ),
    )
    parser.add_argument(
        "--new",
        action="store_true",
        help=_("start a new table even if one is saved (kept as a backup)"),
    )
    parser.set_defaults(func=run)


MAX_AWAY_S = 10**6  # --away-timeout, in seconds (about 11 days)


def _error(message: str, status: int = USAGE) -> int:
    return refuse(PROG, message, status)


def _config(args: argparse.Namespace) -> TableConfig:
    for name, most in (("away_timeout", MAX_AWAY_S), ("bot_delay", MAX_PAUSE)):
        value = getattr(args, name)
        if not 0 <= value <= most:  # NaN fails too
            raise ValueError(
                _("{option} must be a number of seconds >= 0 and <= {most}").format(
                    option="--" + name.replace("_", "-"), most=number(most)
                )
            )  # (as play says it)
    limit = args.turn_limit
    if limit != 0 and not MIN_TURN_LIMIT_S <= limit <= MAX_LIMIT_S:  # NaN fails too
        raise ValueError(
            _("--turn-limit must be 0 (no limit) or {least} to {most} seconds, not {n}").format(
                least=f"{MIN_TURN_LIMIT_S:g}", most=f"{MAX_LIMIT_S:g}", n=f"{limit:g}"
            )
        )
    if not 0 <= args.port < 65536:
        raise ValueError(_("--port must be a number from 0 to 65535"))
    problem = target_problem(args.target)
    if problem:
        raise ValueError(problem)
    parse_spec(args.stand_in)
    problem = bind_problem(args.bind)
    if problem:
        raise ValueError(problem)
    args.bind = listen_address(args.bind)  # [::1] is ::1, 0 is 0.0.0.0: as it is said after
    if args.password == "":  # a table without a password is asked for by leaving it out
        raise ValueError(
            _(
                "--password is empty: give one, or leave --password out for a table "
                "without a password"
            )
        )
    password = args.password if args.password is not None else os.environ.get(PASSWORD_ENV)
    return TableConfig(
        password=password or None,
        away_timeout_s=args.away_timeout,
        stand_in=args.stand_in,
        turn_limit_s=limit,
        bot_delay_s=args.bot_delay,
        trick_pause_s=min(1.0, 2 * args.bot_delay),
    )


def run(args: argparse.Namespace) -> int:
    try:
        if args.names and not args.seats:
            raise ValueError(_("--names needs --seats"))
        config = _config(args)
        seats = None
        if args.seats:
            seats = parse_seats(
                split_specs(args.seats), args.names.split(",") if args.names else None
            )
            if all(not s.human for s in seats):
                raise ValueError(
                    _(
                        "a table needs a seat for someone to take (human); for bots "
                        "alone use `tarocchino simulate`"
                    )
                )
        tls = _tls(args)
        problem = short_password(args.bind, config.password)
        if problem:
            raise ValueError(problem)
    except (ValueError, SpecError) as exc:
        return _error(error_words(exc))
    refused = consent(PROG, args.bind, _risks(args, config), args.yes)
    if refused is not None:
        return refused
    data = data_dir()
    directory = table_directory(data)
    lock = DataLock(directory, private=True)  # the table's files and their folder: the host's alone
    try:
        lock.acquire()
    except DirectoryBusy:  # nothing was done (2), as every command refuses what it cannot use
        return _error(
            _(
                "a table is already hosted from {directory} (one table per data directory: "
                "set TAROCCHINO_DATA_DIR to host another)"
            ).format(directory=data)
        )
    except OSError as exc:
        return _error(
            _("cannot use {directory}: {why}").format(directory=directory, why=exc.strerror or exc)
        )
    status, store = 1, None
    try:
        remove_stale_temporaries(directory)
        store, claims = SaveStore(directory), ClaimStore(directory)
        opened = _open_table(args, seats, store, claims)
        if isinstance(opened, int):
            status = opened
        else:
            session, claimed, resumed = opened
            status = asyncio.run(
                _serve(args, config, session, store, claims, claimed, data, resumed, tls)
            )
        return status
    finally:
        # A table that could not start (or was stopped before anybody took a seat) leaves
        # nothing behind: the lock file and the directory made for it go again.
        lock.release(tidy=status != 0 or store is None or not store.exists())


def _risks(args: argparse.Namespace, config: TableConfig) -> list[str]:
    """What the table lays open where it listens (nothing on this machine only)."""
    return risks(args.bind, tls=args.cert is not None, password=config.password is not None)


def _tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    """The TLS context of ``--cert`` and ``--key`` (None without them); CertificateError (a
    ValueError) saying which file is wrong and how."""
    if (args.cert is None) != (args.key is None):
        raise ValueError(_("--cert and --key go together: the certificate and its private key"))
    if args.cert is None:
        return None
    return server_context(args.cert, args.key)


def _open_table(
    args: argparse.Namespace,
    seats: tuple[Seat, ...] | None,
    store: SaveStore,
    claims: ClaimStore,
) -> tuple[Session, list[Claim | None], bool] | int:
    """The saved table, or a new one (and whether it is the saved one); or the exit status when
    neither may be used. Nothing is written here: a saved table that gives way to a new one is
    kept as a backup once the new one listens (``_make_way``)."""
    if store.exists() and not args.new:
        if seats is not None:
            try:
                saved = describe_saved(store.info())
            except SaveError:
                saved = _("damaged")
            return _error(
                _(
                    "a table is saved ({saved}): run `tarocchino host` without --seats "
                    "to resume it, or add --new to start a new one (the saved table is "
                    "kept as a backup)"
                ).format(saved=saved)
            )
        try:
            session = store.read()
        except SaveError as exc:
            print(
                _("{prog}: {problem} A new table is set.").format(
                    prog=PROG, problem=damaged_words(exc, store.set_aside())
                ),
                file=sys.stderr,
            )
        else:
            try:
                claimed = claims.read()
            except ValueError as exc:
                print(
                    _("{prog}: {problem}; every seat is open again").format(prog=PROG, problem=exc),
                    file=sys.stderr,
                )
                claimed = [None] * 4
            print(
                _("Resuming the saved table ({saved}).").format(saved=describe_saved(store.info()))
            )
            return session, claimed, True
    seats = seats or parse_seats([HUMAN] * 4, ["Seat 1", "Seat 2", "Seat 3", "Seat 4"])
    session = Session.new(seats, seed=args.seed, target=args.target, signals=args.signals)
    return session, [None] * 4, False


def _make_way(
    args: argparse.Namespace, store: SaveStore, claims: ClaimStore, resumed: bool
) -> None:
    """A new table listens: the saved one (``--new``) is kept as a backup and the seats of the
    last table are forgotten. Done only now, so a table that cannot start changes nothing."""
    if resumed:
        return
    kept = give_way(store if args.new else None, claims)
    if kept:
        print(kept)


def describe_seats(server: TableServer) -> str:
    parts = []
    for seat, status in enumerate(server.statuses()):
        if not status.remote:
            said = _("{seat} {name} ({level} bot)").format(
                seat=seat + 1, name=status.name, level=status.level
            )
        elif status.player == "open":
            said = _("{seat} open").format(seat=seat + 1)
        else:
            said = _("{seat} {name} (away until they return)").format(
                seat=seat + 1, name=status.name
            )
        parts.append(said)
    return " · ".join(parts)


def _welcome(server: TableServer, args: argparse.Namespace, port: int) -> None:
    bind = args.bind
    local = this_machine_only(bind)
    shown = "127.0.0.1" if every_network(bind) else bind
    where = Address(shown, port)
    print(
        _("Tarocchino table listening on {address} port {port} · target {target}").format(
            address=listening_on(bind), port=port, target=server.session.match.rules.target
        )
    )
    print(_("Seats: {seats}").format(seats=describe_seats(server)))
    if server.session.match.seed is not None:
        print(_("Warning: {what}").format(what=seeded_warning(server.session.match.seed)))
    for line in warnings(_risks(args, server.config)):  # (--yes said so)
        print(line)
    limit = server.config.turn_limit_s
    print(
        _("Turn limit: {seconds} s a decision, then the {bot} bot decides").format(
            seconds=f"{limit:g}", bot=label_of(server.config.stand_in)
        )
        if limit
        else _("Turn limit: none (--turn-limit)")
    )
    # one address (not every network): the same command on this machine as on another
    one = not local and not every_network(bind)
    pinned = None if args.cert is None else fingerprint(certificate_der(args.cert))
    secure = "" if pinned is None else f" --fingerprint {pinned}"
    if pinned is not None:
        print(
            _("Over TLS (wss://): the certificate's fingerprint is {fingerprint}").format(
                fingerprint=pinned
            )
        )
    print(
        _("Join from a terminal on this machine or another:")
        if one
        else _("Join from a terminal on this machine:")
    )
    your_name = _("YOURNAME")
    print(f"    tarocchino join {where}{secure} --name {your_name} [--seat 1-4]")
    if local:
        print(_("Only this machine can join (--bind 0.0.0.0 lets others on your network join)."))
    elif not one:
        # (an IPv6 address in brackets: [2001:db8::7]:7800)
        others = [str(Address(a, port)) for a in for_others(bind)] or [
            _("THIS-MACHINE") + f":{port}"
        ]
        for there in others:
            command = f"tarocchino join {there}{secure} --name {your_name}"
            print(_("From another machine:  {command}").format(command=command))
    if server.config.password:
        print(
            _("Newcomers need the password: add --password (or set {variable}).").format(
                variable=PASSWORD_ENV
            )
        )
    command = f"tarocchino join {where}{secure} --bot hard --name Robot"
    print(_("A bot joins with:  {command}").format(command=command))
    if pinned is None:
        print(
            _(
                "In a browser on this machine: `tarocchino web`, then Join a table at {address}."
            ).format(address=where)
        )
    else:
        print(
            _(
                "(A certificate that the joiners' machines trust lets them join with --tls "
                "instead of --fingerprint; a browser's tab joins tables without TLS only.)"
            )
        )
    print(
        _("Ctrl+C stops the table; {resume}.").format(
            resume=resume_words(args, port, server.config)
        ),
        flush=True,
    )


async def _serve(
    args: argparse.Namespace,
    config: TableConfig,
    session: Session,
    store: SaveStore,
    claims: ClaimStore,
    claimed: list[Claim | None],
    data: Path,
    resumed: bool,
    tls: ssl.SSLContext | None,
) -> int:
    executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="stats")
    pending: list[Future[StatsNotice | None]] = []

    def log(text: str) -> None:
        print(f"{time.strftime('%H:%M:%S')} {text}", flush=True)

    def match_over(done: Session) -> None:
        pending.append(executor.submit(record_finished_match, data, server.finished_match()))

    server = TableServer(
        session,
        config,
        store=store,
        claims=claims,
        claimed=claimed,
        on_match_over=match_over,
        log=log,
    )
    try:
        port = await server.start(args.bind, args.port, tls)
    except OSError as exc:
        return _error(listen_problem(exc, args.bind, args.port), 1)
    # (before anything else runs: no move of the new table is saved yet)
    _make_way(args, store, claims, resumed)
    _welcome(server, args, port)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    waiters = [asyncio.ensure_future(stop.wait()), asyncio.ensure_future(server.finished.wait())]
    await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
    for waiter in waiters:
        waiter.cancel()
    over = session.match.winner is not None
    await server.close(OVER if over else STOPPED)
    for future in pending:
        message = await asyncio.wrap_future(future)
        if message:
            log(recorded_words(message))
    executor.shutdown()
    if not over and store.exists():
        print(_("The table is saved: {resume}.").format(resume=resume_words(args, port, config)))
    elif not over:
        print(_("Nobody had taken a seat: there is no table to resume."))
    return 0


def resume_words(args: argparse.Namespace, port: int, config: TableConfig) -> str:
    """How to resume the table as it is now: the command with the port it listens on (the
    players' windows try that address again by themselves) and the other choices made for it
    (they are not saved with it)."""
    parts = ["tarocchino host"]
    if port != DEFAULT_PORT:
        parts.append(f"--port {port}")
    if args.bind != "127.0.0.1":
        parts.append(f"--bind {shlex.quote(args.bind)}")
    if args.cert is not None:
        parts.append(f"--cert {shlex.quote(str(args.cert))} --key {shlex.quote(str(args.key))}")
    if _risks(args, config):  # (as it was asked for)
        parts.append("--yes")
    defaults = TableConfig()
    for option, value, default in (
        ("--turn-limit", config.turn_limit_s, defaults.turn_limit_s),
        ("--away-timeout", config.away_timeout_s, defaults.away_timeout_s),
        ("--bot-delay", config.bot_delay_s, defaults.bot_delay_s),
    ):
        if value != default:
            parts.append(f"{option} {value:g}")
    if config.stand_in != defaults.stand_in:
        parts.append(f"--stand-in {shlex.quote(config.stand_in)}")
    command = " ".join(parts)
    if config.password:
        return _(
            "`{command}` resumes it (with the password again: --password, or ${variable})"
        ).format(command=command, variable=PASSWORD_ENV)
    return _("`{command}` resumes it").format(command=command)
