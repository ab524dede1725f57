"""The start screen's remembered setup: the signals box, and the files written before it."""

from __future__ import annotations

import json
from pathlib import Path

from store.match_setup import SETUP_FILE, MatchSetup, load_setup, save_setup
from table.session import KINDS

OLD = {"kinds": ["human", "easy", "easy", "easy"], "names": ["", "", "", ""], "target": 500}


def test_the_signals_chosen_are_remembered(tmp_path: Path) -> None:
    setup = MatchSetup(("human", "easy", "easy", "easy"), target=500, signals=True)
    save_setup(setup, tmp_path)
    assert load_setup(tmp_path, KINDS) == setup


def test_a_setup_from_before_the_box_has_no_signals(tmp_path: Path) -> None:
    (tmp_path / SETUP_FILE).write_text(json.dumps(OLD))
    assert load_setup(tmp_path, KINDS) == MatchSetup(("human", "easy", "easy", "easy"), target=500)


def test_a_signals_value_not_true_or_false_is_no_signals(tmp_path: Path) -> None:
    for odd in ("yes", 1, None, [True]):
        (tmp_path / SETUP_FILE).write_text(json.dumps({**OLD, "signals": odd}))
        setup = load_setup(tmp_path, KINDS)
        assert setup.signals is False and setup.target == 500
