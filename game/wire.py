"""The wire form: a versioned JSON encoding of what one seat may know (a :class:`PlayerView`) and
of actions, for anything that talks to a seat across a process or a network boundary.

Cards are their codes (``"KS"``, ``"T12"``, ``"MAT"``), actions their text form (``"play KS"``,
``"play 7C striscio"``, ``"discard 6S 7S"``, ``"declare Grande Re"``), phases their words; a
view says ``"signals": true`` when the match allows partners' signals (absent: it does not).
Messages are JSON objects, one per line. The decoders trust nothing: every size is bounded, every
type and range is checked, and anything wrong raises :class:`WireError` (never another exception),
so a hostile peer can not crash the reader.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from game import files
from game.actions import Action, Move
from game.cards import CODES, INDEX, Card, Mask
from game.errors import IllegalActionError, WireError
from game.files import FileReadError, NestedTooDeepError, shorten
from game.hand import HandResult, SideResult
from game.phase import Phase
from game.scoring import FAMILIES
from game.view import Declaration, PlayerView, Trick

WIRE_VERSION = 1
MAX_MESSAGE_BYTES = 256 * 1024  # one message (a view with every action of a hand is ~10 KB)
MAX_DEPTH = 8  # nesting of a message: a view needs 5
MAX_ACTION_CHARS = 200
MAX_LEGAL = 4096  # 2**12 declaration choices at most
MAX_HISTORY = 128  # a hand has 4 declarations and 60 cards
MAX_NUMBER = 10**9  # scores, targets, points, hand numbers

_VIEW_KEYS = (
    "seat",
    "dealer",
    "phase",
    "turn",
    "hand",
    "discard",
    "trick",
    "leader",
    "tricks",
    "declarations",
    "history",
    "hand_sizes",
    "scores",
    "target",
    "hand_number",
    "legal",
)


# ----------------------------------------------------------------- encoding
def cards_to_json(cards: Mask | Sequence[Card]) -> list[str]:
    """Card codes: a mask in index order, a sequence in its own order."""
    if isinstance(cards, int):
        return [CODES[c] for c in range(len(CODES)) if cards >> c & 1]
    return [CODES[c] for c in cards]


def action_to_json(action: Action) -> str:
    return str(action)


def view_to_json(view: PlayerView) -> dict[str, Any]:
    """Every field of ``view`` as plain JSON values."""
    return {
        "seat": view.seat,
        "dealer": view.dealer,
        "phase": str(view.phase),
        "turn": view.turn,
        "hand": cards_to_json(view.hand),
        "discard": None if view.discard is None else cards_to_json(view.discard),
        "trick": cards_to_json(view.trick),
        "leader": view.leader,
        "tricks": [
            {"leader": t.leader, "cards": cards_to_json(t.cards), "winner": t.winner}
            for t in view.tricks
        ],
        "declarations": declarations_to_json(view.declarations),
        "history": [{"seat": m.seat, "action": str(m.action)} for m in view.history],
        "hand_sizes": list(view.hand_sizes),
        "scores": list(view.scores),
        "target": view.target,
        "hand_number": view.hand_number,
        "legal": [str(a) for a in view.legal],
        **({"signals": True} if view.signals else {}),
    }


def declarations_to_json(declarations: Sequence[Declaration | None]) -> list[dict[str, Any] | None]:
    return [
        None
        if d is None
        else {
            "seat": d.seat,
            "families": list(d.families),
            "cards": cards_to_json(d.cards),
            "points": d.points,
        }
        for d in declarations
    ]


def result_to_json(result: HandResult) -> dict[str, Any]:
    """A finished hand's result: each side's pile (counted face up at the end of the hand, the
    discard with it) and points, the discard's side, the Matto exchange, tricks and scores."""
    exchange = result.matto_exchange
    given = None if exchange is None else [exchange[0], exchange[1], CODES[exchange[2]]]
    return {
        "dealer": result.dealer,
        "called_out": result.called_out,
        "sides": [{"pile": cards_to_json(s.pile), **s.to_json()} for s in result.sides],
        "discard_side": result.discard_side,
        "matto_exchange": given,
        "tricks": list(result.tricks),
        "scores_before": list(result.scores_before),
    }


def dumps(message: dict[str, Any]) -> str:
    """One message as one line of JSON (no newline inside, ASCII only)."""
    return json.dumps(message, ensure_ascii=True, separators=(",", ":"), allow_nan=False)


