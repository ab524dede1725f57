"""What the statistics database holds: its schema versions, their migrations, and the one writer
of a finished match (used by recording and by the migration alike).

Standard library and the engine only (no Textual): a table server uses it too.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

from ai.spec import MAX_SPEC_CHARS, label_of
from game import errors
from game.cards import CODES, format_cards, sorted_for_display
from game.errors import RecordError
from game.files import loads
from game.history import HandRow, match_rows
from game.match import Match
from game.record import loads as load_record

HUMAN, BOT = "human", "bot"
MAX_NAME = 40  # characters of a player's name kept
MAX_SPEC = MAX_SPEC_CHARS  # characters of a bot's spec kept
MAX_RECORD = 16 << 20  # characters of a match's record

# Each version's tables, in order. Version 1 is the first schema that was shipped; version 2 the
# one in use. A migration takes a database from one version to the next.
SCHEMAS: dict[int, dict[str, str]] = {
    1: {
        "schema_version": "version INTEGER NOT NULL",
        "matches": "id INTEGER PRIMARY KEY, played_at TEXT NOT NULL, seed INTEGER NOT NULL, "
        "target INTEGER NOT NULL, winner INTEGER, score0 INTEGER NOT NULL, "
        "score1 INTEGER NOT NULL, record TEXT NOT NULL",
        "players": "match_id INTEGER NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL, "
        "kind TEXT NOT NULL, PRIMARY KEY (match_id, seat)",
        "hands": "match_id INTEGER NOT NULL, number INTEGER NOT NULL, dealer INTEGER NOT NULL, "
        "total0 INTEGER NOT NULL, total1 INTEGER NOT NULL, PRIMARY KEY (match_id, number)",
    },
    2: {
        "schema_version": "version INTEGER NOT NULL",
        # uid: the record's checksum with the seats, so that a match is stored once. seed NULL
        # when the hands were shuffled from fresh entropy (then in shuffles, a JSON list).
        # called_out: 1 when the winner called out; NULL when unknown (a migrated record that
        # does not replay). played_at: when the match ended, ISO 8601 in UTC.
        "matches": "id INTEGER PRIMARY KEY, uid TEXT NOT NULL UNIQUE, played_at TEXT NOT NULL, "
        "source TEXT NOT NULL, seed INTEGER, shuffles TEXT, first_dealer INTEGER NOT NULL, "
        "target INTEGER NOT NULL, hands INTEGER NOT NULL, winner INTEGER, "
        "score0 INTEGER NOT NULL, score1 INTEGER NOT NULL, called_out INTEGER, "
        "record TEXT NOT NULL",
        # kind "human" or "bot"; a bot's level ("hard") and its full spec ("hard:budget_s=0.25")
        "players": "match_id INTEGER NOT NULL REFERENCES matches(id), seat INTEGER NOT NULL, "
        "name TEXT NOT NULL, kind TEXT NOT NULL, level TEXT, spec TEXT, "
        "PRIMARY KEY (match_id, seat)",
        # called_out and discard_side are sides; the Matto exchange's giving and receiving side
        # and the card given (its code)
        "hands": "match_id INTEGER NOT NULL REFERENCES matches(id), number INTEGER NOT NULL, "
        "dealer INTEGER NOT NULL, called_out INTEGER, discard_side INTEGER, "
        "matto_giver INTEGER, matto_receiver INTEGER, matto_card TEXT, "
        "PRIMARY KEY (match_id, number)",
        # one side's score of one hand; combinations: the JSON breakdown of its pile; the parts
        # are NULL when unknown (a migrated record that does not replay)
        "hand_sides": "match_id INTEGER NOT NULL REFERENCES matches(id), "
        "number INTEGER NOT NULL, side INTEGER NOT NULL, combinations TEXT, "
        "captured_combinations INTEGER, card_points INTEGER, last_trick INTEGER, "
        "declarations INTEGER, raw INTEGER, total INTEGER NOT NULL, score INTEGER NOT NULL, "
        "tricks INTEGER, PRIMARY KEY (match_id, number, side)",
        # what one seat declared in one hand: families space-separated, the cards shown as codes
        "declarations": "match_id INTEGER NOT NULL REFERENCES matches(id), "
        "number INTEGER NOT NULL, seat INTEGER NOT NULL, families TEXT NOT NULL, "
        "cards TEXT NOT NULL, points INTEGER NOT NULL, PRIMARY KEY (match_id, number, seat)",
    },
}
CURRENT = max(SCHEMAS)


# Why the statistics database cannot be used: the codes of a StatsError, with the facts each
# names (``detail``: the system's or SQLite's own words).
UNUSABLE = "unusable"  # detail
UNEXPECTED = "unexpected"  # detail (the exception, as Python writes it)
TOO_BIG = "too big"  # match (its id): a stored record too big to read
NOT_A_RECORD = "not a record"  # match
UNREADABLE_RECORD = "unreadable record"  # detail
BUSY = "busy"
FULL = "full"  # mib
NO_DIRECTORY = "no directory"  # directory, detail
NOT_SET_ASIDE = "not set aside"  # path, damage (the Damaged error), detail
STILL_UNUSABLE = "still unusable"  # damage, moved (the name it was kept as), cause (a StatsError)
NEWER = "newer"  # version, current
# Why the file is not a healthy statistics database: the codes of a Damaged error.
DAMAGED = "damaged"
DAMAGED_AS = "damaged as"  # detail (SQLite's integrity check)
NOT_SQLITE = "not sqlite"
CANNOT_OPEN = "cannot open"
LINK_TO_NOTHING = "link to nothing"
CANNOT_EXAMINE = "cannot examine"  # detail
DIRECTORY = "directory"
NOT_REGULAR = "not regular"
NOT_STATISTICS = "not statistics"
NO_VERSION = "no version"
OTHER_TABLES = "other tables"  # version


class StatsError(Exception):
    """The statistics database cannot be used now. The message is for logs; what a player reads
    is made by the text layer from ``reason`` (a code above) and ``facts``."""

    def __init__(self, message: str, reason: str = UNUSABLE, **facts: object) -> None:
        super().__init__(message)
        self.reason = reason
        self.facts = facts


# What the player is told of a database that could be used: the codes of a StatsNotice.
UPDATED = "updated"  # old, new (schema versions)
SET_ASIDE = "set aside"  # damage (the Damaged error), moved (the name it was kept as)
# A finished match not stored: problem (a StatsError, RecordError or ValueError), notice (one
# of the above said first, or None).
NOT_STORED = "not stored"


@dataclass(frozen=True, slots=True)
class StatsNotice:
    """Something the player should be told about the database that was used all the same. The
    message is for logs (and is the notice's ``str``); the text layer says ``reason`` (a code
    above) with ``facts``."""

    message: str
    reason: str
    facts: dict[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.message


class Damaged(StatsError):
    """The file is not a healthy statistics database: it is set aside."""


class NewerDatabase(StatsError):
    """The database was written by a newer version of the game: it is left as it is."""


def create(connection: sqlite3.Connection, version: int = CURRENT) -> None:
    """Create the tables of schema ``version`` in an empty database."""
    for table, columns in SCHEMAS[version].items():
        connection.execute(f"CREATE TABLE {table} ({columns})")
    connection.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))


def objects(connection: sqlite3.Connection) -> dict[str, list[str]]:
    """The database's objects: each table with its columns, and every index, view and trigger
    that SQLite did not make itself (keyed "type name")."""
    rows = connection.execute(
        "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_autoindex_%' LIMIT 100"
    ).fetchall()
    found: dict[str, list[str]] = {}
    for kind, name in rows:
        if kind == "table":
            info = connection.execute("SELECT name FROM pragma_table_info(?)", (name,))
            found[name] = [column for (column,) in info.fetchall()]
        else:
            found[f"{kind} {name}"] = []
    return found


@cache
def expected_objects(version: int) -> dict[str, list[str]]:
    """The objects of schema ``version``, as :func:`objects` lists them."""
    connection = sqlite3.connect(":memory:")
    try:
        create(connection, version)
        return objects(connection)
    finally:
        connection.close()


def schema_version(connection: sqlite3.Connection) -> int | None:
    """The database's schema version; None for an empty database. Damaged when it is not a
    Tarocchino statistics database of a version this code knows, NewerDatabase when it is of a
    later one."""
    found = objects(connection)
    if not found:
        return None
    if found.get("schema_version") != ["version"]:
        raise Damaged("it is not a Tarocchino statistics database", NOT_STATISTICS)
    rows = connection.execute("SELECT version FROM schema_version LIMIT 2").fetchall()
    version = rows[0][0] if len(rows) == 1 else None
    if type(version) is not int or version < 1:
        raise Damaged("its schema version is missing or unreadable", NO_VERSION)
    if version > CURRENT:
        raise NewerDatabase(
            f"the statistics database was written by a newer version of Tarocchino (schema "
            f"{version}; this one knows {CURRENT}): it is left as it is",
            NEWER,
            version=version,
            current=CURRENT,
        )
    if found != expected_objects(version):
        raise Damaged(
            f"its tables are not those of schema version {version}", OTHER_TABLES, version=version
        )
    return version


def migrate(connection: sqlite3.Connection, version: int) -> None:
    """Bring a database of ``version`` up to CURRENT, one step at a time (the caller holds the
    transaction)."""
    while version < CURRENT:
        MIGRATIONS[version](connection)
        version += 1
        connection.execute("UPDATE schema_version SET version = ?", (version,))


# ----------------------------------------------------------------------------- a finished match


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sat in a seat: a name, and "human" or a bot's spec as ``ai.spec`` writes it ("hard",
    "hard:budget_s=0.25", "/home/anna/mybot.py:MyBot")."""

    name: str
    kind: str

    @property
    def human(self) -> bool:
        return self.kind == HUMAN

    @property
    def level(self) -> str | None:
        """A bot's short name: its level without options ("hard"), an installed bot's name or a
        class's name; None for a human."""
        return None if self.human else label_of(self.kind)


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """Everything the database keeps of one finished match."""

    uid: str
    played_at: str  # ISO 8601, UTC
    source: str  # "local" or "network"
    players: tuple[SeatInfo, ...]  # by seat
    record: dict  # game.record.to_json of the match
    match: Match
    rows: tuple[HandRow, ...]

    @classmethod
    def build(
        cls, record: dict, players: Sequence[SeatInfo], played_at: str, source: str
    ) -> StoredMatch:
        """Replay ``record`` (RecordError or ValueError when it cannot be, or when the match is
        not over) and gather what is stored."""
        text = json.dumps(record)
        if len(text) > MAX_RECORD:
            raise RecordError(
                f"the record is too big ({len(text):,} characters)",
                errors.RECORD_TOO_BIG,
                size=len(text),
            )
        match = load_record(text)
        if match.winner is None:
            raise ValueError("the match is not over")
        return cls(
            uid(record, players),
            played_at,
            source,
            tuple(players),
            record,
            match,
            match_rows(match),
        )


