"""Bot specifications (ai.spec) everywhere: levels with options, files, modules and installed
packages; every bad option refused in one clear line; `tarocchino bots`."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest

from ai.contain import ContainedPlayer
from ai.lab.arena import run_arena
from ai.spec import (
    BotSpec,
    SpecError,
    label_of,
    list_bots,
    parse_spec,
    reproducible,
    split_specs,
)
from cli.main import main
from table.session import parse_seats
from tests.support.deals import run_twice
from tests.support.paths import BOTS

MISBEHAVING = BOTS / "misbehaving.py"


def test_levels_with_options() -> None:
    spec = parse_spec("hard:budget_s=0.25,solver_tricks=2")
    assert spec == BotSpec("hard", (("budget_s", 0.25), ("solver_tricks", 2)), None, spec.accepts)
    assert str(spec) == "hard:budget_s=0.25,solver_tricks=2" and not spec.contained
    assert parse_spec("Medium:samples=3,eps=0").options == (("samples", 3), ("eps", 0.0))
    assert parse_spec("hard:trust_declarations=false").options == (("trust_declarations", False),)
    assert parse_spec("hard:iterations=none").options == (("iterations", None),)
    assert parse_spec("medium", defaults={"budget_s": 0.1, "iterations": None}).options == (
        ("budget_s", 0.1),
    )
    assert parse_spec("easy", defaults={"budget_s": 0.1}).options == ()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("easy:foo=1", "easy has no option 'foo' (it takes no options)"),
        ("hard:budget_s=abc", "hard: option budget_s must be a number, not 'abc'"),
        ("hard:budget_s=nan", "must be a finite number"),
        ("hard:budget_s=-1", "budget_s must be from 0.001 to 600"),
        ("hard:iterations=0", "iterations must be from 1 to 100000"),
        ("hard:budget_s=1e308", "budget_s must be from 0.001 to 600"),
        ("hard:iterations=1000000", "iterations must be from 1 to 100000"),
        ("medium:samples=100001", "samples must be from 1 to 100000"),
        ("hard:iterations=2.5", "must be a whole number"),
        ("medium:samples=0", "samples must be from 1 to 100000"),
        ("hard:eps=2", "eps must be from 0 to 1"),
        ("hard:trust_declarations=maybe", "must be true or false"),
        ("hard:budget_s", "bad option 'budget_s'"),
        ("hard:eps=0.1,eps=0.2", "given twice"),
        ("grandmaster", "unknown bot 'grandmaster'"),
        ("", "no bot given"),
        ("nofile.py:Bot", "no bot file 'nofile.py'"),
        ("no_such_module_here:Bot", "cannot load no_such_module_here: ModuleNotFoundError"),
        (f"{MISBEHAVING}:Nobody", "has no 'Nobody'"),
        (f"{MISBEHAVING}:Sleeper:speed=3", "has no option 'speed' (its options: trick)"),
        (f"{MISBEHAVING}:Sleeper:trick=x", "option trick must be a whole number"),
        ("ai.spec:SpecError", "is not a bot"),
    ],
)
def test_a_bad_spec_is_refused_with_a_clear_message(text: str, words: str) -> None:
    with pytest.raises(SpecError) as info:
        parse_spec(text)
    assert words in str(info.value)
    assert "\n" not in str(info.value)


def test_a_bot_file_with_a_syntax_error_or_a_failing_constructor(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text("class Bot:\n    def choose(self\n")
    with pytest.raises(SpecError, match="broken.py line 2"):
        parse_spec(f"{tmp_path / 'broken.py'}:Bot")
    (tmp_path / "picky.py").write_text(
        textwrap.dedent("""
        class Bot:
            def __init__(self, depth: int = 2):
                if depth > 5:
                    raise ValueError("depth must be at most 5")
            def choose(self, view, legal, rng):
                return legal[0]
    """)
    )
    with pytest.raises(SpecError, match="depth must be at most 5"):
        parse_spec(f"{tmp_path / 'picky.py'}:Bot:depth=9")
    assert parse_spec(f"{tmp_path / 'picky.py'}:Bot:depth=4").options == (("depth", 4),)


def test_files_and_modules_are_contained() -> None:
    spec = parse_spec(f"{MISBEHAVING}:Raiser:trick=3")
    assert spec.contained and spec.options == (("trick", 3),) and spec.accepts == ("trick",)
    assert isinstance(spec.make(), ContainedPlayer)
    assert spec.label == "Raiser" and parse_spec("hard:budget_s=0.5").label == "hard"
    assert label_of("miser:greed=2") == "miser" and label_of("a.b:Outer.Inner:x=1") == "Inner"
    assert parse_spec("ai.easy:EasyBot").contained


def test_a_list_of_specs_splits_between_bots_not_options() -> None:
    assert split_specs("hard:iterations=50,eps=0.1,easy, mybot.py:MyBot:a=1,b=2,human") == [
        "hard:iterations=50,eps=0.1",
        "easy",
        "mybot.py:MyBot:a=1,b=2",
        "human",
    ]


def test_play_seats_take_options_and_any_bot() -> None:
    seats = parse_seats(["human", "hard:budget_s=0.25", "Easy", f"{MISBEHAVING}:Raiser:trick=2"])
    assert [s.kind for s in seats] == [
        "human",
        "hard:budget_s=0.25",
        "easy",
        f"{MISBEHAVING}:Raiser:trick=2",
    ]
    with pytest.raises(ValueError, match="seat 2: hard: option budget_s must be a number"):
        parse_seats(["human", "hard:budget_s=soon", "easy", "easy"])


def test_which_settings_are_reproducible() -> None:
    assert reproducible(parse_spec("hard")) is False  # 1 s a decision by default
    assert reproducible(parse_spec("hard:iterations=50")) is True
    assert reproducible(parse_spec("medium")) is True
    assert reproducible(parse_spec("medium:budget_s=0.1")) is False
    assert reproducible(parse_spec(f"{MISBEHAVING}:Raiser")) is None


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["easy:foo=1", "hard"], "easy has no option 'foo'"),
        (["hard:budget_s=abc", "easy"], "budget_s must be a number"),
        (["easy", "hard", "--budget", "nan"], "--budget must be a positive number"),
        (["easy", "hard", "--budget", "inf"], "--budget must be a positive number"),
        (["easy", "hard", "--budget", "-1"], "--budget must be a positive number"),
        (["hard", "easy", "--budget", "0.0000001"], "budget_s must be from 0.001 to 600"),
        (["easy", "hard", "--iterations", "0"], "--iterations must be at least 1"),
        (["medium:samples=0", "easy"], "samples must be from 1 to 100000"),
        (["easy", "random", "--workers", "0"], "--workers must be from 1"),
        (["easy", "random", "--workers", "100000"], "--workers must be from 1"),
        (["easy", "random", "--deals", "0"], "--deals must be at least 1"),
        (["easy", "random", "--time-limit", "0"], "--time-limit must be a positive"),
    ],
)
def test_the_arena_refuses_bad_settings_in_one_line(argv, words, capsys) -> None:
    assert main(["arena", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tarocchino arena: error:") and words in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("players", "words"),
    [
        ("hard:iterations=0,easy,easy,easy", "iterations must be from 1 to 100000"),
        ("easy:foo=1,easy,easy,easy", "easy has no option 'foo'"),
        ("easy,easy,easy", "four bots"),
    ],
)
def test_simulate_refuses_bad_bots_in_one_line(players, words, capsys) -> None:
    assert main(["simulate", "--seed", "1", "--players", players]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_simulate_takes_deterministic_options(capsys) -> None:
    argv = [
        "simulate",
        "--seed",
        "5",
        "--players",
        "hard:iterations=2,eps=0.2,medium:samples=2,easy,random",
        "--target",
        "150",
        "--json",
    ]
    _, err = run_twice(main, argv, capsys)
    assert "note" not in err


def test_simulate_says_a_time_budget_is_not_reproducible(capsys) -> None:
    assert (
        main(
            [
                "simulate",
                "--seed",
                "5",
                "--players",
                "hard:budget_s=0.01,random,random,random",
                "--target",
                "100",
            ]
        )
        == 0
    )
    assert "time budget" in capsys.readouterr().err


def test_simulate_reports_the_faults_of_a_bot(capsys) -> None:
    argv = [
        "simulate",
        "--seed",
        "5",
        "--players",
        f"easy,{MISBEHAVING}:Raiser,easy,easy",
        "--target",
        "150",
    ]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert err.count("raised RuntimeError: the bot broke") == 3
    assert "the easy bot plays for it from now on" in err


def test_the_arena_reports_the_faults_of_a_bot(capsys) -> None:
    argv = [
        "arena",
        f"{MISBEHAVING}:Cheater:trick=3",
        "easy",
        "--deals",
        "2",
        "--workers",
        "1",
        "--quiet",
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    faults = re.search(r"faults of \S+: (\d+)\n", out)
    assert faults and int(faults.group(1)) >= 2  # its card in trick 3, in several hands
    assert "which is not legal now" in out and "deal 1:" in out and "deal 0:" not in out


# ----------------------------------------------------------------- an installed bot package
_PACKAGE = '''
"""Bots of the tarotbots package."""

from game.cards import VALUE


class Miser:
    """Plays its cheapest legal card (and the first discard and declaration offered)."""

    def __init__(self, greed: float = 0.0) -> None:
        self.greed = greed

    def choose(self, view, legal, rng):
        if legal[0].kind != "play":
            return legal[0]
        cheapest = min(VALUE[a.card] for a in legal)
        if rng.random() < self.greed:
            return max(legal, key=lambda a: VALUE[a.card])
        return rng.choice([a for a in legal if VALUE[a.card] == cheapest])
'''


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A bot package installed in a directory on the path (its code and its dist-info with the
    entry point), as pip would install it; the bots' processes find it through PYTHONPATH."""
    site = tmp_path / "site"
    (site / "tarotbots").mkdir(parents=True)
    (site / "tarotbots" / "__init__.py").write_text(_PACKAGE)
    info = site / "tarotbots-0.3.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tarotbots\nVersion: 0.3\n")
    (info / "entry_points.txt").write_text(
        "[tarocchino.bots]\nmiser = tarotbots:Miser\nhard = tarotbots:Miser\n"
        "broken = tarotbots:Nobody\n"
    )
    (info / "RECORD").write_text("")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv("PYTHONPATH", str(site))
    return site


