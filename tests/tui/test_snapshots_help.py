"""SVG snapshots of the help's first page in English (Ottocento in five minutes, the pack drawn)
at 80×24 and 120×40; tests/tui/test_snapshots_help_italian.py has the Italian ones. Regenerate
with `--snapshot-update` and look at every SVG before accepting it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.support.screens import LOOK, SIZES, make_app, wait_for, whole_help
from text import language
from tui.screens.start import StartScreen


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("NO_COLOR", raising=False)
    language.use("en")
    yield
    language.use("en")


async def _help(pilot: Pilot) -> None:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, StartScreen))
    await pilot.press("f1")
    await whole_help(pilot)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_help(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, None, seed=None, settings=LOOK)
    assert snap_compare(app, terminal_size=size, run_before=_help)