def uid(record: dict, players: Sequence[SeatInfo]) -> str:
    """A match's identity: its record (by checksum) and who sat where."""
    seats = json.dumps([[p.name, p.kind] for p in players])
    return hashlib.sha256(f"{record.get('sha256')}\n{seats}".encode()).hexdigest()


def _declaration_rows(match_id: int, row: HandRow) -> list[tuple]:
    return [
        (
            match_id,
            row.number,
            d.seat,
            " ".join(d.families),
            format_cards(sorted_for_display(d.cards)),
            d.points,
        )
        for side in row.sides
        for d in side.declared
    ]


def _insert_players(
    connection: sqlite3.Connection, match_id: int, players: Sequence[SeatInfo]
) -> None:
    connection.executemany(
        "INSERT INTO players (match_id, seat, name, kind, level, spec) VALUES (?, ?, ?, ?, ?, ?)",
        [
            (
                match_id,
                seat,
                p.name,
                HUMAN if p.human else BOT,
                p.level,
                None if p.human else p.kind,
            )
            for seat, p in enumerate(players)
        ],
    )


def insert_match(
    connection: sqlite3.Connection, stored: StoredMatch, match_id: int | None = None
) -> bool:
    """Write ``stored`` (with id ``match_id`` if given); False when that match is already
    recorded (nothing is written then). The caller holds the transaction."""
    m, record = stored.match, stored.record
    shuffles = record.get("shuffles")
    called_out = int(bool(stored.rows) and stored.rows[-1].called_out is not None)
    if connection.execute("SELECT 1 FROM matches WHERE uid = ?", (stored.uid,)).fetchone():
        return False
    cursor = connection.execute(
        "INSERT INTO matches (id, uid, played_at, source, seed, shuffles, first_dealer, "
        "target, hands, winner, score0, score1, called_out, record) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            match_id,
            stored.uid,
            stored.played_at,
            stored.source,
            m.seed,
            json.dumps(shuffles) if shuffles else None,
            m.first_dealer,
            m.rules.target,
            len(stored.rows),
            m.winner,
            m.scores[0],
            m.scores[1],
            called_out,
            json.dumps(record),
        ),
    )
    mid = cursor.lastrowid
    assert mid is not None  # set by the INSERT
    _insert_players(connection, mid, stored.players)
    hands, sides, declared = [], [], []
    for row in stored.rows:
        giver, receiver, card = row.matto_exchange or (None, None, None)
        hands.append(
            (
                mid,
                row.number,
                row.dealer,
                row.called_out,
                row.discard_side,
                giver,
                receiver,
                None if card is None else CODES[card],
            )
        )
        for side, s in enumerate(row.sides):
            combos = None if s.captured is None else json.dumps(s.captured.to_json())
            sides.append(
                (
                    mid,
                    row.number,
                    side,
                    combos,
                    s.captured_combinations,
                    s.card_points,
                    s.last_trick,
                    s.declarations,
                    s.raw,
                    s.total,
                    s.score,
                    s.tricks,
                )
            )
        declared.extend(_declaration_rows(mid, row))
    connection.executemany("INSERT INTO hands VALUES (?, ?, ?, ?, ?, ?, ?, ?)", hands)
    connection.executemany(
        "INSERT INTO hand_sides VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", sides
    )
    connection.executemany("INSERT INTO declarations VALUES (?, ?, ?, ?, ?, ?)", declared)
    return True


