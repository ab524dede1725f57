"""What is still out says in one line the suits (and trumps) of which nothing is out: near the
end of a hand it listed ``♠ none``, ``♣ none``, ``♥ none``, ``♦ none`` and ``Trumps none``, up
to five rows of nothing taken from the log's rows. Every fact is still said: the cards out in
each suit and in trumps, the suits of which none are out, each other player's voids (those in
a suit of which nothing is out go without saying: nobody has it) and the declared cards he
still holds; two suits share a row where they fit in it."""

from __future__ import annotations

import random
import re
from pathlib import Path

from game.cards import MAT, RANK_CODES, SUIT_MASK, TRUMPS, Card, shuffled_pack, sorted_for_display
from game.hand import Hand
from game.phase import Phase
from table.session import parse_seats
from tests.support.screens import make_app, play_until, resume, save_at_the_last_tricks
from tests.tui.test_narrow import region_text
from text.presenter import out_lines
from text.render import UNICODE, mark
from tui.widgets.outlist import OutList

NAMES = ["You", "Bruno", "Carla", "Dario"]


def _views_of_a_whole_hand(seed: int):
    """Every seat's view after every action of a hand played with random legal choices."""
    rng = random.Random(seed)
    hand = Hand.deal(shuffled_pack(rng), rng.randrange(4))
    while True:
        yield from (hand.view(seat) for seat in range(4))
        if hand.phase == Phase.OVER:
            return
        hand.apply(rng.choice(hand.legal_actions()))


def _check(view) -> None:
    lines = [line.plain for line in out_lines(view, NAMES, UNICODE, view.seat)]
    out = view.unseen
    # no row of nothing, and the suits with nothing out said once, together
    assert not any(
        re.fullmatch(r"\S+ none", line) or line.startswith("Trumps none") for line in lines
    ), lines
    nothing = [line for line in lines if line.startswith(("none in ", "nothing ", "only "))]
    assert len(nothing) <= 1, lines
    said = nothing[0] if nothing else ""
    for s in range(4):
        cards = sorted_for_display(out & SUIT_MASK[s])
        if cards:
            assert f"{mark(s, UNICODE)} {' '.join(RANK_CODES[c % 10] for c in cards)}" in lines
        else:
            assert mark(s, UNICODE) in said or said in (
                "nothing is still out",
                "only MAT is still out",
            ), (s, lines)
    if out & TRUMPS:
        assert lines[sum(1 for s in range(4) if out & SUIT_MASK[s])].startswith(
            f"Trumps {(out & TRUMPS).bit_count()}: "
        )
    else:
        assert "trumps" in said or not said.startswith("none in"), lines
    if out >> MAT & 1:
        assert any("MAT" in line and not line.startswith(tuple(NAMES)) for line in lines)
    if not out:
        assert lines == ["nothing is still out"]
    voids = view.voids
    for k in range(1, 4):
        seat = (view.seat + k) % 4
        facts = next((line for line in lines if line.startswith(NAMES[seat] + ": ")), "")
        lacks = facts.split(";")[0] if facts.startswith(f"{NAMES[seat]}: no ") else ""
        for s in range(4):
            shown = bool(voids[seat] & SUIT_MASK[s] and out & SUIT_MASK[s])
            assert (mark(s, UNICODE) in lacks) == shown, (seat, s, lines)
        assert ("trumps" in lacks) == bool(voids[seat] & TRUMPS and out & TRUMPS), lines
        d = view.declarations[seat]
        held: list[Card] = sorted_for_display(d.cards & out) if d is not None else []
        assert ("holds" in facts) == bool(held), lines


def test_every_fact_once_and_no_row_of_nothing_through_whole_hands() -> None:
    ends = 0
    for seed in range(6):
        for view in _views_of_a_whole_hand(seed):
            _check(view)
            ends += view.phase == Phase.OVER and view.seat == view.dealer
    assert ends == 6  # (the dealer at the end: nothing is still out)


async def test_at_the_last_tricks_at_100x32_the_suits_with_nothing_out_take_one_row(
    tmp_path: Path,
) -> None:
    save_at_the_last_tricks(tmp_path, parse_seats(["human", "random", "random", "random"]), 2)
    app = make_app(tmp_path, None)  # (the hand resumed at its last two tricks)
    async with app.run_test(size=(100, 32)) as pilot:
        await resume(pilot)
        table = await play_until(pilot, lambda v: len(v.tricks) == 14)
        await pilot.pause()
        view = table.current_view()
        empty = [s for s in range(4) if not view.unseen & SUIT_MASK[s]]
        assert len(empty) + (not view.unseen & TRUMPS) >= 2  # (the case: rows of nothing)
        rows = region_text(app, table.query_one(OutList))
        assert not any(re.fullmatch(r"\s*(\S+|Trumps) none\s*", row) for row in rows), rows
        look = table.scene().look
        said = [row for row in rows if row.lstrip().startswith("none in ")]
        assert len(said) == 1 and all(mark(s, look) in said[0] for s in empty), rows
        assert ("trumps" in said[0]) == (not view.unseen & TRUMPS), rows
        # every line of it in view, two suits in a row where they fit
        assert len(rows) == 3, rows  # (it took 6: a row a suit, one for trumps, one for Dario)
