"""Statistics of finished matches: recording a match when it ends, and the figures over all of
them (per person, per partner and opponent level), kept in an SQLite database in the data
directory (:mod:`store.statsdb`, :mod:`store.statsschema`).

Every entry point hands up what the player should be told (a code, a StatsError, a StatsNotice:
the text layer says them) instead of raising: the statistics never stop a match from being played
or saved. Standard library and the engine only (no Textual), so a table server records its
matches with the same calls:

    notice = record_finished_match(directory, FinishedMatch.of(match, seats))
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from contextlib import closing
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from game import record
from game.errors import RecordError
from game.files import loads
from game.match import Match
from game.record import StandIns
from store.settings import data_dir
from store.statsdb import TIMEOUT, failure, open_database, open_existing, path_of
from store.statsschema import (
    MAX_NAME,
    MAX_RECORD,
    MAX_SPEC,
    NOT_A_RECORD,
    NOT_STORED,
    TOO_BIG,
    UNEXPECTED,
    UNREADABLE_RECORD,
    SeatInfo,
    StatsError,
    StatsNotice,
    StoredMatch,
    insert_match,
)
from table.session import valid_kind

__all__ = [
    "SeatInfo",
    "FinishedMatch",
    "record_finished_match",
    "read_statistics",
    "Statistics",
    "PersonStats",
    "PairingStats",
    "BestHand",
    "MatchSummary",
    "load_match",
    "match_number",
    "local_time",
]

SOURCES = ("local", "network")
MAX_PEOPLE = 100  # people listed at most
MAX_PAIRINGS = 200  # person/partner/opponents lines listed at most
MAX_RECENT = 100


class _Seat(Protocol):
    name: str
    kind: str


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """A finished match as plain data: what the table screen or a table server hands over."""

    record: dict  # game.record.to_json(match)
    seats: tuple[SeatInfo, ...]  # by seat: name, and "human" or the bot's level/spec played
    ended_at: str  # ISO 8601 in UTC
    source: str = "local"  # "local" or "network"

    @classmethod
    def of(
        cls,
        match: Match,
        seats: Sequence[_Seat | tuple[str, str]],
        *,
        source: str = "local",
        ended_at: datetime | None = None,
        stand_ins: StandIns | None = None,
    ) -> FinishedMatch:
        """From the engine's match and the four seats (anything with ``name`` and ``kind``, such
        as the front end's Seat, or (name, kind) pairs); ``stand_ins``: the decisions a stand-in
        bot made for a person at a network table (kept in the record, for its review)."""
        infos = tuple(
            SeatInfo(*s) if isinstance(s, tuple) else SeatInfo(s.name, s.kind) for s in seats
        )
        when = (ended_at or datetime.now(UTC)).astimezone(UTC)
        return cls(
            record.to_json(match, stand_ins), infos, when.isoformat(timespec="seconds"), source
        )


def _check(finished: FinishedMatch) -> None:
    """ValueError naming what is wrong with the caller's data."""
    seats = finished.seats
    if len(seats) != 4:
        raise ValueError(f"a match has four seats, not {len(seats)}")
    for s in seats:
        if not isinstance(s.name, str) or not s.name.strip() or len(s.name) > MAX_NAME:
            raise ValueError(f"a player's name must be 1 to {MAX_NAME} characters")
        if not valid_kind(s.kind) or not s.kind.strip():
            raise ValueError(f"a seat's kind must be 'human' or a bot, not {s.kind!r:.40}")
        if not s.name.isprintable():
            raise ValueError("names must be printable text")
    if len({s.name for s in seats}) != 4:
        raise ValueError("the four names must be different")
    if finished.source not in SOURCES:
        raise ValueError(f"the source must be one of {', '.join(SOURCES)}")
    when = datetime.fromisoformat(finished.ended_at)  # ValueError when it is not a time
    if when.tzinfo is None:
        raise ValueError("the time the match ended must say its time zone")


def record_finished_match(
    directory: Path | None, finished: FinishedMatch, *, timeout: float = TIMEOUT
) -> StatsNotice | None:
    """Store a finished match in the statistics database of ``directory`` (the data directory
    when None). None when it was stored (or was already) with nothing to say; else the notice for
    the player: why it was not stored (NOT_STORED), or what happened to a damaged database. Never
    raises.

    Waits at most about ``timeout`` seconds for another process's write lock: call it off the
    event loop (a thread worker)."""
    try:
        return _record(directory or data_dir(), finished, timeout)
    except Exception as exc:  # the statistics must never stop the game
        detail = f"{exc!r:.200}"
        return StatsNotice(
            f"This match was not recorded in the statistics (unexpected error: {detail}).",
            NOT_STORED,
            {"problem": StatsError(f"unexpected error: {detail}", UNEXPECTED, detail=detail)},
        )