# ----------------------------------------------------------------------------- migrations

Migration = Callable[[sqlite3.Connection], None]


def _v1_to_v2(connection: sqlite3.Connection) -> None:
    """Version 2 adds the match's identity, source, entropy, first dealer and call-out, splits a
    seat's kind into human/bot and level, and keeps every part of each side's score and every
    declaration. Each match is rebuilt from its record; a record that no longer replays keeps
    what version 1 had (the hand totals), the rest unknown."""
    for table in ("matches", "players", "hands"):
        connection.execute(f"ALTER TABLE {table} RENAME TO v1_{table}")
    for table, columns in SCHEMAS[2].items():
        if table != "schema_version":
            connection.execute(f"CREATE TABLE {table} ({columns})")
    ids = [mid for (mid,) in connection.execute("SELECT id FROM v1_matches ORDER BY id")]
    for mid in ids:  # one record in memory at a time
        played_at, text = connection.execute(
            "SELECT played_at, substr(record, 1, ?) FROM v1_matches WHERE id = ?",
            (MAX_RECORD + 1, mid),
        ).fetchone()
        players = tuple(
            SeatInfo(name, kind)
            for name, kind in connection.execute(
                "SELECT substr(name, 1, ?), substr(kind, 1, ?) FROM v1_players "
                "WHERE match_id = ? ORDER BY seat LIMIT 4",
                (MAX_NAME, MAX_SPEC, mid),
            )
        )
        try:
            data = loads(text)
            if not isinstance(data, dict):
                raise TypeError("not a record")
            stored = StoredMatch.build(data, players, played_at, "local")
        except (RecordError, ValueError, TypeError, AttributeError):
            stored = None
        if stored is not None:
            insert_match(connection, stored, mid)  # a match recorded twice is kept once
        else:
            connection.execute(
                "INSERT INTO matches (id, uid, played_at, source, seed, first_dealer, target, "
                "hands, winner, score0, score1, record) "
                "SELECT id, 'v1-' || id, played_at, 'local', seed, coalesce((SELECT dealer FROM "
                "v1_hands WHERE match_id = id ORDER BY number LIMIT 1), 0), target, "
                "(SELECT count(*) FROM v1_hands WHERE match_id = id), winner, score0, score1, "
                "record FROM v1_matches WHERE id = ?",
                (mid,),
            )
            _insert_players(connection, mid, players)
            _v1_hand_totals(connection, mid)
    for table in ("matches", "players", "hands"):
        connection.execute(f"DROP TABLE v1_{table}")


def _v1_hand_totals(connection: sqlite3.Connection, match_id: int) -> None:
    """The hands of a version-1 match whose record does not replay: their dealers and totals
    (and so the running score), the other parts unknown."""
    rows = connection.execute(
        "SELECT number, dealer, total0, total1 FROM v1_hands WHERE match_id = ? ORDER BY number",
        (match_id,),
    ).fetchall()
    running = [0, 0]
    for number, dealer, *totals in rows:
        connection.execute(
            "INSERT INTO hands (match_id, number, dealer) VALUES (?, ?, ?)",
            (match_id, number, dealer),
        )
        for side in (0, 1):
            running[side] += totals[side]
            connection.execute(
                "INSERT INTO hand_sides (match_id, number, side, total, score) "
                "VALUES (?, ?, ?, ?, ?)",
                (match_id, number, side, totals[side], running[side]),
            )


MIGRATIONS: dict[int, Migration] = {1: _v1_to_v2}  # version -> the step to version + 1