def test_an_installed_bot_is_found_through_its_entry_point(installed: Path) -> None:
    bots = {b.name: b for b in list_bots(describe=True) if b.contained}
    miser = bots["miser"]
    assert "package tarotbots 0.3" in miser.origin and "tarotbots:Miser" in miser.origin
    assert miser.summary.startswith("Plays its cheapest legal card")
    assert [str(o) for o in miser.options] == ["greed=0.0 (float)"]
    assert "built-in level" in (bots["hard"].error or "")  # a level's name stays the level's
    assert "has no attribute 'Nobody'" in (bots["broken"].error or "")  # listed, with what is wrong
    spec = parse_spec("miser:greed=0.5")
    assert spec.contained and spec.options == (("greed", 0.5),)
    assert not parse_spec("hard").contained


def test_tarocchino_bots_lists_it(installed: Path, capsys) -> None:
    assert main(["bots"]) == 0
    out = capsys.readouterr().out
    for level in ("random", "easy", "medium", "hard"):
        assert f"\n{level}" in out or out.startswith(level) or f"{level} " in out
    assert "miser" in out and "package tarotbots 0.3" in out and "greed=0.0 (float)" in out
    assert main(["bots", "--json"]) == 0
    listed = {b["name"]: b for b in json.loads(capsys.readouterr().out)}
    assert listed["miser"]["contained"] and not listed["easy"]["contained"]


