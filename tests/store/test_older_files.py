"""A saved match and a game record written by an earlier version of the game still load, and
replay to the very position they were written at.

``older_files/autosave.json`` is an unseeded match (its record keeps the shuffle of each hand
dealt) saved in its second hand with a trick in progress, two people and two bots at the table;
``match-1.json`` is a whole match of bots as ``tarocchino simulate --record`` wrote it. Beside
each, what every seat saw when it was written (``*-views.json``: the four views in the wire
form), taken by that same earlier version."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from game import record, wire
from game.match import Match
from game.phase import Phase
from store.save import SAVE_FILE, SaveStore
from table.session import Seat
from tests.support.paths import OLDER_FILES


def _views(match: Match) -> list[dict]:
    return [wire.view_to_json(match.view(seat)) for seat in range(4)]


def _expected(name: str) -> list[dict]:
    return json.loads((OLDER_FILES / name).read_text(encoding="utf-8"))


def test_an_earlier_save_resumes_where_it_was_saved(tmp_path: Path) -> None:
    shutil.copy(OLDER_FILES / "autosave.json", tmp_path / SAVE_FILE)
    store = SaveStore(tmp_path)
    session = store.read()
    assert session.seats == (
        Seat("human", "Anna"),
        Seat("easy", "Bruno"),
        Seat("human", "Carla"),
        Seat("medium", "Dario"),
    )
    assert session.match.seed is None and len(session.match.shuffles) == 2
    assert _views(session.match) == _expected("autosave-views.json")
    info = store.info()
    assert (info.hand_number, info.phase, info.tricks_done) == (1, Phase.PLAY, 4)


def test_an_earlier_record_replays_to_its_end() -> None:
    recorded = record.load_recorded(OLDER_FILES / "match-1.json")
    match = recorded.match
    assert recorded.number == 0 and match.winner is not None and len(match.results) == 2
    assert _views(match) == _expected("match-1-views.json")
