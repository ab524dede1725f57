"""The statistics database (store/stats.py): matches played through the engine land with the totals
of their records; the schema migrates from version 1; damaged, newer and locked databases give a
message and never an exception; the figures agree with numbers computed by hand."""

from __future__ import annotations

import ast
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cli.main import main
from game import record
from game.hand import side_of
from game.history import match_rows
from game.match import Match
from store.stats import (
    NO_SUCH_MATCH,
    FinishedMatch,
    SeatInfo,
    load_match,
    read_statistics,
    record_finished_match,
)
from store.statsdb import DB_FILE
from store.statsschema import create
from table.session import Session, parse_seats
from tests.support.matches import RECORDED_SEATS, WHEN, called_out_match, finished, played
from text.statistics import load_problem


def _said(notice: object) -> str | None:
    """What record_finished_match told, as its message (None: nothing)."""
    return None if notice is None else str(notice)


def _db(directory: Path) -> sqlite3.Connection:
    return sqlite3.connect(directory / DB_FILE)


def test_matches_land_with_the_totals_of_their_records(tmp_path: Path) -> None:
    matches = [played(seed) for seed in range(4)]
    for i, match in enumerate(matches):
        assert record_finished_match(tmp_path, finished(match, minutes=i)) is None
    with _db(tmp_path) as c:
        for mid, text, winner, score0, score1 in c.execute(
            "SELECT id, record, winner, score0, score1 FROM matches ORDER BY id"
        ).fetchall():
            replayed = record.loads(text)
            assert replayed.actions == matches[mid - 1].actions
            assert [score0, score1] == replayed.scores and winner == replayed.winner
            stored = c.execute(
                "SELECT number, side, total, score, card_points, declarations, tricks "
                "FROM hand_sides WHERE match_id = ? ORDER BY number, side",
                (mid,),
            ).fetchall()
            expected = [
                (
                    h + 1,
                    side,
                    r.sides[side].total,
                    r.scores_after[side],
                    r.sides[side].card_points,
                    r.sides[side].declarations,
                    r.tricks[side],
                )
                for h, r in enumerate(replayed.results)
                for side in (0, 1)
            ]
            assert stored == expected
            declared = c.execute(
                "SELECT seat, points FROM declarations WHERE match_id = ?", (mid,)
            ).fetchall()
            assert sum(p for _, p in declared) == sum(
                s.declarations for r in replayed.results for s in r.sides
            )
        players = c.execute(
            "SELECT name, kind, level, spec FROM players WHERE match_id = 1 ORDER BY seat"
        ).fetchall()
    assert players == [
        ("Anna", "human", None, None),
        ("Bruno", "bot", "medium", "medium"),
        ("Carla", "bot", "hard", "hard"),
        ("Dario", "bot", "medium", "medium"),
    ]


def test_a_match_is_recorded_once(tmp_path: Path) -> None:
    match = played(1)
    assert record_finished_match(tmp_path, finished(match)) is None
    assert record_finished_match(tmp_path, finished(match, minutes=5)) is None
    figures, _ = read_statistics(tmp_path)
    assert figures.matches == 1
    other_seats = (("Anna", "human"), ("Bruno", "easy"), ("Carla", "hard"), ("Dario", "easy"))
    assert record_finished_match(tmp_path, finished(match, other_seats)) is None
    assert read_statistics(tmp_path)[0].matches == 2


def test_the_database_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    old = os.umask(0o022)  # as a usual login leaves it
    try:
        assert record_finished_match(tmp_path, finished(played(1))) is None
    finally:
        os.umask(old)
    assert (tmp_path / DB_FILE).stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seats": (SeatInfo("Anna", "human"),) * 4}, "four names must be different"),
        ({"seats": (SeatInfo("A", "human"),)}, "four seats"),
        ({"seats": (SeatInfo("", "human"), *(SeatInfo(*s) for s in RECORDED_SEATS[1:]))}, "name"),
        ({"source": "moon"}, "source"),
        ({"ended_at": "yesterday"}, "isoformat"),
        ({"ended_at": "2024-05-01T18:30:00"}, "time zone"),
        ({"record": {"format": "nonsense"}}, "not a game record"),
    ],
)
def test_bad_data_gives_a_message_and_records_nothing(tmp_path: Path, change, message) -> None:
    data = finished(played(2))
    bad = FinishedMatch(**{**{f: getattr(data, f) for f in data.__dataclass_fields__}, **change})
    answer = _said(record_finished_match(tmp_path, bad))
    assert answer is not None and answer.startswith("This match was not recorded")
    assert message in answer
    assert not (tmp_path / DB_FILE).exists()


