"""The printable scoresheet and the score calculator's sheet wrap a long combination cleanly:
between cards (and between a player's combinations), the cards going on under the first card,
never one card alone on the last row, nothing cut, the points in their column."""

from __future__ import annotations

import re
from pathlib import Path

from rich.cells import cell_len

from cli.main import main
from game import record
from game.cards import format_cards, mask_of, parse_cards
from game.history import match_rows
from game.scoring import score
from tests.support.matches import called_out_match, played
from text.counting import combination_rule
from text.plaintext import LABEL, TEXT, WIDTH, Sheet, combination_sections, wrap_text
from text.render import UNICODE_MARKS
from text.scoresheet import MARKS

CONTINUED = " " * (LABEL + 1)  # a row that goes on from the row above: no label


def _export(match, tmp_path: Path, capsys, *names: str) -> list[str]:
    path = tmp_path / "match.json"
    record.save(match, path)
    assert main(["export", str(path), *(("--names", ",".join(names)) if names else ())]) == 0
    return capsys.readouterr().out.splitlines()


def _points_at_the_edge(lines: list[str]) -> None:
    """Every row of the hands that ends with points ends them in the last column of the sheet
    (the summary's columns are as wide as the sides' names); a note of how points come about
    ("3 Kings = 17", "10+2×5") is no points."""
    for line in lines[: lines.index("Summary")]:
        note = re.search(r"(= |×)\d+$", line)
        if line.rstrip() and line.rstrip()[-1].isdigit() and line.startswith("  ") and not note:
            assert cell_len(line) == WIDTH, line


def test_a_long_grande_on_the_sheet_keeps_its_last_cards_together(tmp_path, capsys) -> None:
    # Seed 22: one side's pile holds ANG MON SOL T16 … T7 BEG MAT, 53 columns of card codes:
    # the last row held MAT alone
    match = played(22, 800)
    grande = next(
        c
        for row in match_rows(match)
        for s in row.sides
        if s.captured
        for c in s.captured.sequences
        if c.family == "Grande" and len(format_cards(c.cards)) > TEXT
    )
    lines = _export(match, tmp_path, capsys)
    at = next(
        i
        for i, line in enumerate(lines)
        if line.startswith("  Grande ") and format_cards(grande.cards)[:20] in line
    )
    rule = "  " + combination_rule(grande)  # how it scores, after its last card
    assert lines[at + 1].endswith(rule)
    rows = [lines[at][LABEL + 1 : WIDTH - 6].strip(), lines[at + 1].removesuffix(rule).strip()]
    assert lines[at + 1].startswith(CONTINUED) and not lines[at + 2].startswith(CONTINUED)
    assert " ".join(rows) == format_cards(grande.cards)  # every card, in order, nothing cut
    assert rows[-1] == "BEG MAT"
    assert lines[at].endswith(f" {grande.points:>5}") and cell_len(lines[at]) == WIDTH
    for line in lines:
        assert cell_len(line) <= WIDTH, line
        if line.startswith(CONTINUED):
            assert len(line.split()) > 1, f"a card alone: {line!r}"


def test_the_whole_grande_wraps_under_its_first_card() -> None:
    cards = parse_cards(
        "ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6 T5 MO1 MO2 MO3 MO4 BEG MAT"
    )
    sheet = Sheet()
    combination_sections(sheet, score(mask_of(cards)))
    lines = sheet.render(min_width=TEXT).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  Grande "))
    assert lines[at : at + 2] == [
        "  Grande      ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9     105",
        "              T8 T7 T6 T5 MO1 MO2 MO3 MO4 BEG MAT",
    ]
    assert max(cell_len(line) for line in lines) <= WIDTH


