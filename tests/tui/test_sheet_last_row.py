"""A combination's cards on the scoring sheet never leave one card alone on their last row
("Grande  ANG MON LUN T16" / "BEG" at 80 columns): the card before joins it."""

from __future__ import annotations

from game.cards import parse_cards
from text.render import UNICODE
from tui.widgets.sheet import CardList


def test_the_last_row_of_a_combination_is_never_one_card_alone() -> None:
    cards = CardList(parse_cards("ANG MON LUN T16 BEG"), UNICODE)
    for width in range(11, 19):
        rows = [row.plain for row in cards.lines(width)]
        assert rows == ["ANG MON LUN", "T16 BEG"], width
    assert [row.plain for row in cards.lines(19)] == ["ANG MON LUN T16 BEG"]
    # two on the row before: the card alone stays (the row before would be left with one)
    assert [row.plain for row in cards.lines(10)] == ["ANG MON", "LUN T16", "BEG"]
