"""The statistics in words: the figures over every finished match, as `tarocchino stats` prints
them and the statistics screen lists them."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

from game.errors import RecordError
from game.seats import seats_of
from store import statsschema as why
from store.stats import (
    NO_SUCH_MATCH,
    NOT_RECORDED,
    NOTHING_RECORDED,
    MatchSummary,
    PairingStats,
    PersonStats,
    Statistics,
    local_time,
)
from store.statsschema import StatsError, StatsNotice
from text.language import N_, _, ngettext, number, pgettext
from text.plaintext import PAGE, paragraph
from text.records import record_problem
from text.scoresheet import side_names
from text.words import aligned, pair_names, shown_name
from text.wrapping import Hanging

# The columns' heads, translated where they are shown (``_()``).
PEOPLE_HEADER = (
    N_("Player"),
    N_("Played"),
    N_("Won"),
    N_("Won %"),
    N_("Hands"),
    N_("Avg margin"),
    N_("Best hand"),
    N_("Declarations"),
    N_("Called out"),
)
PEOPLE_LEFT = (0, 6, 7)  # the columns of text; the others are numbers
MATCH_HEADER = (
    N_("No."),
    N_("Ended"),
    N_("Side A"),
    N_("Score"),
    N_("Side B"),
    N_("Hands"),
    N_("Winner"),
)
MATCH_LEFT = (1, 2, 4, 6)
NO_PERSON = N_("No person played in these matches (bots only).")
DETAILS = ("Best hand", "Declarations")  # on a line of their own in the text


def nothing_recorded(s: Statistics) -> str:
    return _(
        "No finished match is recorded yet: every match played to the end is added to "
        "the statistics, in {database}."
    ).format(database=s.database)


def totals_line(s: Statistics) -> str:
    matches = ngettext("{n} finished match", "{n} finished matches", s.matches)
    hands = ngettext("{n} hand", "{n} hands", s.hands)
    return (
        f"{matches.format(n=number(s.matches))}, {hands.format(n=number(s.hands))}  ({s.database})"
    )


def pairing_line(p: PairingStats) -> str:
    """ "Anna with a hard partner against medium bots: 12 played, 7 won"."""
    levels = " & ".join(_opponent(level) for level in p.opponents.split(" & "))
    if "human" in p.opponents:
        against = _("against {players}").format(players=levels)
    else:
        against = _("against {levels} bots").format(levels=levels)
    return _("{name} with {partner} {against}: {played} played, {won} won").format(
        name=p.name,
        partner=_partner(p.partner),
        against=against,
        played=number(p.played),
        won=number(p.won),
    )


def _partner(level: str) -> str:
    """ "a hard partner", "an easy partner", "a human partner"."""
    if level == "human":
        return _("a human partner")
    if level == "easy":
        return _("an easy partner")
    if level == "medium":
        return _("a medium partner")
    if level == "hard":
        return _("a hard partner")
    article = "an" if level[:1].lower() in "aeiou" else "a"
    return f"{article} {level} partner"


def _opponent(level: str) -> str:
    """An opponents' level as it qualifies them ("medium" bots, "human")."""
    if level == "human":
        return pgettext("opponents", "human")
    if level == "easy":
        return pgettext("opponents", "easy")
    if level == "medium":
        return pgettext("opponents", "medium")
    if level == "hard":
        return pgettext("opponents", "hard")
    return level


def render(s: Statistics) -> str:
    """The figures as text for a person, within 80 columns (the screens lay them out their own
    way): the numbers of each person in a table, the rest on a line under his row."""
    if s.matches == 0:
        return paragraph(nothing_recorded(s))
    counts, __, where = totals_line(s).partition("  (")
    lines = Hanging("", [counts, f"({where}"], "  ").wrap(PAGE)
    if s.people:
        numbers = [i for i, head in enumerate(PEOPLE_HEADER) if head not in DETAILS]
        rows = _table(
            [_(PEOPLE_HEADER[i]) for i in numbers],
            [[row[i] for i in numbers] for row in map(person_row, s.people)],
            [numbers.index(i) for i in PEOPLE_LEFT if i in numbers],
        ).splitlines()
        lines += ["", rows[0]]
        for person, row in zip(s.people, rows[1:], strict=True):
            lines += [row, paragraph(person_details(person), "  ")]
        lines += ["", _("With partner and opponents:")]
        lines += [paragraph(pairing_line(p), "  ") for p in s.pairings]
    else:
        lines += ["", _(NO_PERSON)]
    if s.recent:
        lines += ["", _("Latest matches:"), *matches_table(s.recent)]
    return "\n".join(lines)


