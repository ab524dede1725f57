"""SVG snapshots of the lesson (Learn to play) at 80×24 and 120×40: the pack, a card asked for
in trick play, the declarations' dialog, and the sheet read line by line; the card asked for in
Italian too. Regenerate only these with `--snapshot-update`, and read them first."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from table.lesson import step_of
from tests.support.screens import LOOK, SIZES, make_app, press_each, wait_for
from text.language import use
from tui.screens.declare import DeclareScreen
from tui.screens.lesson import LessonScreen
from tui.screens.start import StartScreen


@pytest.fixture(autouse=True)
def _colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)


def at(key: str, *keys: str) -> Callable[[Pilot], Coroutine[Any, Any, None]]:
    """The lesson opened at its step ``key``, then ``keys`` pressed."""

    async def run_before(pilot: Pilot) -> None:
        app = pilot.app
        await wait_for(pilot, lambda: isinstance(app.screen, StartScreen))
        screen = LessonScreen(None, start=step_of(key))
        app.push_screen(screen)
        await wait_for(pilot, lambda: app.screen is screen)
        await press_each(pilot, *keys)

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_pack(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, None, settings=LOOK)
    assert snap_compare(app, terminal_size=size, run_before=at("pack"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_wrong_card_explained(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, None, settings=LOOK)
    assert snap_compare(app, terminal_size=size, run_before=at("trump", "9"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_declarations(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, None, settings=LOOK)

    async def run_before(pilot: Pilot) -> None:
        await at("declare", "enter")(pilot)
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, DeclareScreen))

    assert snap_compare(app, terminal_size=size, run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_sheet(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, None, settings=LOOK)
    assert snap_compare(app, terminal_size=size, run_before=at("sheet_cards"))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_card_asked_in_italian(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    use("it")
    try:
        app = make_app(tmp_path, None, settings=LOOK)
        assert snap_compare(app, terminal_size=size, run_before=at("matto"))
    finally:
        use("en")
