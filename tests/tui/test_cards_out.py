"""What a player counts: the cards still out in each suit and in trumps, the suits each other
player has shown he lacks, and the declared cards he still holds. The table listed none of it:
a player had to rebuild it from the log (and at 100x32 the declarations' one-line form gave no
cards at all: "Dario 38: Tarocchi, Mori")."""

from __future__ import annotations

from pathlib import Path

from table.session import parse_seats
from tests.support.deals import two_tricks
from tests.support.screens import (
    click_entry,
    idle,
    make_app,
    play_until,
    press,
    screen_text,
    wait_for,
)
from text.presenter import Scene, keys, out_lines
from text.render import UNICODE, Look
from tui.screens.table import TableScreen

NAMES = ["You", "Bruno", "Carla", "Dario"]


def _plain(view, look=UNICODE) -> list[str]:
    return [line.plain for line in out_lines(view, NAMES, look, view.seat)]


def test_what_is_still_out_each_void_and_the_declared_cards_still_held() -> None:
    assert _plain(two_tricks().view(0)) == [
        "♠ J 10 9 A",  # (long suit: the Ace lowest)
        "♣ N J 10 9 8 7 A",
        "♥ Q N J A 7 8 9 10",  # (round suit: the Ace above the 6)
        "♦ Q A 7 8 9 10",
        "Trumps 15: MON–LUN T11–T5 MO1 MO2 MO3 MO4 BEG MAT",  # SOL LUN: laid away, unseen
        "Bruno: no trumps; holds N♣ N♥",  # N♦ is played
        "Dario: no ♦",
    ]


def test_the_dealer_does_not_count_his_own_discard_and_sees_the_others_from_his_seat() -> None:
    lines = _plain(two_tricks().view(3), Look(ascii=True))
    assert lines[4] == "Trumps 3: MON T15 T14"  # SOL LUN, his discard, are not out
    assert lines[5:] == ["Bruno: no trumps; holds NB NC"]  # his own void is no news to him


def test_the_key_bar_offers_the_cards_out_except_to_bots_watched() -> None:
    hand = two_tricks()
    mine = Scene(
        view=hand.view(0),
        seats=parse_seats(["human", "easy", "easy", "easy"]),
        bottom=0,
        hand_shown=True,
    )
    assert ("o", "Out", "cards_out") in keys(mine)
    watched = Scene(view=hand.view(0), seats=parse_seats(["easy"] * 4), bottom=0, watching=True)
    assert "cards_out" not in [action for _, _, action in keys(watched)]


async def _table_at_trick_3(pilot) -> TableScreen:
    """The table once two tricks are played (a solo match of seed 7 against random bots)."""
    table = await play_until(pilot, lambda v: len(v.tricks) >= 3)
    await idle(pilot)
    return table


def _solo(tmp_path: Path):
    return make_app(tmp_path, ["human", "random", "random", "random"], seed=7)


async def test_beside_the_log_where_there_is_room_hidden_and_shown_again_with_o(
    tmp_path: Path,
) -> None:
    app = _solo(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _table_at_trick_3(pilot)
        text = screen_text(app)
        assert "Still out" in text and "Trumps " in text and "Log" in text
        await press(pilot, "o")  # (nothing press() can see changes: no wait for it)
        await wait_for(pilot, lambda: "Still out" not in screen_text(app))
        assert "Log" in screen_text(app)
        await click_entry(pilot, "cards_out")  # the key bar's "o Out" does the same
        await wait_for(pilot, lambda: "Still out" in screen_text(app))
        assert table.out_shown


async def test_at_80x24_o_shows_them_in_place_of_the_declarations_and_the_log(
    tmp_path: Path,
) -> None:
    app = _solo(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _table_at_trick_3(pilot)
        assert "Still out" not in screen_text(app) and "Log" in screen_text(app)
        await press(pilot, "o")  # (nothing press() can see changes: no wait for it)
        await wait_for(pilot, lambda: "Still out" in screen_text(app))
        text = screen_text(app)
        above = "\n".join(text.splitlines()[:-1])  # (the key bar says "o Log": o brings it)
        assert "Log" not in above and "Declarations" not in above
        lines = [line.plain for line in table.query_one("#out").lines]
        for line in lines:  # every line of it in view, the players' facts last
            assert line.split()[0] in text
        assert "Trumps" in text
