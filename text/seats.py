"""The words of seats or names that cannot be used (a :class:`SeatsError`, a
:class:`NameProblem`): ``play --seats``, ``--names``, the start screen."""

from __future__ import annotations

from table import names, session
from table.names import NameProblem, described
from table.session import SeatsError
from text.language import _
from text.specs import spec_words


def name_words(problem: NameProblem) -> str:
    """Why a name, or four names, cannot be used ("the four names must be different")."""
    name = repr(problem.names[0])
    if problem.reason == names.INVISIBLE:
        return _(
            "a name must be printable text with nothing invisible in it: {name} holds {char}"
        ).format(name=name, char=described(problem.char))
    if problem.reason == names.MARK_FIRST:
        return _("a name may not begin with a mark that goes on a letter: {name}").format(name=name)
    if problem.reason == names.SAME:
        return _("the four names must be different")
    a, b = problem.pair
    return _(
        "the names of seats {a} and {b} look the same ({name} and {other}): the four names "
        "must look different"
    ).format(a=a + 1, b=b + 1, name=name, other=repr(problem.names[1]))


def seats_words(error: SeatsError) -> str:
    """Why the seats cannot be set ("give exactly four seats, not 3 (e.g. ...)")."""
    facts = error.facts
    if error.reason == session.SEAT_COUNT:
        return _("give exactly four seats, not {given} (e.g. human,hard,hard,hard)").format(**facts)
    if error.reason == session.NAME_COUNT:
        return _("give exactly four names, not {given}").format(**facts)
    if error.reason == session.NAME_TOO_LONG:
        return _("a name has at most {most} characters: {name} has {length}").format(**facts)
    if error.reason == session.BAD_KIND:
        detail = spec_words(error.spec_problem) if error.spec_problem else facts["detail"]
        return _("seat {seat}: {detail} (a seat is human or a bot)").format(
            seat=facts["seat"], detail=detail
        )
    if error.names_problem is not None:
        return name_words(error.names_problem)
    return str(error)
