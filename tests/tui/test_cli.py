"""`tarocchino play`: its options, checked before any screen opens."""

from __future__ import annotations

import argparse

import pytest

from cli import play


def _parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="tarocchino")
    play.register(parser.add_subparsers(dest="command"))
    return parser.parse_args(["play", *argv])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seats", "human,hard"], "exactly four seats"),
        (["--seats", "human,wizard,easy,easy"], "unknown bot 'wizard'"),
        (["--names", "A,B,C,D"], "--names needs --seats"),
        (["--seats", "human,easy,easy,easy", "--names", "A,B"], "four names"),
        (
            ["--seats", "human,easy,easy,easy", "--names", "Maria Vittoria Anna,B,C,D"],
            "at most 16 characters: 'Maria Vittoria Anna' has 19",
        ),
        (["--seats", "human,easy,easy,easy", "--names", "A\x1b[2J,B,C,D"], "printable"),
        (["--seats", "human,easy,easy,easy", "--target", "0"], "positive"),
        (["--bot-delay", "-1"], ">= 0"),
    ],
)
def test_bad_options_exit_2_with_a_message(argv, message, capsys) -> None:
    args = _parse(*argv)
    assert args.func(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("tarocchino play: error:") and message in err


def test_options_reach_the_app(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    seen = {}

    def fake_run(self) -> None:
        seen.update(
            start=self._start, resume=self._resume, settings=self.settings, directory=self.directory
        )

    monkeypatch.setattr("tui.app.TarocchinoApp.run", fake_run)
    args = _parse(
        "--seats",
        "human,easy,human,random",
        "--names",
        "A,B,C,D",
        "--seed",
        "9",
        "--target",
        "500",
        "--bot-delay",
        "0",
        "--ascii",
    )
    assert args.func(args) == 0
    seats, seed, target = seen["start"]
    assert [s.name for s in seats] == ["A", "B", "C", "D"]
    assert [s.kind for s in seats] == ["human", "easy", "human", "random"]
    assert (seed, target) == (9, 500)
    assert seen["settings"].bot_delay == 0 and seen["settings"].ascii
    assert seen["directory"] == tmp_path
    args = _parse("--resume")
    assert args.func(args) == 0
    assert seen["start"] is None and seen["resume"] is True


def test_play_options_without_the_word_play(monkeypatch, tmp_path) -> None:
    """`tarocchino --ascii` opens the game as `tarocchino play --ascii` does (the command without
    a subcommand is the game)."""
    from cli.main import main

    monkeypatch.setenv("TAROCCHINO_DATA_DIR", str(tmp_path))
    seen = {}
    monkeypatch.setattr(
        "tui.app.TarocchinoApp.run",
        lambda self: seen.update(settings=self.settings, given=self._given),
    )
    assert main(["--ascii", "--seed", "5"]) == 0
    assert seen["settings"].ascii and seen["given"] == (5, None)
    seen.clear()
    assert main([]) == 0
    assert not seen["settings"].ascii
