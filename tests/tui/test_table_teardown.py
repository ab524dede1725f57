"""The table screen's timers may tick while its parts are being taken down (the app closing, a
network table's countdown): saying something then changes nothing and raises nothing."""

from __future__ import annotations

from pathlib import Path

from tests.support.screens import make_app, settle, table_of


async def test_a_word_for_the_status_line_after_its_parts_are_gone_is_kept_not_drawn(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path, ["human", "easy", "easy", "easy"], seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert table is not None
        assert table.status_fits(table.prompt())
        await table.query_one("#status").remove()  # as when the screen is taken down
        table.say("Waiting for Carla: 3 s left, then the easy bot decides.")
        table.redraw()
        assert table.status_fits(table.prompt())
        assert table.notice is not None and table.notice.plain.startswith("Waiting for Carla")