def person_details(p: PersonStats) -> str:
    """What the table of the text has no room for: "best hand 415 (match 117, hand 12); 33
    declarations for 520 points"."""
    if p.best_hand is None:
        best = _("no best hand yet")
    else:
        best = _("best hand {points} (match {match}, hand {hand})").format(
            points=number(p.best_hand.total), match=p.best_hand.match, hand=p.best_hand.hand
        )
    declared = ngettext(
        "{n} declaration for {points} points",
        "{n} declarations for {points} points",
        p.declarations,
    ).format(n=number(p.declarations), points=number(p.declared_points))
    return f"{best}; {declared}"


def matches_table(recent: Sequence[MatchSummary]) -> list[str]:
    """The latest matches, a row each within 80 columns: the winner A or B (a star when he
    called out, said under the table), the sides' names shortened when they do not fit."""

    def rows(room: int | None) -> list[list[str]]:
        out = []
        for m in recent:
            row = match_row(m)
            if room is not None:
                names = [s.name for s in m.players] + ["?"] * (4 - len(m.players))
                (a1, a2), (b1, b2) = ((names[s] for s in seats_of(side)) for side in (0, 1))
                row[2], row[4] = pair_names(a1, a2, room), pair_names(b1, b2, room)
            row[6] = "-" if m.winner not in (0, 1) else "AB"[m.winner] + "*" * bool(m.called_out)
            out.append(row)
        return out

    header = [_(head) for head in MATCH_HEADER]
    table = _table(header, rows(None), MATCH_LEFT).splitlines()
    if max(cell_len(line) for line in table) > PAGE:  # the sides' columns share what is left
        others = max(cell_len(line) for line in table) - 2 * max(
            cell_len(r[i]) for r in rows(None) for i in (2, 4)
        )
        room = max(cell_len(header[2]), (PAGE - others) // 2)
        table = _table(header, rows(room), MATCH_LEFT).splitlines()
    called_out = any(m.called_out and m.winner in (0, 1) for m in recent)
    return table + (["* " + _("won by calling out")] if called_out else [])


def person_row(p: PersonStats) -> list[str]:
    """One person's figures, as the columns of PEOPLE_HEADER."""
    margin = "-" if p.average_margin is None else f"{p.average_margin:+.1f}"
    best = (
        "-"
        if p.best_hand is None
        else _("{points} (no. {match}, hand {hand})").format(
            points=number(p.best_hand.total), match=p.best_hand.match, hand=p.best_hand.hand
        )
    )
    share = f"{100 * p.won / p.played:.0f}%" if p.played else "-"
    declared = ngettext("{n} ({points} point)", "{n} ({points} points)", p.declared_points)
    return [
        shown_name(p.name),
        number(p.played),
        number(p.won),
        share,
        number(p.hands),
        margin,
        best,
        declared.format(n=number(p.declarations), points=number(p.declared_points)),
        number(p.called_out_wins),
    ]


def match_row(m: MatchSummary, dash: str = "–") -> list[str]:
    """One recorded match, as the columns of MATCH_HEADER (``dash`` between the scores), the
    time it ended in the local time zone (the statistics keep UTC)."""
    names = [s.name for s in m.players] + ["?"] * (4 - len(m.players))
    sides = side_names(names)
    winner = "-" if m.winner not in (0, 1) else sides[m.winner]
    if m.called_out:
        winner += " " + _("(called out)")
    return [
        str(m.id),
        local_time(m.played_at),
        sides[0],
        f"{number(m.scores[0])} {dash} {number(m.scores[1])}",
        sides[1],
        number(m.hands),
        winner,
    ]


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], left: Sequence[int]) -> str:
    """Columns aligned (in cells: a wide character takes two): those in ``left`` to the left,
    the others (numbers) to the right."""
    widths = [max(cell_len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return "\n".join(
        "  ".join(
            aligned(c, w, right=i not in left)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        ).rstrip()
        for r in [header, *rows]
    )


def no_such_match(match_id: int | None) -> str:
    """The statistics hold no such match: "no match number 4 in the statistics"."""
    if match_id is None:
        return _("no match in the statistics")
    return _("no match number {number} in the statistics").format(number=match_id)


def load_problem(
    message: str | StatsError | StatsNotice | None, match_id: int | None
) -> str | None:
    """Why :func:`store.stats.load_match` found no match, in words (None: it said nothing)."""
    return no_such_match(match_id) if message == NO_SUCH_MATCH else stats_problem(message)


# What the statistics say by a code (``store.stats``), translated where it is shown.
_SAID = {
    NOTHING_RECORDED: N_("no match has been recorded yet"),
    NOT_RECORDED: N_("it is not in the statistics"),
}

# Why the database cannot be used (a StatsError's code), with its facts.
_CANNOT = {
    why.UNUSABLE: N_("the statistics database could not be used ({detail})"),
    why.UNEXPECTED: N_("unexpected error: {detail}"),
    why.TOO_BIG: N_("the record of match {match} is too big"),
    why.NOT_A_RECORD: N_("the record of match {match} is not a record"),
    why.UNREADABLE_RECORD: N_("the stored record cannot be read ({detail})"),
    why.BUSY: N_(
        "the statistics database is busy (another program is writing to it); try again in a moment"
    ),
    why.FULL: N_("the statistics database is full ({mib} MiB)"),
    why.NO_DIRECTORY: N_("cannot create the directory {directory} ({detail})"),
    why.NEWER: N_(
        "the statistics database was written by a newer version of Tarocchino (schema "
        "{version}; this one knows {current}): it is left as it is"
    ),
    why.DAMAGED: N_("it is damaged"),
    why.DAMAGED_AS: N_("it is damaged ({detail})"),
    why.NOT_SQLITE: N_("it is not an SQLite database"),
    why.CANNOT_OPEN: N_("it cannot be opened"),
    why.LINK_TO_NOTHING: N_("it is a link to nothing"),
    why.CANNOT_EXAMINE: N_("it cannot be examined ({detail})"),
    why.DIRECTORY: N_("it is a directory"),
    why.NOT_REGULAR: N_("it is not a regular file"),
    why.NOT_STATISTICS: N_("it is not a Tarocchino statistics database"),
    why.NO_VERSION: N_("its schema version is missing or unreadable"),
    why.OTHER_TABLES: N_("its tables are not those of schema version {version}"),
}


def stats_error_words(error: StatsError) -> str:
    """Why the statistics database cannot be used, in words, from the error's code and facts."""
    facts = error.facts
    damage = facts.get("damage")
    cause = facts.get("cause")
    if error.reason == why.NOT_SET_ASIDE and isinstance(damage, StatsError):
        return _(
            "the statistics database {path} cannot be used ({reason}) and could not be set "
            "aside ({detail})"
        ).format(path=facts["path"], reason=stats_error_words(damage), detail=facts["detail"])
    if error.reason == why.STILL_UNUSABLE and isinstance(damage, StatsError):
        notice = set_aside_words(damage, str(facts["moved"]))
        problem = stats_error_words(cause) if isinstance(cause, StatsError) else str(cause)
        return _("{notice} The new one cannot be used either: {problem}").format(
            notice=notice, problem=problem
        )
    said = _CANNOT.get(error.reason)
    if said is None:
        return str(error)
    shown = {k: number(v) if isinstance(v, int) else v for k, v in facts.items()}
    return _(said).format(**shown)


def set_aside_words(damage: StatsError, moved: str) -> str:
    """A damaged database set aside as ``moved`` and a new one started, in a sentence."""
    return _(
        "The statistics database could not be used ({reason}); it was kept as {name} and a new "
        "one was started."
    ).format(reason=stats_error_words(damage), name=moved)


def notice_words(notice: StatsNotice) -> str:
    """What the player is told of a database that was used all the same, in a sentence."""
    damage = notice.facts.get("damage")
    if notice.reason == why.SET_ASIDE and isinstance(damage, StatsError):
        return set_aside_words(damage, str(notice.facts["moved"]))
    if notice.reason == why.UPDATED:
        return _("The statistics database was updated (schema {old} to {new}).").format(
            **notice.facts
        )
    return str(notice)


def recorded_words(notice: StatsNotice) -> str:
    """What :func:`store.stats.record_finished_match` said, in a sentence or two."""
    if notice.reason != why.NOT_STORED:
        return notice_words(notice)
    problem, first = notice.facts.get("problem"), notice.facts.get("notice")
    if isinstance(problem, StatsError) and problem.reason == why.UNEXPECTED:
        return _(
            "This match was not recorded in the statistics (unexpected error: {detail})."
        ).format(**problem.facts)
    if isinstance(problem, StatsError):
        words = stats_error_words(problem)
    elif isinstance(problem, RecordError):
        words = record_problem(problem)
    else:
        words = str(problem)
    said = _("This match was not recorded in the statistics: {problem}.").format(problem=words)
    return f"{notice_words(first)} {said}" if isinstance(first, StatsNotice) else said


def read_words(message: StatsNotice | StatsError | None) -> str | None:
    """What :func:`store.stats.read_statistics` said, in a sentence (None: nothing)."""
    if isinstance(message, StatsNotice):
        return notice_words(message)
    if message is None:
        return None
    if message.reason == why.UNEXPECTED:
        return _("The statistics could not be read (unexpected error: {detail}).").format(
            **message.facts
        )
    return _("The statistics could not be read: {problem}.").format(
        problem=stats_error_words(message)
    )


def stats_problem(message: str | StatsError | StatsNotice | None) -> str | None:
    """Why the statistics found no match, in words: a code or an error named, other words as
    they are."""
    if isinstance(message, StatsError):
        return stats_error_words(message)
    if isinstance(message, StatsNotice):
        return notice_words(message)
    said = _SAID.get(message) if message is not None else None
    return _(said) if said is not None else message
