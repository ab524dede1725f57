"""The table protocol: the JSON messages between a table server and its seats, each built and
read here and nowhere else (``docs/protocol.md`` describes them for people).

It has one version, :data:`PROTOCOL`, said in ``hello`` and answered in ``welcome``: a server
refuses a hello of another version (``version``), a client a welcome of another; the two ends
of a table are the same game. Besides the table itself, it carries the record of each finished
hand (``hand_record``, for the review) with the decisions a stand-in bot made in it and why, the
turn limit (``table.turn_limit_s``, ``state.turn_left_s``), a word when the stand-in decided for
a seat (``timed_out``: its time ran out; ``stood_in``: its person is away), and what each person
is doing at their screen (``doing`` from the client, ``seats[].doing`` in each state), so every
window says truthfully what the table waits for.

One message is one WebSocket text frame holding one JSON object with a ``type``. Views, actions
and hand results use the wire form of :mod:`game.wire`. Readers trust nothing: a message that is
not exactly what the protocol allows raises :class:`ProtocolError` with an error code and a
message in words (never another exception).
"""

from __future__ import annotations

import hmac
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game import record, wire
from game.actions import Action
from game.cards import INDEX, Mask
from game.errors import RecordError, WireError
from game.files import shorten
from game.hand import HandResult
from game.view import PlayerView
from table.names import invisible, name_problem, skeleton

PROTOCOL = 4  # the version of the protocol, spoken by this game's servers and clients
MAX_CLIENT_BYTES = 4096  # a client's message (hello, action, ping): a few hundred bytes
MAX_NAME = 16  # characters of a player's name
MAX_SECRET = 200  # characters of a token or a password
MAX_LEVEL = 1000  # characters of a bot's name as a client gives it (shown shortened)
MAX_ID = 2**53  # ping ids, plies: JSON-safe whole numbers
MAX_LIMIT_S = 86_400.0  # a turn limit, or the time left of one
# The header of the WebSocket handshake that shows a seat's token, so that the door knows a
# returning player before any frame: strangers never push it out (docs/protocol.md).
TOKEN_HEADER = "Tarocchino-Token"
_HEADER_TOKEN = re.compile(rf"[\x21-\x7e]{{1,{MAX_SECRET}}}")  # what a header can carry as it is

# Error codes (the ``code`` of an error message).
BAD_JSON = "bad_json"  # not a JSON object
TOO_LONG = "too_long"  # longer than MAX_CLIENT_BYTES (the connection is closed)
UNKNOWN_TYPE = "unknown_type"
BAD_MESSAGE = "bad_message"  # a field missing, unknown or of the wrong kind
VERSION = "version"  # another protocol version (closed)
HELLO_FIRST = "hello_first"  # anything before hello, or a second hello (closed)
HELLO_TIMEOUT = "hello_timeout"  # no hello in time (closed)
PASSWORD = "password"  # wrong or missing password (closed)
TOKEN = "token"  # a token that holds no seat here (closed)
SEAT_TAKEN = "seat_taken"  # the seat asked for is someone else's (closed)
NO_SEAT = "no_seat"  # no seat left for a newcomer (closed)
NAME_TAKEN = "name_taken"  # another seat has this name (closed)
NOT_STARTED = "not_started"  # an action before every seat is taken
NOT_YOUR_SEAT = "not_your_seat"  # an action for another seat
NOT_YOUR_TURN = "not_your_turn"
STALE = "stale"  # an action for another moment of the match (its ply is not the current one)
ILLEGAL = "illegal"  # the engine refused the action
SIGNAL = "signal"  # the engine refused a card's signal (§10a); ``why`` is the reason code
TOO_LATE = "too_late"  # the seat's turn limit ran out: the stand-in decides
FLOOD = "flood"  # too many messages too fast (closed)
TOO_MANY_ERRORS = "too_many_errors"  # too many refused messages (closed)
REPLACED = "replaced"  # the seat was joined again from another connection (closed)
MATCH_OVER = "match_over"

