"""Bot specifications: which bot plays a seat, and with which options, as every command and the
start screen name it. One parser for the whole product.

    hard                        a built-in level
    hard:budget_s=0.25          ... with options: key=value, comma-separated
    mybot                       a bot installed by a package (entry-point group ``tarocchino.bots``)
    mypkg.bots:MyBot            a class (or factory) in an importable module
    path/to/mybot.py:MyBot      a class in a Python file
    mypkg.bots:MyBot:depth=2    any of them with options

Option values are checked against the factory's real parameters: unknown names are refused, values
are read by the parameter's annotation (or its default's type) and the bot is built once, so a
value its constructor rejects gives a clear message before any game starts. Built-in levels run in
the game's process; every other bot runs in a process of its own (:mod:`ai.contain`) and is loaded
and checked there, so no code that is not ours runs in the game's process.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import inspect
import math
import os
import re
import sys
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ai.contain import Containment
    from ai.player import Player

ENTRY_POINT_GROUP = "tarocchino.bots"
LEVEL, ENTRY_POINT, MODULE, FILE = "level", "entry_point", "module", "file"
MAX_SPEC_CHARS = 1000
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_SYNTAX = "LEVEL[:KEY=VALUE,...], an installed bot's name, module:Class or path/to/file.py:Class"


# Why a bot specification cannot be used: the codes of a SpecError, with the facts each names
# (names and texts quoted as the message shows them).
OTHER = "other"  # the message is all there is to say (a bot's own words, a load's failure)
NO_BOT = "no bot"  # syntax
TOO_LONG = "too long"  # length
UNKNOWN_BOT = "unknown bot"  # head, known
NOT_A_CLASS_NAME = "not a class name"  # attr, text
NO_BOT_FILE = "no bot file"  # head
NEITHER = "neither"  # head, syntax
BAD_OPTION = "bad option"  # item, text
TWICE = "twice"  # key, text
NOT_BOOL = "not bool"  # bot, option, value
NOT_WHOLE = "not whole"  # bot, option, value
NOT_NUMBER = "not number"  # bot, option, value
NOT_FINITE = "not finite"  # bot, option, value
NO_SUCH_OPTION = "no such option"  # bot, key, options (empty: it takes none)
NEEDS_OPTIONS = "needs options"  # bot, options


class SpecError(ValueError):
    """A bot specification that can not be read, found, loaded or built. The message is for
    logs; what a player reads is made by the text layer from ``reason`` (a code above) and
    ``facts``."""

    def __init__(self, message: str = "", reason: str = OTHER, **facts: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.facts = facts


@dataclass(frozen=True, slots=True)
class Source:
    """Where a bot's factory comes from: a built-in level, an entry point, a module or a file."""

    kind: str  # LEVEL, ENTRY_POINT, MODULE or FILE
    where: str  # the level, the entry point's name, the module, or the file's absolute path
    attr: str = ""  # the class (or factory) in the module or file

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "where": self.where, "attr": self.attr}

    @classmethod
    def from_json(cls, data: object) -> Source:
        if not isinstance(data, dict) or set(data) != {"kind", "where", "attr"}:
            raise SpecError("bad bot source")
        kind, where, attr = data["kind"], data["where"], data["attr"]
        if kind not in (LEVEL, ENTRY_POINT, MODULE, FILE) or not all(
            isinstance(v, str) and len(v) <= MAX_SPEC_CHARS for v in (where, attr)
        ):
            raise SpecError("bad bot source")
        return cls(kind, where, attr)


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """One keyword option of a bot's factory."""

    name: str
    type: str  # "int", "float", "bool", "str" or "any"
    default: Any  # the default value (its repr when it is not a plain value); None when required
    required: bool = False
    optional: bool = False  # None (written "none") is accepted

    def __str__(self) -> str:
        kind = self.type + (" or none" if self.optional else "")
        if self.required:
            return f"{self.name} ({kind}, required)"
        return f"{self.name}={format_value(self.default)} ({kind})"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.type,
            "default": self.default,
            "required": self.required,
            "optional": self.optional,
        }

    @classmethod
    def from_json(cls, data: object) -> OptionInfo:
        keys = {"name", "type", "default", "required", "optional"}
        if not isinstance(data, dict) or set(data) != keys:
            raise SpecError("bad option description")
        name, kind = data["name"], data["type"]
        if not isinstance(name, str) or not _IDENTIFIER.match(name) or kind not in _TYPE_NAMES:
            raise SpecError("bad option description")
        default = data["default"]
        if not isinstance(default, (int, float, str, bool, type(None))):
            default = repr(default)
        return cls(name, kind, default, bool(data["required"]), bool(data["optional"]))


