"""The last match noted, in words, as the start screen shows it: who beat whom, how many hands
and when; or why its note could not be read."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from game.files import FileReadError, clip
from game.seats import other_side, seats_of
from store import lastmatch
from store.lastmatch import LastMatch, NoteError
from text.language import N_, _, ngettext, number
from text.storage import file_problem
from text.words import shown_name

# The months as an English date shortens them ("30 Nov"), translated where they are shown (an
# Italian date names the month whole).
SHORT_MONTHS = (
    N_("Jan"),
    N_("Feb"),
    N_("Mar"),
    N_("Apr"),
    N_("May"),
    N_("Jun"),
    N_("Jul"),
    N_("Aug"),
    N_("Sep"),
    N_("Oct"),
    N_("Nov"),
    N_("Dec"),
)


def side_words(last: LastMatch, side: int) -> str:
    """ "Anna & Carla"."""
    return " & ".join(shown_name(last.names[seat]) for seat in seats_of(side))


def last_match_parts(last: LastMatch) -> list[str]:
    """["Anna & Carla beat", "Bruno & Dario 805 to 640"]: one line, wrapped between the two
    sides when the names are long."""
    won, lost = last.winner, other_side(last.winner)
    score = _("{side} {points} to {other}").format(
        side=side_words(last, lost),
        points=number(last.scores[won]),
        other=number(last.scores[lost]),
    )
    return [_("{side} beat").format(side=side_words(last, won)), score]


def last_match_title(last: LastMatch, now: datetime | None = None) -> str:
    """ "Last match, 7 hands, today at 15:20" ("Last match at 127.0.0.1:7800, …" for a match
    joined at another person's table)."""
    when = when_words(last.ended_at, now)
    if last.table is not None:
        said = ngettext(
            "Last match at {table}, {n} hand, {when}",
            "Last match at {table}, {n} hands, {when}",
            last.hands,
        )
    else:
        said = ngettext("Last match, {n} hand, {when}", "Last match, {n} hands, {when}", last.hands)
    return said.format(table=last.table, n=number(last.hands), when=when)


def when_words(moment: datetime, now: datetime | None = None) -> str:
    """The local time in words: "today at 15:20", "yesterday at 21:05", "30 Nov at 18:40",
    "30 Nov 2025"."""
    local = moment.astimezone()
    today = (now or datetime.now(UTC)).astimezone().date()
    clock = local.strftime("%H:%M")
    if local.date() == today:
        return _("today at {clock}").format(clock=clock)
    if local.date() == today - timedelta(days=1):
        return _("yesterday at {clock}").format(clock=clock)
    month = _(SHORT_MONTHS[local.month - 1])
    if local.year == today.year:
        return _("{day} {month} at {clock}").format(day=local.day, month=month, clock=clock)
    return _("{day} {month} {year}").format(day=local.day, month=month, year=local.year)


# fmt: off
_SAID = {
    lastmatch.NOT_A_NOTE: N_("not a note"),
    lastmatch.OTHER_VERSION: N_("another version"),
    lastmatch.BAD_NAMES: N_("bad names"),
    lastmatch.BAD_SCORES: N_("bad scores"),
    lastmatch.BAD_WINNER: N_("bad winner"),
    lastmatch.BAD_TARGET: N_("bad target or hands"),
    lastmatch.BAD_TIME: N_("bad time"),
    lastmatch.BAD_TABLE: N_("bad table"),
    lastmatch.BAD_IDENTITY: N_("bad match identity"),
    lastmatch.TOO_DEEP: N_("nested too deeply"),
}
# fmt: on


def note_problem(error: NoteError) -> str:
    """Why the note cannot be read, in a few words ("bad scores", "too big")."""
    cause = error.cause
    if error.reason == lastmatch.UNREADABLE and isinstance(cause, FileReadError):
        return file_problem(cause).split(" (")[0]  # its words before the details
    if error.reason == lastmatch.UNEXPECTED and cause is not None:
        return _("unexpected {error}").format(error=type(cause).__name__)
    said = _SAID.get(error.reason)
    return _(said) if said is not None else str(error)


def unread_note(problem: tuple[NoteError, bool]) -> str:
    """Why the note of the last match could not be read, in one short sentence."""
    error, moved = problem
    said = clip(note_problem(error), 24)
    if moved:
        return _("Its note could not be read ({problem}) and was set aside.").format(problem=said)
    return _("Its note could not be read ({problem}).").format(problem=said)
