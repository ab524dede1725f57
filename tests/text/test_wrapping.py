"""The one wrapper (text.wrapping.Hanging) that the printable sheets, the hand review, the play
log and the screens' pairs of words share: plain text and rich Text wrap alike, styles stay
where they were, a first piece too long for its row breaks under the lead instead of running
past the edge."""

from __future__ import annotations

import subprocess
import sys

from rich.cells import cell_len
from rich.console import Console
from rich.style import Style
from rich.text import Text

from text import hand_review as review
from text import plaintext
from text.wrapping import Hanging, Pairs
from tui.widgets import log

TRUMPS = "ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7 T6"


def test_the_sheets_the_review_and_the_log_wrap_with_the_same_class() -> None:
    assert review.Hanging is Hanging and plaintext.Hanging is Hanging and log.Hanging is Hanging


def test_plain_text_is_wrapped_without_rich_s_rendering() -> None:
    """The statistics and the export load none of rich's rendering (test_stats checks it):
    plain text goes through the same wrapper without a rich Text."""
    code = (
        "import sys; from text.wrapping import Hanging\n"
        "print(Hanging('Sides: ', ['Anna & Carla', 'against Bruno & Dario']).wrap(30))\n"
        "print(sorted(m for m in sys.modules if m.startswith(('rich.text', 'rich.console'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert out == ["['Sides: Anna & Carla', '       against Bruno & Dario']", "[]"]


def test_plain_and_rich_text_wrap_alike() -> None:
    rich = Hanging(
        Text("Declarations Anna: ", style="bold"),
        [Text("Re 17", style="red"), Text("Spade 10"), Text(f"({TRUMPS})")],
    )
    plain = Hanging("Declarations Anna: ", ["Re 17", "Spade 10", f"({TRUMPS})"])
    for width in (30, 44, 60, 80):
        assert [line.plain for line in rich.lines(width)] == plain.wrap(width)
    assert plain.wrap(44) == [
        "Declarations Anna: Re 17 Spade 10 (ANG MON",
        "                   SOL LUN T16 T15 T14 T13",
        "                   T12 T11 T10 T9 T8 T7 T6)",
    ]


def test_a_first_piece_too_long_for_its_row_breaks_under_the_lead() -> None:
    """A hand's trumps beside a 16-letter name at 80 columns: the piece began the row and was
    set whole, 90 columns wide, and the terminal wrapped it back to the left edge."""
    lead = Text("  A Bartolomeo Rossi │ K♠ │ ")
    lines = Hanging(lead, [Text(TRUMPS + " BEG"), Text("K♠ Q♠")], "  ").lines(80)
    assert [line.plain for line in lines] == [
        "  A Bartolomeo Rossi │ K♠ │ ANG MON SOL LUN T16 T15 T14 T13 T12 T11 T10 T9 T8 T7",
        "                            T6 BEG  K♠ Q♠",
    ]
    assert all(line.cell_len <= 80 for line in lines)


def test_a_row_of_pairs_keeps_each_piece_s_own_style() -> None:
    """The first piece's style covered the whole row: "3 hands and a chart …" after a bold
    title was bold as well as dim."""
    pieces = [
        Text("The match so far", style="bold"),
        Text("3 hands", style="dim"),
        Text("· click a hand", style="dim"),
    ]
    console = Console(width=80)
    segments = [s for s in console.render(Pairs(pieces)) if s.text.strip()]
    assert [(s.text, s.style) for s in segments] == [
        ("The match so far", Style(bold=True)),
        ("3 hands", Style(dim=True)),
        ("· click a hand", Style(dim=True)),
    ]


def test_a_line_s_words_keep_their_styles_and_spaces() -> None:
    line = Text.assemble(("♠ ", "blue"), ("K Q", "bold"), "  N J 10 9 8 7")
    rows = Hanging.words(line, 2).lines(9)
    assert [row.plain for row in rows] == ["♠ K Q  N ", "  J 10 9 ", "  8 7"]
    assert rows[0].spans == line.spans  # the mark and its space one span, as before


def test_a_combination_goes_on_under_its_first_card_and_words_fill_the_row() -> None:
    grande = Hanging("Grande ", TRUMPS.split())
    assert Hanging("", ["Re KS KB KD;", grande]).wrap(40) == [
        "Re KS KB KD;",
        "Grande ANG MON SOL LUN T16 T15 T14 T13",
        "       T12 T11 T10 T9 T8 T7 T6",
    ]
    assert Hanging("", [Text("Re KS KB KD;"), Text("Grande " + TRUMPS)]).wrap(40) == [
        "Re KS KB KD; Grande ANG MON SOL LUN T16",
        "T15 T14 T13 T12 T11 T10 T9 T8 T7 T6",
    ]


def test_nothing_is_cut_and_no_word_is_left_alone() -> None:
    assert Hanging("", ["x" * 30]).wrap(20) == ["x" * 30]
    rows = Hanging("Pile: ", [Text("ANG MON SOL LUN T16 T15 T14 T13")]).wrap(30)
    assert rows == ["Pile: ANG MON SOL LUN T16 T15", "      T14 T13"]
    assert all(cell_len(row) <= 30 for row in rows)