@dataclass(frozen=True, slots=True)
class BotInfo:
    """A bot as ``tarocchino bots`` lists it: its name in a spec, origin, summary and options."""

    name: str
    origin: str
    source: Source
    summary: str = ""
    options: tuple[OptionInfo, ...] | None = None  # None: not known without loading the bot
    any_options: bool = False  # it also takes options it does not name (**kwargs)
    error: str | None = None  # why it can not be loaded, when it can not

    @property
    def contained(self) -> bool:
        """Runs in a process of its own (every bot that is not a built-in level)."""
        return self.source.kind != LEVEL

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "origin": self.origin,
            "contained": self.contained,
            "summary": self.summary,
            "options": None if self.options is None else [o.to_json() for o in self.options],
            "any_options": self.any_options,
            "error": self.error,
        }


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot and its options: what a seat, the arena or a simulation is given."""

    name: str  # as written: the level, the entry point's name, module:Class or file.py:Class
    options: tuple[tuple[str, Any], ...] = ()
    source: Source | None = None  # None: the built-in level ``name``
    accepts: tuple[str, ...] | None = None  # the options it takes; None: not known, or any

    @classmethod
    def parse(cls, text: str, *, check: bool = True) -> BotSpec:
        """The spec written ``text``; see :func:`parse_spec`."""
        return parse_spec(text, check=check)

    @property
    def origin(self) -> Source:
        return self.source or Source(LEVEL, self.name)

    @property
    def label(self) -> str:
        """A short name for a seat: the level, the installed bot's name or the class's name."""
        return label_of(str(self))

    @property
    def portable(self) -> str:
        """The spec as text that reads the same from any directory (a file's path made absolute),
        for a saved match."""
        if self.origin.kind != FILE:
            return str(self)
        return str(replace(self, name=f"{self.origin.where}:{self.origin.attr}"))

    @property
    def contained(self) -> bool:
        """Not one of our levels: it runs in a process of its own unless told otherwise."""
        return self.origin.kind != LEVEL

    def make(self, containment: Containment | None = None, *, contain: bool = True) -> Player:
        """A new player. A bot that is not ours runs in a process of its own (``contain``, the
        default) under ``containment``'s limits; in process, it is still guarded (its faults are
        replaced by legal moves and reported) but it can read the game."""
        if self.source is None:
            from ai.registry import make_bot

            return make_bot(self.name, **dict(self.options))
        from ai.contain import ContainedPlayer, Containment, GuardedPlayer

        containment = containment or Containment()
        if contain:
            return ContainedPlayer(self, containment)
        factory, options = load_factory(self.origin), dict(self.options)
        return GuardedPlayer(lambda: factory(**options), str(self), containment)

    def __str__(self) -> str:
        if not self.options:
            return self.name
        return self.name + ":" + ",".join(f"{k}={format_value(v)}" for k, v in self.options)


def reproducible(spec: BotSpec) -> bool | None:
    """Whether the same seed gives the same play: False with a time budget (``budget_s``, or a
    level that thinks for a time unless given ``iterations``), None for a bot that is not ours
    (it is up to its author), True otherwise."""
    options = dict(spec.options)
    if options.get("budget_s") is not None:
        return False
    if spec.contained:
        return None
    from ai.registry import TIMED_LEVELS

    return not (spec.name in TIMED_LEVELS and options.get("iterations") is None)


# ----------------------------------------------------------------- reading a spec
def label_of(text: str) -> str:
    """The short name of the bot of a spec, from its text alone (nothing is loaded, nothing
    raised): ``hard:budget_s=0.25`` → ``hard``, ``bots/mybot.py:MyBot:greed=2`` → ``MyBot``."""
    head, _, rest = text.strip().partition(":")
    attr = rest.split(":", 1)[0]
    if not attr or "=" in attr:
        return head
    return attr.rsplit(".", 1)[-1]


def split_specs(text: str) -> list[str]:
    """A comma-separated list of specs, where a spec's own options also use commas:
    ``hard:iterations=50,eps=0.1,easy`` is ``hard:iterations=50,eps=0.1`` and ``easy``."""
    out: list[str] = []
    for item in text.split(","):
        item = item.strip()
        if out and "=" in item and ":" not in item.split("=", 1)[0]:
            out[-1] += "," + item
        else:
            out.append(item)
    return out


def parse_spec(
    text: str,
    *,
    check: bool = True,
    defaults: Mapping[str, Any] | None = None,
    measurement: bool = False,
) -> BotSpec:
    """The bot named by ``text`` with its options, checked: raises SpecError with a clear message.

    With ``check`` the bot is loaded (in a process of its own when it is not ours), its options are
    read by their types and it is built once. Without it only the text is read (and a file's
    existence checked), for a bot that was checked before. ``defaults`` (None values skipped) are
    added for the options the bot takes and ``text`` does not set, like the arena's ``--budget``.
    ``measurement`` also accepts the levels for measurement only (the oracle: the arena's).
    """
    if not isinstance(text, str) or not text.strip():
        raise SpecError(f"no bot given (use {_SYNTAX})", NO_BOT, syntax=_SYNTAX)
    text = text.strip()
    if len(text) > MAX_SPEC_CHARS:
        raise SpecError(
            f"bot specification too long ({len(text)} characters)", TOO_LONG, length=str(len(text))
        )
    source, name, rest = _split(text, measurement)
    raw = _raw_options(rest, text)
    extra = tuple((k, format_value(v)) for k, v in (defaults or {}).items() if v is not None)
    if source.kind == LEVEL:
        factory = _level_factory(source.where)
        options, accepts = check_factory(factory, raw, name, build=check, defaults=extra)
        return BotSpec(name, options, None, accepts)
    if not check:
        return BotSpec(name, tuple((k, _guess_value(v)) for k, v in raw), source, None)
    from ai.contain import check_contained

    info, options = check_contained(source, raw, name, defaults=extra)
    accepts = (
        None if info.any_options or info.options is None else tuple(o.name for o in info.options)
    )
    return BotSpec(name, options, source, accepts)


def _split(text: str, measurement: bool = False) -> tuple[Source, str, str]:
    """The bot's source, its name as written, and the options' text."""
    head, _, rest = text.partition(":")
    from ai.registry import BOTS, MEASUREMENT_BOTS

    if head.lower() in BOTS or measurement and head.lower() in MEASUREMENT_BOTS:
        return Source(LEVEL, head.lower()), head.lower(), rest
    if head in installed_names():
        if not rest or "=" in rest.split(":", 1)[0]:
            return Source(ENTRY_POINT, head), head, rest
    attr, _, rest = rest.partition(":")
    if not attr or "=" in attr:
        known = ", ".join(list(BOTS) + installed_names())
        raise SpecError(
            f"unknown bot {head!r} (known: {known}; or module:Class, path/to/file.py:Class; "
            "see tarocchino bots)",
            UNKNOWN_BOT,
            head=repr(head),
            known=known,
        )
    if not all(_IDENTIFIER.match(part) for part in attr.split(".")):
        raise SpecError(
            f"{attr!r} is not the name of a class (in {text!r})",
            NOT_A_CLASS_NAME,
            attr=repr(attr),
            text=repr(text),
        )
    name = f"{head}:{attr}"
    if head.endswith(".py") or "/" in head or os.sep in head:
        path = Path(head).expanduser()
        if not path.is_file():
            raise SpecError(f"no bot file {head!r}", NO_BOT_FILE, head=repr(head))
        return Source(FILE, str(path.resolve()), attr), name, rest
    if not all(_IDENTIFIER.match(part) for part in head.split(".")):
        raise SpecError(
            f"{head!r} is neither a bot, a module nor a file.py (use {_SYNTAX})",
            NEITHER,
            head=repr(head),
            syntax=_SYNTAX,
        )
    return Source(MODULE, head, attr), name, rest


def _raw_options(rest: str, text: str) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    for item in rest.split(","):
        if not item.strip():
            continue
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not _IDENTIFIER.match(key):
            raise SpecError(
                f"bad option {item.strip()!r} in {text!r} (use key=value)",
                BAD_OPTION,
                item=repr(item.strip()),
                text=repr(text),
            )
        if key in dict(out):
            raise SpecError(
                f"option {key!r} is given twice in {text!r}", TWICE, key=repr(key), text=repr(text)
            )
        out.append((key, value.strip()))
    return tuple(out)


def _guess_value(text: str) -> Any:
    """A value of unknown type: a bool, a whole number, a number, none or text."""
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "none":
        return None
    for kind in (int, float):
        try:
            value = kind(text)
        except ValueError:
            continue
        if kind is float and not math.isfinite(value):
            break
        return value
    return text


# ----------------------------------------------------------------- factories and their options
_TYPE_NAMES = ("int", "float", "bool", "str", "any")
_BASIC = {bool: "bool", int: "int", float: "float", str: "str"}


def _level_factory(level: str) -> Callable[..., Any]:
    from ai.registry import BOTS, MEASUREMENT_BOTS

    return BOTS[level] if level in BOTS else MEASUREMENT_BOTS[level]


def sees_every_card(spec: BotSpec) -> bool:
    """A level for measurement that is shown the whole deal (the oracle)."""
    from ai.registry import MEASUREMENT_BOTS

    factory = MEASUREMENT_BOTS.get(spec.name) if spec.source is None else None
    return bool(getattr(factory, "sees_every_card", False))


def _type_of(annotation: object, default: object) -> tuple[str, bool]:
    """The option's type name and whether None is accepted, from the annotation or the default."""
    optional = default is None
    names: list[str] = []
    if annotation is inspect.Parameter.empty:
        names = [_BASIC.get(type(default), "any")] if default is not None else ["any"]
    elif isinstance(annotation, str):
        optional = optional or "Optional[" in annotation
        text = annotation.replace("Optional[", "").replace("]", "")
        for part in (p.strip() for p in text.replace("typing.", "").split("|")):
            if part == "None":
                optional = True
            else:
                names.append(part if part in _TYPE_NAMES else "any")
    else:
        origin = typing.get_origin(annotation)
        args = typing.get_args(annotation) if origin in (typing.Union, types.UnionType) else ()
        for arg in args or (annotation,):
            if arg is type(None):
                optional = True
            else:
                names.append(_BASIC.get(arg, "any") if isinstance(arg, type) else "any")
    for preferred in ("float", "int", "bool", "str"):
        if preferred in names and "any" not in names:
            return preferred, optional
    return "any", optional


def describe_factory(factory: Callable[..., Any]) -> tuple[tuple[OptionInfo, ...], bool]:
    """The keyword options of a factory (class or function) and whether it takes any (**kwargs)."""
    try:
        signature = inspect.signature(factory, eval_str=True)
    except Exception:
        try:
            signature = inspect.signature(factory)
        except (TypeError, ValueError):
            return (), True
    options, any_options = [], False
    for p in signature.parameters.values():
        if p.kind is p.VAR_KEYWORD:
            any_options = True
        if p.kind not in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD):
            continue
        required = p.default is p.empty
        default = None if required else p.default
        kind, optional = _type_of(p.annotation, default)
        if not isinstance(default, (int, float, str, bool, type(None))):
            default = repr(default)
        options.append(OptionInfo(p.name, kind, default, required, optional))
    return tuple(options), any_options


