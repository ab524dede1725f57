"""The statistics in words: the figures over every finished match, as `tarocchino stats` prints
them and the statistics screen lists them."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len

from game.seats import seats_of
from store.stats import (
    MatchSummary,
    PairingStats,
    PersonStats,
    Statistics,
    local_time,
)
from text.plaintext import PAGE, paragraph
from text.scoresheet import side_names
from text.words import aligned, pair_names, plural
from text.wrapping import Hanging

PEOPLE_HEADER = (
    "Player",
    "Played",
    "Won",
    "Won %",
    "Hands",
    "Avg margin",
    "Best hand",
    "Declarations",
    "Called out",
)
PEOPLE_LEFT = (0, 6, 7)  # the columns of text; the others are numbers
MATCH_HEADER = ("No.", "Ended", "Side A", "Score", "Side B", "Hands", "Winner")
MATCH_LEFT = (1, 2, 4, 6)
NO_PERSON = "No person played in these matches (bots only)."
DETAILS = ("Best hand", "Declarations")  # on a line of their own in the text


def nothing_recorded(s: Statistics) -> str:
    return (
        "No finished match is recorded yet: every match played to the end is added to "
        f"the statistics, in {s.database}."
    )


def totals_line(s: Statistics) -> str:
    return (
        f"{plural(s.matches, 'finished match', 'finished matches')}, "
        f"{plural(s.hands, 'hand')}  ({s.database})"
    )


def pairing_line(p: PairingStats) -> str:
    """ "Anna with a hard partner against medium bots: 12 played, 7 won"."""
    article = "an" if p.partner[:1].lower() in "aeiou" else "a"
    return (
        f"{p.name} with {article} {p.partner} partner against {p.opponents}"
        f"{'' if 'human' in p.opponents else ' bots'}: {p.played} played, {p.won} won"
    )


def render(s: Statistics) -> str:
    """The figures as text for a person, within 80 columns (the screens lay them out their own
    way): the numbers of each person in a table, the rest on a line under his row."""
    if s.matches == 0:
        return paragraph(nothing_recorded(s))
    counts, _, where = totals_line(s).partition("  (")
    lines = Hanging("", [counts, f"({where}"], "  ").wrap(PAGE)
    if s.people:
        numbers = [i for i, head in enumerate(PEOPLE_HEADER) if head not in DETAILS]
        rows = _table(
            [PEOPLE_HEADER[i] for i in numbers],
            [[row[i] for i in numbers] for row in map(person_row, s.people)],
            [numbers.index(i) for i in PEOPLE_LEFT if i in numbers],
        ).splitlines()
        lines += ["", rows[0]]
        for person, row in zip(s.people, rows[1:], strict=True):
            lines += [row, paragraph(person_details(person), "  ")]
        lines += ["", "With partner and opponents:"]
        lines += [paragraph(pairing_line(p), "  ") for p in s.pairings]
    else:
        lines += ["", NO_PERSON]
    if s.recent:
        lines += ["", "Latest matches:", *matches_table(s.recent)]
    return "\n".join(lines)


def person_details(p: PersonStats) -> str:
    """What the table of the text has no room for: "best hand 415 (match 117, hand 12); 33
    declarations for 520 points"."""
    best = (
        "no best hand yet"
        if p.best_hand is None
        else (f"best hand {p.best_hand.total} (match {p.best_hand.match}, hand {p.best_hand.hand})")
    )
    declared = plural(p.declarations, "declaration")
    return f"{best}; {declared} for {p.declared_points} points"


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

    table = _table(MATCH_HEADER, rows(None), MATCH_LEFT).splitlines()
    if max(cell_len(line) for line in table) > PAGE:  # the sides' columns share what is left
        others = max(cell_len(line) for line in table) - 2 * max(
            cell_len(r[i]) for r in rows(None) for i in (2, 4)
        )
        room = max(len(MATCH_HEADER[2]), (PAGE - others) // 2)
        table = _table(MATCH_HEADER, rows(room), MATCH_LEFT).splitlines()
    called_out = any(m.called_out and m.winner in (0, 1) for m in recent)
    return table + (["* won by calling out"] if called_out else [])


def person_row(p: PersonStats) -> list[str]:
    """One person's figures, as the columns of PEOPLE_HEADER."""
    margin = "-" if p.average_margin is None else f"{p.average_margin:+.1f}"
    best = (
        "-"
        if p.best_hand is None
        else (f"{p.best_hand.total} (no. {p.best_hand.match}, hand {p.best_hand.hand})")
    )
    share = f"{100 * p.won / p.played:.0f}%" if p.played else "-"
    return [
        p.name,
        str(p.played),
        str(p.won),
        share,
        str(p.hands),
        margin,
        best,
        f"{p.declarations} ({p.declared_points} points)",
        str(p.called_out_wins),
    ]


def match_row(m: MatchSummary, dash: str = "–") -> list[str]:
    """One recorded match, as the columns of MATCH_HEADER (``dash`` between the scores), the
    time it ended in the local time zone (the statistics keep UTC)."""
    names = [s.name for s in m.players] + ["?"] * (4 - len(m.players))
    sides = side_names(names)
    winner = "-" if m.winner not in (0, 1) else sides[m.winner]
    if m.called_out:
        winner += " (called out)"
    return [
        str(m.id),
        local_time(m.played_at),
        sides[0],
        f"{m.scores[0]} {dash} {m.scores[1]}",
        sides[1],
        str(m.hands),
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