def test_declarations_break_between_combinations_not_inside_one() -> None:
    text = (
        "Re KS KB KD; Spade KS NS MAT; Bastoni KB QB JB MAT; Denari KD ND MAT; "
        "Mori MO1 MO2 MO4 MAT (doubled)"
    )
    lines = wrap_text(text, TEXT)
    assert lines == [
        "Re KS KB KD; Spade KS NS MAT;",
        "Bastoni KB QB JB MAT; Denari KD ND MAT;",
        "Mori MO1 MO2 MO4 MAT (doubled)",
    ]
    # the old wrap left "MAT" alone on a row after "Mori MO3 MO4"
    assert wrap_text("Cavalli NS NB NC; Coppe KC NC MAT; Mori MO3 MO4 MAT", TEXT) == [
        "Cavalli NS NB NC; Coppe KC NC MAT;",
        "Mori MO3 MO4 MAT",
    ]


def test_a_declared_grande_too_long_for_a_row_goes_on_under_its_first_card() -> None:
    text = (
        "Tarocchi ANG MON BEG; Grande ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 "
        "T7 T6 BEG (doubled)"
    )
    assert wrap_text(text, TEXT) == [
        "Tarocchi ANG MON BEG;",
        "Grande ANG MON SOL LUN T16 T15 T14 T13 T12 T11",
        "       T10 T9 T8 T7 T6 BEG (doubled)",
    ]
    # and in a row of the sheet, under the name of who declared it
    sheet = Sheet()
    sheet.row("  Anna", text, 74)
    assert sheet.render(min_width=TEXT).splitlines() == [
        "  Anna        Tarocchi ANG MON BEG;                               74",
        "              Grande ANG MON SOL LUN T16 T15 T14 T13 T12 T11",
        "                     T10 T9 T8 T7 T6 BEG (doubled)",
    ]


def test_a_long_name_keeps_the_points_in_their_column(tmp_path, capsys) -> None:
    # a 16-character name (the most a seat takes) pushed the points of its row five columns out
    match = next(
        m
        for m in map(played, range(40))
        if any(d.seat == 0 for row in match_rows(m) for s in row.sides for d in s.declared)
    )
    lines = _export(match, tmp_path, capsys, "Bartolomeo Rossi", "Bruno", "Carla", "Dario")
    named = [line for line in lines if line.startswith("  Bartolomeo Rossi ")]
    assert named
    for line in named:
        assert cell_len(line) == WIDTH, line
    _points_at_the_edge(lines)


def test_plain_words_wrap_as_words_and_nothing_is_cut() -> None:
    assert wrap_text("odd number of cards: no card points", 20) == [
        "odd number of cards:",
        "no card points",
    ]
    assert wrap_text("x" * 30, 20) == ["x" * 30]
    assert wrap_text("", 20) == []


def test_the_score_calculator_s_pile_goes_on_under_its_first_card(capsys) -> None:
    cards = "ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7"
    assert main(["score", *cards.split()]) == 0
    head = capsys.readouterr().out.splitlines()[:2]
    # it was "    T7" under "Pile (14 cards): ANG … T8": one card alone, under nothing
    assert head == [
        "Pile (14 cards): ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9",
        "                 T8 T7",
    ]


def test_a_call_out_is_said_within_the_sheet_s_width(tmp_path, capsys) -> None:
    # "Anna & Carla call out with their declarations: no cards are counted, each side scores
    # its declarations." took 103 columns of a sheet 68 wide
    lines = _export(called_out_match(), tmp_path, capsys, "Anna", "Bruno", "Carla", "Dario")
    at = next(i for i, line in enumerate(lines) if " call out with their declarations" in line)
    assert " ".join(lines[at : at + 2]).endswith(
        "call out with their declarations: no cards are counted, each side scores its declarations."
    )
    assert all(cell_len(line) <= WIDTH for line in lines[: lines.index("Summary")]), lines


def test_the_sheet_says_which_mark_each_suit_code_is(tmp_path, capsys) -> None:
    """The sheet writes KC, 10C (Coppe) where the table shows K♥, 10♥: a C read as clubs
    (♣, which is Bastoni here) misled; the heading says which is which."""
    lines = _export(played(22, 800), tmp_path, capsys)
    assert "Suits: S ♠ Spade, B ♣ Bastoni, C ♥ Coppe, D ♦ Denari" in lines[:6]
    assert MARKS == UNICODE_MARKS  # the marks the table shows
