"""The words of a game record that cannot be read or replayed (a :class:`RecordError`), and of an
action's text that cannot be read (an :class:`IllegalActionError` of the codes of
:mod:`game.errors`, a :class:`CardError`)."""

from __future__ import annotations

from game import cards, errors
from game.cards import CardError
from game.errors import IllegalActionError, RecordError
from game.files import FileReadError
from text.language import N_, _, number
from text.storage import file_problem

# fmt: off
_SAID = {
    errors.NOT_OBJECT: N_("not a game record (expected a JSON object)"),
    errors.NO_FORMAT: N_('not a game record (it has no "format": "tarocchino-record")'),
    errors.OTHER_FORMAT: N_("not a game record (format is {value})"),
    errors.OTHER_VERSION: N_("unsupported record version {value} (this is {version})"),
    errors.MISSING_FIELDS: N_("record is missing {fields}"),
    errors.UNKNOWN_FIELDS: N_("record has unknown fields: {fields}"),
    errors.CHECKSUM: N_("record checksum does not match: the file was edited or damaged"),
    errors.BAD_SEED: N_("bad seed {value}"),
    errors.BAD_MATCH_NUMBER: N_("bad match number {value}"),
    errors.BAD_DEALER: N_("bad first dealer {value}"),
    errors.SHUFFLES_NOT_LIST: N_("shuffles must be a list"),
    errors.ACTIONS_NOT_TEXT: N_("actions must be a list of strings"),
    errors.BAD_RULES: N_("bad record: {detail}"),
    errors.NOT_REPLAYED: N_("action {index} ({action}) cannot be replayed: {problem}"),
    errors.SHUFFLES_LEFT: N_("the record has {shuffles} shuffles for {hands} hands dealt"),
    errors.NO_SHUFFLE: N_("the record lacks the shuffle of hand {hand}"),
    errors.STAND_INS_NOT_OBJECT: N_("stand_ins must be an object of hands"),
    errors.STAND_IN_HAND: N_("stand_ins: {value} is not a hand of the record ({dealt} dealt)"),
    errors.STAND_IN_ACTION: N_(
        "stand_ins: {value} is not an action of hand {hand} ({recorded} recorded)"
    ),
    errors.STAND_IN_ACTIONS: N_("stand_ins of hand {hand} must be an object of actions"),
    errors.STAND_IN_NOT_PAIR: N_("stand_ins: {value} is not a bot's name and a reason"),
    errors.STAND_IN_REASON: N_("stand_ins: {value} is not a reason ({reasons})"),
    errors.STAND_IN_BOT: N_("stand_ins: {value} is not a bot's name (1 to {most} characters)"),
    errors.RECORD_TOO_BIG: N_("the record is too big ({size} characters)"),
    errors.UNREADABLE_TEXT: N_("cannot read the record: {problem}"),
    errors.UNREADABLE_FILE: N_("cannot read record {path}: {problem}"),
}
# fmt: on


def card_problem(error: CardError) -> str:
    """Why a card code cannot be read ("unknown card code 'XX' (codes look like KS, ...)")."""
    if error.reason == cards.GIVEN_TWICE:
        return _("card {code} is given twice").format(code=error.code)
    return _("unknown card code {code} (codes look like KS, 10B, AD, T12, MO1, ANG, MAT)").format(
        code=error.code
    )


def action_problem(error: IllegalActionError) -> str:
    """Why an action's text cannot be read, or the engine's own words for a refused action (a
    record's action that cannot be replayed: its log words, which name the rule)."""
    facts = error.facts
    if error.reason == errors.NO_ACTION:
        return _("empty action")
    if error.reason == errors.UNREADABLE:
        return _(
            "cannot read action {action} "
            "(use 'discard C1 C2', 'declare F…', 'play C' or 'play C signal')"
        ).format(action=facts["action"])
    if error.reason == errors.UNKNOWN_FAMILY and "action" in facts:
        return _("unknown family {family} in {action}").format(
            family=error.family, action=facts["action"]
        )
    if error.reason == errors.UNKNOWN_FAMILY:
        return _("unknown family {family}").format(family=error.family)
    if error.reason == errors.BAD_CARD:
        return card_problem(CardError("", facts["card_reason"], facts["code"]))
    return str(error)


def _problem(cause: Exception | None) -> str:
    """The words of the error beneath a record's."""
    if isinstance(cause, RecordError):
        return record_problem(cause)
    if isinstance(cause, FileReadError):
        return file_problem(cause)
    if isinstance(cause, IllegalActionError):
        return action_problem(cause)
    return str(cause or "")


def record_problem(error: RecordError) -> str:
    """Why a record cannot be read or replayed, in words ("cannot read record r.json: not a game
    record (expected a JSON object)")."""
    said = _SAID.get(error.reason)
    if said is None:
        return str(error)
    facts = dict(error.facts)
    if "size" in facts:
        facts["size"] = number(int(str(facts["size"])))
    return _(said).format(problem=_problem(error.cause), **facts)
