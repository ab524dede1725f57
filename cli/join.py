"""`tarocchino join HOST[:PORT]`: take a seat at a table hosted with `tarocchino host`, as a
person (the game's table in this terminal) or as a bot (``--bot LEVEL``, no screen)."""

from __future__ import annotations

import argparse
import asyncio
import os
import shlex
import signal
import time

from ai.spec import BotSpec, SpecError, label_of, parse_spec
from cli import terminal_check
from cli.refusal import FAILED, USAGE, refuse
from game.seats import seats_of
from net import protocol as p
from net.client import DEFAULT_PORT, PASSWORD_ENV, Address, JoinRequest, TokenStore
from net.protocol import ProtocolError, check_name
from net.tls import Secure, parse_fingerprint
from store.lock import DataLock, DirectoryBusy
from store.settings import MAX_PAUSE, data_dir
from text.language import _, number

PROG = "tarocchino join"
MAX_RETRY_S = 10**6  # --retry-for, in seconds (about 11 days)
# The table's refusals of what was asked (nothing was done: change it and join again).
ASKED_FOR = {p.PASSWORD, p.SEAT_TAKEN, p.NO_SEAT, p.NAME_TAKEN, p.TOKEN, p.MATCH_OVER, p.VERSION}
BOT_DELAY_S = 0.6  # --delay: how long a bot's seat waits before acting


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "join",
        help=_("take a seat at a table hosted with `tarocchino host`"),
        description=_(
            "Join a table hosted with `tarocchino host`: as a person (the table opens "
            "in this terminal) or, with --bot, as a bot playing the seat. Your seat's token is "
            "kept in the data directory: join again with the same name to come back to your seat."
        ),
        epilog=_("examples:") + "\n"
        "  tarocchino join 127.0.0.1 --name Anna\n"
        "  tarocchino join 192.168.1.20:7800 --name Bruno --seat 2 --password sesamo42\n"
        "  tarocchino join 127.0.0.1 --bot hard:budget_s=0.5 --name Robot\n"
        "  tarocchino join table.example.org --tls --name Carla\n"
        "  tarocchino join 192.168.1.20 --fingerprint SHA256:... --name Dario",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "address",
        metavar=_("HOST[:PORT]"),
        help=_("the table's address (port {port} when not given)").format(port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--name", metavar=_("NAME"), help=_("your name at the table (1-16 characters)")
    )
    parser.add_argument(
        "--seat",
        type=int,
        metavar="K",
        help=_("the seat to take, 1-4 (default: the first free one)"),
    )
    parser.add_argument(
        "--password",
        metavar=_("PASSWORD"),
        help=_("the table's password (or ${variable})").format(variable=PASSWORD_ENV),
    )
    parser.add_argument(
        "--tls",
        action="store_true",
        help=_(
            "the table is hosted with a certificate (wss://) that this machine's "
            "authorities vouch for"
        ),
    )
    parser.add_argument(
        "--fingerprint",
        metavar="SHA256:...",
        help=_(
            "the table is hosted with this certificate (wss://), a self-signed one say: "
            "its fingerprint as the host printed it (implies --tls); any other is refused"
        ),
    )
    parser.add_argument(
        "--bot",
        metavar=_("LEVEL"),
        help=_(
            "play the seat with this bot instead of a person (easy, hard, "
            "hard:iterations=200, mybot.py:MyBot, ...)"
        ),
    )
    parser.add_argument(
        "--delay",
        type=float,
        metavar=_("SECONDS"),
        help=_(
            "with --bot: how long it waits before acting (default {delay}; at most {most})"
        ).format(delay=f"{BOT_DELAY_S:g}", most=f"{MAX_PAUSE:g}"),
    )
    parser.add_argument(
        "--retry-for",
        type=float,
        default=600.0,
        metavar=_("SECONDS"),
        help=_(
            "how long to keep trying when the table cannot be reached (default 600; at most {most})"
        ).format(most=number(MAX_RETRY_S)),
    )
    parser.add_argument(
        "--ascii",
        action="store_true",
        help=_("S B C D instead of ♠ ♣ ♥ ♦ (a person's table: not with --bot)"),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        address = Address.parse(args.address)
        secure = _secure(args)
        if args.seat is not None and not 1 <= args.seat <= 4:
            raise ValueError(_("--seat must be 1, 2, 3 or 4"))
        spec = parse_spec(args.bot) if args.bot else None
        if args.name is None and spec is None:
            raise ValueError(_("give your name with --name"))
        name = check_name(args.name if args.name is not None else f"{label_of(str(spec))[:12]} bot")
        if spec is None and args.delay is not None:  # a person plays at their own pace
            raise ValueError(
                _("--delay is for a bot's seat (with --bot): leave it out to play yourself")
            )
        if spec is not None and args.ascii:  # a bot's seat shows no cards
            raise ValueError(
                _("--ascii is for a person's table: a bot's seat (--bot) shows no cards")
            )
        if args.delay is None:
            args.delay = BOT_DELAY_S
        if not 0 <= args.delay <= MAX_PAUSE:
            raise ValueError(_("--delay must be 0 to {most} seconds").format(most=MAX_PAUSE))
        if not 0 <= args.retry_for <= MAX_RETRY_S:  # NaN fails too
            raise ValueError(
                _("{option} must be a number of seconds >= 0 and <= {most}").format(
                    option="--retry-for", most=number(MAX_RETRY_S)
                )
            )  # (as play says its --bot-delay)
    except (ValueError, SpecError, ProtocolError) as exc:
        return refuse(PROG, str(exc))
    problem = None if spec is not None else terminal_check.problem()  # a bot seat has no screen
    if problem:
        return refuse(PROG, problem)
    password = args.password if args.password is not None else os.environ.get(PASSWORD_ENV)
    seat = None if args.seat is None else args.seat - 1
    tokens = TokenStore(data_dir())
    if spec is not None:
        return asyncio.run(_bot(address, name, seat, password or None, spec, args, tokens, secure))
    return _person(args, JoinRequest(address, name, seat, password or None, args.retry_for, secure))


def _secure(args: argparse.Namespace) -> Secure | None:
    """How the table's certificate is checked (``--fingerprint``, ``--tls``), or None: a table
    without TLS."""
    if args.fingerprint is not None:
        return Secure(parse_fingerprint(args.fingerprint))
    return Secure() if args.tls else None


def _person(args: argparse.Namespace, request: JoinRequest) -> int:
    """The game's table in this terminal, at the remote seat."""
    from dataclasses import replace

    from store.settings import load_settings
    from tui.app import TarocchinoApp  # imported here: a bot seat never loads Textual

    directory = data_dir()
    settings = load_settings(directory)
    if args.ascii:
        settings = replace(settings, suit_marks="ascii")
    lock, local = DataLock(directory), True  # the lock lets this window play a match here too
    try:
        lock.acquire()
    except DirectoryBusy:
        local = False  # another game plays here: this window only joins and hosts tables
    except OSError:
        pass  # as `play`: saving says why it fails
    app = TarocchinoApp(settings=settings, directory=directory, join=request, local=local)
    try:
        app.run()
    finally:
        lock.release()
    if app.network.left is not None:
        print(come_back_words(app.network.left))
    return 0


def come_back_words(left: JoinRequest) -> str:
    """What a person who left a match under way is told: the bot keeps the seat, and the
    command that brings them back to it."""
    seat = "" if left.seat is None else f" --seat {left.seat + 1}"
    secure = "" if left.secure is None else f" {left.secure.words()}"
    command = f"tarocchino join {left.address}{secure} --name {shlex.quote(left.name)}{seat}"
    return _(
        "You left the table at {address}: a bot plays your seat until you come back with  {command}"
    ).format(address=left.address, command=command)


async def _bot(
    address: Address,
    name: str,
    seat: int | None,
    password: str | None,
    spec: BotSpec,
    args: argparse.Namespace,
    tokens: TokenStore,
    secure: Secure | None,
) -> int:
    from net.botclient import RemoteBot

    def log(text: str) -> None:
        print(f"{time.strftime('%H:%M:%S')} {name}: {text}", flush=True)

    bot = RemoteBot(
        address,
        name,
        spec.make(),
        str(spec),
        seat=seat,
        password=password,
        tokens=tokens,
        delay_s=args.delay,
        trick_pause_s=min(1.0, 2 * args.delay),
        log=log,
        retry_for_s=args.retry_for,
        secure=secure,
    )
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.client.close()))
    refused = await bot.run()
    if refused is not None:  # the table said no to what was asked (2), or was never reached
        return refuse(PROG, refused.message, USAGE if refused.code in ASKED_FOR else FAILED)
    if bot.winner is not None and bot.scores is not None and bot.state is not None:
        seats = bot.state.seats
        winners = " & ".join(seats[seat].name for seat in seats_of(bot.winner))
        log(
            _("the match is over: {winners} win, {score} to {other}").format(
                winners=winners, score=bot.scores[0], other=bot.scores[1]
            )
        )
    return 0
