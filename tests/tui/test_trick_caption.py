"""A trick's caption too long for the middle of an 80x24 table breaks after its colon:
"Trick 14:" over "Dario led Bastoni", not "Trick 14: Dario led" over a lone "Bastoni" that read
as a caption of its own ("Last trick: Dario led" / "Coppe" the same)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult

from game.cards import INDEX
from text.render import Look
from tui.widgets.trick import TrickView


class _Middle(App[None]):
    CSS = "TrickView { width: 26; height: 12; }"

    def compose(self) -> ComposeResult:
        yield TrickView(id="trick")


def _rows(trick: TrickView) -> list[str]:
    return [row.strip() for row in trick.render().plain.splitlines() if row.strip()]


async def test_a_long_caption_breaks_after_its_colon() -> None:
    app = _Middle()
    async with app.run_test(size=(40, 14)) as pilot:
        trick = app.query_one(TrickView)
        cards = {3: INDEX["10B"], 0: INDEX["QB"], 1: INDEX["9S"], 2: INDEX["JB"]}
        trick.show(
            cards,
            bottom=0,
            look=Look(ascii=True),
            highlight=0,
            captions=(Text("Trick 14: Dario led Bastoni"), Text("Bruno takes it")),
        )
        await pilot.pause()
        rows = _rows(trick)
        assert rows[-3:] == ["Trick 14:", "Dario led Bastoni", "Bruno takes it"]
        # what fits on a line stays on it; what cannot break at its colon breaks between words
        trick.show(
            cards,
            bottom=0,
            look=Look(ascii=True),
            captions=(Text("Trick 1: You led the Matto: Denari to follow"), Text("Carla takes it")),
        )
        await pilot.pause()
        assert _rows(trick)[-3:] == [
            "Trick 1: You led the",
            "Matto: Denari to follow",
            "Carla takes it",
        ]
        trick.show(
            {},
            bottom=0,
            look=Look(ascii=True),
            captions=(Text("Bruno led Coppe"), Text("Dario is winning")),
        )
        await pilot.pause()
        assert _rows(trick)[-2:] == ["Bruno led Coppe", "Dario is winning"]
