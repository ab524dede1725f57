"""The last match on the start screen: the note written beside the autosave when a match ends
(before its sheet, so quitting on the sheet or during the last trick's pause keeps it), what the
start screen says of it in one line, its review (r), and a damaged or oversized note said in one
line without breaking anything."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from store.lastmatch import MAX_BYTES, NOTE_FILE, LastMatch, LastMatchNote, NoteError
from store.save import SaveStore
from store.stats import NOTHING_RECORDED, match_number, read_statistics, record_finished_match
from table.session import Session
from tests.support.matches import NAMES, SEATS, finished_match, note_data
from tests.support.screens import FAST, idle, make_app, press, settle, start_row, wait_for
from text.lastmatch import last_match_parts, last_match_title, unread_note, when_words
from tui.screens.review import ReviewScreen
from tui.screens.scoring import ScoringScreen
from tui.screens.start import StartScreen
from tui.screens.table import TableScreen


# ---------------------------------------------------------------------------------- the note itself
def test_the_note_says_who_won_the_score_and_when(tmp_path: Path) -> None:
    finished, match = finished_match()
    LastMatchNote(tmp_path).write(finished, match)
    note = LastMatchNote(tmp_path).read()
    assert note is not None and note == LastMatch.of(finished, match)
    won, lost = match.winner, 1 - match.winner
    sides = ("Anna & Carla", "Bruno & Dario")
    assert " ".join(last_match_parts(note)) == (
        f"{sides[won]} beat {sides[lost]} {match.scores[won]} to {match.scores[lost]}"
    )
    assert last_match_title(note).startswith("Last match, 1 hand, today at ")
    assert (tmp_path / NOTE_FILE).stat().st_size < 1024  # small, and bounded when read
    number, why = match_number(tmp_path, note.uid)
    assert number is None and why == NOTHING_RECORDED
    assert record_finished_match(tmp_path, finished) is None
    assert match_number(tmp_path, note.uid) == (1, None)  # the same identity as the statistics


def test_when_is_said_in_local_words() -> None:
    now = datetime(2026, 12, 1, 15, 30, tzinfo=UTC).astimezone()
    at = now.replace(hour=9, minute=5)
    assert when_words(at, now) == "today at 09:05"
    assert when_words(at - timedelta(days=1), now) == "yesterday at 09:05"
    earlier = at - timedelta(days=10)
    assert when_words(earlier, now) == f"{earlier.day} Nov at 09:05"
    assert when_words(at.replace(year=2024), now) == "1 Dec 2024"


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"x" * (MAX_BYTES + 1), "too big"),
        (b'{"format": ', "not valid JSON"),
        (b"\xff\xfe", "not UTF-8 text"),
        (b"[" * 50 + b"]" * 50, "nested too deeply"),
        (json.dumps(note_data(format="tarocchino-save")).encode(), "not a note"),
        (json.dumps(note_data(scores=[10, -1])).encode(), "bad scores"),
        (json.dumps(note_data(scores=[10, 10**30])).encode(), "bad scores"),
        (json.dumps(note_data(names=["A", "A", "B", "C"])).encode(), "bad names"),
        (json.dumps(note_data(names=["A\x1b[2J", "B", "C", "D"])).encode(), "bad names"),
        (json.dumps(note_data(winner=True)).encode(), "bad winner"),
        (json.dumps(note_data(ended_at="yesterday")).encode(), "bad time"),
        (json.dumps(note_data(ended_at="2026-12-01T10:00:00")).encode(), "bad time"),
        (json.dumps(note_data(uid="../x")).encode(), "bad match identity"),
        (json.dumps(note_data(version=2)).encode(), "another version"),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_a_damaged_note_is_one_short_sentence_and_set_aside(tmp_path: Path, content, why) -> None:
    path = tmp_path / NOTE_FILE
    path.write_bytes(content)
    with pytest.raises(NoteError) as raised:
        LastMatchNote(tmp_path).read()
    assert str(raised.value) == why
    last, said = LastMatchNote(tmp_path).read_telling()
    assert last is None and said is not None
    assert unread_note(said) == f"Its note could not be read ({why}) and was set aside."
    assert not path.exists() and (tmp_path / f"{NOTE_FILE}.damaged").read_bytes() == content
    assert LastMatchNote(tmp_path).read_telling() == (None, None)  # said once


def test_a_note_that_is_not_a_file_is_said_and_left_alone(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "elsewhere")
    (tmp_path / NOTE_FILE).symlink_to(tmp_path / "elsewhere")  # reading would block
    last, said = LastMatchNote(tmp_path).read_telling()
    assert last is None and said is not None and "not a regular file" in unread_note(said)


def test_a_note_that_cannot_be_written_never_names_an_older_match(
    tmp_path: Path, monkeypatch
) -> None:
    finished, match = finished_match()
    note = LastMatchNote(tmp_path)
    note.write(finished, match)
    assert note.read() is not None

    def disk_full(path, text) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("store.lastmatch.write_atomic", disk_full)
    note.write(finished, match)  # never raises, and the older note is gone
    assert note.read() is None
    monkeypatch.undo()
    (tmp_path / NOTE_FILE).mkdir()  # a directory where the note goes: it stays, nothing raises
    note.write(finished, match)
    assert (tmp_path / NOTE_FILE).is_dir()


# -------------------------------------------------------------------------------------- in the game
async def test_quitting_on_the_last_sheet_the_next_start_says_how_the_match_ended(
    tmp_path: Path,
) -> None:
    """Seed 5, target 10: Dario calls out at once and the last sheet comes. The autosave is gone
    and the note is there; the start screen says who won, the score and when in one line, and r
    opens the match's review."""
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=5, target=10, names=NAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await settle(pilot)
        assert isinstance(screen, ScoringScreen) and screen.summary.winner == 1
        assert not SaveStore(tmp_path).exists()
        note = LastMatchNote(tmp_path).read()
        assert note is not None and note.winner == 1
    assert read_statistics(tmp_path)[0].matches == 1  # recorded before the game quit

    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        row = app.screen.query_one("#last-row")
        assert row.display and row.region.height == 3  # one line in its frame
        said = start_row(app)
        score = f"{note.scores[1]} to {note.scores[0]}"
        assert f"Last match, 1 hand, {when_words(note.ended_at)}" in said
        assert f"Bruno & Dario beat Anna & Carla {score} Review r" in said, said
        assert "every match: Past matches p" in said
        await press(pilot, "r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        assert app.screen.source.hands and len(app.screen.source.hands) == note.hands


async def test_the_note_is_written_before_the_last_tricks_pause(tmp_path: Path) -> None:
    """Four random bots, seed 3, target 20: the only hand ends on its last trick, which stays in
    view a moment before the sheet; the note is written as the last card is played (in the same
    step), so quitting during the pause loses nothing."""
    settings = replace(FAST, trick_pause=0.1)
    app = make_app(tmp_path, ["random"] * 4, seed=3, target=20, names=NAMES, settings=settings)
    async with app.run_test(size=(100, 32)) as pilot:

        def table() -> TableScreen | None:  # under the sheet too, on a machine slow to look
            return next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)

        await wait_for(
            pilot,
            lambda: (t := table()) is not None and t.session.match.winner is not None,
            limit=20000,
        )
        screen = table()
        assert screen is not None
        match = screen.session.match
        assert screen.final is not None and match.results[-1].called_out is None
        note = LastMatchNote(tmp_path).read()
        assert note is not None and note.scores == tuple(match.scores)
        assert not SaveStore(tmp_path).exists()