def _not_stored(problem: Exception, notice: StatsNotice | None = None) -> StatsNotice:
    """The match was not stored, because of ``problem`` (after ``notice``, if any)."""
    said = f"This match was not recorded in the statistics: {problem}."
    return StatsNotice(
        f"{notice} {said}" if notice else said, NOT_STORED, {"problem": problem, "notice": notice}
    )


def _record(directory: Path, finished: FinishedMatch, timeout: float) -> StatsNotice | None:
    try:
        _check(finished)
        stored = StoredMatch.build(
            finished.record,
            finished.seats,
            datetime.fromisoformat(finished.ended_at).astimezone(UTC).isoformat(timespec="seconds"),
            finished.source,
        )
    except (RecordError, ValueError, TypeError) as exc:
        return _not_stored(exc)
    try:
        opened = open_database(directory, timeout)
    except StatsError as exc:
        return _not_stored(exc)
    with closing(opened.connection) as connection:
        try:
            connection.execute("BEGIN IMMEDIATE")
            insert_match(connection, stored)
            connection.execute("COMMIT")
        except sqlite3.Error as exc:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            return _not_stored(failure(exc), opened.notice)
    return opened.notice


# ----------------------------------------------------------------------------- the figures


@dataclass(frozen=True, slots=True)
class BestHand:
    """A person's side's highest hand total."""

    total: int
    margin: int  # that hand's total minus the other side's
    match: int  # the match's id in the database
    hand: int  # 1 for the first hand of that match
    played_at: str


@dataclass(frozen=True, slots=True)
class PersonStats:
    """One person's record over all the matches they played (as a human at a seat)."""

    name: str
    played: int
    won: int
    called_out_wins: int  # matches won by calling out at the target
    hands: int
    average_margin: float | None  # their side's hand total minus the other's, per hand
    best_hand: BestHand | None
    declarations: int  # declarations made (*accusi*), at most one a hand
    declared_points: int


@dataclass(frozen=True, slots=True)
class PairingStats:
    """A person's matches with one kind of partner against one kind of opponents."""

    name: str
    partner: str  # a bot level, or "human"
    opponents: str  # "medium", or "easy & hard" when the two differ
    played: int
    won: int


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """One recorded match, in a few words."""

    id: int
    played_at: str
    source: str
    players: tuple[SeatInfo, ...]
    scores: tuple[int, int]
    winner: int | None
    called_out: bool | None  # None: unknown (an old record that did not replay)
    hands: int


@dataclass(frozen=True, slots=True)
class Statistics:
    """Everything `tarocchino stats` shows."""

    database: str
    matches: int
    hands: int
    people: tuple[PersonStats, ...]
    pairings: tuple[PairingStats, ...]
    recent: tuple[MatchSummary, ...]  # the latest first

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def local_time(moment: str) -> str:
    """A time kept in UTC (ISO 8601, as ``played_at`` and ``ended_at``) as the player's clock
    shows it: "2025-03-01 19:00" in the local time zone; the text as it is (its first 16
    characters, "T" as a space) when it is not a time."""
    try:
        when = datetime.fromisoformat(moment)
    except (TypeError, ValueError):
        return str(moment)[:16].replace("T", " ")
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def _shown(value: object, limit: int = MAX_SPEC) -> str:
    """Text read from the database as it may be printed: at most ``limit`` characters, anything
    that is not printable (a terminal's escape sequence) replaced by "?"."""
    text = str(value)[:limit]
    return "".join(ch if ch.isprintable() else "?" for ch in text)


# (side_of and partner_of: game.seats' own, registered with the connection by store.statsdb)
_ME = """WITH me AS (SELECT substr(name, 1, ?) AS name, match_id, seat, side_of(seat) AS side
                    FROM players WHERE kind = 'human')"""
_HANDS = """me JOIN hand_sides own ON own.match_id = me.match_id AND own.side = me.side
            JOIN hand_sides other ON other.match_id = own.match_id AND other.number = own.number
                                  AND other.side != own.side"""