# What an error's ``why`` says (its other arguments: docs/protocol.md).
NAME_PRINTABLE, NAME_LONG = "printable", "long"  # bad_message of a name: not printable, too long
NAME_INVISIBLE, NAME_MARK = "invisible", "mark"  # ... a character that shows nothing, a mark first
HELLO_MISSING, HELLO_AGAIN = "missing", "again"  # hello_first: none yet, a second one
PASSWORD_MISSING, PASSWORD_WRONG = "missing", "wrong"  # password: none given, a wrong one
PASSWORD_WAIT = "wait"  # ... after wrong ones, given again too soon
HOST_BOT = "host_bot"  # seat_taken: the seat is a bot of the host's

# Why a table closes (the ``reason`` of ``closing``).
STOPPED = "stopped"  # the host stopped the table (it resumes when the host starts again)
OVER = "match_over"  # the match is over
CLOSINGS = (STOPPED, OVER)

PERSON, BOT, OPEN = "person", "bot", "open"  # who plays a seat

# What a person is doing at their screen, as their client tells the table (``doing``): at
# the table itself (playing, or watching the others), in the declarations dialog, the settings,
# the help; between two hands: on the scoring sheet of the hand just over, in a review opened
# from it, in the help opened from it; on the sheet of the match's last hand.
TABLE, DECLARING, SETTINGS, HELP = "table", "declaring", "settings", "help"
SHEET, REVIEW, SHEET_HELP, MATCH_OVER = "sheet", "review", "sheet_help", "match_over"
DOINGS = (TABLE, DECLARING, SETTINGS, HELP, SHEET, REVIEW, SHEET_HELP, MATCH_OVER)
BETWEEN_HANDS = (SHEET, REVIEW, SHEET_HELP)  # the sheet of the hand just over is still open
# ... and, said by the table itself: its stand-in bot is making the seat's decision now
STAND_IN_DECIDING = "stand_in"


Arg = str | int | None  # an error's argument: a code, a name, a card, a number
MAX_ARGS = 8  # arguments of one error
MAX_ARG = 200  # characters of one


class ProtocolError(ValueError):
    """A message the protocol does not allow: ``code`` names the error, ``args`` are its facts
    (what the table sends: each screen makes the words from them), the text says why for the
    host's log and a developer."""

    def __init__(self, code: str, message: str, **args: Arg) -> None:
        super().__init__(message)
        self.code = code
        self.facts: dict[str, Arg] = args