def summary_of(factory: object) -> str:
    """The first line of the factory's docstring."""
    doc = inspect.getdoc(factory) or ""
    return doc.strip().splitlines()[0][:200] if doc.strip() else ""


def read_option(option: OptionInfo, text: str, bot: str) -> Any:
    """The value of ``option`` written ``text``; SpecError saying what is expected."""
    if option.optional and text.lower() in ("none", "null"):
        return None
    what = f"{bot}: option {option.name}"
    facts = {"bot": bot, "option": option.name, "value": repr(text)}
    if option.type == "bool":
        low = text.lower()
        if low in ("true", "yes", "on", "1"):
            return True
        if low in ("false", "no", "off", "0"):
            return False
        raise SpecError(f"{what} must be true or false, not {text!r}", NOT_BOOL, **facts)
    if option.type == "int":
        try:
            return int(text)
        except ValueError:
            raise SpecError(
                f"{what} must be a whole number, not {text!r}", NOT_WHOLE, **facts
            ) from None
    if option.type == "float":
        try:
            value = float(text)
        except ValueError:
            raise SpecError(f"{what} must be a number, not {text!r}", NOT_NUMBER, **facts) from None
        if not math.isfinite(value):
            raise SpecError(f"{what} must be a finite number, not {text!r}", NOT_FINITE, **facts)
        return value
    if option.type == "str":
        return text
    return _guess_value(text)