def test_an_installed_bot_plays_a_seeded_match_through_simulate(installed: Path, capsys) -> None:
    argv = [
        "simulate",
        "--seed",
        "8",
        "--players",
        "miser,easy,miser:greed=0.3,easy",
        "--target",
        "300",
        "--json",
    ]
    out, err = run_twice(main, argv, capsys)
    assert "simulate: match" not in err  # no faults
    assert json.loads(out.splitlines()[-1])["winner"] is not None


def test_an_installed_bot_in_the_arena(installed: Path) -> None:
    a, b = parse_spec("miser"), parse_spec("easy")
    one = run_arena(a, b, deals=3, seed=4, workers=1)
    two = run_arena(a, b, deals=3, seed=4, workers=2)
    assert one["faults"]["miser"] == {"faults": 0, "hands_taken_over": 0, "first": []}
    assert one["mean_diff"] == two["mean_diff"] < 0  # the easy bot is better, on any workers


# --------------------------------------------------------------------------------- spec binary file
# A bot file that is not Python text at all (null bytes) is refused in one line that names the file,
# with no "line None" in it.


def test_a_binary_bot_file_is_refused_in_one_clear_line(tmp_path: Path) -> None:
    (tmp_path / "binbot.py").write_bytes(b"class B:\x00\xff\n")
    with pytest.raises(SpecError) as info:
        parse_spec(f"{tmp_path / 'binbot.py'}:B")
    said = str(info.value)
    assert said.startswith("binbot.py: ") and "None" not in said and "\n" not in said