def _fields(
    data: dict[str, Any], what: str, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> None:
    missing = [k for k in required if k not in data]
    if missing:
        raise ProtocolError(
            BAD_MESSAGE, f"{what} is missing {', '.join(missing)}", field=missing[0][:40]
        )
    extra = sorted(str(k) for k in data if k not in required and k not in optional and k != "type")
    if extra:
        raise ProtocolError(
            BAD_MESSAGE, f"{what} has unknown fields: {shorten(', '.join(extra))}", field=what
        )


def _whole(value: object, what: str, lo: int, hi: int) -> int:
    if type(value) is not int or not lo <= value <= hi:
        raise ProtocolError(
            BAD_MESSAGE,
            f"{what} must be a whole number from {lo} to {hi}, not {shorten(value)}",
            field=what,
        )
    return value


def _text(value: object, what: str, most: int, *, empty: bool = False, shown: bool = True) -> str:
    """A text field; one that is ``shown`` to a person (on a screen, a log, a terminal) must be
    printable: no control characters or terminal escapes come through the network."""
    if not isinstance(value, str) or len(value) > most or (not empty and not value):
        raise ProtocolError(
            BAD_MESSAGE,
            f"{what} must be text of 1 to {most} characters, not {shorten(value)}",
            field=what,
        )
    if shown and not value.isprintable():
        raise ProtocolError(
            BAD_MESSAGE, f"{what} must be printable text, not {shorten(value)}", field=what
        )
    return value


def _optional_text(value: object, what: str, most: int, *, shown: bool = True) -> str | None:
    return None if value is None else _text(value, what, most, shown=shown)


def check_name(name: object) -> str:
    """A player's name: 1 to 16 printable characters, nothing invisible among them (see
    table/names.py), spaces at the ends dropped."""
    if not isinstance(name, str) or not name.strip() or not name.isprintable():
        raise ProtocolError(
            BAD_MESSAGE, "the name must be printable text", field="name", why=NAME_PRINTABLE
        )
    name = name.strip()
    if len(name) > MAX_NAME:
        raise ProtocolError(
            BAD_MESSAGE,
            f"the name must be at most {MAX_NAME} characters",
            field="name",
            why=NAME_LONG,
            most=MAX_NAME,
        )
    problem = name_problem(name)
    if problem:
        hidden = next((f"U+{ord(ch):04X}" for ch in name if invisible(ch)), None)
        raise ProtocolError(
            BAD_MESSAGE,
            str(problem),
            field="name",
            why=NAME_MARK if hidden is None else NAME_INVISIBLE,
            char=hidden,
        )
    return name


def name_key(name: str) -> str:
    """What two names must differ in to be two players' names: not what a person cannot see
    at the table (case, a letter's width, a Cyrillic А for an A: tui/names.skeleton)."""
    return skeleton(name)


def _object(text: str | bytes, limit: int) -> dict[str, Any]:
    size = len(text)
    if isinstance(text, str) and size <= limit:  # (a character is one to four bytes)
        size = len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise ProtocolError(
            TOO_LONG, f"message too long ({size} bytes, at most {limit})", bytes=size, most=limit
        )
    try:
        data = wire.loads(text)
    except WireError as exc:
        raise ProtocolError(BAD_JSON, str(exc)) from None
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(BAD_MESSAGE, "a message needs a type", field="type")
    return data


def encode(message: dict[str, Any]) -> str:
    return wire.dumps(message)


# ----------------------------------------------------------------- client → server
@dataclass(frozen=True, slots=True)
class Hello:
    """The first message of a connection: join a seat, or come back to one with its token."""

    name: str
    seat: int | None  # the seat asked for (0-3), or None: the first free one
    token: str | None  # the seat's token, to come back to it
    password: str | None
    player: str  # PERSON or BOT
    level: str | None  # a bot's name, shown to the others


@dataclass(frozen=True, slots=True)
class Act:
    """An action for ``seat`` at ``ply`` (the number of actions taken so far in the match)."""

    seat: int
    ply: int
    action: Action


@dataclass(frozen=True, slots=True)
class Ping:
    id: int


@dataclass(frozen=True, slots=True)
class Leave:
    """Leaving the table on purpose: a bot plays the seat at once, until its person returns."""


@dataclass(frozen=True, slots=True)
class Doing:
    """What the person is doing at their screen now (one of :data:`DOINGS`)."""

    what: str


ClientMessage = Hello | Act | Ping | Leave | Doing


def hello(
    name: str,
    *,
    seat: int | None = None,
    token: str | None = None,
    password: str | None = None,
    player: str = PERSON,
    level: str | None = None,
) -> dict[str, Any]:
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "name": name,
        "seat": seat,
        "token": token,
        "password": password,
        "player": player,
        "level": level,
    }


def token_headers(token: str | None) -> dict[str, str]:
    """The handshake's headers that show a seat's ``token`` at the door: none for a newcomer (or
    a token no header carries as it is: its hello still brings it back, without the pass)."""
    if token is None or not _HEADER_TOKEN.fullmatch(token):
        return {}
    return {TOKEN_HEADER: token}


def header_token(headers: Mapping[str, str]) -> str | None:
    """The seat's token a handshake's ``headers`` show, if any (not checked against a seat)."""
    token = headers.get(TOKEN_HEADER)
    return token if token is not None and _HEADER_TOKEN.fullmatch(token) else None


def same_token(given: str | None, shown: str) -> bool:
    """Whether a hello's token is the one its handshake showed (compared in constant time)."""
    if given is None:
        return False
    return hmac.compare_digest(
        given.encode("utf-8", "surrogatepass"), shown.encode("utf-8", "surrogatepass")
    )


def act(seat: int, ply: int, action: Action) -> dict[str, Any]:
    return {"type": "action", "seat": seat, "ply": ply, "action": wire.action_to_json(action)}