def check_factory(
    factory: Callable[..., Any],
    raw: Iterable[tuple[str, str]],
    bot: str,
    *,
    build: bool = True,
    defaults: Iterable[tuple[str, str]] = (),
) -> tuple[tuple[tuple[str, Any], ...], tuple[str, ...] | None]:
    """Read ``raw`` options against ``factory``'s parameters and (``build``) build the bot once:
    the options with their values, and the names it accepts (None when it takes any).
    ``defaults`` are read too, for the options it names and ``raw`` does not set."""
    known, any_options = describe_factory(factory)
    by_name = {o.name: o for o in known}
    given = {k for k, _ in raw}
    raw = tuple(raw) + tuple((k, v) for k, v in defaults if k in by_name and k not in given)
    options = []
    for key, text in raw:
        option = by_name.get(key)
        if option is None and not any_options:
            names = ", ".join(o.name for o in known)
            takes = f"its options: {names}" if names else "it takes no options"
            raise SpecError(
                f"{bot} has no option {key!r} ({takes})",
                NO_SUCH_OPTION,
                bot=bot,
                key=repr(key),
                options=names,
            )
        value = read_option(option, text, bot) if option else _guess_value(text)
        options.append((key, value))
    missing = [o.name for o in known if o.required and o.name not in dict(options)]
    if missing:
        raise SpecError(
            f"{bot} needs the option(s) {', '.join(missing)}",
            NEEDS_OPTIONS,
            bot=bot,
            options=", ".join(missing),
        )
    if build:
        bot_object = build_bot(factory, dict(options), bot)
        if not callable(getattr(bot_object, "choose", None)):
            raise SpecError(f"{bot} is not a bot: it has no choose(view, legal, rng) method")
    return tuple(options), None if any_options else tuple(by_name)