def test_a_match_not_over_is_not_recorded(tmp_path: Path) -> None:
    match = Match(5)
    match.apply(match.legal_actions()[0])
    answer = _said(record_finished_match(tmp_path, finished(match)))
    assert answer is not None and "not over" in answer


# -------------------------------------------------------------------------------------- the figures


def _expected(matches: list[tuple[Match, tuple]]) -> dict:
    """Anna's figures computed straight from the engine's results, without SQL."""
    played_ = won = called = hands = declarations = declared_points = 0
    margins: list[int] = []
    best = None
    pairings: dict[tuple[str, str], list[int]] = {}
    for mid, (match, seats) in enumerate(matches, 1):
        seat = [name for name, _ in seats].index("Anna")
        side = side_of(seat)
        played_ += 1
        won += match.winner == side
        called += match.winner == side and match.results[-1].called_out is not None
        for h, row in enumerate(match_rows(match), 1):
            own, other = row.sides[side], row.sides[1 - side]
            hands += 1
            margins.append(own.total - other.total)
            if best is None or (own.total, own.total - other.total) > best[:2]:
                best = (own.total, own.total - other.total, mid, h)
            mine = [d for d in own.declared if d.seat == seat]
            declarations += len(mine)
            declared_points += sum(d.points for d in mine)
        kinds = [kind.partition(":")[0] for _, kind in seats]
        partner = kinds[(seat + 2) % 4]
        opponents = " & ".join(sorted({kinds[(seat + 1) % 4], kinds[(seat + 3) % 4]}))
        tally = pairings.setdefault((partner, opponents), [0, 0])
        tally[0] += 1
        tally[1] += match.winner == side
    return {
        "played": played_,
        "won": won,
        "called_out_wins": called,
        "hands": hands,
        "average_margin": round(sum(margins) / len(margins), 2),
        "best": best,
        "declarations": declarations,
        "declared_points": declared_points,
        "pairings": {k: tuple(v) for k, v in pairings.items()},
    }