def ping(ident: int) -> dict[str, Any]:
    return {"type": "ping", "id": ident}


def leave() -> dict[str, Any]:
    return {"type": "leave"}


def doing(what: str) -> dict[str, Any]:
    """What the person is doing now: sent when it changes, and after each welcome."""
    return {"type": "doing", "what": what}


def _same_version(value: object) -> bool:
    return type(value) is int and value == PROTOCOL


def read_client(text: str | bytes) -> ClientMessage:
    """A client's message; ProtocolError with its code when it is not one."""
    data = _object(text, MAX_CLIENT_BYTES)
    kind = data["type"]
    if kind == "hello":
        if "protocol" in data and not _same_version(data["protocol"]):  # (whatever else it says)
            theirs = data["protocol"]
            raise ProtocolError(
                VERSION,
                f"this table speaks protocol {PROTOCOL}, not {shorten(theirs)}: the "
                "versions of the game differ (join with the host's version)",
                table=PROTOCOL,
                yours=theirs if type(theirs) is int and abs(theirs) < MAX_ID else None,
            )
        _fields(
            data, "hello", ("protocol", "name"), ("seat", "token", "password", "player", "level")
        )
        seat = data.get("seat")
        player = data.get("player", PERSON)
        if player not in (PERSON, BOT):
            raise ProtocolError(
                BAD_MESSAGE, f"player must be {PERSON!r} or {BOT!r}", field="player"
            )
        return Hello(
            name=check_name(data["name"]),
            seat=None if seat is None else _whole(seat, "seat", 0, 3),
            token=_optional_text(data.get("token"), "token", MAX_SECRET, shown=False),
            password=_optional_text(data.get("password"), "password", MAX_SECRET, shown=False),
            player=player,
            level=_optional_text(data.get("level"), "level", MAX_LEVEL),
        )
    if kind == "action":
        _fields(data, "action", ("seat", "ply", "action"))
        try:
            action = wire.action_from_json(data["action"])
        except WireError as exc:
            raise ProtocolError(BAD_MESSAGE, str(exc), field="action") from None
        return Act(
            _whole(data["seat"], "seat", 0, 3), _whole(data["ply"], "ply", 0, MAX_ID), action
        )
    if kind == "ping":
        _fields(data, "ping", ("id",))
        return Ping(_whole(data["id"], "id", 0, MAX_ID))
    if kind == "leave":
        _fields(data, "leave", ())
        return Leave()
    if kind == "doing":
        _fields(data, "doing", ("what",))
        if data["what"] not in DOINGS:
            raise ProtocolError(
                BAD_MESSAGE,
                f"doing must be one of {', '.join(DOINGS)}, not {shorten(data['what'])}",
                field="what",
            )
        return Doing(data["what"])
    raise ProtocolError(UNKNOWN_TYPE, f"unknown message type {shorten(kind)}")