def build_bot(factory: Callable[..., Any], options: dict[str, Any], bot: str) -> Any:
    """``factory(**options)``, its refusal of an option turned into a SpecError."""
    try:
        return factory(**options)
    except (ValueError, TypeError) as exc:
        raise SpecError(f"{bot}: {exc}") from None


def load_factory(source: Source) -> Callable[..., Any]:
    """Import the factory named by ``source``. Runs the bot's code: for a bot that is not ours,
    call it only in the bot's own process. SpecError on any failure."""
    try:
        if source.kind == LEVEL:
            return _level_factory(source.where)
        if source.kind == ENTRY_POINT:
            found = [
                ep
                for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)
                if ep.name == source.where
            ]
            if not found:
                raise SpecError(f"no installed bot {source.where!r}")
            factory: Callable[..., Any] = found[0].load()
            return factory
        if source.kind == MODULE:
            obj: object = importlib.import_module(source.where)
        else:
            obj = _import_file(Path(source.where))
        for part in source.attr.split("."):
            if not hasattr(obj, part):
                names = sorted(n for n in dir(obj) if not n.startswith("_"))[:20]
                raise SpecError(
                    f"{Path(source.where).name} has no {part!r} (it defines: {', '.join(names)})"
                )
            obj = getattr(obj, part)
        if not callable(obj):
            raise SpecError(f"{source.attr} is not a class or a function")
        return obj
    except SpecError:
        raise
    except SyntaxError as exc:
        where = Path(exc.filename or source.where).name
        if exc.lineno is not None:
            where += f" line {exc.lineno}"
        raise SpecError(f"{where}: {exc.msg}") from None
    except Exception as exc:
        raise SpecError(f"cannot load {source.where}: {type(exc).__name__}: {exc}") from None