_LEVEL = "coalesce(substr({0}.level, 1, 40), {0}.kind)"


def _people(c: sqlite3.Connection) -> tuple[PersonStats, ...]:
    found = c.execute(
        f"""{_ME}
        SELECT me.name, count(*), total(m.winner = me.side),
               total(m.winner = me.side AND m.called_out = 1)
        FROM me JOIN matches m ON m.id = me.match_id
        GROUP BY me.name ORDER BY count(*) DESC, me.name LIMIT ?""",
        (MAX_NAME, MAX_PEOPLE),
    )
    people = []
    for name, played, won, called_out_wins in found.fetchall():
        hands, margin = c.execute(
            f"""{_ME}
            SELECT count(*), avg(own.total - other.total) FROM {_HANDS} WHERE me.name = ?""",
            (MAX_NAME, name),
        ).fetchone()
        best = c.execute(
            f"""{_ME}
            SELECT own.total, own.total - other.total, own.match_id, own.number, m.played_at
            FROM {_HANDS} JOIN matches m ON m.id = own.match_id WHERE me.name = ?
            ORDER BY own.total DESC, own.total - other.total DESC, m.played_at, own.number
            LIMIT 1""",
            (MAX_NAME, name),
        ).fetchone()
        count, points = c.execute(
            f"""{_ME}
            SELECT count(*), total(d.points) FROM me JOIN declarations d
              ON d.match_id = me.match_id AND d.seat = me.seat
            WHERE me.name = ? AND d.families != ''""",
            (MAX_NAME, name),
        ).fetchone()
        people.append(
            PersonStats(
                _shown(name),
                played,
                int(won),
                int(called_out_wins),
                hands,
                None if margin is None else round(margin, 2),
                None if best is None else BestHand(*best),
                count,
                int(points),
            )
        )
    return tuple(people)


def _pairings(c: sqlite3.Connection) -> tuple[PairingStats, ...]:
    partner, one, two = (_LEVEL.format(t) for t in ("pa", "o1", "o2"))
    rows = c.execute(
        f"""{_ME}
        SELECT me.name, {partner},
               CASE WHEN {one} = {two} THEN {one}
                    WHEN {one} < {two} THEN {one} || ' & ' || {two}
                    ELSE {two} || ' & ' || {one} END AS opponents,
               count(*), total(m.winner = me.side)
        FROM me JOIN matches m ON m.id = me.match_id
        JOIN players pa ON pa.match_id = me.match_id AND pa.seat = partner_of(me.seat)
        JOIN players o1 ON o1.match_id = me.match_id AND side_of(o1.seat) != me.side
        JOIN players o2 ON o2.match_id = me.match_id AND side_of(o2.seat) != me.side
                        AND o2.seat > o1.seat
        GROUP BY 1, 2, 3 ORDER BY me.name, count(*) DESC, 2, 3 LIMIT ?""",
        (MAX_NAME, MAX_PAIRINGS),
    )
    return tuple(
        PairingStats(_shown(n), _shown(p), _shown(o), played, int(won))
        for n, p, o, played, won in rows
    )


def _recent(c: sqlite3.Connection, limit: int) -> tuple[MatchSummary, ...]:
    rows = c.execute(
        "SELECT id, played_at, source, score0, score1, winner, called_out, hands FROM matches "
        "ORDER BY played_at DESC, id DESC LIMIT ?",
        (max(0, min(limit, MAX_RECENT)),),
    ).fetchall()
    out = []
    for mid, played_at, source, score0, score1, winner, called_out, hands in rows:
        out.append(
            MatchSummary(
                mid,
                _shown(played_at),
                _shown(source),
                _seats(c, mid),
                (score0, score1),
                winner,
                None if called_out is None else bool(called_out),
                hands,
            )
        )
    return tuple(out)


def _seats(c: sqlite3.Connection, match_id: int) -> tuple[SeatInfo, ...]:
    rows = c.execute(
        "SELECT substr(name, 1, ?), coalesce(substr(spec, 1, ?), kind) FROM players "
        "WHERE match_id = ? ORDER BY seat LIMIT 4",
        (MAX_NAME, MAX_SPEC, match_id),
    ).fetchall()
    return tuple(SeatInfo(_shown(name), _shown(kind)) for name, kind in rows)