# ----------------------------------------------------------------- server → client
@dataclass(frozen=True, slots=True)
class SeatStatus:
    """Who plays a seat, as everybody at the table sees it."""

    name: str
    player: str  # PERSON, BOT (a bot: the host's own, or a remote bot seat) or OPEN (not taken)
    level: str | None  # the bot's name, for a bot
    connected: bool  # a person or remote bot is connected (the host's bots always are)
    stand_in: str | None  # the bot playing for the seat while its person is away
    away_s: float | None  # seconds since the seat's connection went, if it did
    remote: bool  # taken by a connection (a person or a remote bot), not a bot of the host
    # what its person is doing (one of DOINGS, as their client said), or STAND_IN_DECIDING; None
    # when not known (a bot, nobody connected, nothing said yet)
    doing: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "player": self.player,
            "level": self.level,
            "connected": self.connected,
            "stand_in": self.stand_in,
            "away_s": self.away_s,
            "remote": self.remote,
            "doing": self.doing,
        }

    @classmethod
    def from_json(cls, data: object) -> SeatStatus:
        if not isinstance(data, dict):
            raise ProtocolError(BAD_MESSAGE, "a seat must be an object")
        _fields(
            data,
            "seat",
            ("name", "player", "level", "connected", "stand_in", "away_s", "remote", "doing"),
        )
        player = data["player"]
        if player not in (PERSON, BOT, OPEN):
            raise ProtocolError(BAD_MESSAGE, f"unknown player {shorten(player)}")
        away = data["away_s"]
        if away is not None and (
            not isinstance(away, (int, float))
            or isinstance(away, bool)
            or not math.isfinite(away)
            or away < 0
        ):
            raise ProtocolError(BAD_MESSAGE, "away_s must be a number of seconds")
        for key in ("connected", "remote"):
            if not isinstance(data[key], bool):
                raise ProtocolError(BAD_MESSAGE, f"{key} must be true or false")
        doing = data["doing"]
        if doing is not None and doing not in (*DOINGS, STAND_IN_DECIDING):
            raise ProtocolError(BAD_MESSAGE, f"unknown doing {shorten(doing)}")
        return cls(
            check_name(data["name"]),
            player,
            _optional_text(data["level"], "level", MAX_LEVEL),
            data["connected"],
            _optional_text(data["stand_in"], "stand_in", MAX_LEVEL),
            None if away is None else float(away),
            data["remote"],
            doing,
        )


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What does not change during a match: its target, the absence rule, the finished hands."""

    target: int
    away_timeout_s: float  # a seat left empty this long is played by ``stand_in``
    stand_in: str
    results: tuple[HandResult, ...]  # the hands finished before this connection joined
    turn_limit_s: float = 0.0  # a decision not made in this time is the stand-in's (0: none)
    signals: bool = False  # the match allows partners' signals (RULES.md §10a)


@dataclass(frozen=True, slots=True)
class Welcome:
    seat: int
    token: str
    table: TableInfo


@dataclass(frozen=True, slots=True)
class State:
    """The table now, as one seat sees it."""

    ply: int  # actions taken in the match so far
    view: PlayerView  # the seat's own view of the hand in play (the last hand once it is over)
    seats: tuple[SeatStatus, ...]
    started: bool  # every seat has been taken: the match is on
    winner: int | None  # the side that won the match
    seed: int | None  # when the seat is to act: the seed of its decision's generator
    call_out_needs: int | None  # what the seat's side still has to declare to call out (None:
    # calling out is off in this hand, or the match is over)
    turn_left_s: float | None = None  # seconds the seat to act has left before the stand-in
    # decides for it (None: no limit runs)


@dataclass(frozen=True, slots=True)
class HandOver:
    """A hand ended: its result, and the hand's final table as the seat saw it."""

    number: int  # 0 for the first hand
    result: HandResult
    last_view: PlayerView


@dataclass(frozen=True, slots=True)
class HandRecord:
    """A finished hand as it was dealt and played, for its review (sent only once the hand is
    over: then every card of it is public, the discard included)."""

    number: int  # 0 for the first hand
    dealer: int
    dealt: tuple[Mask, ...]  # the four hands as dealt (the dealer's with 17 cards)
    actions: tuple[Action, ...]  # the hand's actions in order, the discard first
    # index in ``actions`` -> the stand-in bot that made that decision for the seat's person
    # (away, gone, or out of time) and why
    stand_ins: Mapping[int, record.StandIn] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class TimedOut:
    """The seat to act let its turn limit run out: the stand-in made that decision."""

    seat: int
    ply: int  # the ply of the decision (the match was at this ply when it was made)
    action: Action | None  # what was decided: told to the seat itself only
    by: str  # the stand-in bot's name


@dataclass(frozen=True, slots=True)
class StoodIn:
    """The stand-in made a decision for a seat whose person is away."""

    seat: int
    ply: int  # the ply of the decision (the match was at this ply when it was made)
    by: str  # the stand-in bot's name


@dataclass(frozen=True, slots=True)
class Refused:
    """An error: the message was refused (and, for some codes, the connection closed), with
    its facts (``args``: each screen makes the words, see :mod:`net.spoken`)."""

    code: str
    args: Mapping[str, Arg]
    ply: int | None

    @property
    def message(self) -> str:
        """The refusal in the words of the language spoken now."""
        from net.spoken import refusal_words  # (the words are made above the protocol)

        return refusal_words(self.code, self.args, self.ply)


