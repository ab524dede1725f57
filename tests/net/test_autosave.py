"""A hosted table's autosave (net/autosave.py), without a socket: written off the caller's
thread, the table as it was at each move, cleared once the match is over; a failed write is
logged and the table goes on."""

from __future__ import annotations

from pathlib import Path

from net.autosave import Saver
from store.save import SaveStore
from table.session import Session, parse_seats


def _session() -> Session:
    return Session.new(parse_seats(["human", "easy", "human", "easy"]), seed=3)


def test_each_move_is_saved_and_the_end_clears_the_save(tmp_path: Path) -> None:
    store, logged = SaveStore(tmp_path), []
    saver = Saver(store, logged.append)
    session = _session()
    for _ in range(5):
        session.apply(session.match.legal_actions()[0])
        saver.save(session)
    saver.flush()
    assert store.read().match.actions == session.match.actions  # the latest move
    while session.match.winner is None:
        session.apply(session.match.legal_actions()[0])
    saver.save(session)
    saver.flush()
    assert not store.exists() and logged == []


def test_a_failed_save_is_logged(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    logged: list[str] = []
    saver = Saver(SaveStore(tmp_path / "file"), logged.append)  # (a directory that is a file)
    saver.save(_session())
    saver.flush()
    assert len(logged) == 1 and logged[0].startswith("could not save the table:")


def test_a_table_without_a_store_saves_nothing() -> None:
    saver = Saver(None, print)
    saver.save(_session())
    saver.flush(0.0)
