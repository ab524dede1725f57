"""The help's key table quotes the score box as it is drawn: "5 tricks · 39 points: Re 17, 22 in
cards", "+39 pts" beside a score and "hand: 5–2 tricks" (it quoted "5 tricks · 39: …", "+39" and
"tricks 5–2", forms the box no longer writes)."""

from __future__ import annotations

import re

from text.resources import read_asset


def _w_row() -> str:
    help_text = read_asset("help.md")
    return next(line for line in help_text.splitlines() if line.startswith("| w |"))


def test_the_help_quotes_the_score_box_as_drawn() -> None:
    quoted = re.findall(r"`([^`]*)`", _w_row())
    assert quoted == ["5 tricks · 39 points: Re 17, 22 in cards", "+39 pts", "hand: 5–2 tricks"]