@dataclass(frozen=True, slots=True)
class Pong:
    id: int


@dataclass(frozen=True, slots=True)
class Closing:
    """The server is stopping (the table is saved; it resumes when the host starts again):
    ``reason`` is one of :data:`CLOSINGS`."""

    reason: str


ServerMessage = (
    Welcome | State | HandOver | HandRecord | TimedOut | StoodIn | Refused | Pong | Closing
)


def welcome(seat: int, token: str, table: TableInfo) -> dict[str, Any]:
    info = {
        "target": table.target,
        "away_timeout_s": table.away_timeout_s,
        "stand_in": table.stand_in,
        "results": [wire.result_to_json(r) for r in table.results],
        "turn_limit_s": table.turn_limit_s,
        **({"signals": True} if table.signals else {}),
    }
    return {"type": "welcome", "protocol": PROTOCOL, "seat": seat, "token": token, "table": info}


def state(
    ply: int,
    view: PlayerView,
    seats: list[SeatStatus],
    *,
    started: bool,
    winner: int | None,
    seed: int | None,
    call_out_needs: int | None = None,
    turn_left_s: float | None = None,
) -> dict[str, Any]:
    return {
        "type": "state",
        "ply": ply,
        "view": wire.view_to_json(view),
        "seats": [s.to_json() for s in seats],
        "started": started,
        "winner": winner,
        "seed": seed,
        "call_out_needs": call_out_needs,
        "turn_left_s": turn_left_s,
    }


def hand_record(
    number: int,
    dealer: int,
    dealt: Sequence[Mask],
    actions: Sequence[Action],
    stand_ins: Mapping[int, record.StandIn] | None = None,
) -> dict[str, Any]:
    """A finished hand's record (never before the hand is over), with the decisions a stand-in
    made in it (index in ``actions`` -> the bot's name and why)."""
    return {
        "type": "hand_record",
        "number": number,
        "dealer": dealer,
        "dealt": [wire.cards_to_json(m) for m in dealt],
        "actions": [wire.action_to_json(a) for a in actions],
        "stand_ins": {str(i): mark.to_json() for i, mark in sorted((stand_ins or {}).items())},
    }


def timed_out(seat: int, ply: int, action: Action | None, by: str) -> dict[str, Any]:
    """The stand-in decided for ``seat``, whose time ran out; ``action`` only to the seat
    itself."""
    return {
        "type": "timed_out",
        "seat": seat,
        "ply": ply,
        "action": None if action is None else wire.action_to_json(action),
        "by": by,
    }


def stood_in(seat: int, ply: int, by: str) -> dict[str, Any]:
    """The stand-in decided for ``seat``, whose person is away."""
    return {"type": "stood_in", "seat": seat, "ply": ply, "by": by}


def hand_over(number: int, result: HandResult, last_view: PlayerView) -> dict[str, Any]:
    return {
        "type": "hand_over",
        "number": number,
        "result": wire.result_to_json(result),
        "last_view": wire.view_to_json(last_view),
    }


def error(
    code: str, args: Mapping[str, Arg] | None = None, ply: int | None = None
) -> dict[str, Any]:
    """A refusal: its code and its facts (never words: each screen makes its own)."""
    return {"type": "error", "code": code, "args": dict(args or {}), "ply": ply}


def pong(ident: int) -> dict[str, Any]:
    return {"type": "pong", "id": ident}


def closing(reason: str = STOPPED) -> dict[str, Any]:
    """The table is closing, and why (one of :data:`CLOSINGS`)."""
    return {"type": "closing", "reason": reason}


def _wire(read: Any, value: object) -> Any:
    try:
        return read(value)
    except WireError as exc:
        raise ProtocolError(BAD_MESSAGE, str(exc)) from None


