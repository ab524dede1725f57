"""A match with partners' signals (RULES.md §10a) is saved with its option and the signals given,
and resumes with them; a save written before the option resumes without it."""

from __future__ import annotations

import json
from pathlib import Path

from game.actions import signalled
from game.phase import Phase
from game.signals import allowed_signals
from store.save import SaveStore
from table.session import Session, parse_seats

SEATS = parse_seats(["human", "easy", "easy", "easy"])


def test_the_option_and_the_signals_are_saved(tmp_path: Path) -> None:
    session = Session.new(SEATS, seed=9, signals=True)
    match = session.match
    while not any(m.action.signal for m in match.hand.history):
        view = match.view(match.turn)
        action = view.legal[0]
        allowed = allowed_signals(view, action.card) if view.phase == Phase.PLAY else ()
        session.apply(signalled(action.card, allowed[0]) if allowed else action)
    store = SaveStore(tmp_path)
    store.write(session)
    again = store.read()
    assert again.match.rules.signals and again.match.actions == match.actions
    assert again.match.view(0).signalled == match.view(0).signalled


def test_a_save_without_the_option_resumes_without_it(tmp_path: Path) -> None:
    session = Session.new(SEATS, seed=9)
    store = SaveStore(tmp_path)
    store.write(session)
    saved = json.loads(store.path.read_text(encoding="utf-8"))
    assert "signals" not in json.dumps(saved)  # the same file as before the option
    assert not store.read().match.rules.signals
