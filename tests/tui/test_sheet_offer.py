"""The score history's title says what it offers ("click a hand or press r to review it") after
a dot on the title's row where it fits (120 columns), else on a row of its own without the dot:
at 80 and 100 columns the row began with "· click a hand", a stray mark at its start."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.text import Text

from tui.screens.scoring import _Offered

PIECES = [
    Text("The match so far", style="bold"),
    Text("2 hands and a chart of the running score", style="dim"),
]
OFFER = Text("click a hand or press r to review it", style="dim")


def _rows(width: int, offer: Text | None = OFFER) -> list[str]:
    console = Console(width=width, file=io.StringIO(), legacy_windows=False)
    with console.capture() as captured:
        console.print(_Offered(PIECES, offer, "·"))
    return [row.rstrip() for row in captured.get().splitlines()]


def test_on_the_title_s_row_where_it_fits() -> None:
    assert _rows(120) == [
        "The match so far  2 hands and a chart of the running score  · click a "
        "hand or press r to review it"
    ]


@pytest.mark.parametrize("width", [76, 96])  # (the sheet's width at 80 and 100 columns)
def test_on_a_row_of_its_own_without_the_dot_where_it_does_not(width: int) -> None:
    assert _rows(width) == [
        "The match so far  2 hands and a chart of the running score",
        "click a hand or press r to review it",
    ]


def test_nothing_offered_the_title_alone() -> None:
    assert _rows(80, None) == ["The match so far  2 hands and a chart of the running score"]