def test_figures_agree_with_a_hand_count(tmp_path: Path, monkeypatch, capsys) -> None:
    setups = [
        (played(0), RECORDED_SEATS),
        (
            played(1),
            (
                ("Bruno", "easy"),
                ("Anna", "human"),
                ("Dario", "hard:budget_s=0.25"),
                ("Carla", "medium"),
            ),
        ),
        (called_out_match(), RECORDED_SEATS),
        (played(3), (("Anna", "human"), ("Bruno", "easy"), ("Carla", "human"), ("Dario", "hard"))),
        (
            played(4, level="random"),
            (("W", "random"), ("X", "random"), ("Y", "random"), ("Z", "random")),
        ),
    ]
    for i, (match, seats) in enumerate(setups):
        assert record_finished_match(tmp_path, finished(match, seats, minutes=i)) is None
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    assert main(["stats", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["matches"] == 5
    assert out["hands"] == sum(len(m.results) for m, _ in setups)
    people = {p["name"]: p for p in out["people"]}
    assert set(people) == {"Anna", "Carla"}  # the humans; bots are counted by level
    anna = people["Anna"]
    want = _expected([s for s in setups if "Anna" in dict(s[1])])
    best = anna["best_hand"]
    assert (best["total"], best["margin"], best["match"], best["hand"]) == want["best"]
    for key in (
        "played",
        "won",
        "called_out_wins",
        "hands",
        "average_margin",
        "declarations",
        "declared_points",
    ):
        assert anna[key] == want[key], key
    assert want["called_out_wins"] >= 1 and want["declarations"] > 0
    pairings = {
        (p["partner"], p["opponents"]): (p["played"], p["won"])
        for p in out["pairings"]
        if p["name"] == "Anna"
    }
    assert pairings == want["pairings"]
    assert ("human", "easy & hard") in pairings and ("hard", "medium") in pairings
    recent = out["recent"]
    assert [r["id"] for r in recent] == [5, 4, 3, 2, 1]
    assert recent[2]["called_out"] is True and recent[0]["players"][0]["name"] == "W"


def test_stats_text_and_the_empty_database(tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    assert main(["stats"]) == 0
    assert "No finished match is recorded yet" in capsys.readouterr().out
    assert not (tmp_path / DB_FILE).exists()  # looking does not create the database
    assert main(["stats", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["matches"], out["people"], out["recent"]) == (0, [], [])
    record_finished_match(tmp_path, finished(played(0)))
    assert main(["stats"]) == 0
    text = capsys.readouterr().out
    assert "1 finished match" in text and "Anna" in text
    assert "Anna with a hard partner against medium bots: 1 played" in text


# ---------------------------------------------------------------------------------------- migration


def _version_1(directory: Path, matches: list[tuple[Match, tuple]], broken: bool) -> None:
    """A database as version 1 of the game wrote it."""
    directory.mkdir()
    with _db(directory) as c:
        create(c, 1)
        for mid, (match, seats) in enumerate(matches, 1):
            text = json.dumps(record.to_json(match))
            if broken and mid == len(matches):
                text = text.replace('"play', '"pray', 1)  # a record that no longer replays
            c.execute(
                "INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    mid,
                    WHEN.isoformat(),
                    match.seed,
                    match.rules.target,
                    match.winner,
                    *match.scores,
                    text,
                ),
            )
            c.executemany(
                "INSERT INTO players VALUES (?, ?, ?, ?)",
                [(mid, seat, n, k) for seat, (n, k) in enumerate(seats)],
            )
            c.executemany(
                "INSERT INTO hands VALUES (?, ?, ?, ?, ?)",
                [
                    (mid, h, r.dealer, r.sides[0].total, r.sides[1].total)
                    for h, r in enumerate(match.results, 1)
                ],
            )


def test_a_version_1_database_migrates_with_its_data(tmp_path: Path) -> None:
    old = [(played(0), RECORDED_SEATS), (played(1), RECORDED_SEATS), (played(2), RECORDED_SEATS)]
    _version_1(tmp_path / "v1", old, broken=True)
    for i, (match, seats) in enumerate(old[:2]):
        record_finished_match(tmp_path / "v2", finished(match, seats, minutes=i))
    figures, message = read_statistics(tmp_path / "v1")
    assert message is not None and "schema 1 to 2" in str(message)
    assert figures.matches == 3 and figures.hands == sum(len(m.results) for m, _ in old)
    with _db(tmp_path / "v1") as c:
        assert c.execute("SELECT version FROM schema_version").fetchall() == [(2,)]
        sides = c.execute(
            "SELECT number, side, total, score, card_points FROM hand_sides "
            "WHERE match_id = 3 ORDER BY number, side"
        ).fetchall()
        called = c.execute("SELECT called_out, first_dealer FROM matches WHERE id = 3").fetchone()
        kinds = c.execute("SELECT kind, level FROM players WHERE match_id = 3 ORDER BY seat")
        assert kinds.fetchall() == [
            ("human", None),
            ("bot", "medium"),
            ("bot", "hard"),
            ("bot", "medium"),
        ]
    broken = old[2][0]  # kept with what version 1 knew: the totals, and so the running score
    assert sides == [
        (h, s, r.sides[s].total, r.scores_after[s], None)
        for h, r in enumerate(broken.results, 1)
        for s in (0, 1)
    ]
    assert called == (None, broken.results[0].dealer)
    # the two matches whose records replay are as complete as if recorded by version 2
    with _db(tmp_path / "v1") as a, _db(tmp_path / "v2") as b:
        query = (
            "SELECT number, side, combinations, captured_combinations, card_points, "
            "last_trick, declarations, raw, total, score, tricks FROM hand_sides "
            "WHERE match_id < 3 ORDER BY match_id, number, side"
        )
        assert a.execute(query).fetchall() == b.execute(query).fetchall()
        query = "SELECT * FROM declarations WHERE match_id < 3 ORDER BY match_id, number, seat"
        assert a.execute(query).fetchall() == b.execute(query).fetchall()
    assert record_finished_match(tmp_path / "v1", finished(played(5))) is None
    figures, message = read_statistics(tmp_path / "v1")
    assert figures.matches == 4 and message is None


# --------------------------------------------------------------------------------- damage and locks


def _garbage(path: Path) -> None:
    path.write_bytes(os.urandom(3000))


def _truncated(path: Path) -> None:
    record_finished_match(path.parent, finished(played(0)))
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _other_schema(path: Path) -> None:
    with sqlite3.connect(path) as c:
        c.execute("CREATE TABLE notes (text TEXT)")


def _our_tables_plus_a_trigger(path: Path) -> None:
    record_finished_match(path.parent, finished(played(0)))
    with sqlite3.connect(path) as c:
        c.execute("CREATE TRIGGER t AFTER INSERT ON matches BEGIN DELETE FROM matches; END")


def _directory(path: Path) -> None:
    path.mkdir()
    (path / "inside").write_text("kept")
    path.with_name(DB_FILE + "-journal").write_text("a journal that must not meet a new file")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _dangling_link(path: Path) -> None:
    path.symlink_to(path.parent / "nowhere")


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (_garbage, "not an SQLite database"),
        (_truncated, "damaged"),
        (_other_schema, "not a Tarocchino statistics database"),
        (_our_tables_plus_a_trigger, "not those of schema version 2"),
        (_directory, "directory"),
        (_fifo, "not a regular file"),
        (_dangling_link, "link to nothing"),
    ],
)
def test_a_damaged_database_is_set_aside_and_the_match_recorded(
    tmp_path: Path, damage, reason
) -> None:
    path = tmp_path / DB_FILE
    damage(path)
    before = path.read_bytes() if path.is_file() else None
    message = _said(record_finished_match(tmp_path, finished(played(1)), timeout=0.5))
    assert message is not None and reason in message
    assert "kept as stats.sqlite3.damaged and a new one was started" in message
    aside = tmp_path / f"{DB_FILE}.damaged"
    assert os.path.lexists(aside)
    if before is not None:
        assert aside.read_bytes() == before
    if damage is _directory:
        assert (aside / "inside").read_text() == "kept"
        assert (tmp_path / f"{DB_FILE}.damaged-journal").read_text().startswith("a journal")
    figures, again = read_statistics(tmp_path)
    assert again is None and figures.matches == 1 and figures.people[0].name == "Anna"


def test_damaged_copies_are_numbered_and_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / DB_FILE
    contents = []
    for n in range(3):
        contents.append(f"garbage {n} ".encode() * 100)
        path.write_bytes(contents[-1])
        message = _said(record_finished_match(tmp_path, finished(played(n))))
        assert message is not None and "damaged" in message
    names = [f"{DB_FILE}.damaged", f"{DB_FILE}.damaged.2", f"{DB_FILE}.damaged.3"]
    assert [(tmp_path / n).read_bytes() for n in names] == contents
    assert read_statistics(tmp_path)[0].matches == 1  # each fresh database got its match


def test_a_newer_database_is_left_alone(tmp_path: Path) -> None:
    record_finished_match(tmp_path, finished(played(0)))
    with _db(tmp_path) as c:
        c.execute("UPDATE schema_version SET version = 3")
    before = (tmp_path / DB_FILE).read_bytes()
    message = _said(record_finished_match(tmp_path, finished(played(1))))
    assert message is not None and "newer version" in message
    assert (tmp_path / DB_FILE).read_bytes() == before
    assert not (tmp_path / f"{DB_FILE}.damaged").exists()
    figures, message = read_statistics(tmp_path)
    assert figures.matches == 0 and message is not None and "newer version" in str(message)


def test_a_locked_database_is_reported_then_used(tmp_path: Path) -> None:
    record_finished_match(tmp_path, finished(played(0)))
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sqlite3, sys\n"
            f"c = sqlite3.connect({str(tmp_path / DB_FILE)!r}, isolation_level=None)\n"
            "c.execute('BEGIN EXCLUSIVE')\n"
            "print('locked', flush=True)\n"
            "sys.stdin.readline()\n",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        message = _said(record_finished_match(tmp_path, finished(played(1)), timeout=0.2))
        assert message is not None and "busy" in message and "not recorded" in message
        figures, message = read_statistics(tmp_path, timeout=0.2)
        assert figures.matches == 0 and message is not None and "busy" in str(message)
    finally:
        holder.communicate("\n", timeout=30)
    assert not (tmp_path / f"{DB_FILE}.damaged").exists()
    assert record_finished_match(tmp_path, finished(played(1))) is None
    assert read_statistics(tmp_path)[0].matches == 2


def test_a_directory_that_cannot_be_made_gives_a_message(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a directory")
    message = _said(record_finished_match(tmp_path / "file" / "data", finished(played(0))))
    assert message is not None and "cannot create the directory" in message
    figures, message = read_statistics(tmp_path / "file" / "data")
    assert figures.matches == 0 and message is None


def test_a_stored_match_loads_back(tmp_path: Path) -> None:
    match = played(3)
    record_finished_match(tmp_path, finished(match))
    loaded, message = load_match(tmp_path)
    assert message is None and loaded is not None
    assert record.from_json(loaded.record).actions == match.actions
    assert loaded.seats == tuple(SeatInfo(*s) for s in RECORDED_SEATS)
    assert loaded.ended_at == "2024-05-01T18:00:00+00:00"
    assert load_match(tmp_path, 7) == (None, NO_SUCH_MATCH)
    assert load_problem(NO_SUCH_MATCH, 7) == "no match number 7 in the statistics"


def test_the_statistics_import_no_textual() -> None:
    """Neither Textual nor rich's rendering: only its measure of a text's terminal columns
    (rich.cells, a table lookup), for names in Chinese characters in the scoresheet."""
    code = (
        "import sys, store.stats, text.statistics, cli.export\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    cells = {"rich", "rich.cells", "rich._extension"}
    loaded = [
        m
        for m in ast.literal_eval(out.stdout.strip())
        if m not in cells and not m.startswith("rich._unicode_data")
    ]
    assert loaded == []


def test_an_unreadable_database_is_set_aside(tmp_path: Path, monkeypatch) -> None:
    """The system refuses to open the file (permissions; simulated, as tests may run as root)."""
    path = tmp_path / DB_FILE
    path.write_bytes(b"somebody else's")
    connect = sqlite3.connect
    refused = []

    def refuse_once(database, *args, **kwargs):
        if Path(database) == path and not refused:
            refused.append(database)
            error = sqlite3.OperationalError("unable to open database file")
            error.sqlite_errorcode = 14  # SQLITE_CANTOPEN, as SQLite says it
            raise error
        return connect(database, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", refuse_once)
    message = _said(record_finished_match(tmp_path, finished(played(0))))
    assert refused and message is not None and "it cannot be opened" in message
    assert (tmp_path / f"{DB_FILE}.damaged").read_bytes() == b"somebody else's"
    assert read_statistics(tmp_path)[0].matches == 1


def test_a_version_1_match_recorded_twice_is_kept_once(tmp_path: Path) -> None:
    match = played(0)
    _version_1(tmp_path / "v1", [(match, RECORDED_SEATS), (match, RECORDED_SEATS)], broken=False)
    figures, message = read_statistics(tmp_path / "v1")
    assert message is not None and figures.matches == 1


def test_text_read_back_is_printable(tmp_path: Path, monkeypatch, capsys) -> None:
    record_finished_match(tmp_path, finished(played(0)))
    with _db(tmp_path) as c:
        c.execute("UPDATE players SET name = ? WHERE seat = 0", ("\x1b]2;owned\x07" + "A" * 500,))
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "A" * 81 not in out
    assert "?]2;owned?" in out


def test_a_match_as_the_game_starts_it_is_recorded(tmp_path: Path) -> None:
    """The front end's own session (no seed given), played to the end by its bots."""
    seats = parse_seats(["easy"] * 4)
    session = Session.new(seats, target=150)
    while session.match.winner is None:
        seat = session.match.turn
        view = session.view(seat)
        session.apply(session.bots[seat].choose(view, view.legal, session.bot_rng(seat)))
    assert record_finished_match(tmp_path, FinishedMatch.of(session.match, seats)) is None
    figures, _ = read_statistics(tmp_path)
    assert figures.matches == 1 and figures.recent[0].scores == tuple(session.match.scores)
    assert [s.kind for s in figures.recent[0].players] == ["easy"] * 4


def test_a_bot_of_ones_own_is_counted_by_its_name(tmp_path: Path) -> None:
    spec = "/home/anna/" + "deep/" * 40 + "mybot.py:MyBot:greed=2"  # long, as ai.spec writes it
    seats = (
        ("Anna", "human"),
        ("Bruno", spec),
        ("Carla", "hard:budget_s=0.25"),
        ("Dario", "medium"),
    )
    assert record_finished_match(tmp_path, finished(played(0), seats)) is None
    figures, _ = read_statistics(tmp_path)
    (pairing,) = figures.pairings
    assert (pairing.partner, pairing.opponents) == ("hard", "MyBot & medium")
    assert figures.recent[0].players[1].kind == spec
