"""The printable scoresheet with the longest names a seat takes (16 characters): every line
within 80 columns, the summary's columns named A and B with a line for each side above them
(the sides' names as column heads took the summary to 109 columns)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.cells import cell_len

from cli.export import names_option
from cli.main import main
from game import record
from table.session import NAME_CHARS
from tests.support.matches import called_out_match, played
from text.scoresheet import PAGE

LONG = ("Bartolomeo Rossi", "Massimilianoroma", "Carla Bianchi Ro", "Domenico Ferrari")
WIDE = (
    "张伟李娜王芳刘洋陈静杨帆赵王芳刘",
    "李娜王芳刘洋陈静杨帆赵王芳刘张伟",
    "王芳刘洋陈静杨帆赵王芳刘张伟李娜",
    "刘洋陈静杨帆赵王芳刘张伟李娜王芳",
)  # 32 columns each


def _sheet(match, tmp_path: Path, capsys, names: tuple[str, ...]) -> list[str]:
    path = tmp_path / "match.json"
    record.save(match, path)
    assert main(["export", str(path), "--names", ",".join(names)]) == 0
    return capsys.readouterr().out.splitlines()


def test_sixteen_characters_is_the_longest_name() -> None:
    assert NAME_CHARS == 16 and all(len(n) == NAME_CHARS for n in (*LONG, *WIDE))
    assert names_option(",".join(LONG)) == LONG
    with pytest.raises(ValueError, match="at most 16 characters"):
        names_option(",".join(("Bartolomeo Rossis", *LONG[1:])))


@pytest.mark.parametrize("names", [LONG, WIDE], ids=["latin", "wide"])
@pytest.mark.parametrize("seed", [22, 5])
def test_every_line_of_the_sheet_fits_80_columns(tmp_path, capsys, names, seed) -> None:
    lines = _sheet(played(seed, 800), tmp_path, capsys, names)
    assert max(cell_len(line) for line in lines) <= PAGE, [
        line for line in lines if cell_len(line) > PAGE
    ]
    summary = lines[lines.index("Summary") :]
    sides = (f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}")
    assert summary[1:3] == [f"A: {sides[0]}", f"B: {sides[1]}"]
    head = summary[3]
    assert head.startswith("Hand  Dealer ") and head.split()[-3:] == ["A", "B", "Score"]
    table = [line for line in summary[4:] if line[:4].strip().isdigit()]
    assert table
    ends = {cell_len(line[: line.index(" – ")].rsplit(" ", 1)[0].rstrip()) for line in table}
    assert len(ends) == 1, table  # the A and B totals stay in their columns
    assert cell_len(head[: head.index("B") + 1]) == next(iter(ends)), (head, table)


def test_a_long_name_wraps_the_heading_between_names(tmp_path, capsys) -> None:
    lines = _sheet(played(5, 800), tmp_path, capsys, LONG)
    assert lines[2:6] == [
        "Seats in turn order: Bartolomeo Rossi, Massimilianoroma, Carla Bianchi Ro,",
        "                     Domenico Ferrari",
        "Sides: Bartolomeo Rossi & Carla Bianchi Ro",
        "       against Massimilianoroma & Domenico Ferrari",
    ]
    at = next(i for i, line in enumerate(lines) if line.startswith("Match score after hand 1: "))
    assert lines[at + 1].startswith(" " * len("Match score after hand 1: ") + "Massimilianoroma")
    at = next(i for i, line in enumerate(lines) if line.startswith("Tricks won: "))
    assert lines[at].endswith(",") and lines[at + 1].startswith(" " * len("Tricks won: "))


def test_a_call_out_with_long_names_fits_too(tmp_path, capsys) -> None:
    lines = _sheet(called_out_match(), tmp_path, capsys, LONG)
    assert max(cell_len(line) for line in lines) <= PAGE
    assert any(line.endswith("  called out") for line in lines[lines.index("Summary") :])


def test_short_names_keep_the_sides_as_column_heads(tmp_path, capsys) -> None:
    lines = _sheet(played(5, 800), tmp_path, capsys, ("Anna", "Bruno", "Carla", "Dario"))
    summary = lines[lines.index("Summary") :]
    assert summary[1].split() == [
        "Hand",
        "Dealer",
        "Anna",
        "&",
        "Carla",
        "Bruno",
        "&",
        "Dario",
        "Score",
    ]