def _table(data: object) -> TableInfo:
    if not isinstance(data, dict):
        raise ProtocolError(BAD_MESSAGE, "table must be an object")
    _fields(
        data,
        "table",
        ("target", "away_timeout_s", "stand_in", "results", "turn_limit_s"),
        ("signals",),
    )
    signals = data.get("signals", False)
    if not isinstance(signals, bool):
        raise ProtocolError(BAD_MESSAGE, "signals must be true or false")
    timeout = _seconds(data["away_timeout_s"], "away_timeout_s")
    results = data["results"]
    if not isinstance(results, list) or len(results) > 1000:
        raise ProtocolError(BAD_MESSAGE, "results must be a list")
    return TableInfo(
        _whole(data["target"], "target", 1, wire.MAX_NUMBER),
        timeout,
        _text(data["stand_in"], "stand_in", MAX_LEVEL),
        tuple(_wire(wire.result_from_json, r) for r in results),
        _seconds(data["turn_limit_s"], "turn_limit_s", MAX_LIMIT_S),
        signals,
    )


def _dealt_hand(value: object) -> Mask:
    """One hand as dealt: 15 or 17 different card codes."""
    if not isinstance(value, list) or len(value) not in (15, 17):
        raise ProtocolError(BAD_MESSAGE, "a hand as dealt has 15 or 17 cards")
    mask = 0
    for code in value:
        if not isinstance(code, str) or code not in INDEX or mask >> INDEX[code] & 1:
            raise ProtocolError(BAD_MESSAGE, f"dealt: {shorten(code)} is not a card (once)")
        mask |= 1 << INDEX[code]
    return mask


def _stand_ins(value: object, actions: int) -> dict[int, record.StandIn]:
    """A record's stand-ins: an object of action indices (in decimal, below ``actions``) and
    bots' names and reasons (``{"by": name, "why": reason}``; a name alone when the table does
    not know why, as :func:`game.record.stand_in_from_json` reads them)."""
    if not isinstance(value, dict):
        raise ProtocolError(BAD_MESSAGE, "stand_ins must be an object")
    out = {}
    for key, by in value.items():
        if not (
            len(key) <= 10
            and key.isascii()
            and key.isdigit()
            and key == str(int(key))
            and int(key) < actions
        ):
            raise ProtocolError(BAD_MESSAGE, f"stand_ins: {shorten(key)} is not an action's index")
        try:
            out[int(key)] = record.stand_in_from_json(by)
        except RecordError as exc:
            raise ProtocolError(BAD_MESSAGE, str(exc)) from None
    return out


def _seconds(value: object, what: str, most: float = math.inf) -> float:
    if (
        not isinstance(value, (int, float))
        or isinstance(value, bool)
        or not (math.isfinite(value) and 0 <= value <= most)
    ):
        raise ProtocolError(BAD_MESSAGE, f"{what} must be a number of seconds")
    return float(value)


def _seats(value: object) -> tuple[SeatStatus, ...]:
    if not isinstance(value, list) or len(value) != 4:
        raise ProtocolError(BAD_MESSAGE, "seats must list the four seats")
    return tuple(SeatStatus.from_json(s) for s in value)


def _args(value: object) -> dict[str, Arg]:
    """An error's facts: a few short names, each a whole number, a printable text or null."""
    if not isinstance(value, dict) or len(value) > MAX_ARGS:
        raise ProtocolError(BAD_MESSAGE, f"args must be an object of at most {MAX_ARGS} facts")
    out: dict[str, Arg] = {}
    for key, fact in value.items():
        if not (isinstance(key, str) and 0 < len(key) <= 20 and key.isidentifier()):
            raise ProtocolError(BAD_MESSAGE, f"args: {shorten(key)} is not a fact's name")
        if isinstance(fact, str):
            out[key] = _text(fact, key, MAX_ARG, empty=True)
        elif fact is None:
            out[key] = None
        else:
            out[key] = _whole(fact, key, -MAX_ID, MAX_ID)
    return out


def _side(value: object, what: str) -> int | None:
    return None if value is None else _whole(value, what, 0, 1)


