"""The table's codes in the words of the language spoken at this screen: a table sends its
refusals and its closing as codes and facts (``{"code": "illegal", "args": {"why":
"must_follow", "card": "9S", "suit": "C"}}``), never words, so that each seat reads them in its
own language."""

from __future__ import annotations

from collections.abc import Mapping

from game.cards import CODES
from net import protocol as p
from net import refusals as r
from text.language import N_, _, ngettext
from text.refusals import action_words, refusal
from text.signals import table_refusal_words
from text.words import bot_level

# A client's own refusals, their words made here already (``text``): the table was not reached,
# or sent what this game cannot read.
UNREACHABLE, UNREADABLE = "unreachable", "unreadable"


def _seat(value: object) -> int | str:
    return value + 1 if isinstance(value, int) else "?"


def _illegal(args: Mapping[str, p.Arg]) -> str:
    error = r.engine_error(args)
    if error.verdict is not None:  # (the card by its code: the table's words name no face)
        return refusal(error.verdict, CODES[error.verdict.card])
    return action_words(error)


def _bad_message(args: Mapping[str, p.Arg]) -> str:
    why = args.get("why")
    if args.get("field") == "name" and why is not None:
        if why == p.NAME_LONG:
            most = int(args.get("most") or p.MAX_NAME)
            return ngettext(
                "the name must be at most {n} character",
                "the name must be at most {n} characters",
                most,
            ).format(n=most)
        if why == p.NAME_INVISIBLE:
            return _(
                "a name must be printable text with nothing invisible in it: it holds {char}"
            ).format(char=args.get("char"))
        if why == p.NAME_MARK:
            return _("a name may not begin with a mark that goes on a letter")
        return _("the name must be printable text")
    if args.get("field"):
        return _("the table could not read a message of this game ({field})").format(
            field=args.get("field")
        )
    return _("the table could not read a message of this game")


def _password(args: Mapping[str, p.Arg]) -> str:
    why = args.get("why")
    if why == p.PASSWORD_MISSING:
        return _("this table needs a password (--password)")
    if why == p.PASSWORD_WAIT:
        return _("too many wrong passwords for {name}: try again in {n} s").format(
            name=args.get("name"), n=args.get("wait_s")
        )
    return _("wrong password")


def _seat_taken(args: Mapping[str, p.Arg]) -> str:
    seat = _seat(args.get("seat"))
    if args.get("why") == p.HOST_BOT:
        return _("seat {seat} is played by the host's bot").format(seat=seat)
    return _("seat {seat} is {name}'s").format(seat=seat, name=args.get("by"))


def refusal_words(code: str, args: Mapping[str, p.Arg], ply: int | None = None) -> str:
    """A table's refusal (its error ``code`` and facts ``args``) in words, as a clause (no
    capital, no full stop: "wrong password")."""
    if code in (UNREACHABLE, UNREADABLE):
        return str(args.get("text") or _("the table could not be reached"))
    if code == p.ILLEGAL:
        return _illegal(args)
    if code == p.SIGNAL:
        return table_refusal_words(str(args.get("why", "")))
    if code == p.BAD_MESSAGE:
        return _bad_message(args)
    if code == p.PASSWORD:
        return _password(args)
    if code == p.SEAT_TAKEN:
        return _seat_taken(args)
    if code == p.VERSION:
        if args.get("table") is None:
            return _("the versions of the game differ (join with the host's version)")
        if args.get("yours") is None:
            return _(
                "this table speaks protocol {table}: the versions of the game differ (join "
                "with the host's version)"
            ).format(table=args.get("table"))
        return _(
            "this table speaks protocol {table}, not {yours}: the versions of the game differ "
            "(join with the host's version)"
        ).format(table=args.get("table"), yours=args.get("yours"))
    if code == p.HELLO_FIRST:
        if args.get("why") == p.HELLO_AGAIN:
            return _("hello was said already")
        return _("say hello first")
    if code == p.NOT_YOUR_SEAT:
        return _("you play seat {seat}, not seat {asked}").format(
            seat=_seat(args.get("seat")), asked=_seat(args.get("asked"))
        )
    if code == p.NOT_YOUR_TURN:
        return _("it is {name}'s turn, not yours").format(name=args.get("name"))
    if code == p.STALE and ply is not None:
        return _("that action was for move {asked}; the match is at move {now}").format(
            asked=ply, now=args.get("now")
        )
    if code == p.STALE:
        return _("that action was for another move; the match is at move {now}").format(
            now=args.get("now")
        )
    if code == p.TOO_LATE:
        return _("your time for this move ran out: the {bot} bot is deciding it").format(
            bot=bot_level(str(args.get("by") or "medium"))
        )
    if code == p.NAME_TAKEN:
        return _("{name} is already at this table: choose another name").format(
            name=args.get("name")
        )
    if code == p.MATCH_OVER:
        if args.get("newcomer"):
            return _("the match at this table is over")
        return _("the match is over")
    if code == p.TOO_LONG:
        return _("message too long ({bytes} bytes, at most {most})").format(
            bytes=args.get("bytes"), most=args.get("most")
        )
    fixed = _FIXED.get(code)
    if fixed is not None:
        return _(fixed)
    return _("the table refused ({code})").format(code=code)


_FIXED = {
    p.BAD_JSON: N_("the table could not read a message of this game"),
    p.UNKNOWN_TYPE: N_("the table does not know a message of this game"),
    p.HELLO_TIMEOUT: N_("say hello first (no hello came in time)"),
    p.TOKEN: N_("this token holds no seat at this table (the table may have been started again)"),
    p.NO_SEAT: N_("every seat at this table is taken"),
    p.NOT_STARTED: N_("the match starts when every seat is taken"),
    p.FLOOD: N_("too many messages too fast: goodbye"),
    p.TOO_MANY_ERRORS: N_("too many refused messages: goodbye"),
    p.REPLACED: N_("your seat was joined from another connection"),
}


def problem_words(exc: p.ProtocolError) -> str:
    """What is wrong with something typed here (a name), as the table would refuse it."""
    return refusal_words(exc.code, exc.facts)


def closing_words(reason: str) -> str:
    """What a seat is told when the table closes: "the host stopped the table", and why when
    the table says more than that (the match is over)."""
    if reason == p.OVER:
        return _("the host stopped the table (the match is over)")
    return _("the host stopped the table")
