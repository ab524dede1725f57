"""What is still out says that two of those cards are in the discard (for all but the dealer):
at the last trick "Still out" listed two cards when nobody had a card left, with nothing to say
where they were."""

from __future__ import annotations

from pathlib import Path

from game.cards import FULL_PACK
from table.session import parse_seats
from tests.support.screens import make_app, play_until, resume, save_at_the_last_tricks, screen_text
from tests.tui.test_cards_out import _two_tricks
from text.presenter import out_title


def test_the_title_says_two_are_in_the_discard_except_to_the_dealer() -> None:
    hand = _two_tricks()
    assert out_title(hand.view(0)) == "Still out (2 discarded)"
    assert out_title(hand.view(3)) == "Still out"  # he knows his discard: it is not listed


async def test_at_the_last_trick_the_two_cards_nobody_holds_are_said_to_be_discarded(
    tmp_path: Path,
) -> None:
    save_at_the_last_tricks(tmp_path, parse_seats(["human", "random", "random", "random"]), 7)
    app = make_app(tmp_path, None)  # (the hand resumed at its last two tricks)
    async with app.run_test(size=(100, 32)) as pilot:
        await resume(pilot)
        table = await play_until(pilot, lambda v: len(v.tricks) == 14 and v.seat != v.dealer)
        await pilot.pause()
        view = table.current_view()
        assert view.unseen.bit_count() == 2 + sum(  # the others' last cards and the discard
            view.hand_sizes[s] for s in range(4) if s != view.seat
        )
        assert view.unseen & FULL_PACK
        assert "Still out (2 discarded)" in screen_text(app)