def read_server(text: str | bytes) -> ServerMessage:
    """A server's message; ProtocolError when it is not one (the client then leaves)."""
    data = _object(text, wire.MAX_MESSAGE_BYTES)
    kind = data["type"]
    if kind == "welcome":
        if "protocol" in data and not _same_version(data["protocol"]):
            theirs = data["protocol"]
            raise ProtocolError(
                VERSION,
                f"the table speaks protocol {shorten(theirs)}, this game {PROTOCOL}: "
                "the versions of the game differ",
                table=theirs if type(theirs) is int and abs(theirs) < MAX_ID else None,
                yours=PROTOCOL,
            )
        _fields(data, "welcome", ("protocol", "seat", "token", "table"))
        token = _text(data["token"], "token", MAX_SECRET, shown=False)
        return Welcome(_whole(data["seat"], "seat", 0, 3), token, _table(data["table"]))
    if kind == "state":
        _fields(
            data,
            "state",
            ("ply", "view", "seats", "started", "winner", "seed", "call_out_needs", "turn_left_s"),
        )
        if not isinstance(data["started"], bool):
            raise ProtocolError(BAD_MESSAGE, "started must be true or false")
        seed, needs, left = data["seed"], data["call_out_needs"], data["turn_left_s"]
        return State(
            _whole(data["ply"], "ply", 0, MAX_ID),
            _wire(wire.view_from_json, data["view"]),
            _seats(data["seats"]),
            data["started"],
            _side(data["winner"], "winner"),
            None if seed is None else _whole(seed, "seed", 0, 2**63 - 1),
            None
            if needs is None
            else _whole(needs, "call_out_needs", -wire.MAX_NUMBER, wire.MAX_NUMBER),
            None if left is None else _seconds(left, "turn_left_s", MAX_LIMIT_S),
        )
    if kind == "hand_over":
        _fields(data, "hand_over", ("number", "result", "last_view"))
        return HandOver(
            _whole(data["number"], "number", 0, wire.MAX_NUMBER),
            _wire(wire.result_from_json, data["result"]),
            _wire(wire.view_from_json, data["last_view"]),
        )
    if kind == "hand_record":
        _fields(data, "hand_record", ("number", "dealer", "dealt", "actions", "stand_ins"))
        dealt = data["dealt"]
        if not isinstance(dealt, list) or len(dealt) != 4:
            raise ProtocolError(BAD_MESSAGE, "dealt must list the four hands")
        actions = data["actions"]
        if not isinstance(actions, list) or len(actions) > wire.MAX_HISTORY:
            raise ProtocolError(BAD_MESSAGE, "actions must be a list of a hand's actions")
        return HandRecord(
            _whole(data["number"], "number", 0, wire.MAX_NUMBER),
            _whole(data["dealer"], "dealer", 0, 3),
            tuple(_dealt_hand(h) for h in dealt),
            tuple(_wire(wire.action_from_json, a) for a in actions),
            _stand_ins(data["stand_ins"], len(actions)),
        )
    if kind == "timed_out":
        _fields(data, "timed_out", ("seat", "ply", "action", "by"))
        action = data["action"]
        return TimedOut(
            _whole(data["seat"], "seat", 0, 3),
            _whole(data["ply"], "ply", 0, MAX_ID),
            None if action is None else _wire(wire.action_from_json, action),
            _text(data["by"], "by", MAX_LEVEL),
        )
    if kind == "stood_in":
        _fields(data, "stood_in", ("seat", "ply", "by"))
        return StoodIn(
            _whole(data["seat"], "seat", 0, 3),
            _whole(data["ply"], "ply", 0, MAX_ID),
            _text(data["by"], "by", MAX_LEVEL),
        )
    if kind == "error":
        _fields(data, "error", ("code", "args"), ("ply",))
        ply = data.get("ply")
        return Refused(
            _text(data["code"], "code", 40),
            _args(data["args"]),
            None if ply is None else _whole(ply, "ply", 0, MAX_ID),
        )
    if kind == "pong":
        _fields(data, "pong", ("id",))
        return Pong(_whole(data["id"], "id", 0, MAX_ID))
    if kind == "closing":
        _fields(data, "closing", ("reason",))
        return Closing(_text(data["reason"], "reason", 40))
    raise ProtocolError(UNKNOWN_TYPE, f"unknown message type {shorten(kind)}")
