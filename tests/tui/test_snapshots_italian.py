"""SVG snapshots of the main screens in Italian at 80×24 and 120×40: the start screen, the
table in trick play, the declarations and the scoring sheet (the English ones are
test_snapshots.py's). Regenerate only these with `--snapshot-update`, and read them first."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from table.session import parse_seats
from tests.support.deals import seed_dealer, seed_declaring
from tests.support.screens import LOOK, SIZES, make_app, save_at_the_last_tricks
from tests.support.snapshot_steps import BOTS3, declaring, mid_hand, resumed_to_the_sheet, start
from text.language import use


@pytest.fixture(autouse=True)
def _italian(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("NO_COLOR", raising=False)
    use("it")
    yield
    use("en")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_start_screen(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    assert snap_compare(
        make_app(tmp_path, None, seed=None, settings=LOOK), terminal_size=size, run_before=start
    )


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_table_mid_hand(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, BOTS3, seed=seed_dealer(1), settings=LOOK)
    assert snap_compare(app, terminal_size=size, run_before=mid_hand(5))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_declarations(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, BOTS3, seed=seed_declaring(), settings=LOOK)
    assert snap_compare(app, terminal_size=size, run_before=declaring)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_scoring_sheet(snap_compare, tmp_path: Path, size: tuple[int, int]) -> None:
    save_at_the_last_tricks(tmp_path, parse_seats(BOTS3), seed_dealer(2))
    app = make_app(tmp_path, None, settings=LOOK)
    assert snap_compare(app, terminal_size=size, run_before=resumed_to_the_sheet)