async def test_a_saved_match_takes_the_place_of_the_last_one(tmp_path: Path) -> None:
    finished, match = finished_match()
    LastMatchNote(tmp_path).write(finished, match)
    SaveStore(tmp_path).write(Session.new(SEATS, seed=1, target=800))
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        assert app.screen.query_one("#resume-row").display
        assert not app.screen.query_one("#last-row").display


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_an_oversized_note_is_one_line_on_the_start_screen(tmp_path: Path, size) -> None:
    (tmp_path / NOTE_FILE).write_bytes(b" " * (1 << 20))
    app = make_app(tmp_path, None)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await idle(pilot)
        row = app.screen.query_one("#last-row")
        assert row.display and row.region.height == 3
        assert "Its note could not be read (too big) and was set aside." in start_row(app)
        assert not app.screen.query_one("#last-review").display
        app.screen.refresh_resume()  # as when coming back from a screen: still said
        await idle(pilot)
        assert "too big" in start_row(app)
        await press(pilot, "r")  # no review to open: the list of every recorded match
        assert type(app.screen).__name__ == "PastMatchesScreen"


async def test_a_match_missing_from_the_statistics_is_said_when_r_is_pressed(
    tmp_path: Path,
) -> None:
    finished, match = finished_match()
    LastMatchNote(tmp_path).write(finished, match)  # noted, but never recorded
    app = make_app(tmp_path, None)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        await press(pilot, "r")
        await wait_for(
            pilot, lambda: any("cannot be reviewed" in n.message for n in app._notifications)
        )
        said = [n.message for n in app._notifications if "cannot be reviewed" in n.message]
        assert said == [
            "The last match cannot be reviewed: no match has been recorded yet. "
            "Past matches (p) lists the recorded ones."
        ]
        assert isinstance(app.screen, StartScreen)


def test_a_match_joined_at_a_table_with_the_longest_address_reads_back(tmp_path: Path) -> None:
    # a host name may be 253 characters long (net.client), an IPv6 address comes in brackets
    for table in ("h" * 253 + ":65535", "[" + "f" * 39 + "]:65535"):
        last = LastMatch.joined(("Anna", "Bruno", "Carla", "Dario"), (805, 310), 0, 800, 6, table)
        LastMatchNote(tmp_path).put(last)
        assert LastMatchNote(tmp_path).read() == last
