"""The `tarocchino score` subcommand."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from importlib.util import find_spec

import pytest

import cli.main
from cli import score as score_command
from game.files import MAX_BYTES
from tests.support.paths import ROOT

ROOT = ROOT
_PRESENT = tuple(name for name in cli.main.COMMANDS if find_spec(f"cli.{name}"))


@pytest.fixture(autouse=True)
def _commands_present(monkeypatch: pytest.MonkeyPatch) -> None:
    """Build the parser from the command modules that exist (others may be written later)."""
    monkeypatch.setattr(cli.main, "COMMANDS", _PRESENT)


def stdin(data: bytes) -> io.TextIOWrapper:
    """A standard input that holds ``data`` (bytes, as a pipe would)."""
    return io.TextIOWrapper(io.BytesIO(data))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main.main(["score", *argv])
    out, err = capsys.readouterr()
    return code, out, err


KINGS_JSON = {
    "cards": ["KS", "KB", "KC"],
    "cricche": [{"group": "Re", "cards": ["KS", "KB", "KC"], "points": 17}],
    "criccone": False,
    "cricche_points": 17,
    "sequences": [],
    "sequences_doubled": False,
    "sequences_points": 0,
    "combinations_points": 17,
    "card_points": None,
}


def test_plain_sheet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "MON", "BEG", "MAT", "QS", "QB", "QC", "QD", "JS", "JB", "JC")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Pile (10 cards): MON BEG MAT QS JS QB JB QC JC QD"

    def row(label: str) -> list[str]:
        (found,) = [ln.split() for ln in lines if ln.split()[:1] == [label]]
        return found

    # each with the rule of its points
    assert row("Tarocchi") == ["Tarocchi", "MON", "BEG", "MAT", *"3 Tarocchi = 18".split(), "18"]
    assert row("Regine") == ["Regine", "QS", "QB", "QC", "QD", *"4 Queens = 2×14".split(), "28"]
    assert row("Fanti") == ["Fanti", "JS", "JB", "JC", *"3 Jacks = 12".split(), "12"]
    assert row("criccone")[-1] == "+58"
    assert row("Combinations")[-1] == "116"
    assert row("Card")[-1] == "32"
    assert row("Total")[-1] == "148"
    # the points column is aligned
    ends = {len(ln) for ln in lines[2:] if ln.strip() and ln[-1].isdigit() and " = " not in ln}
    assert len(ends) == 1


def test_plain_sheet_odd_and_sequences(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ang,mon,sol KS QS NS", "MO1", "MO2", "MO3", "AB", "AC", "AD", "T12")
    assert code == 0
    assert "odd number of cards: no card points" in out
    assert "4 sequences: doubled" in out
    assert out.splitlines()[-1].split() == ["Total", "80"]


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--json", "KS", "KB", "kc")
    assert code == 0 and err == ""
    assert out.count("\n") == 1
    assert json.loads(out) == KINGS_JSON


def test_json_keys_in_order(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--json", "KS QS NS JS AS BEG 7D 8D")
    obj = json.loads(out)
    assert list(obj) == list(KINGS_JSON)
    assert obj["sequences"] == [
        {"family": "Spade", "cards": ["KS", "QS", "NS", "JS", "AS", "BEG"], "points": 25}
    ]
    assert obj["card_points"] == 5 + 4 + 3 + 2 + 5 - 1  # 5 carte di valore, 3 scartini


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["KS", "XX"], "XX"),
        (["KS", "ks"], "KS"),
        ([], "no cards"),
        (["--json", "KS", "T17"], "T17"),
        (["KS", "-"], "'-'"),
    ],
)
def test_bad_input_exits_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert err.startswith("tarocchino score: error: ")
    assert needle in err


def test_stdin_json_with_bad_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", stdin(b"KS KB KC\n\n  \nKS XX\nks,kb,kc\nKS KS"))
    code, out, err = run(capsys, "--json", "-")
    assert code == 1 and err == ""
    objs = [json.loads(line) for line in out.splitlines()]
    assert len(objs) == 4  # blank lines are skipped
    assert objs[0] == objs[2] == KINGS_JSON
    assert set(objs[1]) == {"error"} and "XX" in objs[1]["error"]
    assert set(objs[3]) == {"error"} and "KS" in objs[3]["error"]


def test_stdin_all_good_exits_0(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", stdin(b"KS KB KC\nANG MON MAT\n"))
    code, out, _ = run(capsys, "--json", "-")
    assert code == 0
    assert [json.loads(x)["combinations_points"] for x in out.splitlines()] == [17, 28]


def test_stdin_plain(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", stdin(b"KS QS NS\nnope\nANG MON MAT\n"))
    code, out, _ = run(capsys, "-")
    assert code == 1
    sheets = out.strip("\n").split("\n\n")
    assert sheets[0].startswith("Pile (3 cards): KS QS NS")
    assert any(s.startswith("error: ") and "nope" in s for s in sheets)
    assert out.rstrip().splitlines()[-1].split() == ["Total", "28"]


def test_hand_plain(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "ANG MON MAT KC QC NC AS AB MO1 MO2 T16 T15 6D 7D 8D".split()
    code, out, _ = run(capsys, "--hand", *hand)
    assert code == 0
    assert out.startswith("Hand (15 cards): ")
    rows = {ln.split()[0]: ln.split() for ln in out.splitlines() if ln.startswith("  ")}
    grande = ["Grande", "ANG", "MON", "T16", "T15", "MAT", *"5 cards = 10+2×5".split(), "20"]
    assert rows["Grande"] == grande
    assert rows["Coppe"][-1] == "15"
    assert rows["Assi"][-1] == rows["Mori"][-1] == "10"
    assert rows["Tarocchi"][-1] == "18"
    assert out.splitlines()[-1].split() == ["Declaring", "all", "128"]
    assert "Card points" not in out


def test_hand_nothing_to_declare(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--hand", "6S", "7S")
    assert code == 0 and "Nothing to declare" in out


def test_hand_json(capsys: pytest.CaptureFixture[str]) -> None:
    hand = "ANG MON MAT KC QC NC AS AB MO1 MO2 T16 T15 6D 7D 8D"
    code, out, _ = run(capsys, "--hand", "--json", hand)
    assert code == 0
    obj = json.loads(out)
    assert obj["declarable"] == [
        {"family": "Tarocchi", "cards": ["ANG", "MON", "MAT"], "points": 18},
        {"family": "Grande", "cards": ["ANG", "MON", "T16", "T15", "MAT"], "points": 20},
        {"family": "Coppe", "cards": ["KC", "QC", "NC", "MAT"], "points": 15},
        {"family": "Assi", "cards": ["AS", "AB", "MAT"], "points": 10},
        {"family": "Mori", "cards": ["MO1", "MO2", "MAT"], "points": 10},
    ]
    assert obj["declare_all_points"] == 128 == obj["combinations_points"]
    assert obj["card_points"] is None


@pytest.mark.skipif(
    len(_PRESENT) < len(cli.main.COMMANDS),
    reason="not every command module of cli.main is written yet",
)
def test_subprocess_json() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "cli.main", "score", "--json", "KS", "KB", "KC"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == KINGS_JSON


def test_an_endless_standard_input_is_refused_after_its_bound() -> None:
    """/dev/zero never ends a line: the overlong-line skip must not read it for ever."""
    with open("/dev/zero", "rb") as zero:
        proc = subprocess.run(
            [sys.executable, "-m", "cli.main", "score", "--json", "-"],
            stdin=zero,
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=120,
            check=False,
        )
    assert proc.returncode == 2
    assert proc.stderr.strip().endswith(f"longer than {MAX_BYTES:,} bytes: not read further")


def test_piles_before_the_bound_are_scored(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(score_command, "MAX_INPUT", 30)
    monkeypatch.setattr(sys, "stdin", stdin(b"KS KB KC\n" * 10))
    assert cli.main.main(["score", "--json", "-"]) == 2
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 3  # 27 bytes read, the 4th line passes the bound
    assert "not read further" in captured.err