def _import_file(path: Path) -> types.ModuleType:
    if not path.is_file():
        raise SpecError(f"no bot file {str(path)!r}")
    if b"\0" in path.read_bytes():  # (said here: early 3.11 releases raise ValueError for it)
        raise SpecError(f"{path.name}: source code string cannot contain null bytes")
    name = "tarocchino_bot_" + re.sub(r"\W", "_", path.stem)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SpecError(f"cannot load {path} as Python")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent))  # the bot may import modules next to it
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# ----------------------------------------------------------------- what is available
def _entry_points() -> list[importlib.metadata.EntryPoint]:
    try:
        return list(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP))
    except Exception:  # broken metadata of some installed package must not stop the game
        return []


def installed_names() -> list[str]:
    """The names of the bots installed by packages (first one wins; levels shadow them)."""
    from ai.registry import BOTS

    out: list[str] = []
    for ep in _entry_points():
        if ep.name not in out and ep.name.lower() not in BOTS:
            out.append(ep.name)
    return out


def builtin_bots() -> list[BotInfo]:
    """Our levels, with their options (they are ours: reading them loads nothing foreign)."""
    from ai.registry import BOTS

    return [describe_source(Source(LEVEL, level), level) for level in BOTS]


def installed_bots() -> list[BotInfo]:
    """The bots of the entry-point group, from the packages' metadata alone (nothing imported);
    a name taken by a level or an earlier package is listed with an error."""
    from ai.registry import BOTS

    out, seen = [], set()
    for ep in _entry_points():
        dist = getattr(ep, "dist", None)
        package = f"package {dist.name} {dist.version}" if dist is not None else "a package"
        origin = f"{package}, entry point {ep.name} = {ep.value}"
        error = None
        if ep.name.lower() in BOTS:
            error = f"its name is a built-in level's: {ep.name.lower()} means the level"
        elif ep.name in seen:
            error = f"another package already installs a bot called {ep.name!r}"
        seen.add(ep.name)
        out.append(BotInfo(ep.name, origin, Source(ENTRY_POINT, ep.name), error=error))
    return out


def list_bots(describe: bool = False) -> list[BotInfo]:
    """Every bot found: the levels, then the installed ones. With ``describe`` each installed
    bot is loaded in a process of its own to read its summary and options (slower)."""
    bots = builtin_bots()
    for info in installed_bots():
        if describe and info.error is None:
            info = describe_source(info.source, info.name, origin=info.origin)
        bots.append(info)
    return bots


def describe_source(source: Source, name: str, *, origin: str = "") -> BotInfo:
    """A bot's summary and options, loaded in a process of its own when it is not ours; a bot
    that can not be loaded comes back with its ``error``."""
    if source.kind == LEVEL:
        factory = _level_factory(source.where)
        options, any_options = describe_factory(factory)
        summary = summary_of(sys.modules[factory.__module__])  # our modules say it best
        return BotInfo(name, "built-in level", source, summary, options, any_options)
    from ai.contain import check_contained

    origin = origin or (f"file {source.where}" if source.kind == FILE else f"module {source.where}")
    try:
        info, _ = check_contained(source, (), name, build=False)
    except SpecError as exc:
        return BotInfo(name, origin, source, error=str(exc))
    return replace(info, origin=origin)


def format_value(value: Any) -> str:
    """An option's value as written in a spec (``true``, ``none``, ``0.25``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    return str(value)
