"""docs/bots.md: its example bot and its commands work exactly as written, and it describes
every field of the view, so the document can not rot."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from ai.contain import ContainedPlayer
from ai.lab.arena import run_arena
from ai.spec import parse_spec
from cli.main import main
from game import wire
from game.phase import Phase
from game.view import PlayerView
from store.settings import Settings
from table.session import parse_seats
from tests.support.deals import run_twice
from tests.support.paths import ROOT
from tui.app import TarocchinoApp
from tui.screens.table import TableScreen

DOC = ROOT / "docs" / "bots.md"
TEXT = DOC.read_text(encoding="utf-8")


def example_source() -> str:
    blocks = re.findall(r"```python\n(.*?)```", TEXT, re.S)
    return next(b for b in blocks if b.startswith("# mybot.py"))


@pytest.fixture
def mybot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example saved as mybot.py in the current directory, as the document says."""
    (tmp_path / "mybot.py").write_text(example_source(), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_document_describes_every_field_of_the_view() -> None:
    for name in PlayerView.__dataclass_fields__:
        assert f"| `{name}` |" in TEXT, name
    for phase in (Phase.DISCARD, Phase.DECLARE, Phase.PLAY):
        assert f'"{phase}"' in TEXT


def test_the_wire_example_is_a_real_view() -> None:
    block = re.search(r"```json\n(.*?)```", TEXT, re.S)
    assert block is not None
    view = wire.view_from_json(json.loads(block.group(1)))
    assert view.legal and view.trick


def test_checking_the_example(mybot: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bots", "mybot.py:MyBot"]) == 0
    out = capsys.readouterr().out
    assert "plays in a process of its own" in out and "greed=4 (int)" in out
    assert "Takes tricks worth taking" in out


def test_measuring_the_example_in_the_arena(mybot: Path, capsys) -> None:
    argv = [
        "arena",
        "mybot.py:MyBot",
        "hard",
        "--deals",
        "1",
        "--iterations",
        "2",
        "--json",
        "--quiet",
        "--workers",
        "1",
    ]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["a"] == "mybot.py:MyBot" and out["deals"] == 1
    assert out["decision_ms"]["mybot.py:MyBot"]["decisions"] > 20
    assert out["faults"]["mybot.py:MyBot"]["faults"] == 0


def test_the_example_plays_sensible_cards(mybot: Path) -> None:
    summary = run_arena(parse_spec("mybot.py:MyBot"), parse_spec("random"), deals=8, seed=1)
    assert summary["faults"]["mybot.py:MyBot"]["faults"] == 0
    assert summary["mean_diff"] > 0  # it beats the random player


def test_simulating_with_the_example_is_reproducible(mybot: Path, capsys) -> None:
    argv = [
        "simulate",
        "--seed",
        "1",
        "--players",
        "mybot.py:MyBot,easy,mybot.py:MyBot:greed=6,easy",
        "--target",
        "200",
        "--json",
    ]
    _, err = run_twice(main, argv, capsys)
    assert "simulate: match" not in err  # no fault reported


def test_playing_against_the_example(mybot: Path, tmp_path: Path) -> None:
    """`tarocchino play --seats human,mybot.py:MyBot,hard,hard`: the bot plays at the table."""
    seats = parse_seats(["human", "mybot.py:MyBot", "hard:iterations=2", "hard:iterations=2"])
    assert seats[1].kind == f"{mybot / 'mybot.py'}:MyBot"  # found again from any directory
    settings = Settings(bot_delay=0.0, trick_pause=0.0)
    app = TarocchinoApp(
        settings=settings,
        directory=tmp_path / "data",
        seats=seats,
        seed=1,
        target=800,
        persist=False,
    )

    async def run() -> ContainedPlayer:
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(3000):
                table = next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)
                if table is not None and table.session.match.actions:
                    break
                await pilot.pause(0.01)
            assert table is not None
            bot = table.session.bots[1]
            assert isinstance(bot, ContainedPlayer)
            match = table.session.match
            assert match.first_dealer == 1 and match.actions[0].startswith("discard")
            assert bot.pop_faults() == [] and bot.process is not None
            assert not app._notifications
            return bot

    bot = asyncio.run(run())
    assert bot.process is not None and not bot.process.alive  # the app stopped it on exit
