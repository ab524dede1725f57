"""The play log written a move at a time holds the same rows as the log written whole: the blank
rows that bring an entry's start to the top go when the next entry comes; the wraps kept by
``hanging`` are the wraps made afresh, and copies."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from tui.widgets import log
from tui.widgets.log import PlayLog, hanging

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
        await pilot.pause()
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
