"""The hint's reasons: one for every card, short enough to sit beside the card on an 80-column
table, and true to the trick."""

from __future__ import annotations

from ai.explain import explain
from game.actions import PLAYS
from game.cards import parse_card
from game.tricks import winning_index
from tests.test_ai_bots import some_views

# The status area holds two lines of 78 columns; "Hint: play T16 — " takes 17 of them.
ROOM = 2 * 78 - 17


def test_every_legal_card_gets_a_short_reason() -> None:
    seen = set()
    for _, view in some_views(5, every=2):
        if view.phase != "play":
            continue
        for action in view.legal:
            reason = explain(view, action, margin=-123.4)
            assert reason.endswith("; your side should end the hand about 123 behind")
            assert len(reason) <= ROOM, reason
            seen.add(reason.split(";")[0].split(":")[0])
    assert len(seen) >= 6  # leads, gifts, wins, throws: not one sentence for everything


def test_the_reason_fits_the_trick() -> None:
    for _, view in some_views(7, every=1):
        if view.phase != "play" or not view.trick:
            continue
        partner_winning = (len(view.trick) - winning_index(view.trick)) % 2 == 0
        for action in view.legal:
            reason = explain(view, action)
            if "partner is winning" in reason:
                assert partner_winning
            if reason.startswith("you cannot win"):
                assert not partner_winning


def test_a_hint_without_a_search_still_says_why() -> None:
    for _, view in some_views(3, every=3):
        if view.phase == "play":
            for action in view.legal:
                assert explain(view, action)
    assert explain(view, PLAYS[parse_card("MAT")]).startswith("the Matto")