# ----------------------------------------------------------------- decoding
def loads(line: str | bytes) -> dict[str, Any]:
    """One message from a line of JSON, bounded in size and depth (by the reader of
    :mod:`game.files`); WireError if it is not one."""
    if len(line) > MAX_MESSAGE_BYTES:
        raise WireError(f"message too long ({len(line)} bytes, at most {MAX_MESSAGE_BYTES})")
    try:
        data = files.loads(line, MAX_DEPTH)
    except NestedTooDeepError:
        raise WireError(f"message nested too deeply (more than {MAX_DEPTH} levels)") from None
    except FileReadError as exc:
        raise WireError(f"message is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise WireError("message is not a JSON object")
    return data


def _int(value: object, what: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise WireError(f"{what} must be a whole number from {lo} to {hi}, not {shorten(value)}")
    return value


def _seat(value: object, what: str) -> int:
    return _int(value, what, 0, 3)


def _list(value: object, what: str, most: int, least: int = 0) -> list[Any]:
    if not isinstance(value, list):
        raise WireError(f"{what} must be a list, not {shorten(value)}")
    if not least <= len(value) <= most:
        size = f"{least}" if least == most else f"{least} to {most}"
        raise WireError(f"{what} must have {size} items, not {len(value)}")
    return value


def _card(value: object, what: str) -> Card:
    if not isinstance(value, str) or value not in INDEX:
        raise WireError(f"{what}: {shorten(value)} is not a card code")
    return INDEX[value]


def _cards(value: object, what: str, most: int, least: int = 0) -> tuple[Card, ...]:
    cards = tuple(_card(v, what) for v in _list(value, what, most, least))
    if len(set(cards)) != len(cards):
        raise WireError(f"{what}: a card is given twice")
    return cards


def _mask(value: object, what: str, most: int, least: int = 0) -> Mask:
    m = 0
    for c in _cards(value, what, most, least):
        m |= 1 << c
    return m


def action_from_json(value: object, what: str = "action") -> Action:
    """An action from its text form; WireError if it cannot be read."""
    if not isinstance(value, str) or len(value) > MAX_ACTION_CHARS:
        raise WireError(f"{what} must be the text of an action, not {shorten(value)}")
    try:
        return Action.parse(value)
    except IllegalActionError as exc:
        raise WireError(f"{what}: {exc}") from None


def actions_from_json(value: object, what: str = "legal") -> tuple[Action, ...]:
    actions = tuple(action_from_json(a, what) for a in _list(value, what, MAX_LEGAL))
    if len(set(actions)) != len(actions):
        raise WireError(f"{what}: an action is given twice")
    return actions


def _object(
    value: object, what: str, keys: Sequence[str], optional: Sequence[str] = ()
) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise WireError(f"{what} must be a JSON object, not {shorten(value)}")
    missing = [k for k in keys if k not in value]
    if missing:
        raise WireError(f"{what} is missing {', '.join(missing)}")
    extra = sorted(str(k) for k in value if k not in keys and k not in optional)
    if extra:
        raise WireError(f"{what} has unknown fields: {shorten(', '.join(extra))}")
    return value


def _trick(value: object, i: int) -> Trick:
    what = f"tricks[{i}]"
    data = _object(value, what, ("leader", "cards", "winner"))
    cards = _cards(data["cards"], f"{what}.cards", 4, 4)
    return Trick(
        _seat(data["leader"], f"{what}.leader"), cards, _seat(data["winner"], f"{what}.winner")
    )


def _declaration(value: object, seat: int) -> Declaration | None:
    if value is None:
        return None
    what = f"declarations[{seat}]"
    data = _object(value, what, ("seat", "families", "cards", "points"))
    if _seat(data["seat"], f"{what}.seat") != seat:
        raise WireError(f"{what}.seat must be {seat}")
    families = _list(data["families"], f"{what}.families", len(FAMILIES))
    for f in families:
        if f not in FAMILIES:
            raise WireError(f"{what}.families: {shorten(f)} is not a family")
    if len(set(families)) != len(families):
        raise WireError(f"{what}.families: a family is given twice")
    cards = _mask(data["cards"], f"{what}.cards", 17)
    points = _int(data["points"], f"{what}.points", 0, MAX_NUMBER)
    return Declaration(seat, tuple(families), cards, points)


def _move(value: object, i: int) -> Move:
    data = _object(value, f"history[{i}]", ("seat", "action"))
    return Move(
        _seat(data["seat"], f"history[{i}].seat"),
        action_from_json(data["action"], f"history[{i}].action"),
    )


def declarations_from_json(value: object) -> tuple[Declaration | None, ...]:
    """The four seats' declarations (None for a seat that has not declared)."""
    return tuple(_declaration(v, i) for i, v in enumerate(_list(value, "declarations", 4, 4)))


_SIDE_KEYS = (
    "pile",
    "captured_combinations",
    "card_points",
    "last_trick",
    "declarations",
    "raw",
    "total",
)
_RESULT_KEYS = (
    "dealer",
    "called_out",
    "sides",
    "discard_side",
    "matto_exchange",
    "tricks",
    "scores_before",
)


def _side(value: object, i: int) -> SideResult:
    what = f"sides[{i}]"
    d = _object(value, what, _SIDE_KEYS)
    points = [_int(d[k], f"{what}.{k}", 0, MAX_NUMBER) for k in _SIDE_KEYS[1:]]
    return SideResult(_mask(d["pile"], f"{what}.pile", 62), *points)


def _side_or_none(value: object, what: str) -> int | None:
    return None if value is None else _int(value, what, 0, 1)


def result_from_json(data: object) -> HandResult:
    """The result encoded by :func:`result_to_json`; WireError naming what is wrong."""
    d = _object(data, "result", _RESULT_KEYS)
    sides = _list(d["sides"], "sides", 2, 2)
    first, second = _side(sides[0], 0), _side(sides[1], 1)
    if first.pile & second.pile:
        raise WireError("a card is in both sides' piles")
    exchange = d["matto_exchange"]
    if exchange is not None:
        items = _list(exchange, "matto_exchange", 3, 3)
        exchange = (
            _int(items[0], "matto_exchange", 0, 1),
            _int(items[1], "matto_exchange", 0, 1),
            _card(items[2], "matto_exchange"),
        )
    tricks = _list(d["tricks"], "tricks", 2, 2)
    before = _list(d["scores_before"], "scores_before", 2, 2)
    return HandResult(
        dealer=_seat(d["dealer"], "dealer"),
        called_out=_side_or_none(d["called_out"], "called_out"),
        sides=(first, second),
        discard_side=_side_or_none(d["discard_side"], "discard_side"),
        matto_exchange=exchange,
        tricks=(_int(tricks[0], "tricks", 0, 15), _int(tricks[1], "tricks", 0, 15)),
        scores_before=(
            _int(before[0], "scores_before", -MAX_NUMBER, MAX_NUMBER),
            _int(before[1], "scores_before", -MAX_NUMBER, MAX_NUMBER),
        ),
    )


def view_from_json(data: object) -> PlayerView:
    """The view encoded by :func:`view_to_json`; WireError naming the first thing that is wrong."""
    d = _object(data, "view", _VIEW_KEYS, ("signals",))
    signals = d.get("signals", False)
    if not isinstance(signals, bool):
        raise WireError(f"signals must be true or false, not {shorten(signals)}")
    phase_word = d["phase"]
    if not isinstance(phase_word, str) or phase_word not in {p.value for p in Phase}:
        raise WireError(f"phase: {shorten(phase_word)} is not a phase")
    hand = _mask(d["hand"], "hand", 17)
    discard = None if d["discard"] is None else _mask(d["discard"], "discard", 2, 2)
    trick = _cards(d["trick"], "trick", 3)
    tricks = tuple(_trick(t, i) for i, t in enumerate(_list(d["tricks"], "tricks", 15)))
    declarations = declarations_from_json(d["declarations"])
    history = tuple(_move(v, i) for i, v in enumerate(_list(d["history"], "history", MAX_HISTORY)))
    seen = hand | (discard or 0)
    for c in trick + tuple(c for t in tricks for c in t.cards):
        if seen >> c & 1:
            raise WireError(f"card {CODES[c]} is in two places")
        seen |= 1 << c
    if hand & (discard or 0):
        raise WireError("a card is both in the hand and in the discard")
    sizes = _list(d["hand_sizes"], "hand_sizes", 4, 4)
    scores = _list(d["scores"], "scores", 2, 2)
    return PlayerView(
        seat=_seat(d["seat"], "seat"),
        dealer=_seat(d["dealer"], "dealer"),
        phase=Phase(phase_word),
        turn=_int(d["turn"], "turn", -1, 3),
        hand=hand,
        discard=discard,
        trick=trick,
        leader=_seat(d["leader"], "leader"),
        tricks=tricks,
        declarations=declarations,
        history=history,
        hand_sizes=tuple(_int(n, "hand_sizes", 0, 17) for n in sizes),
        scores=(
            _int(scores[0], "scores", -MAX_NUMBER, MAX_NUMBER),
            _int(scores[1], "scores", -MAX_NUMBER, MAX_NUMBER),
        ),
        target=_int(d["target"], "target", 1, MAX_NUMBER),
        hand_number=_int(d["hand_number"], "hand_number", 0, MAX_NUMBER),
        legal=actions_from_json(d["legal"], "legal"),
        signals=signals,
    )
