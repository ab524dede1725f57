"""The play log beside the table: its rows (a log written a move at a time is the log written
whole) and its asides."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from game.actions import declare, discard, play
from game.cards import MAT, parse_cards
from tests.support.deals import deal_with
from tests.support.screens import idle
from text.narrate import hand_log
from text.render import UNICODE
from tui.widgets import log
from tui.widgets.log import PlayLog, hanging

# --------------------------------------------------------------------------------------- log asides
# The log keeps an aside in brackets on one row where it fits in one: "Bruno plays MAT" and then
# "(the Matto: an excuse)" whole, never "Bruno plays MAT (the" / "Matto: an excuse)"; and an entry's
# last word never stands alone on its row where the word before can join it ("Dario discards two
# cards" / "face down.", not "... face" / "down."); a side's names and points stay together ("Hand
# 1: You & Carla +120," / "Bruno & Dario +410", not "… Bruno &" / "Dario +410").


ASIDE = "(the Matto: an excuse)"


def _matto_line() -> Text:
    """The log's line for the Matto, as the game writes it: Bruno (seat 1) leads it."""
    hand = deal_with(0, {0: "9S 8S", 1: "MAT KS"})
    hand.apply(discard(*parse_cards("9S 8S")))
    hand.apply(declare(()))
    hand.apply(play(MAT))
    lines = hand_log(hand.view(0), ["You", "Bruno", "Carla", "Dario"], UNICODE)
    (line,) = [line for line in lines if ASIDE in line.plain]
    assert line.plain == f"Bruno plays MAT {ASIDE}"
    return line


def test_the_matto_s_aside_starts_a_row_rather_than_break() -> None:
    line = _matto_line()
    # the log's widths at 80x24 (24), 100x32 (32) and 120x40 (34), and between
    for width in range(24, len(line.plain)):
        rows = [row.plain.rstrip() for row in hanging(line, width, None)]  # type: ignore[arg-type]
        assert rows == ["Bruno plays MAT", f"  {ASIDE}"], width
    assert [r.plain for r in hanging(line, len(line.plain), None)] == [line.plain]  # type: ignore[arg-type]


def test_the_aside_keeps_its_style_and_breaks_only_when_no_row_holds_it() -> None:
    line = _matto_line()
    rows = hanging(line, 30, None)  # type: ignore[arg-type]
    aside = rows[1]
    dim = {i for s in aside.spans if s.style == "dim" for i in range(s.start, s.end)}
    at = aside.plain.index(ASIDE)
    assert set(range(at, at + len(ASIDE))) <= dim
    narrow = [row.plain.rstrip() for row in hanging(line, 16, None)]  # type: ignore[arg-type]
    assert narrow[0] == "Bruno plays MAT" and " ".join(r.strip() for r in narrow[1:]) == ASIDE
    assert all(len(row) <= 16 for row in narrow)


def test_an_entry_s_last_word_is_not_alone_on_its_row() -> None:
    for text, width, rows in (
        ("Dario discards two cards face down.", 32, ["Dario discards two cards", "  face down."]),
        ("You declare 25: Denari, Assi", 24, ["You declare 25:", "  Denari, Assi"]),
        ("  → Massimiliano takes trick 11", 24, ["  → Massimiliano takes", "  trick 11"]),
    ):
        got = [row.plain.rstrip() for row in hanging(Text(text), width, None)]  # type: ignore[arg-type]
        assert got == rows, (text, width)
    # a row of two words keeps them: the word alone stays (no row is added for it)
    got = [row.plain.rstrip() for row in hanging(Text("Hand 1: Dario deals."), 12, None)]  # type: ignore[arg-type]
    assert len(got) == 3 and got[-1] == "  deals."


def test_a_side_s_names_and_points_stay_on_one_row() -> None:
    line = Text("Hand 1: You & Carla +120, Bruno & Dario +410", style="dim")  # (earlier_hands)
    rows = {
        width: [row.plain.rstrip() for row in hanging(line, width, None)]  # type: ignore[arg-type]
        for width in (24, 32, 34)
    }
    assert rows[32] == rows[34] == ["Hand 1: You & Carla +120,", "  Bruno & Dario +410"]
    assert rows[24] == ["Hand 1:", "  You & Carla +120,", "  Bruno & Dario +410"]


# ----------------------------------------------------------------------------------------- log rows
# The play log written a move at a time holds the same rows as the log written whole: the blank rows
# that bring an entry's start to the top go when the next entry comes; the wraps kept by ``hanging``
# are the wraps made afresh, and copies.


ENTRIES = [
    Text(
        f"Bruno plays the {n} of Coppe, and Carla follows with a trump {n}",
        style="bold" if n % 3 else "",
    )
    for n in range(1, 13)
]


class _Logs(App):
    def compose(self) -> ComposeResult:
        yield PlayLog(id="one")  # a move at a time
        yield PlayLog(id="whole")  # written whole


async def test_a_log_written_a_move_at_a_time_is_the_log_written_whole() -> None:
    app = _Logs()
    async with app.run_test(size=(30, 16)) as pilot:
        one, whole = app.query_one("#one", PlayLog), app.query_one("#whole", PlayLog)
        await idle(pilot)
        padded = 0
        for n in range(1, len(ENTRIES) + 1):
            one.show(ENTRIES[:n])
            whole.clear()
            whole._starts, whole._pad, whole._lines = [], 0, []
            whole.show(ENTRIES[:n])
            padded += one._pad > 0
            assert [s.text for s in one.lines] == [s.text for s in whole.lines], n
            assert one._starts == whole._starts and one._pad == whole._pad
        assert padded  # (the blank rows were there to take away)


def test_the_wraps_kept_are_the_wraps_made_afresh_and_copies() -> None:
    line = Text.assemble(("Anna", "bold"), " declares ", ("Bégato, Mondo, Angelo", "italic"))
    log._WRAPPED.clear()
    first = hanging(line, 14, None)  # type: ignore[arg-type]
    again = hanging(line, 14, None)  # type: ignore[arg-type]
    assert [(r.plain, r.spans) for r in first] == [(r.plain, r.spans) for r in again]
    assert len(first) > 1 and all(a is not b for a, b in zip(first, again, strict=True))
    first[0].stylize("red")
    assert hanging(line, 14, None)[0].spans == again[0].spans  # type: ignore[arg-type]
    other = line.copy()
    other.stylize("underline", 0, 4)  # the same words, another style: wrapped for itself
    assert hanging(other, 14, None)[0].spans != again[0].spans  # type: ignore[arg-type]