def read_statistics(
    directory: Path | None = None, *, recent: int = 10, timeout: float = TIMEOUT
) -> tuple[Statistics, StatsNotice | StatsError | None]:
    """The figures over every recorded match (empty when nothing is recorded yet), and what the
    player should be told, or None. Never raises: a database that cannot be read gives empty
    figures and the StatsError that says why."""
    directory = directory or data_dir()
    empty = Statistics(str(path_of(directory)), 0, 0, (), (), ())
    try:
        opened = open_existing(directory, timeout)
        if opened is None:
            return empty, None
        with closing(opened.connection) as c:
            matches, hands = c.execute(
                "SELECT count(*), coalesce(sum(hands), 0) FROM matches"
            ).fetchone()
            figures = Statistics(
                empty.database, matches, hands, _people(c), _pairings(c), _recent(c, recent)
            )
        return figures, opened.notice
    except StatsError as exc:
        return empty, exc
    except (sqlite3.Error, OSError) as exc:
        return empty, failure(exc)
    except Exception as exc:  # the statistics never crash the game
        detail = f"{exc!r:.200}"
        return empty, StatsError(f"unexpected error: {detail}", UNEXPECTED, detail=detail)


# What :func:`load_match` says, as a code, when the statistics hold no such match (the text
# layer names it: :func:`text.statistics.load_problem`).
NO_SUCH_MATCH = "no such match"
# What :func:`load_match` and :func:`match_number` say, as codes, when nothing is recorded yet,
# and when :func:`match_number`'s match is not among those recorded.
NOTHING_RECORDED = "nothing recorded"
NOT_RECORDED = "not recorded"


def load_match(
    directory: Path | None, match_id: int | None = None, *, timeout: float = TIMEOUT
) -> tuple[FinishedMatch | None, str | StatsError | StatsNotice | None]:
    """A recorded match (the latest when ``match_id`` is None) as it was handed over: its record
    and seats; or None and why not (NO_SUCH_MATCH, NOTHING_RECORDED, the StatsError, or a few
    words). Never raises."""
    directory = directory or data_dir()
    try:
        opened = open_existing(directory, timeout)
        if opened is None:
            return None, NOTHING_RECORDED
        with closing(opened.connection) as c:
            row = c.execute(
                "SELECT id, played_at, source, substr(record, 1, ?) FROM matches "
                + (
                    "WHERE id = ?"
                    if match_id is not None
                    else "ORDER BY played_at DESC, id DESC LIMIT 1"
                ),
                (MAX_RECORD + 1, *(() if match_id is None else (match_id,))),
            ).fetchone()
            if row is None:
                return None, NO_SUCH_MATCH
            mid, played_at, source, text = row
            seats = _seats(c, mid)
        if len(text) > MAX_RECORD:
            return None, StatsError(
                f"the record of match {mid} is too big", TOO_BIG, match=str(mid)
            )
        data = loads(text)
        if not isinstance(data, dict):
            return None, StatsError(
                f"the record of match {mid} is not a record", NOT_A_RECORD, match=str(mid)
            )
        return FinishedMatch(data, seats, _shown(played_at), _shown(source)), opened.notice
    except StatsError as exc:
        return None, exc
    except (sqlite3.Error, OSError) as exc:
        return None, failure(exc)
    except (ValueError, RecursionError) as exc:
        detail = f"{exc!r:.100}"
        return None, StatsError(
            f"the stored record cannot be read ({detail})", UNREADABLE_RECORD, detail=detail
        )


def match_number(
    directory: Path | None, key: str, *, timeout: float = TIMEOUT
) -> tuple[int | None, str | StatsError | None]:
    """The number of the recorded match whose identity is ``key`` (``statsschema.uid``), or None
    and why not (NOTHING_RECORDED, NOT_RECORDED, the StatsError, or a few words). Never raises;
    may wait for another program's lock (call it in a thread)."""
    try:
        opened = open_existing(directory or data_dir(), timeout)
        if opened is None:
            return None, NOTHING_RECORDED
        with closing(opened.connection) as c:
            row = c.execute("SELECT id FROM matches WHERE uid = ?", (key,)).fetchone()
        return (row[0], None) if row else (None, NOT_RECORDED)
    except StatsError as exc:
        return None, exc
    except (sqlite3.Error, OSError) as exc:
        return None, failure(exc)
    except Exception as exc:  # the statistics never crash the game
        return None, f"unexpected error ({exc!r:.100})"
